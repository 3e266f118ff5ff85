// /admin/hub-requests (Nuovi hub): the warehouses their owners registered as hubs, waiting for
// approval (to_approve), longest waiting first, searchable (?search_term=, by name, city or
// address), filtered by age (?waiting=1|3|7: waiting at least so many days), sorted by a column
// header (?sort=&dir=), 20 a page (?page=), with the CSV or XLSX export of the same selection
// (GET /api/admin/export-hub-requests). The whole row opens the warehouse's edit page; each opens the
// approve or refuse popup (a refusal needs a note), which posts to this page's action: the same
// service as POST /api/admin/warehouses/{id}/update-status. The owner is told; the row leaves
// the list when the page data reloads.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/hub-requests";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { decideHubRequest, listHubRequests } from "../../server/warehouses/admin-warehouses.service.ts";
import { hubDecisionSchema, hubRequestsQuery } from "../../schemas/admin-warehouses.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { HUB_REQUESTS_ORDER, HUB_REQUESTS_PAGE_SIZE, HUB_REQUESTS_URL_NAMES } from "../../lib/list-params.ts";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { hubRequestsSelection } from "../shared/hub-request-lists.server.ts";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { PopupDialog } from "../../components/ui/PopupDialog.tsx";
import { FormMessage, TextInput } from "../../components/ui/fields.tsx";
import { buttonClass, standaloneLinkClass } from "../../components/ui/styles.ts";
import { AdminTable, CardFact } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { ListFilters, waitingFilter } from "../../components/admin/ListFilters.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";
import { fullName } from "../../lib/person-name.ts";
import {
  BulkBar,
  bulkNotice,
  ConfirmDialog,
  PageCheckbox,
  RowCheckbox,
  runBulk,
  useListSelection,
  useNotice,
  type ListSelection,
  type Notice,
} from "../../components/admin/BulkActions.tsx";

export const loader = pageLoader({ access: ["admin"], query: hubRequestsQuery, urlNames: HUB_REQUESTS_URL_NAMES }, async ({ query, services }) => {
  const { filters, order } = hubRequestsSelection(query);
  const offset = query.offset ?? 0;
  const list = await listHubRequests(services.db, { filters, order, page: offset, limit: HUB_REQUESTS_PAGE_SIZE });
  return {
    ...list,
    search: filters.search,
    waiting: query.filters?.waiting_days ?? "",
    order,
    page: offset + 1,
    pages: pageCount(list.warehouses_count, HUB_REQUESTS_PAGE_SIZE),
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admhub_title() }) }, { name: "robots", content: "noindex" }];
}

type Decision = "approved" | "refused";
/** Approve or refuse (the popup): the body of POST /api/admin/warehouses/{id}/update-status, with the warehouse's id. */
export const action = pageAction(
  { access: ["admin"], body: z.intersection(z.object({ warehouse_id: idNumber }), hubDecisionSchema) },
  async ({ actor, body, services }) => {
    const { status, note } = body.warehouse_data;
    await decideHubRequest(
      services.db,
      actor,
      body.warehouse_id,
      { status, note },
      { origin: services.config.origin, supportEmail: services.config.supportEmail },
    );
    return { ok: true as const, warehouse_id: body.warehouse_id, status };
  },
);

/** What the popup receives: the decision taken, or why not. */
export type DecisionResult = Awaited<ReturnType<typeof action>>;

type Row = Route.ComponentProps["loaderData"]["warehouses"][number];
type Opened = { row: Row; decision: Decision };

function ownerName(w: Row): string | null {
  return fullName({ first_name: w.owner_first_name, last_name: w.owner_last_name }) || null;
}

