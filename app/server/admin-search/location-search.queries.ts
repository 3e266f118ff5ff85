// SQL of the back office's location search (/admin/search and its JSON calls): the warehouses
// and the quote requests within a radius of a point. Unlike the public map (app/server/search/),
// it reads the TRUE positions (warehouses.lat/lng, not the published ones) of every warehouse,
// whatever its status, and shows real names: administrators see everything.
//
// Indexes (migration 0001): warehouses_earth_idx and warehouse_requests_earth_idx, GiST over
// ll_to_earth(lat, lng). earth_box(centre, r) @> ll_to_earth(lat, lng) is the indexable test of
// the box around the circle; earth_distance(…) <= r then keeps the circle itself. The warehouses'
// order (nearest first) is the index's own KNN order (<->: the straight-line distance between
// the two points on earthdistance's sphere, which grows with the great-circle distance), so a
// page is read nearest first from the index instead of sorting the whole circle.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { REQUEST_FIELDS } from "../requests/area-requests.queries.ts";

/** A search: the centre (degrees) and the radius (km). */
export type Circle = { lat: number; lng: number; radiusKm: number };

const centre = (c: Circle): RawBuilder<unknown> => sql`ll_to_earth(${c.lat}::float8, ${c.lng}::float8)`;
const metres = (c: Circle): RawBuilder<unknown> => sql`${c.radiusKm * 1000}::float8`;

/** The indexable box test and the exact circle, for a table aliased `alias` with lat/lng. */
function inCircle(alias: "w" | "r", c: Circle): RawBuilder<boolean> {
  const point = sql`ll_to_earth(${sql.ref(`${alias}.lat`)}, ${sql.ref(`${alias}.lng`)})`;
  return sql<boolean>`earth_box(${centre(c)}, ${metres(c)}) @> ${point} and earth_distance(${point}, ${centre(c)}) <= ${metres(c)}`;
}

/** Kilometres from the centre, for display (the exact great-circle distance). */
function distanceKm(alias: "w" | "r", c: Circle): RawBuilder<number> {
  return sql<number>`earth_distance(ll_to_earth(${sql.ref(`${alias}.lat`)}, ${sql.ref(`${alias}.lng`)}), ${centre(c)}) / 1000`;
}

// ---------------------------------------------------------------- warehouses

function warehousesIn(db: Database, c: Circle) {
  return db.selectFrom("warehouses as w").where(inCircle("w", c));
}

/** The warehouse's own columns, its distance (km) and its KNN sort key, within the circle. */
function warehouseColumns(db: Database, c: Circle) {
  return warehousesIn(db, c)
    .select([
      "w.id",
      "w.name",
      "w.address",
      "w.cap",
      "w.city",
      "w.province",
      "w.total_m2",
      "w.is_hub",
      "w.status",
      "w.deactivated",
      "w.redeemed",
      "w.user_id",
      "w.created_at",
    ])
    .select(distanceKm("w", c).as("distance_km"))
    .select(sql<number>`ll_to_earth(w.lat, w.lng) <-> ${centre(c)}`.as("knn"));
}

/**
 * A page of warehouses (already cut to its rows) with its owners: the join comes after the
 * limit, so it reads the users of 20 rows by their key, whatever the size of the circle.
 */
function withOwners(db: Database, page: ReturnType<typeof warehouseColumns>) {
  return db
    .selectFrom(page.as("p"))
    .leftJoin("users as owner", "owner.id", "p.user_id")
    .selectAll("p")
    .select([
      "owner.email as owner_email",
      "owner.role as owner_role",
      "owner.first_name as owner_first_name",
      "owner.last_name as owner_last_name",
      "owner.company as owner_company",
    ]);
}

/**
 * One page of the warehouses in the circle, nearest first (ties by id). Run it with
 * knnPlanSettings: the GiST index then hands the rows over nearest first and the scan stops
 * after the page, instead of sorting a whole region's warehouses for 20 of them.
 */
export function locationWarehousesPageQuery(db: Database, args: { circle: Circle; limit: number; offset: number }) {
  const page = warehouseColumns(db, args.circle).orderBy("knn").orderBy("w.id").limit(args.limit).offset(args.offset);
  return withOwners(db, page).orderBy("p.knn").orderBy("p.id");
}

/**
 * PostgreSQL rates a GiST box test at a fixed 0.1% of the table whatever the radius, so for a
 * wide circle it would still pick a bitmap scan of the whole circle and a sort (tens of
 * thousands of rows at a million warehouses) over the index's nearest-first order. Transaction-local.
 */
