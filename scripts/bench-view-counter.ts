// The view-statistics benchmark: `npm run bench:stats [-- --keys 50000 --keep]`.
//
// What counting search appearances and sheet views costs (app/server/stats/view-counter.ts):
// 1. In memory, no database: a search answer's 200 warehouses (100 found + 100 of the same zone,
//    as GET /api/warehouses/search lists them) counted again and again, and single sheet views;
//    increments per second and the cost of one search answer. Then the memory of N pending keys.
// 2. The flush, on a scratch database (`stockspace_bench_stats`, on the embedded PostgreSQL under
//    ./data/bench-pg or the server at DATABASE_URL) with N warehouses: N pending keys written
//    with the one statement, first as new rows, then onto existing rows (the upsert's update
//    path), then two counters flushing the same N keys at the same moment (two app instances):
//    no deadlock, and every count arrives.
// Exits non-zero when a search answer costs more than 50 µs to count, or a flush of N keys takes
// more than 5 s, or a count is lost.
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { createViewCounter } from "../app/server/stats/view-counter.ts";
import { createDb, ensureDatabase } from "../app/server/db/database.ts";
import { migrateToLatest } from "../app/server/db/migrate.ts";
import { benchServer, dropScratchDatabase } from "./bench-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCRATCH = "stockspace_bench_stats";
const { values: args } = parseArgs({ options: { keys: { type: "string", default: "50000" }, keep: { type: "boolean", default: false } } });
const N = Number(args.keys);
if (!Number.isInteger(N) || N < 1) {
  console.error("usage: npm run bench:stats -- [--keys N] [--keep]");
  process.exit(2);
}
const log = (msg: string) => console.log(msg);
const quiet = { warn: (obj: object, msg: string) => console.warn(msg, obj), error: (obj: object, msg: string) => console.error(msg, obj) };
const fmt = (n: number) => Math.round(n).toLocaleString("en");
let ok = true;

log(`view statistics benchmark: ${fmt(N)} keys`);
log(
  `machine: ${os.cpus()[0]?.model ?? "unknown"}, ${os.availableParallelism()} cores, Node ${process.version}; 1-minute load average ${os.loadavg()[0]!.toFixed(2)}`,
);

// ------------------------------------------------------------ 1. in memory
{
  // No database is touched: the counter is never flushed here (early flush out of reach).
  const counter = createViewCounter(null as never, { log: quiet, earlyFlushKeys: 10_000_000, maxKeys: 10_000_000 });
  const answer = Array.from({ length: 200 }, (_, i) => 1_000 + i * 7);
  const now = Date.now();
  for (let i = 0; i < 20_000; i++) counter.searchAppearances(answer, now); // warm-up
  const rounds = 200_000;
  let started = performance.now();
  for (let i = 0; i < rounds; i++) counter.searchAppearances(answer);
  let ms = performance.now() - started;
  const perAnswerUs = (ms * 1000) / rounds;
  log(
    `search answers: ${fmt(rounds)} answers of 200 warehouses in ${ms.toFixed(0)} ms: ${perAnswerUs.toFixed(2)} µs an answer, ${fmt((rounds * 200) / (ms / 1000))} increments/s`,
  );
  if (perAnswerUs > 50) ok = false;
  const views = 2_000_000;
  started = performance.now();
  for (let i = 0; i < views; i++) counter.sheetView(1_000 + (i % 5_000));
  ms = performance.now() - started;
  log(`sheet views: ${fmt(views)} in ${ms.toFixed(0)} ms: ${fmt(views / (ms / 1000))} views/s`);

  // Memory of pending keys.
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const big = createViewCounter(null as never, { log: quiet, earlyFlushKeys: 10_000_000, maxKeys: 10_000_000 });
  for (let id = 1; id <= N; id++) big.sheetView(id, now);
  global.gc?.();
  const after = process.memoryUsage().heapUsed;
  log(
    `memory: ${fmt(N)} pending keys take about ${((after - before) / 1024 / 1024).toFixed(1)} MB (${fmt((after - before) / N)} bytes a key${global.gc ? "" : "; run with --expose-gc for a steadier figure"})`,
  );
  if (big.pending().keys !== N) ok = false;
}