export default function AdminHubRequests({ loaderData }: Route.ComponentProps) {
  const { warehouses, warehouses_count, search, waiting, order, page, pages } = loaderData;
  const sorted = (key: (typeof HUB_REQUESTS_ORDER.keys)[number], label: string, className?: string) =>
    sortableColumn(HUB_REQUESTS_ORDER, order, key, label, className);
  const paths = warehouseAreaPaths("admin", "it");
  const [opened, setOpened] = useState<Opened | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nameOf = (id: number) => warehouses.find((w) => w.id === id)?.name ?? `#${id}`;
  const selection = useListSelection({
    pageIds: warehouses.map((w) => w.id),
    total: warehouses_count,
    idsUrl: "/api/admin/hub-requests/ids",
    urlNames: HUB_REQUESTS_URL_NAMES,
    rowLabel: (id) => m.admbulk_select_row({ name: nameOf(id) }),
  });
  const bulkNoticeBox = useNotice();
  const open = (row: Row, decision: Decision) => {
    setNotice(null);
    setOpened({ row, decision });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admhub_title()}
        intro={`${m.admhub_count({ count: formatNumber(warehouses_count) })} · ${m.admhub_intro()}`}
        actions={<ExportLinks endpoint="/api/admin/export-hub-requests" urlNames={HUB_REQUESTS_URL_NAMES} testId="hub-requests-export" />}
      />
      <ListFilters
        search={{ name: "search_term", value: search ?? "", label: m.admin_warehouses_search(), buttonLabel: m.admin_warehouses_search_button() }}
        orderSpec={HUB_REQUESTS_ORDER}
        order={order}
        filters={[waitingFilter(waiting)]}
      />
      {notice && (
        <div className="mt-6" data-testid="hub-decided">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}
      {bulkNoticeBox.element}
      <BulkBar selection={selection}>
        <HubBulkActions selection={selection} nameOf={nameOf} showNotice={bulkNoticeBox.show} />
      </BulkBar>
      {warehouses.length === 0 ? (
        <EmptyState title={m.admin_warehouses_empty()} testId="hub-requests-empty" className="mt-8" />
      ) : (
        <>
          <AdminTable
            className="mt-6 hidden lg:block"
            testId="admin-hub-requests"
            selection={selection}
            columns={[
              sorted("name", m.admin_col_name()),
              sorted("city", m.admin_col_place()),
              { label: m.admin_col_owner() },
              sorted("total_m2", m.admhub_col_size(), "text-right"),
              sorted("created_at", m.admhub_col_requested()),
              { label: m.admhub_col_actions(), srOnly: true },
            ]}
          >
            {warehouses.map((w) => (
              <tr key={w.id} className="align-top hover:bg-slate-50" data-testid="hub-request-row">
                <RowCheckbox id={w.id} />
                <td className="px-4 py-3">
                  <Link to={paths.edit(w.id)} className={`row-link ${standaloneLinkClass} font-semibold text-brand-700 hover:underline`}>
                    {w.name}
                  </Link>
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <div>{w.address}</div>
                  <div className="text-slate-600">
                    {w.city} ({w.province})
                  </div>
                </td>
                <td className="px-4 py-3 text-slate-700">
                  {w.owner_email ? (
                    <>
                      {ownerName(w) && <div className="font-medium text-slate-900">{ownerName(w)}</div>}
                      {w.owner_company && <div>{w.owner_company}</div>}
                      <div className="text-slate-600">
                        <EmailText email={w.owner_email} />
                      </div>
                    </>
                  ) : (
                    <span className="text-slate-500">{m.admin_not_claimed()}</span>
                  )}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">{w.total_m2 === null ? "—" : formatArea(w.total_m2)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(w.created_at)}</td>
                <td className="relative z-10 w-px px-4 py-3">
                  <RowActions row={w} editHref={paths.edit(w.id)} onDecide={(decision) => open(w, decision)} stacked />
                </td>
              </tr>
            ))}
          </AdminTable>
          {/* Below 1024 px (a tablet) the six columns do not fit: one card a request. */}
          <div className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 px-4 py-2 lg:hidden">
            <PageCheckbox selection={selection} withText />
          </div>
          <ul className="mt-3 space-y-3 lg:hidden" data-testid="admin-hub-requests-cards">
            {warehouses.map((w) => (
              <li key={w.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <RowCheckbox id={w.id} selection={selection} cell={false} />
                  <div className="min-w-0 flex-1">
                    <Link to={paths.edit(w.id)} className={`${standaloneLinkClass} font-semibold text-brand-700 hover:underline`}>
                      {w.name}
                    </Link>
                    <div className="text-sm text-slate-600">
                      {w.address}, {w.city} ({w.province})
                    </div>
                  </div>
                  <RowActions row={w} editHref={paths.edit(w.id)} onDecide={(decision) => open(w, decision)} />
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-3">
                  <CardFact label={m.admin_col_owner()} valueClassName="text-slate-700 [overflow-wrap:anywhere]">
                    {w.owner_email ? (ownerName(w) ?? w.owner_email) : m.admin_not_claimed()}
                  </CardFact>
                  <CardFact label={m.admhub_col_size()} valueClassName="text-slate-700 tabular-nums">
                    {w.total_m2 === null ? "—" : formatArea(w.total_m2)}
                  </CardFact>
                  <CardFact label={m.admhub_col_requested()}>{formatDate(w.created_at)}</CardFact>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pages={pages} />
      <HubDecisionDialog
        opened={opened}
        onClose={() => setOpened(null)}
        onDone={({ row, decision }) => {
          setOpened(null);
          setNotice(decision === "approved" ? m.admhub_approved_notice({ name: row.name }) : m.admhub_refused_notice({ name: row.name }));
        }}
      />
    </div>
  );
}

/** `stacked`: one above the other, all as wide as the widest (the table's narrow last column). */
function RowActions({ row, editHref, onDecide, stacked = false }: { row: Row; editHref: string; onDecide: (decision: Decision) => void; stacked?: boolean }) {
  return (
    <div className={stacked ? "flex flex-col items-stretch gap-2" : "flex flex-wrap justify-end gap-2"}>
      <Link to={editHref} className={buttonClass("secondary", "sm", "whitespace-nowrap")} aria-label={m.admhub_edit_label({ name: row.name })}>
        {m.admhub_edit()}
      </Link>
      <button
        type="button"
        onClick={() => onDecide("approved")}
        aria-label={m.admhub_approve_label({ name: row.name })}
        className={buttonClass("primary", "sm", "whitespace-nowrap")}
      >
        {m.admhub_approve()}
      </button>
      <button
        type="button"
        onClick={() => onDecide("refused")}
        aria-label={m.admhub_refuse_label({ name: row.name })}
        className={buttonClass("danger", "sm", "whitespace-nowrap")}
      >
        {m.admhub_refuse()}
      </button>
    </div>
  );
}

function HubDecisionDialog({ opened, onClose, onDone }: { opened: Opened | null; onClose: () => void; onDone: (o: Opened) => void }) {
  const fetcher = useFetcher<PageActionResult<{ ok: true }>>();
  const { csrfToken } = useRootData();
  // The row stays on screen while the popup closes; the answer is handled once.
  const [shown, setShown] = useState<Opened | null>(opened);
  const handled = useRef<PageActionResult<{ ok: true }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [noteMissing, setNoteMissing] = useState(false);

  useEffect(() => {
    if (opened) {
      setShown(opened);
      setError(null);
      setNoteMissing(false);
      handled.current = fetcher.data ?? null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another row is opened: the answer the fetcher holds then is the last row's
  }, [opened]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data || !shown) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) onDone(shown);
    else if (fetcher.data.errors.note) {
      setNoteMissing(true);
      setError(m.admhub_note_required());
      // Decided meanwhile (by another administrator), or deleted: the list is stale.
    } else setError(fetcher.data.error === "not_waiting" || fetcher.data.error === "not_found" ? m.admhub_error_not_waiting() : m.admhub_error_general());
  }, [fetcher.state, fetcher.data, shown, onDone]);

  const pending = fetcher.state !== "idle";
  const refusing = shown?.decision === "refused";
  return (
    <PopupDialog
      id="hub-decision"
      title={refusing ? m.admhub_refuse_title() : m.admhub_approve_title()}
      subtitle={shown?.row.name}
      isOpen={opened !== null}
      onClose={onClose}
    >
      {shown && (
        <fetcher.Form
          method="post"
          className="space-y-4"
          data-testid="hub-decision-form"
          onSubmit={(event) => {
            // The note is required for a refusal: said at once, without a round trip.
            const note = new FormData(event.currentTarget).get("warehouse_data[note]");
            if (refusing && (typeof note !== "string" || note.trim() === "")) {
              event.preventDefault();
              setNoteMissing(true);
              setError(m.admhub_note_required());
            }
          }}
        >
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="warehouse_id" value={shown.row.id} />
          <input type="hidden" name="warehouse_data[status]" value={shown.decision} />
          <input type="hidden" name="warehouse_data[to_approve]" value="0" />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <p className="text-sm text-slate-700">{refusing ? m.admhub_refuse_text() : m.admhub_approve_text()}</p>
          <TextInput
            key={`${shown.row.id}-${shown.decision}`}
            name="warehouse_data[note]"
            label={m.admhub_note_label()}
            multiline
            rows={3}
            isRequired={refusing}
            error={noteMissing ? m.admhub_note_required() : undefined}
            description={refusing ? undefined : m.admhub_note_optional()}
          />
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
              {m.admhub_cancel()}
            </button>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass(refusing ? "danger" : "primary", "md")}>
              {pending ? m.form_sending() : refusing ? m.admhub_refuse() : m.admhub_approve()}
            </button>
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}

/**
 * Approve or refuse the hub requests picked, with one note (a refusal needs it): asked first with
 * the count (each owner is e-mailed: it cannot be taken back), then each row's result.
 */
function HubBulkActions({ selection, nameOf, showNotice }: { selection: ListSelection; nameOf: (id: number) => string; showNotice: (notice: Notice) => void }) {
  const [asked, setAsked] = useState<Decision | null>(null);
  const [note, setNote] = useState("");
  const [noteMissing, setNoteMissing] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const count = formatNumber(selection.selected.size);
  const refusing = asked === "refused";
  const open = (decision: Decision) => {
    setError(null);
    setNoteMissing(false);
    setAsked(decision);
  };
  const run = async () => {
    if (!asked) return;
    if (refusing && note.trim() === "") {
      setNoteMissing(true);
      return;
    }
    setPending(true);
    const outcome = await runBulk("/api/admin/hub-requests/bulk-update-status", { ids: [...selection.selected], status: asked, note: note.trim() || null });
    setPending(false);
    if (!outcome.ok) {
      setError(m.admbulk_error());
      return;
    }
    const decision = asked;
    setAsked(null);
    setNote("");
    selection.clear();
    showNotice(
      bulkNotice(outcome, (done) => (decision === "refused" ? m.admbulk_hub_refused({ count: done }) : m.admbulk_hub_approved({ count: done })), nameOf),
    );
    void revalidator.revalidate();
  };
  return (
    <>
      <button type="button" className={buttonClass("primary", "sm")} onClick={() => open("approved")} data-testid="bulk-approve">
        {m.admbulk_hub_approve()}
      </button>
      <button type="button" className={buttonClass("danger", "sm")} onClick={() => open("refused")} data-testid="bulk-refuse">
        {m.admbulk_hub_refuse()}
      </button>
      <ConfirmDialog
        id="bulk-hub-decision"
        isOpen={asked !== null}
        title={refusing ? m.admbulk_hub_refuse_title({ count }) : m.admbulk_hub_approve_title({ count })}
        text={refusing ? m.admbulk_hub_refuse_text({ count }) : m.admbulk_hub_approve_text({ count })}
        confirmLabel={refusing ? m.admbulk_hub_refuse_title({ count }) : m.admbulk_hub_approve_title({ count })}
        danger={refusing}
        pending={pending}
        error={error}
        onConfirm={() => void run()}
        onClose={() => setAsked(null)}
      >
        <TextInput
          name="note"
          label={m.admhub_note_label()}
          multiline
          rows={3}
          value={note}
          onChange={(value) => {
            setNote(value);
            setNoteMissing(false);
          }}
          isRequired={refusing}
          error={noteMissing ? m.admhub_note_required() : undefined}
          description={refusing ? undefined : m.admhub_note_optional()}
        />
      </ConfirmDialog>
    </>
  );
}
