// /admin/promo-codes (Codici promo): the promo codes, newest first, 20 a page (?page=), with
// their uses against the maximum and whether a stocker could use them now; a form to create
// one and a popup to edit one. Both post to this page's action (intent create / update),
// checked in the browser and again on the server with the same schema; the service has the
// last word (unique code, maximum not below the uses) and audits every change.
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/promo-codes";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { fieldErrors, pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { DomainError, NotFoundError, ValidationError } from "../../server/errors.ts";
import { createPromoCode, listPromoCodes, updatePromoCode, type PromoCodeItem, type PromoCodeState } from "../../server/billing/promo-codes.service.ts";
import { promoCodeFormSchema, toPromoCodeInput } from "../../schemas/promo-codes.ts";
import { DISCOUNT_KINDS, type DiscountKind, PROMO_PAGE_SIZE } from "../../lib/promo-codes.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber, formatNumberInput, formatPrice } from "../../lib/format.ts";
import { euros } from "../../lib/pricing.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { PopupDialog } from "../../components/ui/PopupDialog.tsx";
import { CheckboxInput, FormMessage, NumberInput, TextInput } from "../../components/ui/fields.tsx";
import { SelectInput } from "../../components/ui/SelectInput.tsx";
import { DateInput } from "../../components/ui/DateInput.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const list = await pageWork(() => listPromoCodes(context.get(servicesContext).db, actor, { page }));
  return { ...list, page, pages: pageCount(list.promo_codes_count, PROMO_PAGE_SIZE) };
}

export function meta() {
  return [{ title: m.page_title({ title: m.admbill_promo_title() }) }, { name: "robots", content: "noindex" }];
}

const FORM_FIELDS = ["code", "discount_kind", "discount_value", "valid_from", "valid_until", "max_redemptions", "active"] as const;
type FormField = (typeof FORM_FIELDS)[number];
type Intent = "create" | "update";

export type PromoActionResult = { ok: true; intent: Intent; code: string } | { ok: false; intent: Intent | null; errors: Partial<Record<FormField, string>>; error: string };

/** The service's fields → the form's: the three discount columns are one value field there. */
function formErrors(errors: Record<string, string>): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const [field, code] of Object.entries(errors)) {
    const named = field === "amount_off" || field === "percent_off" || field === "hub_percent_off" || field === "discount" ? "discount_value" : field;
    if ((FORM_FIELDS as readonly string[]).includes(named)) out[named as FormField] ??= code;
  }
  return out;
}

export async function action({ request, context }: Route.ActionArgs): Promise<PromoActionResult> {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const form = await pageWork(() => readFormData(request));
  const intent = form.get("intent");
  if (intent !== "create" && intent !== "update") return { ok: false, intent: null, errors: {}, error: "invalid" };
  const input: Record<string, string> = {};
  for (const key of FORM_FIELDS) {
    const value = form.get(key);
    if (typeof value === "string") input[key] = value;
  }
  const parsed = promoCodeFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, intent, errors: formErrors(fieldErrors(parsed.error, input)), error: "invalid" };
  const db = context.get(servicesContext).db;
  try {
    if (intent === "create") {
      await createPromoCode(db, actor, toPromoCodeInput(parsed.data));
    } else {
      const id = idNumber.safeParse(form.get("id"));
      if (!id.success) return { ok: false, intent, errors: {}, error: "invalid" };
      await updatePromoCode(db, actor, id.data, toPromoCodeInput(parsed.data));
    }
    return { ok: true, intent, code: parsed.data.code };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, intent, errors: formErrors(err.errors), error: err.code };
    if (err instanceof NotFoundError) return { ok: false, intent, errors: {}, error: err.code };
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}

// ---------------------------------------------------------------- texts

function discountText(p: Pick<PromoCodeItem, "amount_off" | "percent_off" | "hub_percent_off">): string {
  const parts: string[] = [];
  if (p.amount_off !== null) parts.push(m.admbill_promo_amount({ value: formatPrice(euros(p.amount_off)) }));
  if (p.percent_off !== null) parts.push(m.admbill_promo_percent({ value: formatNumber(p.percent_off) }));
  if (p.hub_percent_off !== null) parts.push(m.admbill_promo_hub_percent({ value: formatNumber(p.hub_percent_off) }));
  return parts.join(" + ");
}

function validityText(p: Pick<PromoCodeItem, "valid_from_day" | "valid_until_day">): string {
  const from = p.valid_from_day ? formatDate(p.valid_from_day) : null;
  const until = p.valid_until_day ? formatDate(p.valid_until_day) : null;
  if (from && until) return m.admbill_promo_between({ from, until });
  if (from) return m.admbill_promo_from({ date: from });
  if (until) return m.admbill_promo_until({ date: until });
  return m.admbill_promo_always();
}

const STATE_STYLES: Record<PromoCodeState, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  inactive: "bg-slate-100 text-slate-700 ring-slate-500/20",
  scheduled: "bg-brand-50 text-brand-800 ring-brand-600/20",
  expired: "bg-amber-50 text-amber-800 ring-amber-600/20",
  used_up: "bg-amber-50 text-amber-800 ring-amber-600/20",
};

