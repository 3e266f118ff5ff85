// The CRM's reads and writes: the entries' list (search, one day,
// event type, sort), its count and its export pages, the follow-up actions' list, and the rows
// the services lock, insert and update. An entry's business name is its client or, without one,
// the linked warehouse's name.
import { sql, type Expression, type SqlBool } from "kysely";
import type { Database } from "../db/database.ts";
import type { CrmEventType } from "../db/types.ts";
import { likePattern } from "../db/like.ts";
import { fullNameSql } from "../db/person-name.ts";
import { CRM_PAGE_SIZE, DEFAULT_CRM_ORDER, type CrmActionFilter, type CrmOrder, type CrmOrderKey } from "../../schemas/crm.ts";

export { CRM_PAGE_SIZE, DEFAULT_CRM_ORDER, type CrmOrder };

export type CrmListFilters = { search: string | null; date?: string | null; eventType?: CrmEventType | null };

/**
 * The text a CRM search looks in, for the entries aliased `alias`: the expression of
 * crm_entries_search_trgm_idx (migration 0011), exactly, so the planner uses that index.
 */
function crmSearchText(alias: "c" | "e") {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<string>`(coalesce(${col("client")}, '') || ' ' || coalesce(${col("contact")}, '') || ' ' || coalesce(${col("description")}, '') || ' ' || coalesce(${col("follow_up_action")}, ''))`;
}

/**
 * Entries whose client, contact, description or follow-up action, or whose warehouse's name,
 * contain `term`. Two index searches joined by UNION (the entries' trigram index, and the
 * warehouses' name index then the entries' warehouse_id index): OR-ed in one condition, the
 * planner would test the warehouse's name row by row over the whole CRM.
 */
function crmMatches(term: string): Expression<SqlBool> {
  const pattern = likePattern(term);
  return sql<SqlBool>`c.id in (
    select e.id from crm_entries e where ${crmSearchText("e")} ilike ${pattern}
    union
    select e.id from crm_entries e join warehouses w on w.id = e.warehouse_id where w.name ilike ${pattern})`;
}

function entries(db: Database, filters: CrmListFilters) {
  let query = db.selectFrom("crm_entries as c");
  const term = filters.search?.trim();
  if (term) query = query.where(crmMatches(term));
  // crm_entries_date_idx serves a day; crm_entries_event_type_date_idx a type (and a type on a day).
  if (filters.date) query = query.where("c.date", "=", filters.date);
  if (filters.eventType) query = query.where("c.event_type", "=", filters.eventType);
  return query;
}

/**
 * What an entry's row shows: its business name is the client or, without one, the warehouse's
 * name. A subquery by the warehouse's key, not a join: sorting by it would otherwise join every
 * entry to a million warehouses (a hash join reads them all), and coalesce looks the warehouse
 * up only for the entries without a client.
 */
const businessName = sql<string | null>`coalesce(nullif(c.client, ''), (select w.name from warehouses w where w.id = c.warehouse_id))`;
/** The linked warehouse's name and city, read by its key for the rows of the page only. */
const linkedWarehouse = sql<{
  name: string;
  city: string;
} | null>`(select json_build_object('name', w.name, 'city', w.city) from warehouses w where w.id = c.warehouse_id)`;

// The event types sorted as the screen names them (Altro, E-mail, Meeting, Telefono, Visita),
// not by their codes.
const eventTypeRank = sql<number>`case c.event_type when 'other' then 1 when 'mail' then 2 when 'meeting' then 3 when 'call' then 4 else 5 end`;

const ORDER_EXPRESSION: Record<Exclude<CrmOrderKey, "date">, ReturnType<typeof sql>> = {
  client: sql`lower(${businessName})`,
  contact: sql`lower(c.contact)`,
  event_type: eventTypeRank,
  follow_up: sql`c.follow_up`,
  // No follow-up, then pending, then done (ascending).
  follow_up_done: sql`case when c.follow_up_done is null then 0 when not c.follow_up_done then 1 else 2 end`,
};

function withRow(db: Database, filters: CrmListFilters) {
  return entries(db, filters)
    .select([
      "c.id",
      "c.user_id",
      "c.warehouse_id",
      "c.client",
      "c.contact",
      "c.date",
      "c.event_type",
      "c.description",
      "c.follow_up",
      "c.follow_up_action",
      "c.follow_up_done",
      "c.handled_at",
      "c.created_at",
      "c.updated_at",
    ])
    .select(businessName.as("business_name"))
    .select(linkedWarehouse.as("warehouse"));
}

