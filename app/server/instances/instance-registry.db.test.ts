// The instances on one database know of each other (app_instances): two instances that keep
// images on their own disk warn, the one starting second at once, the first at its next
// heartbeat; with S3 on both, neither warns; instances gone without a clean stop stop counting
// after two minutes and are deleted; a clean stop deletes the row at once. The background
// workers run the heartbeat.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { pino } from "pino";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { testServices } from "../../../tests/support/endpoint.ts";
import { defaultJobs } from "../jobs/workers.ts";
import { HEARTBEAT_EVERY_MS, LIVE_FOR_SECONDS, joinInstances, type InstanceRegistry } from "./instance-registry.ts";

const t = useTestDatabase();
const joined: InstanceRegistry[] = [];

afterEach(async () => {
  for (const instance of joined.splice(0)) await instance.leave();
  await t.db.deleteFrom("app_instances").execute();
});

/** A logger that keeps its warnings. */
function warnings() {
  const lines: { msg: string; fields: Record<string, unknown> }[] = [];
  return { lines, log: { warn: (fields: Record<string, unknown>, msg: string) => void lines.push({ msg, fields }) } as never };
}

async function join(images: "local" | "s3", opts: { hostname?: string; pid?: number } = {}) {
  const w = warnings();
  // Each on a host of its own unless told: the clean-up of this host's dead processes stays out of the way.
  const instance = await joinInstances(t.db, {
    images,
    log: w.log,
    hostname: opts.hostname ?? `host-${joined.length + 1}`,
    pid: opts.pid ?? 1000 + joined.length,
  });
  joined.push(instance);
  return { instance, warned: w.lines };
}

const rows = () => t.db.selectFrom("app_instances").selectAll().orderBy("started_at").orderBy("hostname").execute();

describe("instances keeping images on their own disk", () => {
  it("warn when there are two: the second at start, the first at its next heartbeat, once each", async () => {
    const a = await join("local");
    expect(a.warned).toEqual([]);
    const b = await join("local");
    expect(b.warned).toHaveLength(1);
    const [line] = b.warned;
    expect(line!.msg).toBe(
      "2 app instances share this database, and host-1 (pid 1000) and this instance keep uploaded images on their own disks: a photo uploaded through one " +
        "instance is missing on the others. Set S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL, the same on every " +
        'instance (docs/operations.md, "Several instances")',
    );
    expect(line!.fields).toEqual({ instances: 2, localImages: ["host-1:1000", "host-2:1001"] });

    await a.instance.beat();
    expect(a.warned.map((l) => l.msg)).toEqual([
      expect.stringContaining("2 app instances share this database, and this instance and host-2 (pid 1001) keep uploaded images on their own disks"),
    ]);
    // Not again for the same instance; again for a new one.
    await a.instance.beat();
    await b.instance.beat();
    expect([a.warned.length, b.warned.length]).toEqual([1, 1]);
    const c = await join("s3");
    await a.instance.beat();
    expect(c.warned).toHaveLength(1);
    expect(c.warned[0]!.fields).toEqual({ instances: 3, localImages: ["host-1:1000", "host-2:1001"] });
    expect(a.warned).toHaveLength(2);
  });

  it("warn too when only the other one keeps images locally", async () => {
    const a = await join("s3");
    const b = await join("local");
    await a.instance.beat();
    expect(a.warned.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^2 app instances share this database, and host-2 \(pid 1001\) keeps uploaded images on its own disk/),
    ]);
    expect(b.warned.map((l) => l.msg)).toEqual([expect.stringMatching(/^2 app instances share this database, and this instance keeps uploaded images/)]);
  });

  it("do not warn when all store images on S3, nor when alone", async () => {
    const alone = await join("local");
    await alone.instance.beat();
    expect(alone.warned).toEqual([]);
    await alone.instance.leave();

    const a = await join("s3");
    const b = await join("s3");
    await a.instance.beat();
    await b.instance.beat();
    expect([...a.warned, ...b.warned]).toEqual([]);
    expect((await rows()).map((r) => r.images)).toEqual(["s3", "s3"]);
  });
});

describe("the rows of the instances", () => {
  it("are refreshed by the heartbeat, deleted by a clean stop", async () => {
    const a = await join("local");
    const [first] = await rows();
    expect(first).toMatchObject({ id: a.instance.id, hostname: "host-1", pid: 1000, images: "local" });
    await sql`update app_instances set last_seen_at = now() - interval '1 minute'`.execute(t.db);
    await a.instance.beat();
    const [after] = await rows();
    expect(Date.now() - after!.last_seen_at.getTime()).toBeLessThan(10_000);
    expect(after!.started_at).toEqual(first!.started_at);
    await a.instance.leave();
    expect(await rows()).toEqual([]);
    // A heartbeat after its row was deleted (pruned by another instance after a long pause) writes it again.
    await a.instance.beat();
    expect((await rows()).map((r) => r.id)).toEqual([a.instance.id]);
  });

  it(`of an instance not seen for ${LIVE_FOR_SECONDS} s are not counted, and deleted at the next heartbeat`, async () => {
    const gone = await join("local");
    await sql`update app_instances set last_seen_at = now() - make_interval(secs => ${LIVE_FOR_SECONDS + 1})`.execute(t.db);
    const b = await join("local");
    expect(b.warned).toEqual([]);
    await b.instance.beat();
    expect(b.warned).toEqual([]);
    expect((await rows()).map((r) => r.id)).toEqual([b.instance.id]);
    // Back after a long pause: a new instance to the others, with the warning.
    await gone.instance.beat();
    await b.instance.beat();
    expect(b.warned).toHaveLength(1);
  });

  it("of this host's processes that died without a clean stop are deleted at start, and not warned about", async () => {
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;
    // One whose process ended, one with this process's own pid (a container restarted as pid 1), one still running.
    await join("local", { hostname: "here", pid: deadPid });
    await join("local", { hostname: "here", pid: process.pid });
    const running = await join("local", { hostname: "here", pid: process.ppid });
    joined.splice(0);
    const restarted = await joinInstances(t.db, { images: "local", log: warnings().log, hostname: "here", pid: process.pid });
    joined.push(restarted);
    expect((await rows()).map((r) => r.id).sort()).toEqual([running.instance.id, restarted.id].sort());
  });

  it("are kept fresh by the background workers' heartbeat job", async () => {
    const a = await join("local");
    const services = { ...testServices(t.db), log: pino({ level: "silent" }), instance: a.instance };
    const { jobs, close } = defaultJobs(services);
    try {
      const job = jobs.find((j) => j.name === "instance-heartbeat");
      expect(job?.everyMs).toBe(HEARTBEAT_EVERY_MS);
      await sql`update app_instances set last_seen_at = now() - interval '1 minute'`.execute(t.db);
      await job!.run(new AbortController().signal);
      expect(Date.now() - (await rows())[0]!.last_seen_at.getTime()).toBeLessThan(10_000);
    } finally {
      await close();
    }
    // Without an instance (no server: tests, the command line) there is no such job.
    const without = defaultJobs(testServices(t.db));
    expect(without.jobs.map((j) => j.name)).not.toContain("instance-heartbeat");
    await without.close();
  });
});
