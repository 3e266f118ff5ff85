import { sql } from "kysely";
import type { Database } from "../db/database.ts";

/** The cheapest question the database can answer: it throws when the database does not. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
