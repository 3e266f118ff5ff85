// One page of a back-office list that is searched by a trigram index and sorted newest first.
//
// Why not one plain query: with a search, `order by created_at desc limit 20` leaves the planner
// two plans, walk the created_at index and test every row until 20 match, or read the matches by
// the trigram index and sort them. It picks by its estimate of how many rows match, and for a
// term as rare as a company's name that estimate is a coin toss: when one of the statistics'
// histogram bounds happens to contain the term, PostgreSQL believes 1% of the table matches and
// walks the date index, testing the whole table for a dozen rows (148 ms at 200,000 requests
// instead of 1 ms). The sample ANALYZE draws decides, so the plan changed from one ANALYZE to
// the next.
//
// Here the matches are found first, in a materialized CTE the planner cannot fold into the
// ordered walk, then sorted and cut to the page. A rare term costs its few index hits. A common
// one (every row matches) costs reading the matches, the same work as the page's count, which
// runs beside it anyway.
import type { SelectQueryBuilder } from "kysely";
import type { DB } from "./types.ts";
import type { Database } from "./database.ts";

type Match = { id: number; created_at: Date };

/**
 * The ids of one page of `matches` (a query selecting each matching row's id and created_at),
 * newest first, ties by id: use it as `where(alias.id, "in", …)` and sort the outer rows the same way.
 */
export function newestMatchesPage(db: Database, matches: SelectQueryBuilder<DB, any, Match>, page: { limit: number; offset: number }) {
  return db
    .with((cte) => cte("matches").materialized(), () => matches)
    .selectFrom("matches")
    .select("matches.id")
    .orderBy("matches.created_at", "desc")
    .orderBy("matches.id", "desc")
    .limit(page.limit)
    .offset(page.offset);
}
