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

/** How long a query waits for a connection (a new one, or a free one from the pool) before it fails with 503. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A pool that lives through the database going away (a restart, a failover, a killed server,
 * pg_terminate_backend): a lost connection fails the queries on it, which answer 503
 * (app/server/db/unavailable.ts), and leaves the pool; the next query opens a new one.
 *
 * node-postgres reports a lost connection as an 'error' event of its client, and an 'error'
 * event without a listener ends the process. The pool listens only while a client is idle;
 * Kysely holds a client checked out for each query and for a whole transaction, so every
 * client gets a listener of its own for its whole life (the pool's 'connect' event).
 */
export function createDb(
  url: string,
  poolSize = 10,
  log?: Pick<Logger, "warn">,
  opts: { observeConnectWait?: ConnectWaitObserver } = {},
): { db: Database; pool: pg.Pool } {
  // keepAlive: a connection whose server vanished without a word (a failover) is found dead.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  pool.on("connect", (client) => {
    client.on("error", (err) => log?.warn(`database connection lost: ${err.message}`));
  });
  pool.on("error", () => {}); // an idle client's error: already told by its own listener above
  const observe = opts.observeConnectWait;
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: observe ? timedPool(pool, observe) : pool }) }), pool };
}

/** Told how long each query or transaction waited for its connection, in seconds (the metrics). */
export type ConnectWaitObserver = (seconds: number) => void;

/**
 * The pool as Kysely uses it, timing every wait for a connection: Kysely asks the pool for one
 * per query and per transaction, so this is what a busy pool costs each request (a free
 * connection: microseconds; a new one: the connection's set-up; a full pool: the wait for a
 * connection to come back, CONNECT_TIMEOUT_MS at most). Failed waits are timed too.
 */
function timedPool(pool: pg.Pool, observe: ConnectWaitObserver) {
  return {
    // Kysely reads these two of the pool: its client class (to cancel a query: the pool uses pg's own) and its options.
    Client: pg.Client,
    options: pool.options,
    connect: async () => {
      const started = performance.now();
      try {
        return await pool.connect();
      } finally {
        observe((performance.now() - started) / 1000);
      }
    },
    end: () => pool.end(),
  };
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
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  log: Logger;
  observeConnectWait?: ConnectWaitObserver;
}): Promise<DatabaseHandle> {
  let embedded: EmbeddedServer | null = null;
  let url = opts.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(`${opts.dataDir}/postgres`, opts.log);
    await ensureDatabase(embedded.url("postgres"), EMBEDDED_DATABASE);
    url = embedded.url(EMBEDDED_DATABASE);
  }
  const { db, pool } = createDb(url, opts.poolSize, opts.log, { observeConnectWait: opts.observeConnectWait });
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
