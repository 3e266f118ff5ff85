// SQL of the audit log screen (/admin/audit) and its export: the entries, newest first,
// filtered by administrator, action, entity, the entity's name and dates, each filter served by
// an index of migrations 0001 and 0009; each entry with the name its entity has now (left joins
// on the entity's table, read for the page's rows only); the names of the users and warehouses
// the details name by id; and the values the filters offer.
import { sql, type SqlBool } from "kysely";
import type { Database } from "../db/database.ts";
import type { JsonObject } from "../db/types.ts";
import { likePattern } from "../db/like.ts";
import { fullNameSql } from "../db/person-name.ts";
import { userSearchText } from "../accounts/admin-users.queries.ts";

export type AuditFilters = {
  adminId: number | null;
  action: string | null;
  entityType: string | null;
  entityId: number | null;
  /** Days in Italy, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
  /** A piece of the entity's name as it is now (a user's names, company or e-mail, a warehouse's name…). */
  entityName?: string | null;
};

/**
 * Entries whose entity's name contains `term`. Each kind's matching ids are read first, through
 * its table's trigram index, into an array (an InitPlan), so the log is read through
 * audit_log_entity_idx (entity_type, entity_id) for exactly those entities: one bitmap per kind,
 * never the whole log. A resent e-mail is named by its recipient, which its entry keeps.
 */
function entityNameMatches(term: string) {
  const like = likePattern(term);
  return sql<SqlBool>`(
    (a.entity_type = 'user' and a.entity_id = any(array(select u.id from users u where ${userSearchText} ilike ${like})))
    or (a.entity_type = 'warehouse' and a.entity_id = any(array(select w.id from warehouses w where w.name ilike ${like})))
    or (a.entity_type = 'specification' and a.entity_id = any(array(select s.id from specifications s where s.value ilike ${like})))
    or (a.entity_type = 'crm_entry' and a.entity_id = any(array(select c.id from crm_entries c where c.client ilike ${like} or c.contact ilike ${like})))
    or (a.entity_type = 'warehouse_request' and a.entity_id = any(array(select r.id from warehouse_requests r where r.business_name ilike ${like})))
    or (a.entity_type = 'promo_code' and a.entity_id = any(array(select p.id from promo_codes p where p.code ilike ${like})))
    or (a.action = 'email.resend' and a.details->>'recipient' ilike ${like})
  )`;
}

function auditBase(db: Database, f: AuditFilters) {
  let query = db.selectFrom("audit_log as a");
  if (f.adminId !== null) query = query.where("a.admin_id", "=", f.adminId);
  if (f.action !== null) query = query.where("a.action", "=", f.action);
  if (f.entityType !== null) query = query.where("a.entity_type", "=", f.entityType);
  if (f.entityId !== null) query = query.where("a.entity_id", "=", f.entityId);
  if (f.entityName) query = query.where(entityNameMatches(f.entityName));
  // The day boundaries of the administrators' time zone, not the server's.
  if (f.from !== null) query = query.where("a.created_at", ">=", sql<Date>`(${f.from}::date)::timestamp at time zone 'Europe/Rome'`);
  if (f.to !== null) query = query.where("a.created_at", "<", sql<Date>`(${f.to}::date + 1)::timestamp at time zone 'Europe/Rome'`);
  return query;
}

/** A user as the log names them: their name, else their company, else their e-mail. */
const userNameSql = (alias: string) =>
  sql<string | null>`coalesce(${fullNameSql(alias)}, nullif(btrim(${sql.ref(`${alias}.company`)}), ''), ${sql.ref(`${alias}.email`)})`;

/** The entries with who did it and the name each entity has now (null when it is gone). */
function auditRows(db: Database, filters: AuditFilters) {
  return auditBase(db, filters)
    .leftJoin("users as u", "u.id", "a.admin_id")
    .leftJoin("users as eu", (j) => j.onRef("eu.id", "=", "a.entity_id").on("a.entity_type", "=", "user"))
    .leftJoin("warehouses as ew", (j) => j.onRef("ew.id", "=", "a.entity_id").on("a.entity_type", "=", "warehouse"))
    .leftJoin("specifications as es", (j) => j.onRef("es.id", "=", "a.entity_id").on("a.entity_type", "=", "specification"))
    .leftJoin("crm_entries as ec", (j) => j.onRef("ec.id", "=", "a.entity_id").on("a.entity_type", "=", "crm_entry"))
    .leftJoin("warehouse_requests as er", (j) => j.onRef("er.id", "=", "a.entity_id").on("a.entity_type", "=", "warehouse_request"))
    .leftJoin("promo_codes as ep", (j) => j.onRef("ep.id", "=", "a.entity_id").on("a.entity_type", "=", "promo_code"))
    .leftJoin("mail_outbox as eo", (j) => j.onRef("eo.id", "=", "a.entity_id").on("a.entity_type", "=", "mail_outbox"))
    .select(["a.id", "a.admin_id", "a.action", "a.entity_type", "a.entity_id", "a.details", "a.created_at", "u.first_name", "u.last_name", "u.email"])
    .select(sql<string>`a.created_at::text`.as("created_key"))
    .select(
      sql<string | null>`case a.entity_type
        when 'user' then ${userNameSql("eu")}
        when 'warehouse' then nullif(btrim(ew.name), '')
        when 'specification' then es.value
        when 'crm_entry' then coalesce(nullif(btrim(ec.client), ''), nullif(btrim(ec.contact), ''))
        when 'warehouse_request' then nullif(btrim(er.business_name), '')
        when 'promo_code' then ep.code
        when 'mail_outbox' then coalesce(eo.to_address, a.details->>'recipient')
      end`.as("entity_name"),
    );
}

export type AuditDbRow = Awaited<ReturnType<ReturnType<typeof auditRows>["execute"]>>[number];

export function auditPageQuery(db: Database, args: { filters: AuditFilters; limit: number; offset: number }) {
  return auditRows(db, args.filters).orderBy("a.created_at", "desc").orderBy("a.id", "desc").limit(args.limit).offset(args.offset);
}

/** One page of the export after the key of the last row read (keyset: each page an index range). */
export function auditExportPage(db: Database, args: { filters: AuditFilters; after: { created_key: string; id: number } | null; size: number }) {
  let query = auditRows(db, args.filters);
  if (args.after) query = query.where(sql<SqlBool>`(a.created_at, a.id) < (${args.after.created_key}::timestamptz, ${args.after.id})`);
  return query.orderBy("a.created_at", "desc").orderBy("a.id", "desc").limit(args.size).execute();
}

/** The names of the users and warehouses the details of a page name by id, in one statement. */
export async function namesByIds(db: Database, args: { userIds: number[]; warehouseIds: number[] }) {
  if (args.userIds.length === 0 && args.warehouseIds.length === 0) return [];
  const { rows } = await sql<{ kind: "user" | "warehouse"; id: number; name: string | null }>`
    select 'user' as kind, u.id::int as id, ${userNameSql("u")} as name from users u where u.id = any(${args.userIds}::bigint[])
    union all
    select 'warehouse', w.id::int, w.name from warehouses w where w.id = any(${args.warehouseIds}::bigint[])`.execute(db);
  return rows;
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
