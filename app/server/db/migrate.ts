// Applies the migrations listed in migrations/index.ts (an explicit list: no folder scan,
// so the bundle and the CLI see the same set). Landed migrations are never edited.
import { sql } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import type { Database } from "./database.ts";
import { migrations } from "./migrations/index.ts";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this code knows, in order. */
export const KNOWN_MIGRATIONS = Object.keys(migrations).sort();

/** The names of the migrations the database has run (none before the first start). */
export async function executedMigrations(db: Database): Promise<string[]> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return [];
  const executed = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return executed.rows.map((r) => r.name);
}

/**
 * Applies what is pending and returns the names applied. A database that a newer version has
 * already migrated further is left as it is, with a warning, when it has run every migration
 * this code knows: the previous version runs on the expanded schema during a rolling deploy and
 * after a rollback (docs/operations.md). A database that ran newer migrations but misses one of
 * ours is a real divergence and stops the start.
 */
export async function migrateToLatest(db: Database, opts: { warn?: (message: string) => void } = {}): Promise<string[]> {
  const executed = new Set(await executedMigrations(db));
  const newer = [...executed].filter((name) => !(name in migrations));
  if (newer.length) {
    const missing = KNOWN_MIGRATIONS.filter((name) => !executed.has(name));
    if (missing.length) {
      throw new Error(
        `the database ran migrations this version does not know (${newer.join(", ")}) but not ${missing.join(", ")}: run the version that wrote them`,
      );
    }
    opts.warn?.(
      `the database ran migrations of a newer version (${newer.join(", ")}): this version runs on it unchanged, as during a rolling deploy or a rollback`,
    );
    return [];
  }
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations this code knows that the database has not applied yet, by name. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const executed = new Set(await executedMigrations(db));
  return KNOWN_MIGRATIONS.filter((name) => !executed.has(name));
}
