// GET /sitemaps/pages.xml (the home page, the search, the legal pages) and
// /sitemaps/warehouses-{n}.xml (the public sheets of the n-th range of ids): each page in both
// languages with its alternates, x-default and last change (decision 057). Anything else is 404.
import { z } from "zod";
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { NotFoundError } from "../../server/errors.ts";
import { pagesSitemap, warehousesSitemap } from "../../server/seo/sitemap.service.ts";
import { sitemapResponse } from "./sitemap-response.server.ts";

const FILE = /^(?:pages|warehouses-([1-9]\d{0,6}))\.xml$/;

const params = z.object({ file: z.string().max(40) });

export const loader = apiLoader({ access: "public", params }, async ({ request, params, services }) => {
  const match = FILE.exec(params.file);
  if (!match) throw new NotFoundError();
  const origin = services.config.origin;
  const body = match[1] ? await warehousesSitemap(services.db, origin, Number(match[1])) : await pagesSitemap(services.db, origin);
  return sitemapResponse(request, body);
});
export const action = methodNotAllowed;
