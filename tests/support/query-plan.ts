// The plan PostgreSQL chooses for a Kysely query (EXPLAIN), as text, for the query plan tests.
import { CompiledQuery, sql } from "kysely";
import type { Database } from "../../app/server/db/database.ts";

export async function queryPlan(db: Database, query: { compile(): CompiledQuery } | CompiledQuery): Promise<string> {
  const compiled = "compile" in query ? query.compile() : query;
  const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

/**
 * The middle bound of the histogram ANALYZE keeps for an expression index's first column: a
 * search for a term inside it makes the planner believe 1% of the table matches, whatever the
 * sample, so a plan test can check the worst estimate instead of the one the sample happened to give.
 */
export async function histogramBound(db: Database, indexName: string): Promise<string> {
  const { rows } = await sql<{ bound: string | null }>`
    select (histogram_bounds::text::text[])[array_length(histogram_bounds::text::text[], 1) / 2] as bound
    from pg_stats where tablename = ${indexName}`.execute(db);
  const bound = rows[0]?.bound;
  if (!bound) throw new Error(`no histogram for ${indexName}: ANALYZE its table first`);
  return bound;
}
