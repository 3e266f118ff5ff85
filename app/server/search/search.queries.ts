// SQL of the map search. A zone is read on the partial GiST index over the published position
// of listed warehouses (migration 0004): earth_box(centre, r) @> ll_to_earth(pub_lat, pub_lng) is
// the indexable test of the box around the circle, and the index carries every column these
// statements read, so they are index-only scans. The exact circle test is the caller's.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";

export type ZoneArgs = { lat: number; lng: number; radiusM: number };

/**
 * Bytes per warehouse in zonePointsQuery's answer: the id as int4, negative when the warehouse
 * is not redeemed (anonymised), then latitude and longitude in millionths of a degree as int4 (the published
 * position has 6 decimals). Nothing more: every value more per row costs as much as the scan.
 */
export const ZONE_POINT_BYTES = 12;

const inZone = (args: ZoneArgs) =>
  sql`earth_box(ll_to_earth(${args.lat}::float8, ${args.lng}::float8), ${args.radiusM}::float8) @> ll_to_earth(w.pub_lat, w.pub_lng)
      and w.status = 'approved' and not w.deactivated`;

/**
 * Every listed warehouse whose published position lies in the box around the circle, packed in
 * one bytea (ZONE_POINT_BYTES each): a dense zone holds tens of thousands of them, and one binary
 * value reads several times faster than as many rows of text.
 */
export function zonePointsQuery(args: ZoneArgs): RawBuilder<{ points: Buffer | null }> {
  return sql<{ points: Buffer | null }>`
    select string_agg(
             int4send((case when w.redeemed then w.id else -w.id end)::int)
             || int4send((w.pub_lat * 1e6)::int) || int4send((w.pub_lng * 1e6)::int),
             ''::bytea) as points
    from warehouses w
    where ${inZone(args)}`;
}

/**
 * PostgreSQL rates a GiST box test at a fixed 0.1% of the table, so it would read a dense zone
 * with a bitmap scan of the table's pages instead of the index alone (31,000 random page reads
 * for Milan at a million warehouses). Transaction-local.
 */
export function zonePlanSettings(): RawBuilder<unknown> {
  return sql`set local enable_bitmapscan = off`;
}

async function withZonePlan<T>(db: Database, query: RawBuilder<T>): Promise<T[]> {
  return db.transaction().execute(async (trx) => {
    await zonePlanSettings().execute(trx);
    return (await query.execute(trx)).rows;
  });
}

export async function findZonePoints(db: Database, args: ZoneArgs): Promise<Buffer> {
  const rows = await withZonePlan(db, zonePointsQuery(args));
  return rows[0]?.points ?? Buffer.alloc(0);
}

/**
 * Bytes per space in zoneSpacesQuery's answer: eight int4 — the warehouse's id, the space's id,
 * its type (0 m², 1 pallets), quantity, first free day and last free day (days since
 * 1970-01-01; open-ended as ZONE_SPACE_OPEN_END), minimum term in months, and the monthly price
 * per unit in cents when the owner made it public, else -1 (a private price never leaves the
 * database).
 */
export const ZONE_SPACE_BYTES = 32;
export const ZONE_SPACE_OPEN_END = 2_147_483_647;

/** One space of `warehouse_spaces s`, packed as ZONE_SPACE_BYTES says. */
export const packedSpace: RawBuilder<Buffer> = sql<Buffer>`int4send(s.warehouse_id::int) || int4send(s.id::int)
  || int4send(case when s.m2_type = 'pallet' then 1 else 0 end) || int4send(s.quantity)
  || int4send(s.available_from - date '1970-01-01') || int4send(coalesce(s.available_until - date '1970-01-01', ${ZONE_SPACE_OPEN_END}))
  || int4send(s.min_term_months::int) || int4send(case when s.price_public then coalesce(s.price_month, -1) else -1 end)`;

/**
 * The declared spaces of every listed warehouse in the box, still free today or later (Italy's
 * day), packed in one bytea: the zone's GiST scan, then one probe of the spaces' covering index
 * per warehouse that has any space (migrations 0024 and 0027).
 */
export function zoneSpacesQuery(args: ZoneArgs & { today: string }): RawBuilder<{ spaces: Buffer | null }> {
  // The lateral subquery keeps the plan a nested loop of index probes: left to its estimate of
  // the box (0.1% of the table), the planner hashed the zone and read every space (a seq scan).
  // "offset 0" keeps the planner from pulling the subquery up into that join.
  return sql<{ spaces: Buffer | null }>`
    select string_agg(s.packed, ''::bytea) as spaces
    from warehouses w
    cross join lateral (
      select ${packedSpace} as packed
      from warehouse_spaces s
      where s.warehouse_id = w.id and (s.available_until is null or s.available_until >= ${args.today}::date)
      offset 0
    ) s
    where ${inZone(args)} and w.has_spaces`;
}

