// The CRM's reads and writes: the entries' list (search, one day,
// event type, sort), its count and its export pages, the follow-up actions' list (state, search,
// sort), its count and its export pages, and the rows
// the services lock, insert and update. An entry's business name is its client or, without one,
// the linked warehouse's name.
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/database.ts";
import type { CrmEventType } from "../db/types.ts";
import { likePattern } from "../db/like.ts";
import { fullNameSql } from "../db/person-name.ts";
import { afterTerms, orderByTerms, termValues, type OrderTerm } from "../db/list-order.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { CrmActionsOrderKey } from "../../lib/list-params.ts";
import type { CrmActionFilter, CrmOrder, CrmOrderKey } from "../../schemas/crm.ts";

export type { CrmOrder };

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

const ORDER_EXPRESSION: Record<Exclude<CrmOrderKey, "date">, RawBuilder<unknown>> = {
  client: sql`lower(${businessName})`,
  contact: sql`lower(c.contact)`,
  event_type: eventTypeRank,
  follow_up: sql`c.follow_up`,
  // No follow-up, then pending, then done (ascending).
  follow_up_done: sql`case when c.follow_up_done is null then 0 when not c.follow_up_done then 1 else 2 end`,
};

const DATE = sql`c.date`;
const ID = sql`c.id`;

/**
 * The entries' order as terms, the page's and the export's alike: by date with ties by id, one
 * range of crm_entries_date_idx; by another column with the entries lacking the value (no
 * contact) last either way (they are the least useful on top), ties newest first.
 */
export function crmEntriesOrderTerms(order: CrmOrder): OrderTerm[] {
  if (order.key === "date")
    return [
      { expr: DATE, dir: order.dir },
      { expr: ID, dir: order.dir },
    ];
  const expr = ORDER_EXPRESSION[order.key];
  return [
    { expr: sql`(${expr}) is null`, dir: "asc" },
    { expr, dir: order.dir },
    { expr: DATE, dir: "desc" },
    { expr: ID, dir: "desc" },
  ];
}

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
  return withRow(db, args.filters)
    .orderBy(orderByTerms(crmEntriesOrderTerms(args.order)))
    .limit(args.limit)
    .offset(args.offset);
}

export type CrmEntryDbRow = Awaited<ReturnType<ReturnType<typeof crmEntriesPageQuery>["execute"]>>[number];

/** One entry as the list shows it (the popup opened from a link, ?edit=id). */
export function crmEntryRow(db: Database, id: number) {
  return withRow(db, { search: null }).where("c.id", "=", id).executeTakeFirst();
}

export async function countCrmEntries(db: Database, filters: CrmListFilters): Promise<number> {
  const row = await entries(db, filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * One page of the export in the list's order, by keyset on the order's terms (sort_0…, the last
 * row's values, for the next): newest first, the default, is a range of crm_entries_date_idx.
 */
export function crmExportPageQuery(db: Database, args: { filters: CrmListFilters; order: CrmOrder; after: unknown[] | null; size: number }) {
  const terms = crmEntriesOrderTerms(args.order);
  let query = withRow(db, args.filters).select(termValues(terms));
  if (args.after) query = query.where(afterTerms(terms, args.after));
  return query.orderBy(orderByTerms(terms)).limit(args.size);
}

// ---------------------------------------------------------------- follow-up actions

/** The actions' selection: their state (overdue: pending, due before `today`, 'YYYY-MM-DD' in Italy) and the search. */
export type CrmActionFilters = { status: CrmActionFilter; search: string | null; today: string };

function actions(db: Database, filters: CrmActionFilters) {
  // Written as the partial indexes' predicates, not as parameters, so that the planner matches
  // them: crm_entries_pending_actions_idx (date, id) for the pending ones (migration 0040),
  // crm_entries_follow_up_idx (follow_up_done, date desc) for the others.
  let query = entries(db, { search: filters.search }).where(sql<SqlBool>`c.follow_up`);
  if (filters.status === "pending" || filters.status === "overdue") query = query.where(sql<SqlBool>`not c.follow_up_done`);
  else if (filters.status === "done") query = query.where(sql<SqlBool>`c.follow_up_done`);
  if (filters.status === "overdue") query = query.where("c.date", "<", filters.today);
  return query;
}

/**
 * The actions' order as terms: the day due (the event's day) with ties by id, one range of an
 * index on the pending actions; by business name (none last), creation or state, ties the
 * soonest due first.
 */
export function crmActionsOrderTerms(order: ListOrder<CrmActionsOrderKey>): OrderTerm[] {
  const soonest: OrderTerm[] = [
    { expr: DATE, dir: "asc" },
    { expr: ID, dir: "asc" },
  ];
  switch (order.key) {
    case "date":
      return [
        { expr: DATE, dir: order.dir },
        { expr: ID, dir: order.dir },
      ];
    case "created_at":
      return [
        { expr: sql`c.created_at`, dir: order.dir, cast: "timestamptz" },
        { expr: ID, dir: order.dir },
      ];
    case "client":
      return [{ expr: sql`(${businessName}) is null`, dir: "asc" }, { expr: sql`lower(${businessName})`, dir: order.dir }, ...soonest];
    case "follow_up_done":
      // Pending (false) before done, ascending.
      return [{ expr: sql`c.follow_up_done`, dir: order.dir }, ...soonest];
  }
}

function actionRows(db: Database, filters: CrmActionFilters) {
  return (
    actions(db, filters)
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
        "c.created_at",
      ])
      .select(businessName.as("business_name"))
      // Who handled it: the administrator's name, else e-mail, by the user's key.
      .select(sql<string | null>`(select coalesce(${fullNameSql("h")}, h.email) from users h where h.id = c.handled_by)`.as("handled_by"))
  );
}

/** One page of the actions in the chosen order (by default the soonest due first). */
export function crmActionsPageQuery(db: Database, args: { filters: CrmActionFilters; order: ListOrder<CrmActionsOrderKey>; limit: number; offset: number }) {
  return actionRows(db, args.filters)
    .orderBy(orderByTerms(crmActionsOrderTerms(args.order)))
    .limit(args.limit)
    .offset(args.offset);
}

export type CrmActionDbRow = Awaited<ReturnType<ReturnType<typeof crmActionsPageQuery>["execute"]>>[number];

/** One page of the actions' export in the list's order, by keyset on the order's terms. */
export function crmActionsExportPageQuery(
  db: Database,
  args: { filters: CrmActionFilters; order: ListOrder<CrmActionsOrderKey>; after: unknown[] | null; size: number },
) {
  const terms = crmActionsOrderTerms(args.order);
  let query = actionRows(db, args.filters).select(termValues(terms));
  if (args.after) query = query.where(afterTerms(terms, args.after));
  return query.orderBy(orderByTerms(terms)).limit(args.size);
}

export async function countCrmActions(db: Database, filters: CrmActionFilters): Promise<number> {
  const row = await actions(db, filters)
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
