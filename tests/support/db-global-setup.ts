// Once per test run: a PostgreSQL server (the one at DATABASE_URL when set, else an
// embedded one in a temporary folder) and a template database with every migration
// applied. Test files clone it (tests/support/db.ts), which takes milliseconds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../../app/server/db/database.ts";
import { startEmbeddedPostgres, type EmbeddedServer } from "../../app/server/db/embedded.ts";
import { migrateToLatest } from "../../app/server/db/migrate.ts";
import { catalogueDay } from "./catalogue.ts";
import { createDatabase } from "./db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

let embedded: EmbeddedServer | null = null;
let dataDir: string | null = null;

function adminUrlFrom(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

export async function setup(project: TestProject) {
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = adminUrlFrom(process.env.DATABASE_URL);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-test-pg-"));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(path.join(dataDir, "pg"), quiet);
    adminUrl = embedded.url("postgres");
  }
  const template = `stockspace_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await createDatabase(admin, template);
  await admin.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const { db } = createDb(templateUrl.toString(), 2);
  await migrateToLatest(db);
  await db.destroy();

  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);
  const server = process.env.DATABASE_URL ? "the server at DATABASE_URL" : "an embedded server";
  console.log(`integration tests: PostgreSQL on ${server}, template ${template}`);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // Drop the databases this run created, even those a failed test file left behind.
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1 or datname = $2", [
      `${template}_%`,
      template,
    ]);
    for (const row of rows) await client.query(`drop database if exists ${client.escapeIdentifier(row.datname)} with (force)`);
    // The large catalogues (tests/support/catalogue.ts) stay for the day's next runs; those of
    // other days go.
    const old = await client.query<{ datname: string }>("select datname from pg_database where datname like 'stockspace\\_cat\\_%' and datname not like $1", [
      `%\\_${catalogueDay()}\\_%`,
    ]);
    for (const row of old.rows) await client.query(`drop database if exists ${client.escapeIdentifier(row.datname)} with (force)`);
    await client.end();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
