// The database going away under the app: which errors say so, a pool that lives through it,
// and the answer a call gets meanwhile (503 with our error, not 500).
import net from "node:net";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { createDb } from "./database.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";
import { errorToResponse } from "../http/respond.ts";

const t = useTestDatabase();
const opened: { destroy: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
});

/** Cut the connections of `pids` from another connection, as an operator or a failover does. */
async function terminate(pids: number[]) {
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  try {
    await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]);
  } finally {
    await admin.end();
  }
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("the errors that say the database is away", () => {
  it("a connection cut by the server (57P01), a refused one, a pool that waited too long", async () => {
    // A query on a connection the server ended.
    const client = new pg.Client({ connectionString: t.url });
    const lost: Error[] = [];
    client.on("error", (err) => lost.push(err));
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const running = client.query("select pg_sleep(5)").catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 200));
    await terminate([rows[0]!.pid]);
    const inFlight = await running;
    expect((inFlight as { code?: string }).code).toBe("57P01");
    expect(isDatabaseUnavailable(inFlight)).toBe(true);
    const after = await client.query("select 1").catch((err: unknown) => err);
    expect(isDatabaseUnavailable(after)).toBe(true);
    await expect.poll(() => lost.length).toBeGreaterThan(0);
    expect(lost.every((err) => isDatabaseUnavailable(err))).toBe(true);

    // Nobody listening.
    const refused = new pg.Client({ host: "127.0.0.1", port: await closedPort(), user: "postgres", database: "postgres" });
    refused.on("error", () => {});
    const cause = await refused.connect().catch((err: unknown) => err);
    expect(isDatabaseUnavailable(cause)).toBe(true);

    // Every connection of a pool of one busy: the next query waits, then gives up.
    const pool = new pg.Pool({ connectionString: t.url, max: 1, connectionTimeoutMillis: 200 });
    const busy = await pool.connect();
    const timedOut = await pool.query("select 1").catch((err: unknown) => err);
    busy.release();
    await pool.end();
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it("but not a query's own error, nor another service's network failure", async () => {
    const syntax = await sql`select from nowhere at all`.execute(t.db).catch((err: unknown) => err);
    const division = await sql`select 1/0`.execute(t.db).catch((err: unknown) => err);
    const fetchFailed = await fetch(`http://127.0.0.1:${await closedPort()}/`).catch((err: unknown) => err);
    expect((fetchFailed as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
    for (const err of [syntax, division, fetchFailed, new Error("boom"), null, "text"]) expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe("a pool whose connections are cut", () => {
  it("lives through it: the queries on them fail, the process stays up, the next queries work", async () => {
    const warnings: string[] = [];
    const { db, pool } = createDb(t.url, 4, { warn: (msg: string) => void warnings.push(msg) });
    opened.push(db);

    // A transaction holds its connection checked out between its statements: cut it there.
    // (Without a listener on the checked-out client, its 'error' event ends the process.)
    // It waits for the cut rather than for a timer, which a loaded machine can outlast.
    let pid = 0;
    let cutDone: () => void = () => {};
    const cut = new Promise<void>((resolve) => (cutDone = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
        await cut;
        await sql`select 1`.execute(trx);
      })
      .catch((err: unknown) => err);
    // Idle connections of the pool, cut too.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)));
    await expect.poll(() => pid).toBeGreaterThan(0);
    const all = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(t.db);
    await terminate([pid, ...all.rows.map((r) => r.pid).filter((p) => p !== pid)]);
    cutDone();

    expect(isDatabaseUnavailable(await transaction)).toBe(true);
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    expect(warnings[0]).toMatch(/^database connection lost: /);
    // Each cut connection learns of it when its socket is read, which a loaded machine can delay:
    // once every one has left the pool, the pool opens new connections for what comes next.
    await expect.poll(() => pool.totalCount, { timeout: 10_000 }).toBe(0);
    for (let i = 0; i < 6; i++) expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });
});

describe("a call that meets the database away", () => {
  it("answers 503 service_unavailable in the user's language, with Retry-After", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await closedPort(), user: "postgres", database: "postgres" });
    client.on("error", () => {});
    const err = await client.connect().catch((e: unknown) => e);
    const logged: string[] = [];
    const log = { warn: (_: unknown, msg: string) => void logged.push(msg), error: () => logged.push("error") } as never;
    const en = errorToResponse(err, "en", log);
    expect(en.status).toBe(503);
    expect(en.headers.get("Retry-After")).toBe("5");
    expect(await en.json()).toEqual({ error: "service_unavailable", message: "The service is unavailable right now. Please try again in a moment." });
    const it_ = errorToResponse(err, "it");
    expect(await it_.json()).toEqual({
      error: "service_unavailable",
      message: "Il servizio non è disponibile in questo momento. Riprova tra qualche istante.",
    });
    // A warning without a stack, not the error of a bug.
    expect(logged).toEqual([expect.stringMatching(/^database unavailable: .*ECONNREFUSED/)]);
  });
});
