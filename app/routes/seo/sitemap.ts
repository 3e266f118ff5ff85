// GET /sitemap.xml: the sitemap index: the public pages' sitemap and one sitemap per range of
// warehouse ids holding public sheets, each with its last change (decision 057).
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { sitemapIndex } from "../../server/seo/sitemap.service.ts";
import { sitemapResponse } from "./sitemap-response.server.ts";

export const loader = apiLoader({ access: "public" }, async ({ request, services }) =>
  sitemapResponse(request, await sitemapIndex(services.db, services.config.origin)),
);
export const action = methodNotAllowed;
