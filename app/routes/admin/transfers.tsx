// /admin/transfers (Bonifici): the stockers waiting for their bank transfer to be confirmed,
// oldest request first, searchable (?search=, by name, e-mail or reason code), filtered by kind
// (?kind=subscription|addition) and age (?waiting=1|3|7: asked at least so many days ago), sorted
// by a column header (?sort=name|requested_at|amount|kind&dir=), 20 a page (?page=, "Pagina X di
// Y"), with the CSV or XLSX export of the same selection in the same order
// (GET /api/admin/export-transfers): for a subscription to start, or for warehouses to add to a
// running one (marked "Addition"). The whole row opens the stocker's area (/admin/stocker/{id}).
// "Conferma bonifico" opens a popup with optional notes that posts to this page's
// action (the same services as POST /api/admin/users/{id}/start-subscription and
// /api/admin/subscription-additions/{id}/confirm): the subscription starts or takes the
// warehouses, the stocker is told, and the row leaves the list when the page data reloads.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/transfers";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { billingContext } from "../../server/billing/subscriptions.service.ts";
import { listTransfers, startTransferSubscription, type TransferItem } from "../../server/billing/transfers.service.ts";
import { confirmAdditionTransfer } from "../../server/billing/subscription-additions.service.ts";
import { startSubscriptionSchema } from "../../schemas/billing.ts";
import { idNumber } from "../../schemas/common.ts";
import { transfersQuery } from "../../schemas/admin-lists.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber, formatPrice } from "../../lib/format.ts";
import { euros, type PlanName } from "../../lib/pricing.ts";
import { pageCount } from "../../lib/pagination.ts";
import { TRANSFER_KINDS, TRANSFERS_ORDER, TRANSFERS_PAGE_SIZE, TRANSFERS_URL_NAMES } from "../../lib/list-params.ts";
import { ListFilters, waitingFilter } from "../../components/admin/ListFilters.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { transfersSelection } from "../shared/transfer-lists.server.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { PopupDialog } from "../../components/ui/PopupDialog.tsx";
import { FormMessage, TextInput } from "../../components/ui/fields.tsx";
import { buttonClass, standaloneLinkClass } from "../../components/ui/styles.ts";
import { AdminTable, CardFact } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";

export const loader = pageLoader({ access: ["admin"], query: transfersQuery, urlNames: TRANSFERS_URL_NAMES }, async ({ query, services }) => {
  const { filters, order } = transfersSelection(query);
  const offset = query.offset ?? 0;
  const list = await listTransfers(services.db, { filters, order, limit: TRANSFERS_PAGE_SIZE, page: offset });
  return {
    ...list,
    search: filters.search,
    kind: query.filters?.kind ?? "",
    waiting: query.filters?.waiting_days ?? "",
    order,
    page: offset + 1,
    pages: pageCount(list.transfers_count, TRANSFERS_PAGE_SIZE),
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admbill_transfers_title() }) }, { name: "robots", content: "noindex" }];
}

/**
 * "Conferma bonifico" (the popup): the notes of POST /api/admin/users/{id}/start-subscription, and
 * the stocker; an addition's row names it too (POST /api/admin/subscription-additions/{id}/confirm).
 */
export const action = pageAction(
  { access: ["admin"], body: startSubscriptionSchema.shape.user_data.unwrap().extend({ user_id: idNumber, addition_id: idNumber.optional() }) },
  async ({ actor, body, services }) => {
    const input = { transfer_info: body.transfer_info ?? null };
    const ctx = billingContext(services);
    if (body.addition_id !== undefined) await confirmAdditionTransfer(services.db, actor, body.addition_id, input, ctx);
    else await startTransferSubscription(services.db, actor, body.user_id, input, ctx);
    return { ok: true as const, user_id: body.user_id };
  },
);

/** What the popup receives: the transfer confirmed, or why not. */
export type ConfirmResult = Awaited<ReturnType<typeof action>>;

const planLabel = (plan: PlanName) => (plan === "yearly" ? m.bill_plan_yearly() : m.bill_plan_six_months());
const accountTypeLabel = (type: 0 | 1 | null) => (type === 1 ? m.admbill_account_keeper() : type === 0 ? m.admbill_account_stocker() : "—");
const amountText = (amount: number | null) => (amount === null ? "—" : formatPrice(euros(amount)));

type Row = Route.ComponentProps["loaderData"]["transfers"][number];

