// Background work inside the app process: each job runs on its own timer, one run at a
// time, and stop() waits for a run in progress (a run that loops watches the signal). Their
// state lives in PostgreSQL, so several app instances can run them side by side.
import type { AppServices } from "../context.ts";
import { deleteExpiredSessions } from "../accounts/sessions.queries.ts";
import { deliverAllDueMail } from "../mail/outbox.service.ts";
import { createTransport } from "../mail/transport.ts";
import { deleteOldWindows } from "../security/rate-limit.queries.ts";
import { deleteOldTokens } from "../accounts/accounts.queries.ts";
import { FLUSH_EVERY_MS } from "../stats/view-counter.ts";
import { runBillingJobs } from "../billing/subscriptions.service.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { runSpacesReminders } from "../warehouses/warehouse-spaces.service.ts";
import { savedSearchAlertsJob } from "./saved-search-alerts.ts";
import { deleteExpiredUnconfirmed } from "../saved-searches/saved-searches.queries.ts";
import { HEARTBEAT_EVERY_MS } from "../instances/instance-registry.ts";

export type Job = { name: string; everyMs: number; run: (signal: AbortSignal) => Promise<unknown> };
export type Workers = {
  /** No new run from now on (a run that loops stops at its next step); resolves once the runs in progress have ended. */
  stopClaiming: () => Promise<void>;
  /** stopClaiming(), then the last flush of what was counted and the mail transport closed: once no request is served any more. */
  stop: () => Promise<void>;
  jobs: Job[];
};

export function defaultJobs(services: AppServices): { jobs: Job[]; close: () => Promise<void> } {
  const transport = createTransport(services.config);
  services.log.info(`mail goes to ${transport.describe}`);
  const { views, instance } = services;
  return {
    jobs: [
      // A run sends batch after batch while the outbox has a backlog; the 2 s wait is for an empty outbox.
      {
        name: "mail-outbox",
        everyMs: 2_000,
        run: (signal) => deliverAllDueMail(services.db, transport, { from: services.config.mailFrom, log: services.log, signal, metrics: services.metrics }),
      },
      { name: "expired-sessions", everyMs: 60 * 60 * 1000, run: () => deleteExpiredSessions(services.db) },
      { name: "old-rate-limit-windows", everyMs: 60 * 60 * 1000, run: () => deleteOldWindows(services.db) },
      { name: "old-user-tokens", everyMs: 6 * 60 * 60 * 1000, run: () => deleteOldTokens(services.db) },
      // Visitors' saved searches never confirmed, a day after their link expired (decision 038).
      { name: "unconfirmed-saved-searches", everyMs: 6 * 60 * 60 * 1000, run: () => deleteExpiredUnconfirmed(services.db) },
      // Transfer subscriptions end at their end date (their warehouses anonymised at once) and are
      // reminded of it some days before; attempts nobody paid give their promo code's use back.
      {
        name: "subscriptions",
        everyMs: 60_000,
        run: () =>
          runBillingJobs(services.db, { config: services.config, origin: services.config.origin, gateway: services.billing ?? null, log: services.log }),
      },
      // Owners whose free space has all ended, or was not updated for 60 days, are reminded once (decision 032).
      { name: "spaces-reminders", everyMs: 60 * 60 * 1000, run: () => runSpacesReminders(services.db, { origin: services.config.origin, log: services.log }) },
      // The warehouses that changed matched against the saved searches every minute; from ALERT_HOUR each search's alert of the day (decision 038).
      savedSearchAlertsJob(services),
      // The search appearances and sheet views counted in memory since the last run, in one statement.
      ...(views ? [{ name: "view-stats", everyMs: FLUSH_EVERY_MS, run: () => views.flush() }] : []),
      // This instance's row among the instances on the database; warns when images are not shared (decision 040).
      ...(instance ? [{ name: "instance-heartbeat", everyMs: HEARTBEAT_EVERY_MS, run: () => instance.beat() }] : []),
    ],
    // After the last runs: what was counted since the last flush (the HTTP server is closed by then).
    close: async () => {
      await views?.flush();
      transport.close();
    },
  };
}

/** Runs the app's jobs (defaultJobs), or the ones given (a test's). */
export function startWorkers(services: AppServices, { jobs, close } = defaultJobs(services)): Workers {
  let stopped = false;
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    const timer: { ref?: NodeJS.Timeout } = {};
    const tick = () => {
      if (stopped) return;
      const timed = services.metrics?.jobDuration.startTimer({ job: job.name });
      const run = job
        .run(stopping.signal)
        .catch((err) => {
          services.metrics?.jobFailures.inc({ job: job.name });
          // The database away is no bug (it is restarting, failing over): one line, and the next run tries again.
          if (isDatabaseUnavailable(err)) services.log.warn({ job: job.name }, `background job skipped, database unavailable: ${(err as Error).message}`);
          else services.log.error({ err, job: job.name }, "background job failed");
        })
        .finally(() => {
          timed?.();
          services.metrics?.jobRuns.inc({ job: job.name });
          running.delete(run);
          if (!stopped) timer.ref = setTimeout(tick, job.everyMs);
        });
      running.add(run);
    };
    timer.ref = setTimeout(tick, 500);
    return timer;
  });
  const stopClaiming = async () => {
    stopped = true;
    stopping.abort();
    for (const t of timers) clearTimeout(t.ref);
    await Promise.allSettled([...running]);
  };
  return {
    jobs,
    stopClaiming,
    stop: async () => {
      await stopClaiming();
      await close();
    },
  };
}
