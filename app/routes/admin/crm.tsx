// /admin/crm: the CRM's contact events, newest first, searchable (?search=, in client, contact,
// description, follow-up action and the linked warehouse's name), filtered by one day (?date=)
// and event type (?event_type=), sorted by a column header (?sort=&dir=), 20 a page (?page=);
// the CSV export of the same selection (GET /api/admin/export-crm-entries) and the link to the
// follow-up actions (/admin/crm-actions). "Nuovo evento" and each row's "Modifica" open the
// popup, which posts to this page's action: the same services as POST /api/admin/crm-entries/
// create and /{id}/update, audited there. ?edit=id opens the popup on that entry, wherever it
// is in the list (the follow-up actions' rows link here). Each row links its history in the
// audit log.
import { useMemo, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/crm";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ValidationError } from "../../server/errors.ts";
import { createCrmEntry, crmEntryToEdit, listCrmEntries, updateCrmEntry } from "../../server/crm/crm.service.ts";
import { crmEntriesQuery, crmEntryData } from "../../schemas/crm.ts";
import { CRM_EVENT_TYPES, type CrmOrderKey } from "../../lib/crm.ts";
import { CRM_ENTRIES_ORDER, CRM_ENTRIES_URL_NAMES, CRM_PAGE_SIZE } from "../../lib/list-params.ts";
import { orderKept } from "../../lib/admin-lists.ts";
import { crmEntriesSelection } from "../shared/crm-lists.server.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { DateFilter } from "../../components/admin/DateFilter.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { CRM_EVENT_LABEL, CrmEntryDialog, CrmFollowUpState, type CrmOpened } from "../../components/admin/CrmEntryDialog.tsx";

/** ?edit= of the URL: the entry whose popup is open (junk or an entry that is gone: none). */
const EDIT_PARAM = "edit";

export const loader = pageLoader({ access: ["admin"], query: crmEntriesQuery, urlNames: CRM_ENTRIES_URL_NAMES }, async ({ actor, query, url, services }) => {
  // A day or a type that is not one (a hand-edited URL) is no filter.
  const { filters, order } = crmEntriesSelection(query);
  const offset = query.offset ?? 0;
  const editId = idNumber.safeParse(url.searchParams.get(EDIT_PARAM));
  const [list, editing] = await Promise.all([
    listCrmEntries(services.db, actor, { filters, order, limit: CRM_PAGE_SIZE, page: offset }),
    editId.success ? crmEntryToEdit(services.db, actor, editId.data) : null,
  ]);
  return {
    ...list,
    editing,
    search: filters.search,
    date: filters.date ?? null,
    eventType: filters.eventType ?? null,
    order,
    page: offset + 1,
    pages: pageCount(list.crm_entries_count, CRM_PAGE_SIZE),
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admcrm_title() }) }, { name: "robots", content: "noindex" }];
}

/** "Nuovo evento" and "Modifica" (the popup): crm_entry_data of POST /api/admin/crm-entries/create and /{id}/update. */
export const action = pageAction(
  { access: ["admin"], body: crmEntryData.extend({ intent: z.enum(["create", "update"]), crm_entry_id: idNumber.optional() }) },
  async ({ actor, body: { intent, crm_entry_id: id, ...entry }, services }) => {
    if (intent === "update" && id === undefined) throw new ValidationError({ crm_entry_id: "required" });
    const { crm_entry_id } =
      id !== undefined && intent === "update" ? await updateCrmEntry(services.db, actor, id, entry) : await createCrmEntry(services.db, actor, entry);
    return { ok: true as const, intent, crm_entry_id };
  },
);

/** What the popup receives: the entry saved, or why not. */
export type CrmSaveResult = Awaited<ReturnType<typeof action>>;

type Row = Route.ComponentProps["loaderData"]["crm_entries"][number];

const nameOf = (r: Row) => r.business_name ?? "—";