export async function findZoneSpaces(db: Database, args: ZoneArgs & { today: string }): Promise<Buffer> {
  const rows = await withZonePlan(db, zoneSpacesQuery(args));
  return rows[0]?.spaces ?? Buffer.alloc(0);
}

/** The declared spaces of some warehouses still free today or later, packed as zoneSpacesQuery packs them. */
export function spacesOfQuery(ids: number[], today: string): RawBuilder<{ spaces: Buffer | null }> {
  return sql<{ spaces: Buffer | null }>`
    select string_agg(${packedSpace}, ''::bytea) as spaces
    from warehouse_spaces s
    where s.warehouse_id = any(${sql.val(ids)}::bigint[]) and (s.available_until is null or s.available_until >= ${today}::date)`;
}

export async function findSpacesOf(db: Database, ids: number[], today: string): Promise<Buffer> {
  if (ids.length === 0) return Buffer.alloc(0);
  const { rows } = await spacesOfQuery(ids, today).execute(db);
  return rows[0]?.spaces ?? Buffer.alloc(0);
}

/** An answered request is "fast" when its median first answer came within this many seconds, over at least FAST_MIN_ANSWERED answers. */
export const FAST_ANSWER_SECONDS = 24 * 3600;
export const FAST_MIN_ANSWERED = 3;

/**
 * Bytes per warehouse in zoneRanksQuery's answer: four int4 — id, flags (1: has a photo, 2: a
 * fast responder), rating_avg (0–50, -1 without reviews), review_count.
 */
export const ZONE_RANK_BYTES = 16;

/**
 * What the orders weigh beyond distance, for the warehouses of the box that have any of it: the
 * redeemed (their photos and answer times are public) and the reviewed. The trust figures are
 * columns of the warehouse row (migration 0022) that the zone's index carries (migration 0024);
 * a photo is one probe of the images' index.
 */
export function zoneRanksQuery(args: ZoneArgs): RawBuilder<{ ranks: Buffer | null }> {
  return sql<{ ranks: Buffer | null }>`
    select string_agg(
             int4send(w.id::int)
             || int4send((case when w.redeemed and exists (select 1 from images i where i.warehouse_id = w.id) then 1 else 0 end
                        + case when w.answer_seconds_median <= ${FAST_ANSWER_SECONDS} and w.requests_answered >= ${FAST_MIN_ANSWERED} then 2 else 0 end)::int)
             || int4send(coalesce(w.rating_avg::int, -1)) || int4send(w.review_count),
             ''::bytea) as ranks
    from warehouses w
    where ${inZone(args)}
      and (w.redeemed or w.review_count > 0)`;
}

export async function findZoneRanks(db: Database, args: ZoneArgs): Promise<Buffer> {
  const rows = await withZonePlan(db, zoneRanksQuery(args));
  return rows[0]?.ranks ?? Buffer.alloc(0);
}

/** What a search asks of a warehouse's spaces, for the SQL counts (see spaces.ts for the same rule in memory). */
export type SpaceCriteria = {
  m2Type: "m2" | "pallet";
  /** Quantity needed (1 when only dates are asked). */
  quantity: number;
  /** The period, ISO days; both today when only a quantity is asked. */
  start: string;
  end: string;
  /** The period's length in months, or null when no dates were asked (no minimum term applies). */
  months: number | null;
};

const spaceMatches = (c: SpaceCriteria) => sql`exists (
  select 1 from warehouse_spaces s
  where s.warehouse_id = w.id and s.m2_type = ${c.m2Type} and s.quantity >= ${c.quantity}
    and s.available_from <= ${c.start}::date and (s.available_until is null or s.available_until >= ${c.end}::date)
    ${c.months === null ? sql`` : sql`and s.min_term_months <= ${c.months}`})`;

export type ZoneFilterArgs = ZoneArgs & {
  /** Every one of them must be offered. */
  specIds: number[];
  /** A declared space must cover them (only the wider radius's count asks). */
  spaces?: SpaceCriteria | null;
  /** total_m2 at least this (an unknown total_m2 never matches); null for no area filter. */
  minArea: number | null;
};

/** The ids (packed int4) of the listed warehouses in the box that match the filters. */
export function zoneMatchesQuery(args: ZoneFilterArgs): RawBuilder<{ ids: Buffer | null }> {
  return sql<{ ids: Buffer | null }>`
    select string_agg(int4send(w.id::int), ''::bytea) as ids
    from warehouses w
    where ${inZone(args)}
      ${args.specIds.length ? sql`and w.spec_ids @> ${sql.val(args.specIds)}::int[]` : sql``}
      ${args.minArea !== null ? sql`and w.total_m2 >= ${args.minArea}` : sql``}`;
}

