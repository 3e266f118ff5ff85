// GET /api/health/live: the process answers requests. No database: a supervisor that restarts
// the process when this fails must not restart it for the database being away.
import { apiLoader } from "../../server/http/api.ts";
import { healthAnswer } from "../../schemas/public-answers.ts";

export const loader = apiLoader({ access: "public", response: healthAnswer }, () =>
  Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }),
);
