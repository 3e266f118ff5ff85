// The plan PostgreSQL chooses for a Kysely query (EXPLAIN), as text, for the query plan tests.
import { CompiledQuery, sql } from "kysely";
import type { Database } from "../../app/server/db/database.ts";

export async function queryPlan(db: Database, query: { compile(): CompiledQuery } | CompiledQuery): Promise<string> {
  const compiled = "compile" in query ? query.compile() : query;
  const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

/**
 * The middle bound of the histogram ANALYZE keeps for a table's column, or for an expression
 * index's expression (pass the index's name and no column): a search for a term inside it makes
 * the planner believe a bound's share of the table matches (1% with 100 bounds, 0.1% with 1,000),
 * whatever the sample, so a plan test can check that worst estimate every run instead of the one
 * the sample happened to give.
 */
export async function histogramBound(db: Database, relation: string, column?: string): Promise<string> {
  const { rows } = await sql<{ bound: string | null }>`
    select (histogram_bounds::text::text[])[array_length(histogram_bounds::text::text[], 1) / 2] as bound
    from pg_stats where tablename = ${relation} and (${column ?? null}::text is null or attname = ${column ?? null})`.execute(db);
  const bound = rows[0]?.bound;
  if (!bound) throw new Error(`no histogram for ${relation}${column ? `.${column}` : ""}: ANALYZE its table first`);
  return bound;
}
