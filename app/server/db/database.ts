// One place that opens the database: the embedded server by default, DATABASE_URL when set.
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "./types.ts";
import { startEmbeddedPostgres, type EmbeddedServer } from "./embedded.ts";

export type Database = Kysely<DB>;

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  url: string;
  embedded: EmbeddedServer | null;
  close: () => Promise<void>;
};

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

// node-postgres returns bigint and numeric as strings by default; our ids fit in a JS number
// and numeric columns carry money and areas with two decimals, which fit too.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// Dates (no time) stay as 'YYYY-MM-DD' strings: no time zone can shift them.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export const EMBEDDED_DATABASE = "stockspace";

export function createDb(url: string, poolSize = 10): { db: Database; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", () => {}); // an idle client's error (e.g. server restart) must not crash the app
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), pool };
}

export async function ensureDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Open the app's database: DATABASE_URL if given, else the embedded server under dataDir. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize: number; log: Logger }): Promise<DatabaseHandle> {
  let embedded: EmbeddedServer | null = null;
  let url = opts.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(`${opts.dataDir}/postgres`, opts.log);
    await ensureDatabase(embedded.url("postgres"), EMBEDDED_DATABASE);
    url = embedded.url(EMBEDDED_DATABASE);
  }
  const { db, pool } = createDb(url, opts.poolSize);
  return {
    db,
    pool,
    url,
    embedded,
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
