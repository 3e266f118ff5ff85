// The migrator on a database that a newer version has migrated further: the previous version
// still starts on it (a rolling deploy, a rollback); a real divergence stops it.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { executedMigrations, KNOWN_MIGRATIONS, migrateToLatest, pendingMigrations } from "./migrate.ts";

describe("migrateToLatest", () => {
  const t = useTestDatabase();

  it("applies nothing on a database that is up to date", async () => {
    const warnings: string[] = [];
    expect(await migrateToLatest(t.db, { warn: (m) => warnings.push(m) })).toEqual([]);
    expect(warnings).toEqual([]);
    expect(await executedMigrations(t.db)).toEqual(KNOWN_MIGRATIONS);
  });

  it("runs on a database with a newer version's migrations, with a warning", async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_version', now()::text)`.execute(t.db);
    const warnings: string[] = [];
    expect(await migrateToLatest(t.db, { warn: (m) => warnings.push(m) })).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("9999_from_a_newer_version");
    // Ready as well: nothing this code knows is pending.
    expect(await pendingMigrations(t.db)).toEqual([]);
  });

  it("stops when the database ran newer migrations but misses one of ours", async () => {
    const last = KNOWN_MIGRATIONS.at(-1)!;
    const { rows } = await sql<{ timestamp: string }>`select timestamp from kysely_migration where name = ${last}`.execute(t.db);
    await sql`delete from kysely_migration where name = ${last}`.execute(t.db);
    try {
      await expect(migrateToLatest(t.db)).rejects.toThrow(`but not ${last}`);
      expect(await pendingMigrations(t.db)).toEqual([last]);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${rows[0]!.timestamp})`.execute(t.db);
      await sql`delete from kysely_migration where name = '9999_from_a_newer_version'`.execute(t.db);
    }
    expect(await executedMigrations(t.db)).toEqual(KNOWN_MIGRATIONS);
  });
});