function stateLabel(state: PromoCodeState): string {
  return {
    active: m.admbill_promo_state_active,
    inactive: m.admbill_promo_state_inactive,
    scheduled: m.admbill_promo_state_scheduled,
    expired: m.admbill_promo_state_expired,
    used_up: m.admbill_promo_state_used_up,
  }[state]();
}

function fieldMessage(field: FormField, code: string | undefined, ctx: { kind: string; redeemed: number }): string | null {
  if (!code) return null;
  if (code === "required") return m.admbill_err_required();
  switch (field) {
    case "code":
      return code === "taken" ? m.admbill_err_code_taken() : m.admbill_err_code_format();
    case "discount_value":
      if (code === "one_discount") return m.admbill_err_one_discount();
      return code === "percent_range" || ctx.kind !== "amount_off" ? m.admbill_err_percent() : m.admbill_err_amount();
    case "valid_from":
    case "valid_until":
      return code === "date_order" ? m.admbill_err_date_order() : m.admbill_err_date();
    case "max_redemptions":
      return code === "below_redeemed" ? m.admbill_err_below_redeemed({ count: formatNumber(ctx.redeemed) }) : m.admbill_err_max();
    default:
      return m.admbill_err_invalid();
  }
}

function kindOf(p: PromoCodeItem): DiscountKind {
  if (p.amount_off !== null) return "amount_off";
  if (p.hub_percent_off !== null) return "hub_percent_off";
  return "percent_off";
}

/** The value field's starting text: euros with a comma for a fixed amount, else the percentage. */
function valueOf(p: PromoCodeItem): string {
  if (p.amount_off !== null) return formatNumberInput(euros(p.amount_off), 2);
  return formatNumberInput(p.hub_percent_off ?? p.percent_off);
}