export default function AdminCrm({ loaderData }: Route.ComponentProps) {
  const { crm_entries, crm_entries_count, editing, search, date, eventType, order, page, pages } = loaderData;
  const paths = warehouseAreaPaths("admin", "it");
  const [localOpened, setOpened] = useState<CrmOpened | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { search: urlSearch } = useLocation();
  const navigate = useNavigate();
  const open = (o: CrmOpened) => {
    setNotice(null);
    setOpened(o);
  };
  // The popup the URL opens (?edit=id) until it is closed, else the one a button opened.
  const linked = useMemo<CrmOpened | null>(() => (editing ? { mode: "edit", entry: editing } : null), [editing]);
  const opened = localOpened ?? linked;
  const close = () => {
    setOpened(null);
    if (!editing) return;
    const params = new URLSearchParams(urlSearch);
    params.delete(EDIT_PARAM);
    const text = params.toString();
    void navigate(text ? `?${text}` : "?", { replace: true, preventScrollReset: true });
  };

  const sortable = (key: CrmOrderKey, label: string, className?: string) => sortableColumn(CRM_ENTRIES_ORDER, order, key, label, className);
  const keep = { date, event_type: eventType, ...orderKept(CRM_ENTRIES_ORDER, order) };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admcrm_title()}
        intro={`${m.admcrm_count({ count: formatNumber(crm_entries_count) })} · ${m.admcrm_intro()}`}
        actions={
          <>
            <Link to="/admin/crm-actions" className={buttonClass("secondary", "md")} data-testid="crm-actions-link">
              {m.admcrm_actions_link()}
            </Link>
            <ExportLinks endpoint="/api/admin/export-crm-entries" urlNames={CRM_ENTRIES_URL_NAMES} testId="crm-export" />
            <button type="button" onClick={() => open({ mode: "create" })} className={buttonClass("primary", "md")} data-testid="crm-new">
              {m.admcrm_new()}
            </button>
          </>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <SearchBox name="search" value={search ?? ""} label={m.admcrm_search()} buttonLabel={m.admcrm_search_button()} keep={keep} />
        <DateFilter name="date" value={date} label={m.admcrm_filter_date()} buttonLabel={m.admcrm_filter_apply()} clearLabel={m.admcrm_filter_clear()} />
        <FilterSelect
          name="event_type"
          value={eventType ?? ""}
          label={m.admcrm_filter_type()}
          buttonLabel={m.admcrm_filter_apply()}
          options={[{ value: "", label: m.admcrm_type_all() }, ...CRM_EVENT_TYPES.map((value) => ({ value, label: CRM_EVENT_LABEL[value]() }))]}
        />
      </div>
      {notice && (
        <div className="mt-6" data-testid="crm-saved">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}
      {crm_entries.length === 0 ? (
        <EmptyState title={m.admcrm_empty()} testId="crm-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-crm"
          columns={[
            sortable("date", m.admcrm_col_date()),
            sortable("client", m.admcrm_col_business()),
            sortable("contact", m.admcrm_col_contact()),
            sortable("event_type", m.admcrm_col_type()),
            { label: m.admcrm_col_description(), className: "hidden xl:table-cell" },
            sortable("follow_up", m.admcrm_col_follow_up()),
            { label: m.admcrm_col_actions(), srOnly: true },
          ]}
        >
          {crm_entries.map((r) => (
            <tr key={r.id} className="align-top hover:bg-slate-50" data-testid={`crm-row-${r.id}`}>
              <td data-label={m.admcrm_col_date()} className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                {formatDate(r.date)}
              </td>
              <td data-label={m.admcrm_col_business()} className="px-4 py-3">
                <div className="font-semibold text-slate-900">{nameOf(r)}</div>
                {r.warehouse && (
                  <Link to={paths.edit(r.warehouse.id)} className="text-xs text-brand-700 hover:underline">
                    {m.admcrm_warehouse_link({ name: r.warehouse.name })}
                  </Link>
                )}
                {/* Below 1280 px the description column is left out: it sits under the name. */}
                {r.description && <p className="mt-1 line-clamp-2 max-w-xs text-xs text-slate-600 xl:hidden">{r.description}</p>}
              </td>
              <td data-label={m.admcrm_col_contact()} className="px-4 py-3 text-slate-700 [overflow-wrap:anywhere]">
                {r.contact ?? "—"}
              </td>
              <td data-label={m.admcrm_col_type()} className="px-4 py-3 whitespace-nowrap text-slate-700">
                {CRM_EVENT_LABEL[r.event_type]()}
              </td>
              <td data-label={m.admcrm_col_description()} className="hidden max-w-sm px-4 py-3 text-slate-700 xl:table-cell">
                <p className="line-clamp-3">{r.description ?? "—"}</p>
              </td>
              <td data-label={m.admcrm_col_follow_up()} className="px-4 py-3 text-slate-700">
                {r.follow_up === 1 ? (
                  <>
                    <CrmFollowUpState done={r.follow_up_done === 1} />
                    {r.follow_up_action && <p className="mt-1 line-clamp-2 max-w-[14rem] text-xs text-slate-600">{r.follow_up_action}</p>}
                  </>
                ) : (
                  <span className="text-slate-500">{m.admcrm_no()}</span>
                )}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap justify-end gap-2">
                  <button
                    type="button"
                    onClick={() => open({ mode: "edit", entry: r })}
                    aria-label={m.admcrm_edit_label({ date: formatDate(r.date), name: nameOf(r) })}
                    className={buttonClass("secondary", "sm", "whitespace-nowrap")}
                  >
                    {m.admcrm_edit()}
                  </button>
                  <HistoryLink entityType="crm_entry" id={r.id} label={m.admcrm_history_label({ date: formatDate(r.date), name: nameOf(r) })} />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
      <CrmEntryDialog
        opened={opened}
        onClose={close}
        onSaved={(intent) => {
          close();
          setNotice(intent === "create" ? m.admcrm_saved_created() : m.admcrm_saved_updated());
        }}
      />
    </div>
  );
}
