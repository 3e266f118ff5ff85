// Large catalogues for the query-plan tests, built once and cloned, instead of seeded anew by
// every file on every run:
//
//   const USERS = defineCatalogue("admin-users", async (db) => { ...insert 100,000 users...; analyze });
//   describe("the search on a large table", () => {
//     const t = useCatalogueDatabase(USERS);   // a database of its own, cloned from the catalogue
//     ...
//   });
//
// A catalogue is a database made from the run's migrated template (tests/support/db.ts) and
// then seeded, its secondary indexes built after the rows (seedInBulk); its name carries a hash
// of the migrations, the seed's code and seedInBulk's (stockspace_cat_<name>_<day>_<hash>). The
// first file that asks for it builds it, under an advisory lock, so a catalogue several files
// share is built once; the others wait and clone it (CREATE DATABASE … TEMPLATE, a copy of its
// files, statistics included). On a server of yours (DATABASE_URL) the catalogue stays after the
// run and the next runs of the day clone it at once, until a migration, the seed or the loading
// changes: then the next run builds the new one and drops the old;
// the run's end drops catalogues built on other days (tests/support/db-global-setup.ts). On the
// embedded server it goes with the server at the end of the run.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, type Database } from "../../app/server/db/database.ts";
import { createDatabase, type TestDatabase } from "./db.ts";

export type Catalogue = { name: string; seed: (db: Database) => Promise<void> };

/** A named seed. The name says what it holds (lowercase letters, digits, underscores). */
export function defineCatalogue(name: string, seed: (db: Database) => Promise<void>): Catalogue {
  if (!/^[a-z0-9_]{1,24}$/.test(name)) throw new Error(`catalogue name ${name}: lowercase letters, digits and underscores, 24 at most`);
  return { name, seed };
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app/server/db/migrations");

/** The migrations as they are on disk: a catalogue made from other migrations is another one. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(MIGRATIONS).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(full));
  }
  return hash.digest("hex");
}

/** Today in UTC, as the catalogues' names carry it: yyyymmdd. */
export const catalogueDay = (at = new Date()) => at.toISOString().slice(0, 10).replaceAll("-", "");

/**
 * stockspace_cat_<name>_<day>_<hash>: the day it was built, since seeds date their rows from
 * now() (a catalogue kept from an earlier day would be older than the tests expect), and a hash
 * of the migrations and the seed's code.
 */
export function catalogueDatabaseName(catalogue: Catalogue, at = new Date()): string {
  const key = createHash("sha256")
    .update(migrationsHash())
    .update(`\0${catalogue.name}\0${catalogue.seed.toString()}\0${seedInBulk.toString()}`)
    .digest("hex")
    .slice(0, 10);
  return `stockspace_cat_${catalogue.name}_${catalogueDay(at)}_${key}`;
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs a seed with the indexes that enforce nothing (not unique, no constraint's) dropped, then
 * builds them again with their statistics targets and analyzes: a catalogue's rows are written
 * once, and keeping two dozen indexes row by row cost a third of the catalogues' time (measured
 * across all of them on PostgreSQL 15: 607 s of the files' time against 422 s). The targets
 * matter: pg_get_indexdef does not carry an index column's SET STATISTICS, and an expression
 * index analyzed at the default target gives a plan test's worst term ten times the rows.
 */
async function seedInBulk(db: Database, seed: (db: Database) => Promise<void>): Promise<void> {
  const { rows: indexes } = await sql<{ name: string; def: string; targets: { column: number; target: number }[] }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def,
           coalesce((select json_agg(json_build_object('column', a.attnum, 'target', a.attstattarget))
                       from pg_attribute a where a.attrelid = i.indexrelid and a.attstattarget > 0), '[]') as targets
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and not i.indisunique and not i.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.raw(index.name)}`.execute(db);
  await seed(db);
  for (const index of indexes) {
    await sql.raw(index.def).execute(db);
    for (const { column, target } of index.targets)
      await sql`alter index ${sql.raw(index.name)} alter column ${sql.raw(String(column))} set statistics ${sql.raw(String(target))}`.execute(db);
  }
  // The expression indexes' statistics are taken by analyzing their tables once they exist.
  await sql`analyze`.execute(db);
}

/** One advisory lock per catalogue name, on the server's maintenance database. */
const lockKey = (name: string) => `stockspace_catalogue:${name}`;

/** Builds the catalogue unless the server has it already; returns its database's name. */
async function ensureCatalogue(admin: pg.Client, adminUrl: string, template: string, catalogue: Catalogue): Promise<string> {
  const name = catalogueDatabaseName(catalogue);
  const exists = async () => (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  await admin.query("select pg_advisory_lock(hashtext($1))", [lockKey(catalogue.name)]);
  try {
    if (await exists()) return name;
    // Built under another name and renamed when complete: a catalogue by its name is whole.
    const building = `${template}_building_${randomBytes(4).toString("hex")}`;
    await createDatabase(admin, building, template);
    const { db } = createDb(withDatabase(adminUrl, building), 2);
    try {
      await seedInBulk(db, catalogue.seed);
    } finally {
      await db.destroy();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    // The same catalogue made from older migrations or an older seed is dropped.
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1 and datname <> $2", [
      `stockspace\\_cat\\_${catalogue.name}\\_%`,
      name,
    ]);
    for (const row of rows) await admin.query(`drop database if exists ${admin.escapeIdentifier(row.datname)} with (force)`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext($1))", [lockKey(catalogue.name)]);
  }
}

/**
 * Registers beforeAll/afterAll hooks (put it in the describe of the tests that read the
 * catalogue): a database of its own, cloned from the catalogue, built first when needed.
 */
export function useCatalogueDatabase(catalogue: Catalogue): TestDatabase {
  const holder = {} as TestDatabase;
  let drop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const adminUrl = inject("pgAdminUrl");
    const template = inject("pgTemplate");
    if (!adminUrl || !template)
      throw new Error("no test database in this lane: a test file that needs PostgreSQL is named *.db.test.ts (the integration lane)");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // The clone is named like the run's other databases, so the run's end drops it even after a failure.
    const clone = `${template}_${randomBytes(4).toString("hex")}`;
    try {
      const source = await ensureCatalogue(admin, adminUrl, template, catalogue);
      // Shared: another run may not drop the catalogue while this one copies it.
      await admin.query("select pg_advisory_lock_shared(hashtext($1))", [lockKey(catalogue.name)]);
      try {
        await createDatabase(admin, clone, source);
      } finally {
        await admin.query("select pg_advisory_unlock_shared(hashtext($1))", [lockKey(catalogue.name)]);
      }
    } finally {
      await admin.end();
    }
    const { db } = createDb(withDatabase(adminUrl, clone), 5);
    Object.assign(holder, { db, url: withDatabase(adminUrl, clone), name: clone });
    drop = async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${clone} with (force)`);
      await client.end();
    };
  }, 600_000);
  afterAll(async () => {
    await drop?.();
  });
  return holder;
}
