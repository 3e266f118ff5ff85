// /admin/promo-codes (Codici promo): the promo codes with their uses against the maximum and
// whether a stocker could use them now, searched by code (?search=), filtered by state
// (?state=usable|expired|used_up, all when absent), sorted by code, creation (the default, newest
// first), uses or expiry (?sort=&dir=), 20 a page (?page=), with the CSV or XLSX export of the same
// selection in the same order (GET /api/admin/export-promo-codes). A form creates a code; the
// whole row opens the code's edit popup (components/admin/PromoCodeForm.tsx) through the URL
// (?edit=id: the code's link stretches over the row, so the keyboard, a middle click and a shared
// address work; the popup itself opens once the page's script runs). Both forms post to this
// page's action (intent create / update), checked on the server with the same schema; the service
// has the last word (unique code, maximum not below the uses) and audits every change.
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/promo-codes";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ValidationError } from "../../server/errors.ts";
import {
  createPromoCode,
  listPromoCodes,
  promoCodeToEdit,
  updatePromoCode,
  type PromoCodeItem,
  type PromoCodeState,
} from "../../server/billing/promo-codes.service.ts";
import { promoCodeFormSchema, toPromoCodeInput } from "../../schemas/promo-codes.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber, formatPrice } from "../../lib/format.ts";
import { euros } from "../../lib/pricing.ts";
import { pageCount } from "../../lib/pagination.ts";
import { PROMO_PAGE_SIZE } from "../../lib/promo-codes.ts";
import { promoCodesQuery } from "../../schemas/admin-lists.ts";
import { PROMO_CODES_ORDER, PROMO_CODES_URL_NAMES, PROMO_STATE_FILTERS } from "../../lib/list-params.ts";
import { orderKept } from "../../lib/admin-lists.ts";
import { promoCodesSelection } from "../shared/admin-lists.server.ts";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { EditPromoCodeDialog, PromoCodeForm } from "../../components/admin/PromoCodeForm.tsx";

/** ?edit= of the URL: the code whose popup is open (junk: none). */
const EDIT_PARAM = "edit";

export const loader = pageLoader({ access: ["admin"], query: promoCodesQuery, urlNames: PROMO_CODES_URL_NAMES }, async ({ actor, query, url, services }) => {
  const { filters, order } = promoCodesSelection(query);
  const page = (query.offset ?? 0) + 1;
  const editId = idNumber.safeParse(url.searchParams.get(EDIT_PARAM));
  const [list, editing] = await Promise.all([
    listPromoCodes(services.db, actor, { page, filters, order }),
    editId.success ? promoCodeToEdit(services.db, actor, editId.data) : null,
  ]);
  return {
    ...list,
    editing,
    search: filters.search,
    state: filters.state ?? "",
    order,
    page,
    pages: pageCount(list.promo_codes_count, PROMO_PAGE_SIZE),
  };
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
  const { promo_codes, promo_codes_count, editing, search, state, order, page, pages } = loaderData;
  const [notice, setNotice] = useState<string | null>(null);
  const { search: urlSearch } = useLocation();
  const navigate = useNavigate();
  /** This list's address with the popup open on a code, or closed (null). */
  const editHref = (id: number | null) => {
    const params = new URLSearchParams(urlSearch);
    if (id === null) params.delete(EDIT_PARAM);
    else params.set(EDIT_PARAM, String(id));
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  const closeEditor = () => void navigate(editHref(null), { replace: true, preventScrollReset: true });
  const sorted = (key: (typeof PROMO_CODES_ORDER.keys)[number], label: string, className?: string) =>
    sortableColumn(PROMO_CODES_ORDER, order, key, label, className);
  const stateFilterLabel = { usable: m.admbill_promo_filter_usable, expired: m.admbill_promo_filter_expired, used_up: m.admbill_promo_filter_used_up };
  const filtered = search !== null || state !== "";
  // A new key empties the create form after a success.
  const [createKey, setCreateKey] = useState(0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admbill_promo_title()}
        intro={`${m.admbill_promo_count({ count: formatNumber(promo_codes_count) })} · ${m.admbill_promo_intro()}`}
        actions={<ExportLinks endpoint="/api/admin/export-promo-codes" urlNames={PROMO_CODES_URL_NAMES} testId="promo-export" />}
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

      <div className="mt-8 flex flex-wrap items-end gap-4">
        <SearchBox
          name="search"
          value={search ?? ""}
          label={m.admbill_promo_search()}
          buttonLabel={m.admbill_promo_search_button()}
          keep={{ state: state || null, ...orderKept(PROMO_CODES_ORDER, order) }}
        />
        <FilterSelect
          name="state"
          value={state}
          label={m.admbill_promo_filter_state()}
          buttonLabel={m.admlist_filter_apply()}
          options={[{ value: "", label: m.admbill_promo_filter_all() }, ...PROMO_STATE_FILTERS.map((value) => ({ value, label: stateFilterLabel[value]() }))]}
        />
      </div>

      {promo_codes.length === 0 ? (
        <EmptyState title={filtered ? m.admbill_promo_empty_filtered() : m.admbill_promo_empty()} testId="promo-empty" className="mt-6" />
      ) : (
        <AdminTable
          testId="admin-promo-codes"
          columns={[
            sorted("code", m.admbill_promo_col_code()),
            { label: m.admbill_promo_col_discount() },
            sorted("expiry", m.admbill_promo_col_validity()),
            sorted("uses", m.admbill_promo_col_uses()),
            { label: m.admbill_promo_col_state() },
            sorted("created_at", m.admbill_promo_col_created(), "hidden lg:table-cell"),
            { label: m.admbill_col_actions(), srOnly: true },
          ]}
        >
          {promo_codes.map((p) => (
            <tr key={p.id} data-testid={`promo-row-${p.id}`}>
              <td data-label={m.admbill_promo_col_code()} className="px-4 py-3 font-mono font-semibold whitespace-nowrap">
                {/* The whole row opens the code's popup: this link stretches over it (.row-link). */}
                <Link
                  to={editHref(p.id)}
                  preventScrollReset
                  className="row-link min-w-11 text-brand-700 hover:underline"
                  onClick={() => setNotice(null)}
                  title={m.admbill_promo_edit_label({ code: p.code })}
                >
                  {p.code}
                </Link>
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
                <div className="relative z-10 flex justify-end gap-2">
                  <button
                    type="button"
                    onClick={() => {
                      setNotice(null);
                      void navigate(editHref(p.id), { preventScrollReset: true });
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
        onClose={closeEditor}
        onSaved={(code) => {
          closeEditor();
          setNotice(m.admbill_promo_saved({ code }));
        }}
      />
    </div>
  );
}
