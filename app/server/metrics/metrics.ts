// The app's metrics, in Prometheus's format (prom-client), answered by GET /metrics
// (app/server/metrics/http.ts). One registry per app (createMetrics), never prom-client's global
// one: a test process starts several apps, and each counts only its own requests. What each
// series means and what to alert on: docs/operations.md, "Metrics and alerts".
//
// Counters and histograms are counted where the work happens (requests, searches, mail, images,
// jobs, each waiting for a connection); the pool's and the outbox's state is read at scrape time
// (watchDatabase), so an idle instance costs nothing between scrapes. The metrics reach the code
// that counts through AppServices (services.metrics) and the options it passes on, never through
// module state: the server's build holds its own copy of every app module, apart from the one
// server/start.ts imports, and a test process runs several apps.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type pg from "pg";
import type { Database } from "../db/database.ts";
import { readOutboxBacklog } from "./metrics.queries.ts";

/** Every series of ours starts with this; Node's own (process_*, nodejs_*) keep their usual names. */
export const PREFIX = "stockspace_";

/** How long a scrape waits for the outbox's counts before it answers without them (a database away). */
export const OUTBOX_READ_TIMEOUT_MS = 2_000;

export type AppMetrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  // CPU, memory, event loop lag, garbage collection, handles: prom-client's standard set.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "Time from a request's arrival to the end of its answer, by method, route pattern (app/routes.ts; /build/*, /uploads/*, other) and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    searchZoneLookups: new Counter({
      name: `${PREFIX}search_zone_cache_lookups_total`,
      help: "Searches' zone lookups: result=hit answered from memory, result=index taken from the search index, result=miss read from the database (new zone, or the catalogue changed, or the index not ready).",
      labelNames: ["result"] as const,
      registers,
    }),
    databasePoolWait: new Histogram({
      name: `${PREFIX}db_pool_wait_seconds`,
      help: "Time each query or transaction waited for a database connection (a free one, a new one, or one given back by another request).",
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    mailSent: new Counter({
      name: `${PREFIX}mail_sent_total`,
      help: "E-mails the outbox handed to the mail server successfully.",
      registers,
    }),
    mailSendErrors: new Counter({
      name: `${PREFIX}mail_send_errors_total`,
      help: "Failed attempts to send an e-mail, retried later or not.",
      registers,
    }),
    mailFailed: new Counter({
      name: `${PREFIX}mail_failed_total`,
      help: "E-mails that failed for good (their last attempt failed): listed in the back office.",
      registers,
    }),
    imageProcessing: new Histogram({
      name: `${PREFIX}image_processing_seconds`,
      help: "Time sharp took to check and re-encode an uploaded image (after its wait for a slot), by outcome: processed or refused.",
      labelNames: ["outcome"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      registers,
    }),
    jobRuns: new Counter({
      name: `${PREFIX}job_runs_total`,
      help: "Background job runs that ended, by job.",
      labelNames: ["job"] as const,
      registers,
    }),
    jobFailures: new Counter({
      name: `${PREFIX}job_failures_total`,
      help: "Background job runs that failed (the database away included), by job.",
      labelNames: ["job"] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: `${PREFIX}job_duration_seconds`,
      help: "Time a background job's run took, by job.",
      labelNames: ["job"] as const,
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    }),
  };
}

/**
 * The series read at scrape time from this app's database: its pool (open, idle, waiting, the
 * configured maximum) and the outbox's backlog. The outbox's counts are the whole database's,
 * the same from every instance (alert on their max, not their sum); a scrape that cannot read
 * them within OUTBOX_READ_TIMEOUT_MS answers without them rather than failing whole.
 */
export function watchDatabase(metrics: AppMetrics, database: { db: Database; pool: pg.Pool; log?: { warn: (obj: object, msg: string) => void } }) {
  const { pool, db } = database;
  const registers = [metrics.registry];
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: "Connections the pool holds open now (idle or in use).",
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_idle_connections`,
    help: "Open connections no query uses now.",
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_waiting_requests`,
    help: "Queries and transactions waiting for a connection now (the pool is full).",
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_max_connections`,
    help: "The most connections the pool may open (DATABASE_POOL_SIZE).",
    registers,
    collect() {
      this.set(pool.options.max);
    },
  });

  // One read per scrape for both outbox series; their collect() calls run side by side.
  let reading: Promise<Awaited<ReturnType<typeof readOutboxBacklog>> | null> | null = null;
  const backlog = () =>
    (reading ??= withTimeout(readOutboxBacklog(db), OUTBOX_READ_TIMEOUT_MS)
      .catch((err: unknown) => {
        database.log?.warn({ err }, "metrics: could not read the outbox's backlog");
        return null;
      })
      .finally(() => setTimeout(() => (reading = null))));
  new Gauge({
    name: `${PREFIX}mail_outbox_messages`,
    help: "E-mails in the outbox by status: pending (waiting to be sent or retried), sending (claimed by a worker now), failed (failed for good). The whole database's, the same from every instance.",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      this.reset();
      const counts = await backlog();
      if (!counts) return;
      for (const status of ["pending", "sending", "failed"] as const) this.set({ status }, counts[status]);
    },
  });
  new Gauge({
    name: `${PREFIX}mail_outbox_oldest_due_seconds`,
    help: "How long the oldest e-mail due for sending has waited since it fell due (0: none waiting). The whole database's.",
    registers,
    async collect() {
      const counts = await backlog();
      // NaN, not 0, when unread: 0 would say that nothing waits.
      this.set(counts ? counts.oldestDueSeconds : Number.NaN);
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The search index's figures, read at scrape time (decision 064): whether it answers, its size, its memory and its last build. */
export function watchSearchIndex(metrics: AppMetrics, index: { stats(): { ready: boolean; warehouses: number; memoryBytes: number; buildMs: number | null } }) {
  const registers = [metrics.registry];
  new Gauge({
    name: `${PREFIX}search_index_ready`,
    help: "1 when the search index is built and listening (searches use it), else 0 (they read PostgreSQL).",
    registers,
    collect() {
      this.set(index.stats().ready ? 1 : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}search_index_warehouses`,
    help: "Listed warehouses the search index holds.",
    registers,
    collect() {
      this.set(index.stats().warehouses);
    },
  });
  new Gauge({
    name: `${PREFIX}search_index_bytes`,
    help: "Memory of the search index's arrays and KD-tree.",
    registers,
    collect() {
      this.set(index.stats().memoryBytes);
    },
  });
  new Gauge({
    name: `${PREFIX}search_index_build_seconds`,
    help: "How long the search index's last full read took.",
    registers,
    collect() {
      const ms = index.stats().buildMs;
      if (ms !== null) this.set(ms / 1000);
    },
  });
}
