// The sitemap's reads: the warehouses with a public sheet (redeemed, approved, not deactivated,
// as findPublicWarehouse in warehouses.queries.ts), by id ranges of a fixed width, through their
// partial index (warehouses_public_sheet_idx, migration 0041).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

const hasPublicSheet = sql<boolean>`redeemed and status = 'approved' and not deactivated`;

/** The id ranges holding at least one public sheet (range n: ids n·width+1 … (n+1)·width), with their latest change. */
export function sitemapRangesQuery(db: Database, args: { width: number }) {
  return db
    .selectFrom("warehouses")
    .select([sql<number>`((id - 1) / ${args.width})::int`.as("range"), sql<Date>`max(updated_at)`.as("lastmod")])
    .where(hasPublicSheet)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** The public sheets of one id range, by id, with their last change. */
export function sitemapRangeQuery(db: Database, args: { range: number; width: number }) {
  const first = args.range * args.width + 1;
  return db
    .selectFrom("warehouses")
    .select(["id", "updated_at"])
    .where(hasPublicSheet)
    .where("id", ">=", first)
    .where("id", "<", first + args.width)
    .orderBy("id");
}
