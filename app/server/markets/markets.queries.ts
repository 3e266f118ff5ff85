import type { Database } from "../db/database.ts";

/** The markets (business sectors) in their display order. */
export function listMarkets(db: Database) {
  return db.selectFrom("markets").select(["id", "label", "label_en"]).orderBy("position").orderBy("id").execute();
}
