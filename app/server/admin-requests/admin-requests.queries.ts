// Reads and writes of the back office's quote requests: the list (search, created from/to,
// answered, requester kind; newest first or by another order) with each request's specifications
// and contacted warehouses, its export's keyset pages, one request, the add-warehouses popup's
// warehouse search, and the links added from the back office. Plain functions of (db, args), so
// they run the same inside a transaction.
//
// Indexes (tested in admin-requests.db.test.ts on tables large enough for the planner to choose as
// it would at 1,000,000 warehouses):
// - the list: warehouse_requests_created_at_idx (newest or oldest first, and the from/to range),
//   warehouse_requests_warehouses_count_idx and warehouse_requests_quantity_idx (migration 0038:
//   the other orders, the count kept on the request by a trigger, never counted per row);
//   a search by warehouse_requests_search_trgm_idx (migration 0012, over exactly
//   `requestSearchText`; a rare term's matches found before they are sorted: db/searched-page.ts),
//   a request number by the primary key; the answered and requester filters are tested on the
//   rows the order's index walks;
// - a request's links by the unique (warehouse_request_id, warehouse_id) index;
// - the warehouse search: the trigram indexes of name, city and address (migration 0001).
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { likePattern } from "../db/like.ts";
import { orderedMatchesPage } from "../db/searched-page.ts";
import { keysetAfter, type Keyset } from "../db/list-order.ts";
import { REQUEST_FIELDS, romeDayAfter, romeDayStart, specificationsOf, type HunterLinkRow } from "../requests/area-requests.queries.ts";
import { displayNameSql, fullNameSql } from "../db/person-name.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { AdminRequestsOrderKey, RequesterKind } from "../../lib/list-params.ts";
import type { YesNo } from "../../lib/admin-lists.ts";

/** The text a request search looks in: the expression of warehouse_requests_search_trgm_idx, word for word. */
function requestSearchText(): RawBuilder<string> {
  return sql<string>`(r.business_name || ' ' || r.referent || ' ' || r.contact || ' ' || r.location)`;
}

/** A request number as typed ("0000000042", "42", "#42"), or null when the term is no number. */
export function requestIdOf(term: string): number | null {
  const match = /^#?(\d{1,15})$/.exec(term.trim());
  if (!match) return null;
  const id = Number(match[1]);
  // Beyond bigint nobody has a request; 0 is nobody's number.
  return id > 0 && id <= Number.MAX_SAFE_INTEGER ? id : null;
}

/**
 * The list's filters: `answered` yes when at least one contacted warehouse answered (answered_count,
 * migration 0038), no when none did yet; `requester` account (a user's request) or visitor (none).
 */
export type AdminRequestsArgs = { search: string | null; from: string | null; to: string | null; answered?: YesNo; requester?: RequesterKind };

function adminRequestsWhere(db: Database, args: AdminRequestsArgs) {
  let q = db.selectFrom("warehouse_requests as r");
  if (args.from) q = q.where("r.created_at", ">=", romeDayStart(args.from));
  if (args.to) q = q.where("r.created_at", "<", romeDayAfter(args.to));
  if (args.answered === "yes") q = q.where("r.answered_count", ">", 0);
  if (args.answered === "no") q = q.where("r.answered_count", "=", 0);
  if (args.requester === "account") q = q.where("r.user_id", "is not", null);
  if (args.requester === "visitor") q = q.where("r.user_id", "is", null);
  const term = args.search?.trim();
  if (term) {
    const id = requestIdOf(term);
    q = q.where((eb) => eb.or([eb(requestSearchText(), "ilike", likePattern(term)), ...(id !== null ? [eb("r.id", "=", id)] : [])]));
  }
  return q;
}

/** The expression each order sorts by: exactly the leading column of its index, ties by r.id. */
const REQUEST_SORT_KEYS: Record<AdminRequestsOrderKey, RawBuilder<unknown>> = {
  created_at: sql`r.created_at`,
  warehouses: sql`r.warehouses_count`,
  quantity: sql`coalesce(r.m2_value, 0)`,
};

export const NEWEST_REQUESTS_FIRST: ListOrder<AdminRequestsOrderKey> = { key: "created_at", dir: "desc" };

