// GET /api/health: the app answers and its database too (for load balancers and tests).
import { sql } from "kysely";
import { apiLoader } from "../../server/http/api.ts";

export const loader = apiLoader({ access: "public" }, async ({ services: { db } }) => {
  try {
    await sql`select 1`.execute(db);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "database_unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
});
