// SQL of the search index (search-index.ts): every listed warehouse, read once in one snapshot,
// and again by id when PostgreSQL says it changed (migration 0043). Each row is packed in a
// bytea (see INDEX_ROW_BYTES) and a range of rows is one value: a million rows of text would
// cost seconds to parse; packed they cost a copy.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { FAST_ANSWER_SECONDS, FAST_MIN_ANSWERED, packedSpace } from "./search.queries.ts";

/**
 * A range of listed warehouses, one column per value, each PostgreSQL's binary form of an int4
 * array (array_send: dimensions, has-nulls, element type, length, lower bound, then each element
 * as int4 length + int4 value): ids; published latitude and longitude in millionths (as the zone
 * query packs them); flags (1 redeemed, 4 a fast responder, as the zone's ranks query computes
 * it); the rating (0–50, -1 none) and the number of reviews, as the ranks query answers them
 * (nothing for a warehouse neither redeemed nor reviewed); and every warehouse's specification
 * ids, one array_send after another. One value per column rather than one per row: a row of
 * packed values costs PostgreSQL an allocation per value and row, twice the time of the scan.
 * Whether a warehouse has a public photo comes apart (indexPhotosQuery).
 */
export type IndexColumns = {
  ids: Buffer | null;
  lat: Buffer | null;
  lng: Buffer | null;
  flags: Buffer | null;
  rating: Buffer | null;
  reviews: Buffer | null;
  specs: Buffer | null;
  last: number | null;
};

const columns = sql`
  array_send(array_agg(w.id::int)) as ids,
  array_send(array_agg((w.pub_lat * 1e6)::int)) as lat,
  array_send(array_agg((w.pub_lng * 1e6)::int)) as lng,
  array_send(array_agg((case when w.redeemed then 1 else 0 end
    + case when (w.redeemed or w.review_count > 0)
                and w.answer_seconds_median <= ${FAST_ANSWER_SECONDS} and w.requests_answered >= ${FAST_MIN_ANSWERED} then 4 else 0 end)::int)) as flags,
  array_send(array_agg(case when w.redeemed or w.review_count > 0 then coalesce(w.rating_avg::int, -1) else -1 end)) as rating,
  array_send(array_agg(w.review_count)) as reviews,
  string_agg(array_send(coalesce(w.spec_ids, '{}'::int[])), ''::bytea) as specs,
  max(w.id)::int as last`;

const listed = sql`w.status = 'approved' and not w.deactivated`;

/** The columns `columns` reads: a narrow subquery costs half the time of select * over wide rows. */
const read = sql`w.id, w.pub_lat, w.pub_lng, w.redeemed, w.review_count, w.rating_avg, w.requests_answered, w.answer_seconds_median, w.spec_ids`;

/**
 * The listed warehouses with ids in (after, upTo], in id order (the aggregates read the ordered
 * subquery's rows in its order); null columns when there is none.
 */
export function indexRangeQuery(after: number, upTo: number): RawBuilder<IndexColumns> {
  return sql<IndexColumns>`
    select ${columns}
    from (select ${read} from warehouses w where ${listed} and w.id > ${after} and w.id <= ${upTo} order by w.id) w`;
}

/** How many warehouses are listed, and their lowest and highest ids: the build splits the ids in ranges. */
export function listedSpanQuery(): RawBuilder<{ n: number; lo: number; hi: number }> {
  return sql<{ n: number; lo: number; hi: number }>`
    select count(*)::int as n, coalesce(min(w.id), 0)::int as lo, coalesce(max(w.id), 0)::int as hi from warehouses w where ${listed}`;
}

/** Those of `ids` that are listed, as indexRangeQuery answers them (the others are gone from the search). */
export function indexRowsQuery(ids: number[]): RawBuilder<IndexColumns> {
  return sql<IndexColumns>`
    select ${columns}
    from (select ${read} from warehouses w where w.id = any(${sql.val(ids)}::bigint[]) and ${listed} order by w.id) w`;
}

/** The warehouses with ids in (after, upTo] that have an image (a public photo when redeemed), as array_send. */
export function indexPhotosQuery(after: number, upTo: number): RawBuilder<{ ids: Buffer | null }> {
  return sql<{ ids: Buffer | null }>`
    select array_send(array_agg(distinct i.warehouse_id::int)) as ids from images i where i.warehouse_id > ${after} and i.warehouse_id <= ${upTo}`;
}

/** Those of `ids` that have an image, as array_send. */
export function photosOfQuery(ids: number[]): RawBuilder<{ ids: Buffer | null }> {
  return sql<{ ids: Buffer | null }>`
    select array_send(array_agg(distinct i.warehouse_id::int)) as ids from images i where i.warehouse_id = any(${sql.val(ids)}::bigint[])`;
}

/**
 * The declared spaces still free today or later of warehouses with ids in (after, upTo], packed
 * as the zone's spaces query packs them (ZONE_SPACE_BYTES each). The caller keeps those of
 * listed warehouses.
 */
export function indexSpacesChunkQuery(after: number, upTo: number, today: string): RawBuilder<{ spaces: Buffer | null }> {
  return sql<{ spaces: Buffer | null }>`
    select string_agg(${packedSpace}, ''::bytea) as spaces
    from warehouse_spaces s
    where s.warehouse_id > ${after} and s.warehouse_id <= ${upTo} and (s.available_until is null or s.available_until >= ${today}::date)`;
}

/** What the index holds of `ids` now: the listed ones among them, and which of them have an image. */
export async function findIndexRows(db: Database, ids: number[]): Promise<{ columns: IndexColumns; photos: Buffer | null }> {
  const [rows, photos] = await Promise.all([indexRowsQuery(ids).execute(db), photosOfQuery(ids).execute(db)]);
  return { columns: rows.rows[0]!, photos: photos.rows[0]?.ids ?? null };
}

/** Exports the snapshot of the repeatable-read transaction `trx`, for other connections to read the same moment. */
export async function exportSnapshot(trx: Database): Promise<string> {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
  return rows[0]!.id;
}

/** Opens a read-only transaction on `conn` that reads an exported snapshot (end it with endReadOnly). */
export async function beginAtSnapshot(conn: Database, snapshot: string): Promise<void> {
  await sql`begin isolation level repeatable read read only`.execute(conn);
  // SET TRANSACTION SNAPSHOT takes no parameter; the id is PostgreSQL's own ("00000003-0000001B-1").
  if (!/^[0-9A-Fa-f-]+$/.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
  await sql.raw(`set transaction snapshot '${snapshot}'`).execute(conn);
}

export async function endReadOnly(conn: Database): Promise<void> {
  await sql`commit`.execute(conn);
}

/** How many specifications exist: the index sizes its specification bitsets from it. */
export async function countSpecifications(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from specifications`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The channel of migration 0043's notifications: '<search_epoch>:<id>,<id>…' or '<search_epoch>:*'. */
export const SEARCH_CHANGES_CHANNEL = "search_changes";