export function knnPlanSettings(): RawBuilder<unknown> {
  return sql`set local enable_bitmapscan = off`;
}

/**
 * How an export reads a wide circle. Its pages go by id; for a small circle each page reads the
 * circle through the GiST index and sorts it, which is cheap. For a wide one that would read the
 * whole circle again for every page of 1,000 (measured: 77 s for 110,000 rows at 300,000
 * warehouses), so instead each page walks the primary key from the last id, testing the circle
 * on the way: the table is read once in all. The planner cannot tell the two apart (it rates a
 * GiST box at 0.1% of the table whatever its size), so the caller decides by the count and
 * these settings make the id order the only cheap plan. Transaction-local.
 */
export function idWalkPlanSettings(): RawBuilder<unknown>[] {
  // Without parallel workers too: starting them cost more than the page itself (95 of 140 ms).
  return [sql`set local enable_bitmapscan = off`, sql`set local enable_sort = off`, sql`set local max_parallel_workers_per_gather = 0`];
}

/** Above this many rows in the circle an export walks the ids (idWalkPlanSettings); about where the two cost the same at a million rows. */
export const EXPORT_ID_WALK_FROM = 20_000;

export type LocationWarehouseDbRow = Awaited<ReturnType<ReturnType<typeof locationWarehousesPageQuery>["execute"]>>[number];

export function countLocationWarehousesQuery(db: Database, circle: Circle) {
  return warehousesIn(db, circle).select(sql<number>`count(*)::int`.as("n"));
}

/**
 * One page of the export, by keyset on id: each page starts where the last one stopped (an
 * index range), so a circle of 100,000 warehouses is read once, not once per page as pages in
 * distance order would be (the KNN scan cannot start in the middle). The CSV has the distance.
 */
export function locationWarehousesExportPage(db: Database, args: { circle: Circle; afterId: number | null; size: number }) {
  let page = warehouseColumns(db, args.circle);
  if (args.afterId !== null) page = page.where("w.id", ">", args.afterId);
  return withOwners(db, page.orderBy("w.id").limit(args.size)).orderBy("p.id");
}

// ---------------------------------------------------------------- quote requests

function requestsIn(db: Database, c: Circle) {
  // warehouse_requests_earth_idx is partial (requests with a position): say so, so it qualifies.
  return db.selectFrom("warehouse_requests as r").where("r.lat", "is not", null).where("r.lng", "is not", null).where(inCircle("r", c));
}

function withRequestColumns(db: Database, c: Circle) {
  return requestsIn(db, c)
    .select(REQUEST_FIELDS)
    .select(distanceKm("r", c).as("distance_km"))
    .select((eb) =>
      eb
        .selectFrom("warehouse_request_warehouses as link")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("link.warehouse_request_id", "=", "r.id")
        .as("warehouses_count"),
    );
}

/** One page of the requests in the circle (by their own position), newest first (ties by id). */
export function locationRequestsPageQuery(db: Database, args: { circle: Circle; limit: number; offset: number }) {
  return withRequestColumns(db, args.circle).orderBy("r.created_at", "desc").orderBy("r.id", "desc").limit(args.limit).offset(args.offset);
}

export type LocationRequestDbRow = Awaited<ReturnType<ReturnType<typeof locationRequestsPageQuery>["execute"]>>[number];

export function countLocationRequestsQuery(db: Database, circle: Circle) {
  return requestsIn(db, circle).select(sql<number>`count(*)::int`.as("n"));
}

/** One page of the requests' export, by keyset on id, newest first (ids follow creation). */
export function locationRequestsExportPage(db: Database, args: { circle: Circle; beforeId: number | null; size: number }) {
  let query = withRequestColumns(db, args.circle);
  if (args.beforeId !== null) query = query.where("r.id", "<", args.beforeId);
  return query.orderBy("r.id", "desc").limit(args.size);
}

/** The specifications of some requests, in Italian (the back office's language), by category then position. */
export function requestSpecificationsQuery(db: Database, requestIds: number[]) {
  return db
    .selectFrom("warehouse_request_specifications as rs")
    .innerJoin("specifications as s", "s.id", "rs.specification_id")
    .innerJoin("specification_categories as c", "c.id", "s.cat_id")
    .select(["rs.warehouse_request_id", "s.id", "s.value", "s.cat_id", "c.name as category"])
    .where("rs.warehouse_request_id", "in", requestIds)
    .orderBy("s.cat_id")
    .orderBy("s.position")
    .orderBy("s.id");
}
