// The PostgreSQL server a benchmark works on: the one at DATABASE_URL when set, else an
// embedded one under ./data/bench-pg (kept between runs). Returns the URL of its `postgres`
// database, for creating the benchmark's scratch database, and the embedded server to stop.
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedServer } from "../app/server/db/embedded.ts";

export async function benchServer(root: string): Promise<{ adminUrl: string; embedded: EmbeddedServer | null }> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/postgres";
    return { adminUrl: url.toString(), embedded: null };
  }
  const embedded = await startEmbeddedPostgres(path.join(root, "data", "bench-pg"), { info: () => {}, warn: (msg) => console.warn(msg) });
  return { adminUrl: embedded.url("postgres"), embedded };
}

/** Drop a benchmark's scratch database (a run's leftovers, or at the end unless --keep). */
export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  await client.end();
}
