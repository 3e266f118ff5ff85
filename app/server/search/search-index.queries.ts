// SQL of the search index (search-index.ts): every listed warehouse, read once in one snapshot,
// and again by id when PostgreSQL says it changed (migration 0043). Each row is packed in a
// bytea (see INDEX_ROW_BYTES) and a range of rows is one value: a million rows of text would
// cost seconds to parse; packed they cost a copy.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { FAST_ANSWER_SECONDS, FAST_MIN_ANSWERED, ZONE_SPACE_OPEN_END } from "./search.queries.ts";

/**
 * Fixed bytes per warehouse in an index row: six int4 — id; published latitude and longitude
 * in millionths (as the zone query packs them); flags (1 redeemed, 2 a public photo, 4 a fast
 * responder); the rating (0–50, -1 none) and the number of reviews, as the zone's ranks query
 * answers them (nothing for a warehouse neither redeemed nor reviewed). Then the specification
 * ids in PostgreSQL's binary array form (array_send): int4 dimensions, int4 has-nulls, oid,
 * then for one dimension its length and lower bound and each id as int4 length + int4 value.
 */
export const INDEX_ROW_BYTES = 24;

const row = sql`
  int4send(w.id::int) || int4send((w.pub_lat * 1e6)::int) || int4send((w.pub_lng * 1e6)::int)
  || int4send((case when w.redeemed then 1 else 0 end
               + case when w.redeemed and exists (select 1 from images i where i.warehouse_id = w.id) then 2 else 0 end
               + case when (w.redeemed or w.review_count > 0)
                           and w.answer_seconds_median <= ${FAST_ANSWER_SECONDS} and w.requests_answered >= ${FAST_MIN_ANSWERED} then 4 else 0 end)::int)
  || int4send(case when w.redeemed or w.review_count > 0 then coalesce(w.rating_avg::int, -1) else -1 end)
  || int4send(w.review_count)
  || array_send(coalesce(w.spec_ids, '{}'::int[]))`;

const listed = sql`w.status = 'approved' and not w.deactivated`;

/** The next `limit` listed warehouses after id `after`, in id order, packed; null when none is left. */
export function indexChunkQuery(after: number, limit: number): RawBuilder<{ rows: Buffer | null; last: number | null }> {
  return sql<{ rows: Buffer | null; last: number | null }>`
    select string_agg(${row}, ''::bytea order by w.id) as rows, max(w.id)::int as last
    from (select * from warehouses w where ${listed} and w.id > ${after} order by w.id limit ${limit}) w`;
}

/**
 * The declared spaces still free today or later of warehouses with ids in (after, upTo], packed
 * as the zone's spaces query packs them (ZONE_SPACE_BYTES each). The caller keeps those of
 * listed warehouses.
 */
export function indexSpacesChunkQuery(after: number, upTo: number, today: string): RawBuilder<{ spaces: Buffer | null }> {
  return sql<{ spaces: Buffer | null }>`
    select string_agg(
             int4send(s.warehouse_id::int) || int4send(s.id::int) || int4send(case when s.m2_type = 'pallet' then 1 else 0 end)
             || int4send(s.quantity) || int4send(s.available_from - date '1970-01-01')
             || int4send(coalesce(s.available_until - date '1970-01-01', ${ZONE_SPACE_OPEN_END}))
             || int4send(s.min_term_months::int) || int4send(case when s.price_public then coalesce(s.price_month, -1) else -1 end),
             ''::bytea) as spaces
    from warehouse_spaces s
    where s.warehouse_id > ${after} and s.warehouse_id <= ${upTo} and (s.available_until is null or s.available_until >= ${today}::date)`;
}

/** Those of `ids` that are listed, packed as indexChunkQuery packs them (the others are gone from the search). */
export function indexRowsQuery(ids: number[]): RawBuilder<{ rows: Buffer | null }> {
  return sql<{ rows: Buffer | null }>`
    select string_agg(${row}, ''::bytea order by w.id) as rows
    from warehouses w
    where w.id = any(${sql.val(ids)}::bigint[]) and ${listed}`;
}

export async function findIndexRows(db: Database, ids: number[]): Promise<Buffer> {
  const { rows } = await indexRowsQuery(ids).execute(db);
  return rows[0]?.rows ?? Buffer.alloc(0);
}

/** How many specifications exist: the index sizes its specification bitsets from it. */
export async function countSpecifications(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from specifications`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The channel of migration 0043's notifications: '<search_epoch>:<id>,<id>…' or '<search_epoch>:*'. */
export const SEARCH_CHANGES_CHANNEL = "search_changes";