/** A contacted warehouse as the JSON of the list: its real identity, the link's state, who handles it. */
type AdminLinkRow = HunterLinkRow & { created_at: string };

/** The warehouses of the request `r` (outer query), in the order they were contacted. */
const contactedWarehouses = sql<AdminLinkRow[]>`(
  select coalesce(json_agg(json_build_object(
    'link_id', link.id, 'id', w.id, 'name', w.name, 'city', w.city, 'address', w.address, 'state', link.state,
    'is_hub', w.is_hub, 'redeemed', w.redeemed, 'listed', w.status = 'approved' and not w.deactivated, 'created_at', link.created_at,
    'ref_name', ${fullNameSql("ref")}, 'ref_email', ref.email,
    'own_name', ${displayNameSql("own")}, 'own_email', own.email
  ) order by link.id), '[]')
  from warehouse_request_warehouses link
  join warehouses w on w.id = link.warehouse_id
  left join users ref on ref.id = w.referent_id
  left join users own on own.id = w.user_id
  where link.warehouse_request_id = r.id
)`;

/**
 * One page of requests in the list's order (newest first by default; ties by id the same way),
 * with specifications and contacted warehouses. `matchesFirst`: cut from the search's matches
 * found first (db/searched-page.ts says when and why).
 */
export function adminRequestsPageQuery(
  db: Database,
  args: AdminRequestsArgs & { order?: ListOrder<AdminRequestsOrderKey>; offset: number; limit: number; matchesFirst: boolean },
) {
  const order = args.order ?? NEWEST_REQUESTS_FIRST;
  const key = REQUEST_SORT_KEYS[order.key];
  const page = args.matchesFirst
    ? db
        .selectFrom("warehouse_requests as r")
        .where("r.id", "in", orderedMatchesPage(db, adminRequestsWhere(db, args).select(["r.id", key.as("sort_value")]), order.dir, args))
    : adminRequestsWhere(db, args).limit(args.limit).offset(args.offset);
  return page
    .select(REQUEST_FIELDS)
    .select(["r.user_id", "r.warehouses_count", "r.answered_count"])
    .select(specificationsOf("it"))
    .select(contactedWarehouses.as("warehouses"))
    .orderBy(key, order.dir)
    .orderBy("r.id", order.dir);
}

/**
 * One keyset page of the list's export, in its order: the columns the list shows, without the
 * warehouses themselves (their count and how many answered), `size` rows after `after`.
 */
export function adminRequestsExportQuery(
  db: Database,
  args: { filters: AdminRequestsArgs; order: ListOrder<AdminRequestsOrderKey>; after: Keyset | null; size: number },
) {
  const key = REQUEST_SORT_KEYS[args.order.key];
  let query = adminRequestsWhere(db, args.filters)
    .select([
      "r.id",
      "r.created_at",
      "r.business_name",
      "r.referent",
      "r.contact",
      "r.telephone",
      "r.user_id",
      "r.location",
      "r.radius",
      "r.m2_type",
      "r.m2_value",
      "r.start_date",
      "r.end_date",
      "r.warehouses_count",
      "r.answered_count",
    ])
    .select(key.as("sort_value"))
    .orderBy(key, args.order.dir)
    .orderBy("r.id", args.order.dir)
    .limit(args.size);
  if (args.after) query = query.where(keysetAfter(key, "r.id", args.order.dir, args.after));
  return query;
}

export function adminRequestsCountQuery(db: Database, args: AdminRequestsArgs) {
  return adminRequestsWhere(db, args).select((eb) => eb.fn.countAll<number>().as("n"));
}

