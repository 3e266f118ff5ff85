// The back office's promo-code form (/admin/promo-codes): the create form on the page and the
// edit popup. It posts to the page's action (routes/admin/promo-codes.tsx, whose result type is
// PromoActionResult) with the intent; the action checks it with the schema (the page loads no
// validation library) and answers each refused field's code, which the form shows under the
// field while keeping what was typed.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { DISCOUNT_KINDS, discountKindOf, type EditedPromoCode } from "../../lib/promo-codes.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber, formatNumberInput } from "../../lib/format.ts";
import { euros } from "../../lib/pricing.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { CheckboxInput, FormMessage, NumberInput, TextInput } from "../ui/fields.tsx";
import { SelectInput } from "../ui/SelectInput.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { buttonClass } from "../ui/styles.ts";

const FORM_FIELDS = ["code", "discount_kind", "discount_value", "valid_from", "valid_until", "max_redemptions", "active"] as const;
type FormField = (typeof FORM_FIELDS)[number];
type Intent = "create" | "update";

type Saved = PageActionResult<{ ok: true; code: string }>;

/** The service's fields → the form's: the three discount columns are one value field there. */
function formErrors(errors: Record<string, string>): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const [field, code] of Object.entries(errors)) {
    const named = field === "amount_off" || field === "percent_off" || field === "hub_percent_off" || field === "discount" ? "discount_value" : field;
    if ((FORM_FIELDS as readonly string[]).includes(named)) out[named as FormField] ??= code;
  }
  return out;
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

/** The value field's starting text: euros with a comma for a fixed amount, else the percentage. */
function valueOf(p: EditedPromoCode): string {
  if (p.amount_off !== null) return formatNumberInput(euros(p.amount_off), 2);
  return formatNumberInput(p.hub_percent_off ?? p.percent_off);
}

export function PromoCodeForm({
  intent,
  promo,
  onSaved,
  onCancel,
}: {
  intent: Intent;
  promo: EditedPromoCode | null;
  onSaved: (code: string) => void;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher<Saved>();
  const { csrfToken } = useRootData();
  const [kind, setKind] = useState<string>(promo ? discountKindOf(promo) : "percent_off");
  const [from, setFrom] = useState(promo?.valid_from_day ?? "");
  const [until, setUntil] = useState(promo?.valid_until_day ?? "");
  const [active, setActive] = useState(promo?.active ?? true);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const handled = useRef<Saved | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      onSaved(fetcher.data.code);
      return;
    }
    const fields = formErrors(fetcher.data.errors);
    setErrors(fields);
    // Refused fields are named under each field; anything else (a code gone meanwhile) is the general error.
    setFailure(Object.keys(fields).length ? null : m.admbill_error_general());
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
        <DateInput
          name="valid_until"
          label={m.admbill_promo_valid_until()}
          value={until}
          onChange={setUntil}
          min={from || undefined}
          error={err("valid_until")}
        />
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

/** The edit popup: the same form, filled with the code's values. */
export function EditPromoCodeDialog({ promo, onClose, onSaved }: { promo: EditedPromoCode | null; onClose: () => void; onSaved: (code: string) => void }) {
  return (
    <PopupDialog
      id="edit-promo-code"
      title={promo ? m.admbill_promo_edit_title({ code: promo.code }) : ""}
      subtitle={promo ? m.admbill_promo_used_times({ count: formatNumber(promo.times_redeemed) }) : undefined}
      isOpen={promo !== null}
      onClose={onClose}
      size="lg"
    >
      {promo && <PromoCodeForm key={promo.id} intent="update" promo={promo} onCancel={onClose} onSaved={onSaved} />}
    </PopupDialog>
  );
}
