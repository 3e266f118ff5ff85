// One page of a back-office list that is searched by a trigram index and sorted newest first.
//
// Why not one plain query: with a search, `order by created_at desc limit 8` leaves the planner
// two plans: walk the created_at index and test every row until 8 match, or read the matches by
// the trigram index and sort them. It picks by its estimate of how many rows match, and for a
// term as rare as a company's name that estimate is a coin toss: when one of the statistics'
// histogram bounds happens to contain the term, PostgreSQL believes a bound's share of the table
// matches (1% with 100 bounds; 0.1% with the 1,000 of migration 0014, still enough) and walks
// the date index, testing the whole table for a dozen rows (144 ms at 200,000 requests instead
// of 5 ms). The sample ANALYZE draws decides, so the plan changed from one ANALYZE to the next.
//
// The list's count, which the page needs anyway, says how many rows really match. It runs
// first; up to SORT_MATCHES_UP_TO matches, the page is cut from the matches found first (a
// materialized CTE the planner cannot fold into the ordered walk), and beyond that the plain
// query's walk finds a page within its first rows (a term that every row matches: 0.1 ms, where
// finding and sorting 200,000 matches would take 170 ms).
import { sql, type SelectQueryBuilder } from "kysely";
import type { DB } from "./types.ts";
import type { Database } from "./database.ts";

/** Up to this many matches, a searched page sorts the matches it found; beyond it, it walks the date index. */
export const SORT_MATCHES_UP_TO = 5000;

/** Whether a page of a list searched for `search`, which matches `count` rows, is cut from its matches found first. */
export function findMatchesFirst(search: string | null | undefined, count: number): boolean {
  return Boolean(search?.trim()) && count <= SORT_MATCHES_UP_TO;
}

type Match = { id: number; created_at: Date };

/**
 * The ids of one page of `matches` (a query selecting each matching row's id and created_at),
 * newest first, ties by id: use it as `where(alias.id, "in", …)` and sort the outer rows the same way.
 */
export function newestMatchesPage(db: Database, matches: SelectQueryBuilder<DB, any, Match>, page: { limit: number; offset: number }) {
  return db
    .with(
      (cte) => cte("matches").materialized(),
      () => matches,
    )
    .selectFrom("matches")
    .select("matches.id")
    .orderBy("matches.created_at", "desc")
    .orderBy("matches.id", "desc")
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * newestMatchesPage for a list sorted by another column: `matches` selects each matching row's id
 * and its sort value (`sort_value`), the page is in that order `dir`, ties by id the same way.
 */
export function orderedMatchesPage(
  db: Database,
  matches: SelectQueryBuilder<DB, any, { id: number; sort_value: unknown }>,
  dir: "asc" | "desc",
  page: { limit: number; offset: number },
) {
  return db
    .with(
      (cte) => cte("matches").materialized(),
      () => matches,
    )
    .selectFrom("matches")
    .select("matches.id")
    .orderBy(sql`matches.sort_value`, dir)
    .orderBy("matches.id", dir)
    .limit(page.limit)
    .offset(page.offset);
}