// ------------------------------------------------------------ 2. the flush
const { adminUrl, embedded } = await benchServer(root);
await dropScratchDatabase(adminUrl, SCRATCH);
await ensureDatabase(adminUrl, SCRATCH);
const scratchUrl = new URL(adminUrl);
scratchUrl.pathname = `/${SCRATCH}`;
const { db } = createDb(scratchUrl.toString(), 10);
try {
  await migrateToLatest(db);
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng)
    select 'Bench ' || g, 'Italia', 'Via Banco ' || g, '00100', 'Roma', 'RM', 41 + random(), 12 + random()
    from generate_series(1, ${N}) g`.execute(db);
  await sql`analyze warehouses`.execute(db);
  const ids = (await db.selectFrom("warehouses").select("id").orderBy("id").execute()).map((r) => r.id);
  const day = Date.parse("2030-05-14T10:00:00Z");

  const fill = (counter: ReturnType<typeof createViewCounter>) => {
    // Shuffled order, as searches arrive; the flush sorts.
    for (let i = 0; i < ids.length; i++) counter.searchAppearances([ids[(i * 7919) % ids.length]!], day);
    for (let i = 0; i < ids.length; i += 3) counter.sheetView(ids[i]!, day);
  };
  const timed = async (label: string, counter: ReturnType<typeof createViewCounter>) => {
    const started = performance.now();
    const result = await counter.flush();
    const ms = performance.now() - started;
    log(`flush, ${label}: ${fmt(result.keys)} keys, ${fmt(result.written)} rows in ${ms.toFixed(0)} ms (${fmt(result.keys / (ms / 1000))} keys/s)`);
    if (result.failed || result.written !== N || ms > 5_000) ok = false;
  };

  const first = createViewCounter(db, { log: quiet, earlyFlushKeys: N + 1, maxKeys: N + 1 });
  fill(first);
  await timed("new rows", first);
  fill(first);
  await timed("onto existing rows", first);

  // Two instances flushing the same keys at once: same order, so no deadlock; nothing lost.
  const a = createViewCounter(db, { log: quiet, earlyFlushKeys: N + 1, maxKeys: N + 1 });
  const b = createViewCounter(db, { log: quiet, earlyFlushKeys: N + 1, maxKeys: N + 1 });
  fill(a);
  fill(b);
  const started = performance.now();
  const [ra, rb] = await Promise.all([a.flush(), b.flush()]);
  log(
    `two instances at once: ${fmt(ra.written)} + ${fmt(rb.written)} rows in ${(performance.now() - started).toFixed(0)} ms, ${ra.failed || rb.failed ? "a flush FAILED" : "no deadlock"}`,
  );
  if (ra.failed || rb.failed) ok = false;

  const sums = await db
    .selectFrom("warehouse_daily_stats")
    .select((eb) => [
      eb.fn.sum<number>("search_appearances").as("appearances"),
      eb.fn.sum<number>("sheet_views").as("views"),
      eb.fn.countAll<number>().as("rows"),
    ])
    .executeTakeFirstOrThrow();
  const viewsPerFill = Math.ceil(N / 3);
  const exact = Number(sums.appearances) === 4 * N && Number(sums.views) === 4 * viewsPerFill && Number(sums.rows) === N;
  log(
    `every count arrived: ${exact ? "yes" : "NO"} (${fmt(Number(sums.appearances))} appearances, ${fmt(Number(sums.views))} views in ${fmt(Number(sums.rows))} rows; expected ${fmt(4 * N)}, ${fmt(4 * viewsPerFill)}, ${fmt(N)})`,
  );
  if (!exact) ok = false;
} finally {
  await db.destroy();
  if (!args.keep) await dropScratchDatabase(adminUrl, SCRATCH);
  await embedded?.stop();
}
if (!ok) {
  console.error("a target was missed");
  process.exitCode = 1;
}
