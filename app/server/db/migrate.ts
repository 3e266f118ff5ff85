// Applies the migrations listed in migrations/index.ts (an explicit list: no folder scan,
// so the bundle and the CLI see the same set). Landed migrations are never edited.
import { Migrator, type MigrationProvider } from "kysely/migration";
import type { Database } from "./database.ts";
import { migrations } from "./migrations/index.ts";

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations of the list the database has not applied yet, by name (as the migrator sees them). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
