// GET /api/health/ready (and /api/health, its older name): 200 when this instance should get
// traffic, else 503 naming why (draining, database_unavailable, migrations_pending,
// search_index_building). For load balancers; never cached.
import { apiLoader } from "../../server/http/api.ts";
import { healthAnswer } from "../../schemas/public-answers.ts";
import { readiness } from "../../server/health/readiness.ts";

export const loader = apiLoader({ access: "public", response: healthAnswer }, async ({ services }) => {
  const status = await readiness(services);
  return Response.json({ status }, { status: status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
