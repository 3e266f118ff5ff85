// SQL of the audit log screen (/admin/audit): the entries, newest first, filtered by
// administrator, action, entity and dates, each filter served by an index of migrations 0001
// and 0009; and the values the filters offer.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { JsonObject } from "../db/types.ts";

export type AuditFilters = {
  adminId: number | null;
  action: string | null;
  entityType: string | null;
  entityId: number | null;
  /** Days in Italy, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
};

function auditBase(db: Database, f: AuditFilters) {
  let query = db.selectFrom("audit_log as a");
  if (f.adminId !== null) query = query.where("a.admin_id", "=", f.adminId);
  if (f.action !== null) query = query.where("a.action", "=", f.action);
  if (f.entityType !== null) query = query.where("a.entity_type", "=", f.entityType);
  if (f.entityId !== null) query = query.where("a.entity_id", "=", f.entityId);
  // The day boundaries of the administrators' time zone, not the server's.
  if (f.from !== null) query = query.where("a.created_at", ">=", sql<Date>`(${f.from}::date)::timestamp at time zone 'Europe/Rome'`);
  if (f.to !== null) query = query.where("a.created_at", "<", sql<Date>`(${f.to}::date + 1)::timestamp at time zone 'Europe/Rome'`);
  return query;
}

export function auditPageQuery(db: Database, args: { filters: AuditFilters; limit: number; offset: number }) {
  return auditBase(db, args.filters)
    .leftJoin("users as u", "u.id", "a.admin_id")
    .select(["a.id", "a.admin_id", "a.action", "a.entity_type", "a.entity_id", "a.details", "a.created_at", "u.first_name", "u.last_name", "u.email"])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(args.limit)
    .offset(args.offset);
}

export async function countAudit(db: Database, filters: AuditFilters): Promise<number> {
  const row = await auditBase(db, filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The distinct values of a column that leads an index (action, entity_type), by a loose index
 * scan: one index probe per value, however many rows the log holds.
 */
export async function distinctAuditValues(db: Database, column: "action" | "entity_type"): Promise<string[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ value: string }>`
    with recursive v (value) as (
      (select ${col} from audit_log order by ${col} limit 1)
      union all
      select (select ${col} from audit_log where ${col} > v.value order by ${col} limit 1) from v where v.value is not null
    )
    select value from v where value is not null`.execute(db);
  return rows.map((r) => r.value);
}

/** The administrators, for the filter (the log keeps the id of one who left: admin_id may be null). */
export function listAdministrators(db: Database) {
  return db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email"])
    .where("role", "=", "admin")
    .orderBy("first_name")
    .orderBy("last_name")
    .orderBy("id")
    .execute();
}

/** One entry written, with the caller's transaction (audit.ts decides whose actions are recorded). */
export async function insertAuditEntry(
  db: Database,
  args: { adminId: number; action: string; entityType: string; entityId: number | null; details: JsonObject },
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({ admin_id: args.adminId, action: args.action, entity_type: args.entityType, entity_id: args.entityId, details: args.details })
    .execute();
}

/** Several entries, a thousand a statement (PostgreSQL takes at most 65,535 parameters), with the caller's transaction. */
export async function insertAuditEntries(
  db: Database,
  entries: { adminId: number; action: string; entityType: string; entityId: number | null; details: JsonObject }[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await db
      .insertInto("audit_log")
      .values(
        entries
          .slice(i, i + 1000)
          .map((e) => ({ admin_id: e.adminId, action: e.action, entity_type: e.entityType, entity_id: e.entityId, details: e.details })),
      )
      .execute();
  }
}
