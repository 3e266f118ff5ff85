// The app instances that share one database know of each other through app_instances: each
// writes its row at start (joinInstances), refreshes it from the background workers every
// HEARTBEAT_EVERY_MS (beat) and deletes it at a clean stop (leave). A row not refreshed for
// LIVE_FOR_SECONDS belongs to an instance gone without a clean stop: it is not counted, and is
// deleted. What it is for: uploaded images kept on an instance's own disk (no S3_BUCKET) are
// missing on every other instance, so an instance that is not alone warns, at start and
// whenever it sees another instance appear, while any live instance keeps images locally.
// Decision 040 says why a table and these thresholds.
import os from "node:os";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "../db/database.ts";
import {
  deleteInstances,
  deleteStaleInstances,
  instancesOnHost,
  liveInstances,
  upsertInstance,
  type InstanceImages,
  type InstanceRow,
} from "./instances.queries.ts";

/** How often an instance refreshes its row (the background job "instance-heartbeat"). */
export const HEARTBEAT_EVERY_MS = 30_000;
/** An instance not seen for this long (four missed heartbeats) is gone: not counted, deleted. */
export const LIVE_FOR_SECONDS = 120;

export type InstanceRegistry = {
  readonly id: string;
  readonly images: InstanceImages;
  /** Refreshes this instance's row, deletes the stale ones, warns when a new other instance keeps or meets local images. */
  beat(): Promise<void>;
  /** Deletes this instance's row (a clean stop); never throws. */
  leave(): Promise<void>;
};

type Options = {
  images: InstanceImages;
  log: Pick<Logger, "warn">;
  hostname?: string;
  pid?: number;
  /** Whether a process of this host runs (signal 0); replaced in tests. */
  isRunning?: (pid: number) => boolean;
};

/** Registers this instance, forgets this host's instances that died without a clean stop, and warns at once if needed. */
export async function joinInstances(db: Database, opts: Options): Promise<InstanceRegistry> {
  const self = { id: randomUUID(), hostname: (opts.hostname ?? os.hostname()).slice(0, 255), pid: opts.pid ?? process.pid, images: opts.images };
  const isRunning = opts.isRunning ?? processRuns;
  await upsertInstance(db, self);
  // A process of this host that stopped without deleting its row (a crash, a kill) would count
  // as another instance for two minutes: the instance restarted after it would warn for nothing.
  // Its pid is not running any more, or is this process's own (a container restarted as pid 1).
  const dead = (await instancesOnHost(db, { hostname: self.hostname, exceptId: self.id })).filter((row) => row.pid === self.pid || !isRunning(row.pid));
  await deleteInstances(
    db,
    dead.map((row) => row.id),
  );

  let known = new Set<string>();
  async function look(): Promise<void> {
    const live = await liveInstances(db, { seenWithinSeconds: LIVE_FOR_SECONDS });
    const others = live.filter((row) => row.id !== self.id);
    const appeared = others.filter((row) => !known.has(row.id));
    known = new Set(others.map((row) => row.id));
    if (appeared.length === 0) return;
    const warning = sharedImagesWarning(self, live);
    if (warning) opts.log.warn(warning.fields, warning.message);
  }

  await look();
  return {
    id: self.id,
    images: self.images,
    async beat() {
      await upsertInstance(db, self);
      await deleteStaleInstances(db, { notSeenForSeconds: LIVE_FOR_SECONDS });
      await look();
    },
    async leave() {
      await deleteInstances(db, [self.id]).catch((err: unknown) => opts.log.warn({ err }, "could not remove this instance from app_instances"));
    },
  };
}

/**
 * The warning when more than one instance is live and any of them keeps images on its own disk;
 * null otherwise. One line that names who keeps them locally and the fix.
 */
export function sharedImagesWarning(
  self: { id: string },
  live: Pick<InstanceRow, "id" | "hostname" | "pid" | "images">[],
): { message: string; fields: Record<string, unknown> } | null {
  const local = live.filter((row) => row.images === "local");
  if (live.length < 2 || local.length === 0) return null;
  const names = local.map((row) => (row.id === self.id ? "this instance" : `${row.hostname} (pid ${row.pid})`));
  const who =
    names.length === 1
      ? `${names[0]} keeps uploaded images on its own disk`
      : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} keep uploaded images on their own disks`;
  return {
    message:
      `${live.length} app instances share this database, and ${who}: a photo uploaded through one instance is missing on the others. ` +
      "Set S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, " +
      'S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL, the same on every instance (docs/operations.md, "Several instances")',
    fields: { instances: live.length, localImages: local.map((row) => `${row.hostname}:${row.pid}`) },
  };
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
