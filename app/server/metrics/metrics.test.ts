import { describe, expect, it } from "vitest";
import { register as globalRegistry } from "prom-client";
import { createMetrics, PREFIX } from "./metrics.ts";

/** The names the operations guide documents and the alerts use. */
const SERIES = {
  stockspace_http_request_duration_seconds: { type: "histogram", labels: ["method", "route", "status"] },
  stockspace_search_zone_cache_lookups_total: { type: "counter", labels: ["result"] },
  stockspace_db_pool_wait_seconds: { type: "histogram", labels: [] },
  stockspace_mail_sent_total: { type: "counter", labels: [] },
  stockspace_mail_send_errors_total: { type: "counter", labels: [] },
  stockspace_mail_failed_total: { type: "counter", labels: [] },
  stockspace_image_processing_seconds: { type: "histogram", labels: ["outcome"] },
  stockspace_job_runs_total: { type: "counter", labels: ["job"] },
  stockspace_job_failures_total: { type: "counter", labels: ["job"] },
  stockspace_job_duration_seconds: { type: "histogram", labels: ["job"] },
} as const;

describe("the app's metrics", () => {
  it("declares each series with its type, labels and a help text, in Prometheus's naming", async () => {
    const metrics = createMetrics();
    const declared = await metrics.registry.getMetricsAsJSON();
    for (const [name, { type, labels }] of Object.entries(SERIES)) {
      const metric = metrics.registry.getSingleMetric(name);
      expect(metric, name).toBeDefined();
      const json = declared.find((m) => m.name === name)!;
      expect(json.type, name).toBe(type);
      expect(json.help.length, name).toBeGreaterThan(20);
      expect((metric as unknown as { labelNames: string[] }).labelNames, name).toEqual(labels);
    }
    const ours = declared.filter((m) => m.name.startsWith(PREFIX)).map((m) => m.name);
    expect(ours.sort()).toEqual(Object.keys(SERIES).sort());
    for (const name of ours) {
      expect(name).toMatch(/^[a-z_]+$/);
      // Prometheus's conventions: counters end in _total, durations are in seconds.
      if (SERIES[name as keyof typeof SERIES].type === "counter") expect(name).toMatch(/_total$/);
      if (SERIES[name as keyof typeof SERIES].type === "histogram") expect(name).toMatch(/_seconds$/);
    }
  });

  it("includes Node's process metrics", async () => {
    const text = await createMetrics().registry.metrics();
    for (const name of ["process_cpu_user_seconds_total", "process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes"]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it("gives each app a registry of its own, and leaves prom-client's global registry alone", async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.mailSent.inc();
    a.httpRequestDuration.observe({ method: "GET", route: "/:locale", status: "200" }, 0.02);
    expect(await a.registry.metrics()).toMatch(/^stockspace_mail_sent_total 1$/m);
    expect(await b.registry.metrics()).toMatch(/^stockspace_mail_sent_total 0$/m);
    expect(await b.registry.metrics()).not.toContain('route="/:locale"');
    expect(globalRegistry.getSingleMetric("stockspace_mail_sent_total")).toBeUndefined();
  });

  it("writes Prometheus's text format", async () => {
    const metrics = createMetrics();
    metrics.jobRuns.inc({ job: "mail-outbox" });
    metrics.jobDuration.observe({ job: "mail-outbox" }, 0.03);
    const text = await metrics.registry.metrics();
    expect(metrics.registry.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(text).toContain("# TYPE stockspace_job_runs_total counter");
    expect(text).toMatch(/^stockspace_job_runs_total\{job="mail-outbox"\} 1$/m);
    expect(text).toMatch(/^stockspace_job_duration_seconds_bucket\{le="0.05",job="mail-outbox"\} 1$/m);
    expect(text).toMatch(/^stockspace_job_duration_seconds_count\{job="mail-outbox"\} 1$/m);
  });
});