export default function AdminTransfers({ loaderData }: Route.ComponentProps) {
  const { transfers, transfers_count, search, kind, waiting, order, page, pages } = loaderData;
  const sorted = (key: (typeof TRANSFERS_ORDER.keys)[number], label: string, className?: string) =>
    sortableColumn(TRANSFERS_ORDER, order, key, label, className);
  const filtered = Boolean(search || kind || waiting);
  const [confirming, setConfirming] = useState<Row | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = (t: Row) => {
    setNotice(null);
    setConfirming(t);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admbill_transfers_title()}
        intro={`${m.admbill_transfers_count({ count: formatNumber(transfers_count) })} · ${m.admbill_transfers_intro()}`}
        actions={<ExportLinks endpoint="/api/admin/export-transfers" urlNames={TRANSFERS_URL_NAMES} testId="transfers-export" />}
      />
      <ListFilters
        search={{ name: "search", value: search ?? "", label: m.admbill_transfers_search(), buttonLabel: m.admbill_search_button() }}
        orderSpec={TRANSFERS_ORDER}
        order={order}
        filters={[
          {
            kind: "select",
            name: "kind",
            label: m.admbill_filter_kind(),
            value: kind,
            options: [
              { value: "", label: m.admlist_any() },
              ...TRANSFER_KINDS.map((value) => ({ value, label: value === "addition" ? m.admbill_kind_addition() : m.admbill_kind_subscription() })),
            ],
          },
          waitingFilter(waiting),
        ]}
      />
      {notice && (
        <div className="mt-6" data-testid="transfer-confirmed">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}
      {transfers.length === 0 ? (
        <EmptyState title={filtered ? m.admbill_transfers_empty_search() : m.admbill_transfers_empty()} testId="transfers-empty" className="mt-8" />
      ) : (
        <>
          <AdminTable
            className="mt-6 hidden lg:block"
            testId="admin-transfers"
            columns={[
              sorted("name", m.admbill_col_stocker()),
              { label: m.admbill_col_reason() },
              sorted("kind", m.admbill_col_kind()),
              sorted("amount", m.admbill_col_amount(), "text-right"),
              { label: m.admbill_col_warehouses(), className: "text-right" },
              sorted("requested_at", m.admbill_col_requested()),
              { label: m.admbill_col_actions(), srOnly: true },
            ]}
          >
            {transfers.map((t) => (
              <tr key={rowKey(t)} className="align-top hover:bg-slate-50" data-testid={`transfer-row-${rowKey(t)}`}>
                <td className="px-4 py-3">
                  <Link
                    to={areaBase("stocker", "it", t.user_id)}
                    className={`${standaloneLinkClass} row-link font-semibold text-brand-700 hover:underline`}
                    title={m.admbill_open_area()}
                  >
                    {t.name}
                  </Link>
                  <div className="text-slate-600">
                    <EmailText email={t.email} />
                  </div>
                  <div className="mt-0.5 text-xs text-slate-500">{accountTypeLabel(t.account_type)}</div>
                </td>
                <td className="px-4 py-3 font-mono whitespace-nowrap text-slate-800">{t.reason ?? "—"}</td>
                <td className="px-4 py-3 text-slate-700">
                  {planLabel(t.plan)}
                  {t.addition_id !== null && <AdditionTag />}
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">{amountText(t.amount)}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{formatNumber(t.warehouses_count)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(t.requested_at)}</td>
                <td className="px-4 py-3 text-right">
                  <span className="relative z-10">
                    <ConfirmButton name={t.name} onPress={() => open(t)} />
                  </span>
                </td>
              </tr>
            ))}
          </AdminTable>
          {/* Below 1024 px the seven columns do not fit: one card a stocker. */}
          <ul className="mt-6 space-y-3 lg:hidden" data-testid="admin-transfers-cards">
            {transfers.map((t) => (
              <li key={rowKey(t)} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link
                      to={areaBase("stocker", "it", t.user_id)}
                      className={`${standaloneLinkClass} font-semibold text-brand-700 hover:underline`}
                      title={m.admbill_open_area()}
                    >
                      {t.name}
                    </Link>
                    <div className="text-sm text-slate-600">
                      <EmailText email={t.email} />
                    </div>
                    <div className="mt-0.5 text-xs text-slate-500">{accountTypeLabel(t.account_type)}</div>
                  </div>
                  <ConfirmButton name={t.name} onPress={() => open(t)} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-5">
                  <CardFact label={m.admbill_col_reason()} valueClassName="font-mono text-slate-800">
                    {t.reason ?? "—"}
                  </CardFact>
                  <CardFact label={m.admbill_col_amount()} valueClassName="font-semibold text-slate-900 tabular-nums">
                    {amountText(t.amount)}
                  </CardFact>
                  <CardFact label={m.admbill_col_plan()}>
                    {planLabel(t.plan)}
                    {t.addition_id !== null && <AdditionTag />}
                  </CardFact>
                  <CardFact label={m.admbill_col_warehouses()} valueClassName="text-slate-700 tabular-nums">
                    {formatNumber(t.warehouses_count)}
                  </CardFact>
                  <CardFact label={m.admbill_col_requested()}>{formatDate(t.requested_at)}</CardFact>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pages={pages} />
      <ConfirmTransferDialog
        transfer={confirming}
        onClose={() => setConfirming(null)}
        onConfirmed={(t) => {
          setConfirming(null);
          setNotice(t.addition_id !== null ? m.admbill_confirmed_addition({ name: t.name }) : m.admbill_confirmed({ name: t.name }));
        }}
      />
    </div>
  );
}

/** An addition's row carries its subscription's id too: the key says which kind of row it is. */
const rowKey = (t: Pick<TransferItem, "subscription_id" | "addition_id">) => (t.addition_id !== null ? `a${t.addition_id}` : `s${t.subscription_id}`);

/** Marks a transfer that pays for warehouses added to a running subscription. */
function AdditionTag() {
  return (
    <span className="mt-1 block w-fit rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-900">
      {m.admbill_addition_tag()}
    </span>
  );
}

function ConfirmButton({ name, onPress }: { name: string; onPress: () => void }) {
  return (
    <button type="button" onClick={onPress} aria-label={m.admbill_confirm_button_label({ name })} className={buttonClass("primary", "sm", "whitespace-nowrap")}>
      {m.admbill_confirm_button()}
    </button>
  );
}

type TransferRow = Pick<TransferItem, "user_id" | "addition_id" | "name" | "email" | "reason" | "plan" | "amount" | "warehouses_count">;

function ConfirmTransferDialog({
  transfer,
  onClose,
  onConfirmed,
}: {
  transfer: TransferRow | null;
  onClose: () => void;
  onConfirmed: (t: TransferRow) => void;
}) {
  const fetcher = useFetcher<PageActionResult<{ ok: true }>>();
  const { csrfToken } = useRootData();
  // The row stays on screen while the popup closes; the answer is handled once.
  const [shown, setShown] = useState<TransferRow | null>(transfer);
  const handled = useRef<PageActionResult<{ ok: true }> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (transfer) {
      setShown(transfer);
      setError(null);
      handled.current = fetcher.data ?? null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another row is opened: the answer the fetcher holds then is the last row's
  }, [transfer]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data || !shown) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) onConfirmed(shown);
    // Confirmed meanwhile (by another administrator), or no longer a stocker: the list is stale.
    else
      setError(fetcher.data.error === "no_transfer_waiting" || fetcher.data.error === "not_found" ? m.admbill_error_not_waiting() : m.admbill_error_general());
  }, [fetcher.state, fetcher.data, shown, onConfirmed]);

  const pending = fetcher.state !== "idle";
  return (
    <PopupDialog id="confirm-transfer" title={m.admbill_confirm_title()} subtitle={shown?.name} isOpen={transfer !== null} onClose={onClose}>
      {shown && (
        <fetcher.Form method="post" className="space-y-4" data-testid="confirm-transfer-form">
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="user_id" value={shown.user_id} />
          {shown.addition_id !== null && <input type="hidden" name="addition_id" value={shown.addition_id} />}
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm">
            <dt className="text-slate-600">{m.admbill_col_reason()}</dt>
            <dd className="text-right font-mono font-semibold text-slate-900">{shown.reason ?? "—"}</dd>
            <dt className="text-slate-600">{m.admbill_confirm_amount()}</dt>
            <dd className="text-right font-semibold text-slate-900 tabular-nums">{amountText(shown.amount)}</dd>
            <dt className="text-slate-600">{m.admbill_col_plan()}</dt>
            <dd className="text-right text-slate-900">
              {planLabel(shown.plan)}
              {shown.addition_id !== null && ` · ${m.admbill_addition_tag()}`}
            </dd>
            <dt className="text-slate-600">{m.admbill_col_warehouses()}</dt>
            <dd className="text-right text-slate-900 tabular-nums">{formatNumber(shown.warehouses_count)}</dd>
          </dl>
          <p className="text-sm text-slate-700">{shown.addition_id !== null ? m.admbill_confirm_addition_text() : m.admbill_confirm_text()}</p>
          <TextInput name="transfer_info" label={m.admbill_confirm_notes()} multiline rows={3} description={m.admbill_confirm_notes_hint()} />
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
              {m.admbill_cancel()}
            </button>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.admbill_confirm_submit()}
            </button>
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}
