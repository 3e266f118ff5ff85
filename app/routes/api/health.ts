// GET /api/health: the app answers and its database too (for load balancers and tests).
import { sql } from "kysely";
import type { Route } from "./+types/health";
import { servicesContext } from "../../server/context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  try {
    await sql`select 1`.execute(db);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "database_unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
