// The audit log screen: one page of entries (20, newest first) with the filters' choices.
// Read only: audit rows are never updated or deleted (migration 0009 refuses it).
import type { Database } from "../db/database.ts";
import type { JsonObject } from "../db/types.ts";
import { auditPageQuery, countAudit, distinctAuditValues, listAdministrators, type AuditFilters } from "./audit-log.queries.ts";
import { fullName, personName } from "../../lib/person-name.ts";
import { AUDIT_PAGE_SIZE } from "../../lib/list-params.ts";

export type AuditItem = {
  id: number;
  admin_id: number | null;
  admin_name: string | null;
  admin_email: string | null;
  action: string;
  entity_type: string;
  entity_id: number | null;
  details: JsonObject;
  created_at: Date;
};

export async function listAuditLog(
  db: Database,
  args: { filters: AuditFilters; limit?: number; page: number },
): Promise<{ entries: AuditItem[]; entries_count: number }> {
  const limit = args.limit ?? AUDIT_PAGE_SIZE;
  const [rows, entries_count] = await Promise.all([
    auditPageQuery(db, { filters: args.filters, limit, offset: args.page * limit }).execute(),
    countAudit(db, args.filters),
  ]);
  const entries = rows.map((r) => ({
    id: Number(r.id),
    admin_id: r.admin_id === null ? null : Number(r.admin_id),
    admin_name: fullName(r) || null,
    admin_email: r.email ?? null,
    action: r.action,
    entity_type: r.entity_type,
    entity_id: r.entity_id === null ? null : Number(r.entity_id),
    details: r.details,
    created_at: r.created_at,
  }));
  return { entries, entries_count };
}

export async function auditFilterChoices(db: Database) {
  const [admins, actions, entityTypes] = await Promise.all([listAdministrators(db), distinctAuditValues(db, "action"), distinctAuditValues(db, "entity_type")]);
  return {
    admins: admins.map((a) => ({ id: Number(a.id), name: personName(a) })),
    actions,
    entityTypes,
  };
}
