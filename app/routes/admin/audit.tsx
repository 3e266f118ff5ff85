// /admin/audit (Registro attività): every administrator action, newest first, 20 a page, with
// who, when, the action, the entity by its name with its id beside and the details in words
// (before and after values side by side; app/lib/audit-words.ts). Filters (administrator,
// action, entity type and id, a piece of the entity's name, from and to dates) and the page live in
// the URL (?admin_id=&action=&entity_type=&entity_id=&search=&from=&to=&page=): a plain GET form, so
// it works before hydration (the days, date fields like every other showing 21.11.2026, are
// typed once the script runs) and a shared link keeps them. auditLink() (app/lib/audit-link.ts)
// opens an entity's history here. The list as filtered exports as CSV or XLSX
// (GET /api/admin/export-audit-log, through ExportLinks, the filters as the page read them).
// Read only: the rows cannot be changed (migration 0009).
import { useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/audit";
import { pageLoader } from "../../server/http/page.ts";
import { auditFilterChoices, listAuditLog } from "../../server/audit/audit-log.service.ts";
import type { AuditFilters } from "../../server/audit/audit-log.queries.ts";
import { m } from "../../paraglide/messages.js";
import { formatDateTime, formatNumber } from "../../lib/format.ts";
import { isoFromDateText } from "../../lib/date-text.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { AUDIT_PAGE_SIZE, AUDIT_URL_NAMES } from "../../lib/list-params.ts";
import { auditLink } from "../../lib/audit-link.ts";
import type { Json } from "../../lib/audit-details.ts";
import { auditActionWords, auditDetailLines, auditEntityText, auditEntityWords, type AuditNames } from "../../lib/audit-words.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { DateInput } from "../../components/ui/DateInput.tsx";
import { buttonClass, inputClass, labelClass, linkClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";

/** An id filter: a positive whole number, anything else is no filter. */
function idFilter(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n > 0 ? n : null;
}

/** A date filter: an existing day as YYYY-MM-DD (or as the field shows it, 21.11.2026, posted without JavaScript), anything else is no filter. */
function dateFilter(raw: string | null): string | null {
  return raw ? isoFromDateText(raw) : null;
}

/** A text filter, trimmed and bounded; one PostgreSQL cannot compare (a NUL, a lone surrogate) is no filter. */
function textFilter(raw: string | null): string | null {
  const text = (raw ?? "").trim().slice(0, 80);
  if (text.includes("\u0000") || !text.isWellFormed()) return null;
  return text || null;
}

function auditFiltersFromUrl(params: URLSearchParams): AuditFilters {
  return {
    adminId: idFilter(params.get("admin_id")),
    action: textFilter(params.get("action")),
    entityType: textFilter(params.get("entity_type")),
    entityId: idFilter(params.get("entity_id")),
    from: dateFilter(params.get("from")),
    to: dateFilter(params.get("to")),
    entityName: textFilter(params.get("search")),
  };
}

/** The filters in the URL's names as read, the ones set only (the export's links; the pagination keeps the rest). */
function filterParams(f: AuditFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.adminId !== null) q.set("admin_id", String(f.adminId));
  if (f.action !== null) q.set("action", f.action);
  if (f.entityType !== null) q.set("entity_type", f.entityType);
  if (f.entityId !== null) q.set("entity_id", String(f.entityId));
  if (f.entityName) q.set("search", f.entityName);
  if (f.from !== null) q.set("from", f.from);
  if (f.to !== null) q.set("to", f.to);
  return q;
}

export const loader = pageLoader({ access: ["admin"] }, async ({ url, services }) => {
  const filters = auditFiltersFromUrl(url.searchParams);
  const page = pageParam(url.searchParams.get("page"));
  const [list, choices] = await Promise.all([listAuditLog(services.db, { filters, page: page - 1 }), auditFilterChoices(services.db)]);
  return { ...list, ...choices, filters, page, pages: pageCount(list.entries_count, AUDIT_PAGE_SIZE) };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admdash_audit_title() }) }, { name: "robots", content: "noindex" }];
}

function ActionCell({ action }: { action: string }) {
  const words = auditActionWords(action);
  return (
    <>
      <span className="font-medium text-slate-900">{words}</span>
      {words !== action && <code className="mt-0.5 block text-xs text-slate-500">{action}</code>}
    </>
  );
}

// ---------------------------------------------------------------- details, readably

