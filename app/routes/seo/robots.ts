// GET /robots.txt: the public pages allowed, the areas, the back office, the API and the personal
// links not; the sitemap named (decision 057).
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { robotsTxt } from "../../server/seo/sitemap.service.ts";

export const loader = apiLoader(
  { access: "public" },
  ({ services }) =>
    new Response(robotsTxt(services.config.origin), {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    }),
);
export const action = methodNotAllowed;