// ---------------------------------------------------------------- the page

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const { promo_codes, promo_codes_count, page, pages } = loaderData;
  const [editing, setEditing] = useState<PromoCodeItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A new key empties the create form after a success.
  const [createKey, setCreateKey] = useState(0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading title={m.admbill_promo_title()} intro={`${m.admbill_promo_count({ count: formatNumber(promo_codes_count) })} · ${m.admbill_promo_intro()}`} />

      {notice && (
        <div className="mt-6" data-testid="promo-notice">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}

      <section aria-labelledby="promo-new-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="promo-new-title" className="text-lg font-semibold text-slate-900">
          {m.admbill_promo_new()}
        </h2>
        <PromoCodeForm
          key={createKey}
          intent="create"
          promo={null}
          onSaved={(code) => {
            setNotice(m.admbill_promo_created({ code }));
            setCreateKey((k) => k + 1);
          }}
        />
      </section>

      {promo_codes.length === 0 ? (
        <EmptyState title={m.admbill_promo_empty()} testId="promo-empty" className="mt-8" />
      ) : (
        <AdminTable
          className="mt-8"
          testId="admin-promo-codes"
      columns={[
        { label: m.admbill_promo_col_code() },
        { label: m.admbill_promo_col_discount() },
        { label: m.admbill_promo_col_validity() },
        { label: m.admbill_promo_col_uses() },
        { label: m.admbill_promo_col_state() },
        { label: m.admbill_promo_col_created(), className: "hidden lg:table-cell" },
        { label: m.admbill_col_actions(), srOnly: true },
      ]}
    >
          {promo_codes.map((p) => (
            <tr key={p.id} className="hover:bg-slate-50">
              <td data-label={m.admbill_promo_col_code()} className="px-4 py-3 font-mono font-semibold whitespace-nowrap text-slate-900">{p.code}</td>
              <td data-label={m.admbill_promo_col_discount()} className="px-4 py-3 text-slate-700">{discountText(p)}</td>
              <td data-label={m.admbill_promo_col_validity()} className="px-4 py-3 text-slate-700">{validityText(p)}</td>
              <td data-label={m.admbill_promo_col_uses()} className="px-4 py-3 text-slate-700 tabular-nums">
                {p.max_redemptions === null
                  ? m.admbill_promo_uses_unlimited({ used: formatNumber(p.times_redeemed) })
                  : `${formatNumber(p.times_redeemed)} / ${formatNumber(p.max_redemptions)}`}
              </td>
              <td data-label={m.admbill_promo_col_state()} className="px-4 py-3">
                <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATE_STYLES[p.state]}`}>{stateLabel(p.state)}</span>
              </td>
              <td data-label={m.admbill_promo_col_created()} className="hidden px-4 py-3 whitespace-nowrap text-slate-600 lg:table-cell">{formatDate(p.created_at)}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    onClick={() => {
                      setNotice(null);
                      setEditing(p);
                    }}
                    aria-label={m.admbill_promo_edit_label({ code: p.code })}
                    className={buttonClass("secondary", "sm")}
                  >
                    {m.admbill_promo_edit()}
                  </button>
                  <HistoryLink entityType="promo_code" id={p.id} label={m.admbill_promo_history_label({ code: p.code })} />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />

      <PopupDialog
        id="edit-promo-code"
        title={editing ? m.admbill_promo_edit_title({ code: editing.code }) : ""}
        subtitle={editing ? m.admbill_promo_used_times({ count: formatNumber(editing.times_redeemed) }) : undefined}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
      >
        {editing && (
          <PromoCodeForm
            key={editing.id}
            intent="update"
            promo={editing}
            onCancel={() => setEditing(null)}
            onSaved={(code) => {
              setEditing(null);
              setNotice(m.admbill_promo_saved({ code }));
            }}
          />
        )}
      </PopupDialog>
    </div>
  );
}

function PromoCodeForm({ intent, promo, onSaved, onCancel }: { intent: Intent; promo: PromoCodeItem | null; onSaved: (code: string) => void; onCancel?: () => void }) {
  const fetcher = useFetcher<PromoActionResult>();
  const { csrfToken } = useRootData();
  const [kind, setKind] = useState<string>(promo ? kindOf(promo) : "percent_off");
  const [from, setFrom] = useState(promo?.valid_from_day ?? "");
  const [until, setUntil] = useState(promo?.valid_until_day ?? "");
  const [active, setActive] = useState(promo?.active ?? true);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const handled = useRef<PromoActionResult | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      onSaved(fetcher.data.code);
      return;
    }
    setErrors(fetcher.data.errors);
    // Refused fields are named under each field; anything else (a code gone meanwhile) is the general error.
    setFailure(Object.keys(fetcher.data.errors).length ? null : m.admbill_error_general());
  }, [fetcher.state, fetcher.data, onSaved]);

  // The action checks the form (the page loads no validation library) and answers each refused field's code.
  const onSubmit = () => {
    setErrors({});
    setFailure(null);
  };

  const ctx = { kind, redeemed: promo?.times_redeemed ?? 0 };
  const err = (field: FormField) => fieldMessage(field, errors[field], ctx);
  const codes = Object.values(errors).filter(Boolean);
  const banner = failure ?? (codes.length ? (codes.includes("required") ? m.admbill_required_banner() : m.admbill_invalid_banner()) : null);
  const pending = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="mt-4 space-y-4" data-testid={`promo-form-${intent}`}>
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      {promo && <input type="hidden" name="id" value={promo.id} />}
      {banner && <FormMessage tone="error">{banner}</FormMessage>}
      <div className={`grid gap-4 sm:grid-cols-2 ${intent === "create" ? "lg:grid-cols-4" : ""}`}>
        <TextInput
          name="code"
          label={m.admbill_promo_code()}
          defaultValue={promo?.code ?? ""}
          isRequired
          autoComplete="off"
          // The error repeats the rule; the hint would say it twice.
          description={errors.code ? undefined : m.admbill_promo_code_hint()}
          error={err("code")}
          className="[&_input]:font-mono [&_input]:uppercase"
        />
        <SelectInput
          name="discount_kind"
          label={m.admbill_promo_kind()}
          value={kind}
          onChange={setKind}
          isRequired
          placeholder={m.admbill_promo_kind_choose()}
          options={DISCOUNT_KINDS.map((k) => ({
            value: k,
            label: k === "amount_off" ? m.admbill_promo_kind_amount() : k === "hub_percent_off" ? m.admbill_promo_kind_hub() : m.admbill_promo_kind_percent(),
          }))}
          error={err("discount_kind")}
        />
        <NumberInput
          name="discount_value"
          label={kind === "amount_off" ? m.admbill_promo_value_amount() : m.admbill_promo_value_percent()}
          defaultValue={promo ? valueOf(promo) : ""}
          minDecimals={kind === "amount_off" ? 2 : 0}
          isRequired
          error={err("discount_value")}
        />
        <NumberInput
          name="max_redemptions"
          label={m.admbill_promo_max()}
          defaultValue={formatNumberInput(promo?.max_redemptions)}
          integer
          description={m.admbill_promo_max_hint()}
          error={err("max_redemptions")}
        />
        <DateInput name="valid_from" label={m.admbill_promo_valid_from()} value={from} onChange={setFrom} max={until || undefined} error={err("valid_from")} />
        <DateInput name="valid_until" label={m.admbill_promo_valid_until()} value={until} onChange={setUntil} min={from || undefined} error={err("valid_until")} />
        <div className={`flex items-end pb-2.5 ${intent === "create" ? "lg:col-span-2" : "sm:col-span-2"}`}>
          <CheckboxInput name="active" isSelected={active} onChange={setActive}>
            {m.admbill_promo_active()}
          </CheckboxInput>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" onClick={onCancel} className={buttonClass("secondary", "md")}>
            {m.admbill_cancel()}
          </button>
        )}
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")} data-testid={`promo-submit-${intent}`}>
          {pending ? m.form_sending() : intent === "create" ? m.admbill_promo_create_submit() : m.admbill_promo_save()}
        </button>
      </div>
    </fetcher.Form>
  );
}
