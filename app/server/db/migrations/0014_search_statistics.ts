// Finer statistics for the columns and expressions the back office searches with ILIKE.
//
// PostgreSQL estimates how many rows `x ILIKE '%term%'` matches from the histogram ANALYZE keeps
// (100 bounds by default): the share of bounds that contain the term, at least 0.01%. For a rare
// term, a company's or a warehouse's name, no bound contains it, except now and then one does,
// by the luck of the sample, and the estimate jumps to 1% of the table. Then the planner reads
// the whole table instead of the trigram index (a warehouse search at 200,000 warehouses: a
// parallel scan of all of them for 11 matches). With 1,000 bounds such a term weighs 0.1% at
// most, which the planner still reads by the index; a common term keeps its true weight.
// The cost: ANALYZE samples 300,000 rows of these tables instead of 30,000, and planning a
// search matches the term against 1,000 bounds instead of 100 (well under a millisecond).
import { sql, type Kysely } from "kysely";

const COLUMNS = [
  ["warehouses", "name"],
  ["warehouses", "city"],
  ["warehouses", "address"],
] as const;
/** Expression indexes: their one column is numbered 1. */
const EXPRESSIONS = ["users_search_trgm_idx", "warehouse_requests_search_trgm_idx", "crm_entries_search_trgm_idx"] as const;

async function setTarget(db: Kysely<any>, target: number) {
  for (const [table, column] of COLUMNS)
    await sql`alter table ${sql.id(table)} alter column ${sql.id(column)} set statistics ${sql.raw(String(target))}`.execute(db);
  for (const index of EXPRESSIONS) await sql`alter index ${sql.id(index)} alter column 1 set statistics ${sql.raw(String(target))}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await setTarget(db, 1000);
}

export async function down(db: Kysely<any>): Promise<void> {
  // -1: back to the server's default_statistics_target.
  await setTarget(db, -1);
}