/** Whether there is any request at all (the empty list has two texts: none at all, none found). */
export async function anyRequestExists(db: Database): Promise<boolean> {
  const row = await db.selectFrom("warehouse_requests").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** One request with everything the list shows of it (the export's content). */
export function findAdminRequest(db: Database, requestId: number) {
  return db
    .selectFrom("warehouse_requests as r")
    .select(REQUEST_FIELDS)
    .select(["r.user_id", "r.warehouses_count", "r.answered_count"])
    .select(specificationsOf("it"))
    .select(contactedWarehouses.as("warehouses"))
    .where("r.id", "=", requestId)
    .executeTakeFirst();
}

/**
 * The request that warehouses are added to, locked until the transaction ends, so two
 * administrators adding at once are applied one after the other (the second sees the first's links).
 */
export function lockRequestForAdding(db: Database, requestId: number) {
  return db
    .selectFrom("warehouse_requests")
    .select(["id", "business_name", "referent", "contact", "telephone", "message", "location", "radius", "m2_type", "m2_value", "start_date", "end_date"])
    .where("id", "=", requestId)
    .forUpdate()
    .executeTakeFirst();
}

/** Where a request looks for space (its place's position and radius), or undefined when there is no such request. */
export function findRequestPlace(db: Database, requestId: number) {
  return db.selectFrom("warehouse_requests").select(["id", "location", "lat", "lng", "radius"]).where("id", "=", requestId).executeTakeFirst();
}

/** The ids of the warehouses a request already went to. */
export async function linkedWarehouseIds(db: Database, requestId: number): Promise<number[]> {
  const rows = await db.selectFrom("warehouse_request_warehouses").select("warehouse_id").where("warehouse_request_id", "=", requestId).execute();
  return rows.map((r) => r.warehouse_id);
}

/** The request's specifications (value and English value), for the handlers' e-mail. */
export function requestSpecificationValues(db: Database, requestId: number) {
  return db
    .selectFrom("warehouse_request_specifications as rs")
    .innerJoin("specifications as s", "s.id", "rs.specification_id")
    .select(["s.value", "s.value_en"])
    .where("rs.warehouse_request_id", "=", requestId)
    .orderBy("s.cat_id")
    .orderBy("s.position")
    .orderBy("s.id")
    .execute();
}

/** Listed warehouses (approved, not deactivated) the request has not reached, without `excludeIds` (already picked). */
function candidateWarehouses(db: Database, args: { requestId: number; excludeIds: number[] }) {
  let q = db
    .selectFrom("warehouses as w")
    .select(["w.id", "w.name", "w.city", "w.province", "w.address", "w.redeemed", "w.is_hub"])
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("warehouse_request_warehouses as link")
            .select(sql`1`.as("one"))
            .whereRef("link.warehouse_id", "=", "w.id")
            .where("link.warehouse_request_id", "=", args.requestId),
        ),
      ),
    );
  if (args.excludeIds.length > 0) q = q.where("w.id", "not in", args.excludeIds);
  return q;
}

/**
 * The add-warehouses popup's search: candidate warehouses whose name, city or address holds the
 * term (or whose id it is), by name.
 */
export function requestWarehouseSearchQuery(db: Database, args: { requestId: number; search: string; excludeIds: number[]; limit: number }) {
  const term = args.search.trim();
  const like = likePattern(term);
  const id = /^\d{1,15}$/.test(term) && Number(term) <= Number.MAX_SAFE_INTEGER ? Number(term) : null;
  return candidateWarehouses(db, args)
    .select(sql<number | null>`null::float8`.as("distance_km"))
    .where((eb) =>
      eb.or([eb("w.name", "ilike", like), eb("w.city", "ilike", like), eb("w.address", "ilike", like), ...(id !== null ? [eb("w.id", "=", id)] : [])]),
    )
    .orderBy("w.name")
    .orderBy("w.id")
    .limit(args.limit);
}

/**
 * Before a term is typed: the candidate warehouses within the request's radius of its place,
 * nearest first (warehouses_earth_idx: the box, then the exact distance).
 */
export function nearbyRequestWarehousesQuery(
  db: Database,
  args: { requestId: number; lat: number; lng: number; radiusKm: number; excludeIds: number[]; limit: number },
) {
  const centre = sql`ll_to_earth(${args.lat}::float8, ${args.lng}::float8)`;
  const metres = args.radiusKm * 1000;
  const distance = sql<number>`earth_distance(${centre}, ll_to_earth(w.lat, w.lng))`;
  return candidateWarehouses(db, args)
    .select(sql<number | null>`round((${distance} / 1000)::numeric, 1)::float8`.as("distance_km"))
    .where(sql<boolean>`earth_box(${centre}, ${metres}::float8) @> ll_to_earth(w.lat, w.lng)`)
    .where(distance, "<=", metres)
    .orderBy(distance)
    .orderBy("w.id")
    .limit(args.limit);
}