function Details({ details, names }: { details: Record<string, Json>; names: AuditNames }) {
  const lines = auditDetailLines(details, names);
  if (lines.length === 0) return <span className="text-slate-500">{m.admdash_audit_no_details()}</span>;
  return (
    <dl className="space-y-1 text-xs">
      {lines.map((line, i) => (
        <div key={i} className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-slate-600">{line.field}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-800">
            {line.change ? (
              <>
                <span className="sr-only">{m.admdash_audit_before()}: </span>
                <del className="rounded bg-red-50 px-1 text-red-800 decoration-red-300">{line.before}</del>
                <span aria-hidden="true" className="px-1 text-slate-400">
                  →
                </span>
                <span className="sr-only">, {m.admdash_audit_after()}: </span>
                <ins className="rounded bg-emerald-50 px-1 text-emerald-800 no-underline">{line.after}</ins>
              </>
            ) : (
              line.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

function Who({ entry, inline = false }: { entry: Entry; inline?: boolean }) {
  if (entry.admin_id === null) return <span className="text-slate-500 italic">{m.admdash_audit_removed_admin()}</span>;
  if (inline) return <span className="font-medium text-slate-900">{entry.admin_name ?? entry.admin_email}</span>;
  return (
    <>
      <div className="font-medium text-slate-900">{entry.admin_name ?? entry.admin_email}</div>
      {entry.admin_name && <div className="text-xs text-slate-500 [overflow-wrap:anywhere]">{entry.admin_email}</div>}
    </>
  );
}

function EntityCell({ entry }: { entry: Entry }) {
  const text = auditEntityText(entry.entity_type, entry.entity_id, entry.entity_name);
  if (entry.entity_id === null) return <>{text}</>;
  return (
    <>
      <Link to={auditLink(entry.entity_type, entry.entity_id)} className={linkClass} title={m.admdash_audit_entity_history()}>
        {text}
      </Link>
      <span className="block text-xs text-slate-500">{auditEntityWords(entry.entity_type)}</span>
    </>
  );
}

/** A day of the filter form, shown as 21.11.2026 like every date field; the form sends YYYY-MM-DD. */
function FilterDay({ name, label, initial }: { name: string; label: string; initial: string | null }) {
  const [day, setDay] = useState(initial ?? "");
  return <DateInput name={name} label={label} value={day} onChange={setDay} />;
}

// ---------------------------------------------------------------- the page

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, entries_count, names, admins, actions, entityTypes, filters, page, pages } = loaderData;
  const filtered = Object.values(filters).some((v) => v !== null);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admdash_audit_title()}
        intro={`${m.admdash_audit_count({ count: formatNumber(entries_count) })} · ${m.admdash_audit_intro()}`}
        actions={
          <ExportLinks
            endpoint="/api/admin/export-audit-log"
            urlNames={AUDIT_URL_NAMES}
            search={filterParams(filters).toString()}
            label={m.admdash_audit_export_label()}
            testId="audit-export"
          />
        }
      />
      <Form
        method="get"
        className="mt-6 grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-3 xl:grid-cols-4"
        data-testid="audit-filters"
      >
        <div className="col-span-2 md:col-span-3 xl:col-span-2">
          <label htmlFor="audit-search" className={labelClass}>
            {m.admdash_audit_filter_search()}
          </label>
          <input
            id="audit-search"
            name="search"
            type="search"
            maxLength={80}
            defaultValue={filters.entityName ?? ""}
            placeholder={m.admdash_audit_filter_search_placeholder()}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="audit-admin" className={labelClass}>
            {m.admdash_audit_filter_admin()}
          </label>
          <select id="audit-admin" name="admin_id" defaultValue={filters.adminId ?? ""} className={inputClass}>
            <option value="">{m.admdash_audit_filter_all()}</option>
            {admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-action" className={labelClass}>
            {m.admdash_audit_filter_action()}
          </label>
          <select id="audit-action" name="action" defaultValue={filters.action ?? ""} className={inputClass}>
            <option value="">{m.admdash_audit_filter_all()}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {auditActionWords(a)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-entity-type" className={labelClass}>
            {m.admdash_audit_filter_entity_type()}
          </label>
          <select id="audit-entity-type" name="entity_type" defaultValue={filters.entityType ?? ""} className={inputClass}>
            <option value="">{m.admdash_audit_filter_all()}</option>
            {entityTypes.map((t) => (
              <option key={t} value={t}>
                {auditEntityWords(t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-entity-id" className={labelClass}>
            {m.admdash_audit_filter_entity_id()}
          </label>
          <input
            id="audit-entity-id"
            name="entity_id"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            defaultValue={filters.entityId ?? ""}
            className={inputClass}
          />
        </div>
        <FilterDay key={`from:${filters.from ?? ""}`} name="from" label={m.admdash_audit_filter_from()} initial={filters.from} />
        <FilterDay key={`to:${filters.to ?? ""}`} name="to" label={m.admdash_audit_filter_to()} initial={filters.to} />
        <div className="col-span-full flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass("primary", "sm")}>
            {m.admdash_audit_filter_apply()}
          </button>
          {filtered && (
            <Link to="/admin/audit" className={`${linkClass} text-sm`}>
              {m.admdash_audit_filter_reset()}
            </Link>
          )}
        </div>
      </Form>
      {entries.length === 0 ? (
        <EmptyState title={m.admdash_audit_empty()} testId="audit-empty" className="mt-8" />
      ) : (
        <>
          <AdminTable
            className="mt-6 hidden lg:block"
            testId="admin-audit"
            columns={[
              { label: m.admdash_audit_col_when() },
              { label: m.admdash_audit_col_who() },
              { label: m.admdash_audit_col_action() },
              { label: m.admdash_audit_col_entity() },
              { label: m.admdash_audit_col_details(), className: "w-2/5" },
            ]}
          >
            {entries.map((e) => (
              <tr key={e.id} className="align-top">
                <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">{formatDateTime(e.created_at)}</td>
                <td className="px-4 py-3">
                  <Who entry={e} />
                </td>
                <td className="px-4 py-3">
                  <ActionCell action={e.action} />
                </td>
                <td className="px-4 py-3">
                  <EntityCell entry={e} />
                </td>
                <td className="px-4 py-3">
                  <Details details={e.details as Record<string, Json>} names={names} />
                </td>
              </tr>
            ))}
          </AdminTable>
          {/* Below 1024 px the five columns do not fit: one card an entry. */}
          <ul className="mt-6 space-y-3 lg:hidden" data-testid="admin-audit-cards">
            {entries.map((e) => (
              <li key={e.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className="text-sm">
                    <ActionCell action={e.action} />
                  </span>
                  <span className="text-sm text-slate-600 tabular-nums">{formatDateTime(e.created_at)}</span>
                </div>
                <p className="mt-2 text-sm text-slate-700">
                  <Who entry={e} inline />
                  {" · "}
                  <EntityCell entry={e} />
                </p>
                <div className="mt-3 border-t border-slate-100 pt-3">
                  <Details details={e.details as Record<string, Json>} names={names} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
