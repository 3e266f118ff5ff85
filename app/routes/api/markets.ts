// GET /api/markets → { markets: [{ id, label, label_en }] }: the business sectors the
// registration, complete-account and profile forms offer.
import { apiLoader } from "../../server/http/api.ts";
import { listMarkets } from "../../server/markets/markets.queries.ts";
import { marketsAnswer } from "../../schemas/public-answers.ts";

export const loader = apiLoader({ access: "public", response: marketsAnswer }, async ({ services }) =>
  Response.json({ markets: await listMarkets(services.db) }, { headers: { "Cache-Control": "public, max-age=300" } }),
);