export async function findZoneMatches(db: Database, args: ZoneFilterArgs): Promise<Set<number>> {
  const rows = await withZonePlan(db, zoneMatchesQuery(args));
  const packed = rows[0]?.ids ?? Buffer.alloc(0);
  const ids = new Set<number>();
  for (let offset = 0; offset < packed.length; offset += 4) ids.add(packed.readInt32BE(offset));
  return ids;
}

/**
 * How many listed warehouses within `radiusM` of a point (on their published position) match
 * the filters: what a search without results would find with a wider radius.
 */
export function zoneMatchCountQuery(args: ZoneFilterArgs): RawBuilder<{ count: number }> {
  return sql<{ count: number }>`
    select count(*)::int as count
    from warehouses w
    where ${inZone(args)}
      and earth_distance(ll_to_earth(${args.lat}::float8, ${args.lng}::float8), ll_to_earth(w.pub_lat, w.pub_lng)) <= ${args.radiusM}::float8
      ${args.specIds.length ? sql`and w.spec_ids @> ${sql.val(args.specIds)}::int[]` : sql``}
      ${args.minArea !== null ? sql`and w.total_m2 >= ${args.minArea}` : sql``}
      ${args.spaces ? sql`and w.has_spaces and ${spaceMatches(args.spaces)}` : sql``}`;
}

export async function countZoneMatches(db: Database, args: ZoneFilterArgs): Promise<number> {
  const rows = await withZonePlan(db, zoneMatchCountQuery(args));
  return Number(rows[0]?.count ?? 0);
}

/** The counter raised by every change a zone depends on (migration 0004). */
export async function readSearchEpoch(db: Database): Promise<string> {
  const row = await db.selectFrom("search_epoch").select("value").executeTakeFirst();
  return String(row?.value ?? 0);
}

export type SearchCard = {
  id: number;
  name: string;
  city: string;
  address: string;
  cap: string;
  pub_lat: number;
  pub_lng: number;
  is_hub: boolean;
  total_m2: number | null;
  /** Claimed and covered by its owner's subscription: its identity is public (migration 0008). */
  redeemed: boolean;
  /** Nobody owns it yet: a visitor may register to claim it. */
  claimable: boolean;
  /** Every specification of the warehouse (warehouses.spec_ids, kept by triggers). */
  spec_ids: number[];
  /** The first image (by position) of a redeemed warehouse, if any. */
  img: string | null;
  /** The trust figures kept on the row (migrations 0022 and 0025), and whether the owner is approved. */
  review_count: number;
  rating_avg: number | null;
  requests_received: number;
  requests_answered: number;
  answer_seconds_median: number | null;
  owner_approved: boolean | null;
};

/** What a result card shows, for listed warehouses among `ids` (others are left out). */
export async function findSearchCards(db: Database, ids: number[]): Promise<SearchCard[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SearchCard>`
    select w.id::int as id, w.name, w.city, w.address, w.cap, w.pub_lat, w.pub_lng, w.is_hub, w.total_m2::float8 as total_m2,
           w.redeemed, w.user_id is null as claimable, array_to_string(w.spec_ids, ',') as spec_ids,
           case when w.redeemed
             then (select coalesce(i.thumb_src, i.src) from images i where i.warehouse_id = w.id order by i.position, i.id limit 1)
           end as img,
           w.review_count, w.rating_avg, w.requests_received, w.requests_answered, w.answer_seconds_median,
           o.approval_status = 'approved' and o.active as owner_approved
    from warehouses w
    left join users o on o.id = w.user_id
    where w.id = any(${sql.val(ids)}::bigint[]) and w.status = 'approved' and not w.deactivated`.execute(db);
  for (const row of rows) row.spec_ids = parseIds(row.spec_ids as unknown as string);
  return rows;
}

/** "3,17,42" → [3, 17, 42]: cheaper than node-postgres' general array parser. */
function parseIds(text: string): number[] {
  if (!text) return [];
  const parts = text.split(",");
  const ids = new Array<number>(parts.length);
  for (let i = 0; i < parts.length; i++) ids[i] = Number(parts[i]);
  return ids;
}

export type PublicSpecification = {
  id: number;
  cat_id: number;
  value: string;
  value_en: string | null;
  description: string | null;
  description_en: string | null;
  position: number;
};

/** The visible specifications, in display order (category, position, id). */
export async function listVisibleSpecifications(db: Database): Promise<PublicSpecification[]> {
  return db
    .selectFrom("specifications")
    .select(["id", "cat_id", "value", "value_en", "description", "description_en", "position"])
    .where("hidden", "=", false)
    .orderBy("cat_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}
