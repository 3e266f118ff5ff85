// /admin/crm: the CRM's contact events, newest first, searchable (?search=, in client, contact,
// description, follow-up action and the linked warehouse's name), filtered by one day (?date=)
// and event type (?event_type=), sorted by a column header (?sort=&dir=), 20 a page (?page=);
// the CSV export of the same selection (GET /api/admin/export-crm-entries) and the link to the
// follow-up actions (/admin/crm-actions). "Nuovo evento" and each row's "Modifica" open the
// popup, which posts to this page's action: the same services as POST /api/admin/crm-entries/
// create and /{id}/update, audited there. Each row links its history in the audit log.
import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/crm";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { DomainError, NotFoundError, ValidationError } from "../../server/errors.ts";
import { createCrmEntry, listCrmEntries, updateCrmEntry } from "../../server/crm/crm.service.ts";
import { crmDay, crmEntryData } from "../../schemas/crm.ts";
import { CRM_EVENT_TYPES, CRM_ORDER_KEYS, CRM_PAGE_SIZE, DEFAULT_CRM_ORDER, ORDER_DIRS, type CrmEventTypeName, type CrmOrder, type CrmOrderKey } from "../../lib/crm.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { listParams } from "../../lib/list-params.ts";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { DateFilter } from "../../components/admin/DateFilter.tsx";
import { ariaSort, SortLink, type SortDir } from "../../components/admin/SortLink.tsx";
import { CRM_EVENT_LABEL, CrmEntryDialog, CrmFollowUpState, type CrmField, type CrmOpened, type CrmSaveResult } from "../../components/admin/CrmEntryDialog.tsx";

/** The direction a column starts in: dates newest first, everything else A to Z. */
const firstDir = (key: CrmOrderKey): SortDir => (key === "date" ? "desc" : "asc");

function orderParam(url: URL): CrmOrder {
  const key = url.searchParams.get("sort");
  const dir = url.searchParams.get("dir");
  const validKey = (CRM_ORDER_KEYS as readonly string[]).includes(key ?? "") ? (key as CrmOrderKey) : DEFAULT_CRM_ORDER.key;
  const validDir = (ORDER_DIRS as readonly string[]).includes(dir ?? "") ? (dir as SortDir) : firstDir(validKey);
  return { key: validKey, dir: validDir };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const url = new URL(request.url);
  const { search, page } = listParams(url);
  // A day or a type that is not one (a hand-edited URL) is no filter.
  const day = crmDay.safeParse(url.searchParams.get("date") ?? "");
  const date = day.success ? day.data : null;
  const rawType = url.searchParams.get("event_type") ?? "";
  const eventType = (CRM_EVENT_TYPES as readonly string[]).includes(rawType) ? (rawType as CrmEventTypeName) : null;
  const order = orderParam(url);
  // The service counts pages from 0, like the JSON endpoint's offset; the URL from 1.
  const list = await listCrmEntries(context.get(servicesContext).db, actor, { filters: { search, date, eventType }, order, limit: CRM_PAGE_SIZE, page: page - 1 });
  return { ...list, search, date, eventType, order, page, pages: pageCount(list.crm_entries_count, CRM_PAGE_SIZE) };
}

export function meta() {
  return [{ title: m.page_title({ title: m.admcrm_title() }) }, { name: "robots", content: "noindex" }];
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : null;
};

const FORM_FIELDS: CrmField[] = ["date", "event_type", "client", "warehouse_id"];

export async function action({ request, context }: Route.ActionArgs): Promise<CrmSaveResult> {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const form = await pageWork(() => readFormData(request));
  const intent = text(form, "intent") === "update" ? "update" : "create";
  const entryId = idNumber.safeParse(form.get("crm_entry_id"));
  const parsed = crmEntryData.safeParse({
    date: text(form, "date") ?? "",
    event_type: text(form, "event_type") ?? "",
    client: text(form, "client"),
    contact: text(form, "contact"),
    warehouse_id: text(form, "warehouse_id"),
    description: text(form, "description"),
    follow_up: text(form, "follow_up"),
    follow_up_action: text(form, "follow_up_action"),
  });
  if (!parsed.success) {
    const fields = FORM_FIELDS.filter((f) => parsed.error.issues.some((i) => i.path[0] === f));
    return fields.length > 0 ? { ok: false, error: "required", fields } : { ok: false, error: "general" };
  }
  if (intent === "update" && !entryId.success) return { ok: false, error: "general" };
  const db = context.get(servicesContext).db;
  try {
    const { crm_entry_id } = intent === "update" && entryId.success ? await updateCrmEntry(db, actor, entryId.data, parsed.data) : await createCrmEntry(db, actor, parsed.data);
    return { ok: true, intent, crm_entry_id };
  } catch (err) {
    if (err instanceof ValidationError) {
      if (err.errors.warehouse_id === "not_found") return { ok: false, error: "warehouse_not_found" };
      return { ok: false, error: "required", fields: FORM_FIELDS.filter((f) => f in err.errors) };
    }
    // Gone meanwhile: the list is stale.
    if (err instanceof NotFoundError) return { ok: false, error: "not_found" };
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}

type Row = Route.ComponentProps["loaderData"]["crm_entries"][number];

function exportHref(search: string | null, date: string | null, eventType: string | null): string {
  const q = new URLSearchParams();
  if (search) q.set("search_term", search);
  if (date) q.set("filters[date]", date);
  if (eventType) q.set("filters[event_type]", eventType);
  const query = q.toString();
  return `/api/admin/export-crm-entries${query ? `?${query}` : ""}`;
}

const nameOf = (r: Row) => r.business_name ?? "—";

export default function AdminCrm({ loaderData }: Route.ComponentProps) {
  const { crm_entries, crm_entries_count, search, date, eventType, order, page, pages } = loaderData;
  const paths = warehouseAreaPaths("admin", "it");
  const [opened, setOpened] = useState<CrmOpened | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = (o: CrmOpened) => {
    setNotice(null);
    setOpened(o);
  };

  const sortable = (key: CrmOrderKey, label: string, className?: string) => ({
    label: <SortLink column={key} label={label} current={order} defaults={DEFAULT_CRM_ORDER} firstDir={firstDir(key)} title={m.admcrm_sort_label({ column: label })} />,
    sort: ariaSort(key, order),
    className,
  });
  const keep = { date, event_type: eventType, sort: order.key === DEFAULT_CRM_ORDER.key && order.dir === DEFAULT_CRM_ORDER.dir ? null : order.key, dir: order.key === DEFAULT_CRM_ORDER.key && order.dir === DEFAULT_CRM_ORDER.dir ? null : order.dir };

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
            <a href={exportHref(search, date, eventType)} className={buttonClass("secondary", "md")} download data-testid="crm-export">
              {m.admcrm_export()}
            </a>
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
              <td data-label={m.admcrm_col_date()} className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">{formatDate(r.date)}</td>
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
              <td data-label={m.admcrm_col_contact()} className="px-4 py-3 text-slate-700 [overflow-wrap:anywhere]">{r.contact ?? "—"}</td>
              <td data-label={m.admcrm_col_type()} className="px-4 py-3 whitespace-nowrap text-slate-700">{CRM_EVENT_LABEL[r.event_type]()}</td>
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
        onClose={() => setOpened(null)}
        onSaved={(intent) => {
          setOpened(null);
          setNotice(intent === "create" ? m.admcrm_saved_created() : m.admcrm_saved_updated());
        }}
      />
    </div>
  );
}

