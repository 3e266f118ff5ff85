// Application secrets kept in the database, so every app instance on the same database
// derives the same values (e.g. the fixed jitter of unclaimed warehouses) without config.
import { randomBytes } from "node:crypto";
import type { Database } from "./database.ts";

export async function appSecret(db: Database, name = "app"): Promise<string> {
  await db
    .insertInto("app_secrets")
    .values({ name, value: randomBytes(32).toString("hex") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}

/** A secret made before, or null: for checking what it signed, which must not make one (a GET of a forged link writes nothing). */
export async function existingAppSecret(db: Database, name: string): Promise<string | null> {
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirst();
  return row?.value ?? null;
}
