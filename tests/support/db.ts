// A fresh database for one test file, cloned from the migrated template:
//
//   const t = await useTestDatabase();      // in a describe or at the top of the file
//   ... t.db is a Kysely<DB> on a database of its own ...
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, type Database } from "../../app/server/db/database.ts";

export type TestDatabase = { db: Database; url: string; name: string };

/**
 * CREATE DATABASE for the tests (from `template` when given), whose commits do not wait for the
 * disk: a test database is thrown away at the run's end, so a commit lost in a crash costs
 * nothing, while waiting on the WAL's flush at every commit kept the lanes' disk busy (the
 * setting is the database's, so every connection to it has it: the tests', an app's they start).
 */
export async function createDatabase(admin: pg.Client, name: string, template?: string): Promise<void> {
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.query(`alter database ${name} set synchronous_commit = off`);
}

export async function createTestDatabase(): Promise<TestDatabase & { drop: () => Promise<void> }> {
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  if (!adminUrl || !template) throw new Error("no test database in this lane: a test file that needs PostgreSQL is named *.db.test.ts (the integration lane)");
  const name = `${template}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await createDatabase(admin, name, template);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = createDb(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    name,
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Registers beforeAll/afterAll hooks; the returned object's fields are set once beforeAll ran. */
export function useTestDatabase(): TestDatabase {
  const holder = {} as TestDatabase;
  let drop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const t = await createTestDatabase();
    Object.assign(holder, { db: t.db, url: t.url, name: t.name });
    drop = t.drop;
  });
  afterAll(async () => {
    await drop?.();
  });
  return holder;
}
