// The SQL of the instance registry (instance-registry.ts decides): one row per running app
// instance in app_instances. Every time is the database's now(), so instances on hosts whose
// clocks differ still agree on who was seen when.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

export type InstanceImages = "local" | "s3";
export type InstanceRow = { id: string; hostname: string; pid: number; images: InstanceImages; started_at: Date; last_seen_at: Date };

/** This instance is alive: its row is written (again, if it was pruned meanwhile) with last_seen_at now. */
export async function upsertInstance(db: Database, args: { id: string; hostname: string; pid: number; images: InstanceImages }): Promise<void> {
  await sql`
    insert into app_instances (id, hostname, pid, images) values (${args.id}, ${args.hostname}, ${args.pid}, ${args.images})
    on conflict (id) do update set last_seen_at = now(), images = excluded.images`.execute(db);
}

/** The instances seen in the last `seenWithinSeconds`, oldest start first. */
export function liveInstances(db: Database, args: { seenWithinSeconds: number }): Promise<InstanceRow[]> {
  return db
    .selectFrom("app_instances")
    .select(["id", "hostname", "pid", "images", "started_at", "last_seen_at"])
    .where("last_seen_at", ">", sql<Date>`now() - make_interval(secs => ${args.seenWithinSeconds})`)
    .orderBy("started_at")
    .orderBy("id")
    .execute();
}

/** The rows of this host's other processes, live or not (to find the ones that died here). */
export function instancesOnHost(db: Database, args: { hostname: string; exceptId: string }): Promise<Pick<InstanceRow, "id" | "pid">[]> {
  return db.selectFrom("app_instances").select(["id", "pid"]).where("hostname", "=", args.hostname).where("id", "<>", args.exceptId).execute();
}

export async function deleteInstances(db: Database, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom("app_instances").where("id", "in", ids).execute();
}

/** Rows not seen for `notSeenForSeconds`: instances gone without a clean stop. */
export async function deleteStaleInstances(db: Database, args: { notSeenForSeconds: number }): Promise<void> {
  await db
    .deleteFrom("app_instances")
    .where("last_seen_at", "<=", sql<Date>`now() - make_interval(secs => ${args.notSeenForSeconds})`)
    .execute();
}
