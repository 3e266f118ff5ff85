// Whether this instance should receive traffic: what GET /api/health/ready answers (and
// /api/health, its older name). Ready means the database answers, every migration this code
// knows is applied, the instance is not draining (stopping after SIGTERM), and its search index
// (when it keeps one) is built and listening (decision 064).
import type { AppServices } from "../context.ts";
import type { Database } from "../db/database.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { pingDatabase } from "./readiness.queries.ts";

export type Readiness = "ok" | "draining" | "database_unavailable" | "migrations_pending" | "search_index_building";

// Migrations are never un-applied under a running app: once a database had them all, asking
// again would only cost the check its speed (a load balancer asks every few hundred ms).
const migrated = new WeakSet<Database>();

export async function readiness(services: Pick<AppServices, "db" | "draining" | "searchIndex">): Promise<Readiness> {
  // An instance without a search index searches PostgreSQL and is ready without one.
  const searchIndexReady = () => !services.searchIndex || services.searchIndex.ready;
  if (services.draining?.()) return "draining";
  const { db } = services;
  try {
    await pingDatabase(db);
  } catch {
    return "database_unavailable";
  }
  if (migrated.has(db)) return searchIndexReady() ? "ok" : "search_index_building";
  try {
    if ((await pendingMigrations(db)).length > 0) return "migrations_pending";
  } catch {
    // It answered a moment ago: gone since, or its migration table cannot be read.
    return "database_unavailable";
  }
  migrated.add(db);
  return searchIndexReady() ? "ok" : "search_index_building";
}
