// The plan PostgreSQL chooses for a Kysely query (EXPLAIN), as text, for the query plan tests.
import { CompiledQuery } from "kysely";
import type { Database } from "../../app/server/db/database.ts";

export async function queryPlan(db: Database, query: { compile(): CompiledQuery } | CompiledQuery): Promise<string> {
  const compiled = "compile" in query ? query.compile() : query;
  const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}