/** One page of the entries, in the chosen order; ties by date then id (newest first), so pages never overlap. */
export function crmEntriesPageQuery(db: Database, args: { filters: CrmListFilters; order: CrmOrder; limit: number; offset: number }) {
  let query = withRow(db, args.filters);
  const { key, dir } = args.order;
  if (key === "date") {
    query = query.orderBy("c.date", dir).orderBy("c.id", dir);
  } else {
    // Entries without the value (no contact) go last either way: they are the least useful on top.
    query = query
      .orderBy(sql`${ORDER_EXPRESSION[key]} ${sql.raw(dir)} nulls last`)
      .orderBy("c.date", "desc")
      .orderBy("c.id", "desc");
  }
  return query.limit(args.limit).offset(args.offset);
}

export type CrmEntryDbRow = Awaited<ReturnType<ReturnType<typeof crmEntriesPageQuery>["execute"]>>[number];

export async function countCrmEntries(db: Database, filters: CrmListFilters): Promise<number> {
  const row = await entries(db, filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** One page of the export, newest first, by keyset on (date, id): crm_entries_date_idx, a page at a time. */
export function crmExportPage(db: Database, args: { filters: CrmListFilters; after: { date: string; id: number } | null; size: number }) {
  let query = withRow(db, args.filters);
  if (args.after) query = query.where(sql<SqlBool>`(c.date, c.id) < (${args.after.date}::date, ${args.after.id})`);
  return query.orderBy("c.date", "desc").orderBy("c.id", "desc").limit(args.size).execute();
}

// ---------------------------------------------------------------- follow-up actions

function actions(db: Database, args: { filter: CrmActionFilter; search: string | null }) {
  // crm_entries_follow_up_idx (follow_up_done, date desc) where follow_up: the actions only.
  let query = entries(db, { search: args.search }).where("c.follow_up", "=", true);
  if (args.filter === "pending") query = query.where("c.follow_up_done", "=", false);
  else if (args.filter === "done") query = query.where("c.follow_up_done", "=", true);
  return query;
}

/** One page of the actions: pending ones oldest first (the longest waiting on top), otherwise newest first. */
export function crmActionsPageQuery(db: Database, args: { filter: CrmActionFilter; search: string | null; limit: number; offset: number }) {
  const dir = args.filter === "pending" ? "asc" : "desc";
  return (
    actions(db, args)
      .select([
        "c.id",
        "c.warehouse_id",
        "c.client",
        "c.contact",
        "c.date",
        "c.event_type",
        "c.description",
        "c.follow_up_action",
        "c.follow_up_done",
        "c.handled_at",
      ])
      .select(businessName.as("business_name"))
      // Who handled it: the administrator's name, else e-mail, by the user's key.
      .select(sql<string | null>`(select coalesce(${fullNameSql("h")}, h.email) from users h where h.id = c.handled_by)`.as("handled_by"))
      .orderBy("c.date", dir)
      .orderBy("c.id", dir)
      .limit(args.limit)
      .offset(args.offset)
  );
}

export async function countCrmActions(db: Database, args: { filter: CrmActionFilter; search: string | null }): Promise<number> {
  const row = await actions(db, args)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

// ---------------------------------------------------------------- writes

const EDITABLE = [
  "user_id",
  "warehouse_id",
  "client",
  "contact",
  "date",
  "event_type",
  "description",
  "follow_up",
  "follow_up_action",
  "follow_up_done",
  "handled_at",
  "handled_by",
] as const;

/** The entry as it is, locked for the change. */
export function lockCrmEntry(trx: Database, id: number) {
  return trx
    .selectFrom("crm_entries")
    .select(["id", ...EDITABLE])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export type CrmEntryValues = {
  user_id: number | null;
  warehouse_id: number | null;
  client: string | null;
  contact: string | null;
  date: string;
  event_type: CrmEventType;
  description: string | null;
  follow_up: boolean;
  follow_up_action: string | null;
  follow_up_done: boolean | null;
  handled_at: Date | null;
  handled_by: number | null;
};

export async function insertCrmEntry(trx: Database, values: CrmEntryValues & { created_by: number }): Promise<number> {
  const row = await trx.insertInto("crm_entries").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCrmEntry(trx: Database, id: number, values: Partial<CrmEntryValues>): Promise<void> {
  await trx
    .updateTable("crm_entries")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}

/** The warehouse an entry links to (its name is the business name without a client; its owner the entry's user). */
export function findCrmWarehouse(trx: Database, id: number) {
  return trx.selectFrom("warehouses").select(["id", "name", "user_id"]).where("id", "=", id).executeTakeFirst();
}
