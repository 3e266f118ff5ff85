// /admin/promo-codes (Codici promo): the promo codes, newest first, 20 a page (?page=), with
// their uses against the maximum and whether a stocker could use them now; a form to create
// one and a popup to edit one (components/admin/PromoCodeForm.tsx). Both post to this page's
// action (intent create / update), checked on the server with the same schema; the service has
// the last word (unique code, maximum not below the uses) and audits every change.
import { useState } from "react";
import { z } from "zod";
import type { Route } from "./+types/promo-codes";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ValidationError } from "../../server/errors.ts";
import { createPromoCode, listPromoCodes, updatePromoCode, type PromoCodeItem, type PromoCodeState } from "../../server/billing/promo-codes.service.ts";
import { promoCodeFormSchema, toPromoCodeInput } from "../../schemas/promo-codes.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber, formatPrice } from "../../lib/format.ts";
import { euros } from "../../lib/pricing.ts";
import { pageCount } from "../../lib/pagination.ts";
import { PROMO_PAGE_SIZE } from "../../lib/promo-codes.ts";
import { listPaging } from "../../schemas/admin-lists.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { EditPromoCodeDialog, PromoCodeForm } from "../../components/admin/PromoCodeForm.tsx";

export const loader = pageLoader({ access: ["admin"], query: z.object(listPaging), urlNames: { page: "offset" } }, async ({ actor, query, services }) => {
  const page = (query.offset ?? 0) + 1;
  const list = await listPromoCodes(services.db, actor, { page });
  return { ...list, page, pages: pageCount(list.promo_codes_count, PROMO_PAGE_SIZE) };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admbill_promo_title() }) }, { name: "robots", content: "noindex" }];
}

/** Create a code, or update one (the popup): the form's schema, the intent and the code's id. */
export const action = pageAction(
  { access: ["admin"], body: z.intersection(z.object({ intent: z.enum(["create", "update"]), id: idNumber.optional() }), promoCodeFormSchema) },
  async ({ actor, body, services }) => {
    const input = toPromoCodeInput(body);
    if (body.intent === "create") await createPromoCode(services.db, actor, input);
    else if (body.id === undefined) throw new ValidationError({ id: "required" });
    else await updatePromoCode(services.db, actor, body.id, input);
    return { ok: true as const, intent: body.intent, code: body.code };
  },
);

/** What the forms receive: the code saved, or why not. */
export type PromoActionResult = Awaited<ReturnType<typeof action>>;

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

// ---------------------------------------------------------------- the page

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const { promo_codes, promo_codes_count, page, pages } = loaderData;
  const [editing, setEditing] = useState<PromoCodeItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A new key empties the create form after a success.
  const [createKey, setCreateKey] = useState(0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admbill_promo_title()}
        intro={`${m.admbill_promo_count({ count: formatNumber(promo_codes_count) })} · ${m.admbill_promo_intro()}`}
      />

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
              <td data-label={m.admbill_promo_col_code()} className="px-4 py-3 font-mono font-semibold whitespace-nowrap text-slate-900">
                {p.code}
              </td>
              <td data-label={m.admbill_promo_col_discount()} className="px-4 py-3 text-slate-700">
                {discountText(p)}
              </td>
              <td data-label={m.admbill_promo_col_validity()} className="px-4 py-3 text-slate-700">
                {validityText(p)}
              </td>
              <td data-label={m.admbill_promo_col_uses()} className="px-4 py-3 text-slate-700 tabular-nums">
                {p.max_redemptions === null
                  ? m.admbill_promo_uses_unlimited({ used: formatNumber(p.times_redeemed) })
                  : `${formatNumber(p.times_redeemed)} / ${formatNumber(p.max_redemptions)}`}
              </td>
              <td data-label={m.admbill_promo_col_state()} className="px-4 py-3">
                <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATE_STYLES[p.state]}`}>
                  {stateLabel(p.state)}
                </span>
              </td>
              <td data-label={m.admbill_promo_col_created()} className="hidden px-4 py-3 whitespace-nowrap text-slate-600 lg:table-cell">
                {formatDate(p.created_at)}
              </td>
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

      <EditPromoCodeDialog
        promo={editing}
        onClose={() => setEditing(null)}
        onSaved={(code) => {
          setEditing(null);
          setNotice(m.admbill_promo_saved({ code }));
        }}
      />
    </div>
  );
}
