// The audit log screen: one page of entries (20, newest first) with the filters' choices, each
// entry with its entity's name now and the names of the users and warehouses its details name;
// and the export of the log as filtered (CSV or XLSX, streamed page by page), itself audited.
// Read only: audit rows are never updated or deleted (migration 0009 refuses it).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { JsonObject } from "../db/types.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import type { ExportColumn } from "../http/table-export.ts";
import { ForbiddenError } from "../errors.ts";
import { auditAdminAction } from "./audit.ts";
import {
  auditExportPage,
  auditPageQuery,
  countAudit,
  distinctAuditValues,
  listAdministrators,
  namesByIds,
  type AuditDbRow,
  type AuditFilters,
} from "./audit-log.queries.ts";
import { fullName, personName } from "../../lib/person-name.ts";
import { AUDIT_PAGE_SIZE } from "../../lib/list-params.ts";
import { auditActionWords, auditDetailIds, auditDetailsText, auditEntityText, auditEntityWords, type AuditNames } from "../../lib/audit-words.ts";
import type { Json } from "../../lib/audit-details.ts";

export type AuditItem = {
  id: number;
  admin_id: number | null;
  admin_name: string | null;
  admin_email: string | null;
  action: string;
  entity_type: string;
  entity_id: number | null;
  /** The entity's name now; null when it has none or is gone. */
  entity_name: string | null;
  details: JsonObject;
  created_at: Date;
};

function auditItem(r: AuditDbRow): AuditItem {
  return {
    id: Number(r.id),
    admin_id: r.admin_id === null ? null : Number(r.admin_id),
    admin_name: fullName(r) || null,
    admin_email: r.email ?? null,
    action: r.action,
    entity_type: r.entity_type,
    entity_id: r.entity_id === null ? null : Number(r.entity_id),
    entity_name: r.entity_name ?? null,
    details: r.details,
    created_at: r.created_at,
  };
}

/** The names of the users and warehouses the entries' details name by id: one statement for them all. */
async function detailNames(db: Database, entries: { details: JsonObject }[]): Promise<AuditNames> {
  const userIds = new Set<number>();
  const warehouseIds = new Set<number>();
  for (const e of entries) {
    const ids = auditDetailIds(e.details as Record<string, Json>);
    ids.users.forEach((id) => userIds.add(id));
    ids.warehouses.forEach((id) => warehouseIds.add(id));
  }
  const names: AuditNames = { users: {}, warehouses: {} };
  for (const row of await namesByIds(db, { userIds: [...userIds], warehouseIds: [...warehouseIds] })) {
    if (row.name) (row.kind === "user" ? names.users : names.warehouses)[row.id] = row.name;
  }
  return names;
}

export async function listAuditLog(
  db: Database,
  args: { filters: AuditFilters; limit?: number; page: number },
): Promise<{ entries: AuditItem[]; entries_count: number; names: AuditNames }> {
  const limit = args.limit ?? AUDIT_PAGE_SIZE;
  const [rows, entries_count] = await Promise.all([
    auditPageQuery(db, { filters: args.filters, limit, offset: args.page * limit }).execute(),
    countAudit(db, args.filters),
  ]);
  const entries = rows.map(auditItem);
  return { entries, entries_count, names: await detailNames(db, entries) };
}

export async function auditFilterChoices(db: Database) {
  const [admins, actions, entityTypes] = await Promise.all([listAdministrators(db), distinctAuditValues(db, "action"), distinctAuditValues(db, "entity_type")]);
  return {
    admins: admins.map((a) => ({ id: Number(a.id), name: personName(a) })),
    actions,
    entityTypes,
  };
}

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

/** The export's columns: the time is a date and time, ids and names are text. */
export const AUDIT_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Data e ora", type: "datetime", width: 18 },
  { header: "Amministratore", type: "text", width: 24 },
  { header: "E-mail amministratore", type: "text", width: 28 },
  { header: "Azione", type: "text", width: 36 },
  { header: "Codice azione", type: "text", width: 26 },
  { header: "Tipo di entità", type: "text", width: 20 },
  { header: "ID entità", type: "text", width: 10 },
  { header: "Entità", type: "text", width: 36 },
  { header: "Dettagli", type: "text", width: 80 },
];

/** The filters as the export's own entry records them (only those set). */
function filterDetails(f: AuditFilters): JsonObject {
  const out: JsonObject = {};
  if (f.adminId !== null) out.admin_id = f.adminId;
  if (f.action !== null) out.action = f.action;
  if (f.entityType !== null) out.entity_type = f.entityType;
  if (f.entityId !== null) out.entity_id = f.entityId;
  if (f.entityName) out.search = f.entityName;
  if (f.from !== null) out.from = f.from;
  if (f.to !== null) out.to = f.to;
  return out;
}

/**
 * GET /api/admin/export-audit-log: the entries the list shows with the same filters, newest
 * first, every page, as rows of AUDIT_EXPORT_COLUMNS. The export is audited (with its filters and
 * format) before the first row is read, so it is in the log it exports.
 */
export async function exportAuditLog(db: Database, actor: Actor, args: { filters: AuditFilters; format: "csv" | "xlsx" }): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "audit.export",
      entityType: "audit_log",
      entityId: null,
      details: { ...filterDetails(args.filters), format: args.format },
    }),
  );
  const rows = pages<AuditDbRow, { created_key: string; id: number }>(
    (after, size) => auditExportPage(db, { filters: args.filters, after, size }),
    (r) => ({ created_key: r.created_key, id: Number(r.id) }),
    500,
  );
  return (async function* () {
    let batch: AuditItem[] = [];
    const flush = async function* () {
      const names = await detailNames(db, batch);
      for (const e of batch) {
        yield [
          e.created_at,
          e.admin_id === null ? "Amministratore rimosso" : (e.admin_name ?? e.admin_email),
          e.admin_email,
          auditActionWords(e.action),
          e.action,
          auditEntityWords(e.entity_type),
          e.entity_id === null ? null : String(e.entity_id),
          auditEntityText(e.entity_type, e.entity_id, e.entity_name),
          auditDetailsText(e.details as Record<string, Json>, names),
        ] satisfies CsvCell[];
      }
      batch = [];
    };
    for await (const r of rows) {
      batch.push(auditItem(r));
      if (batch.length >= 500) yield* flush();
    }
    if (batch.length) yield* flush();
  })();
}
