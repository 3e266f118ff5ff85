// GET /api/docs → the API's description for people: Swagger UI on /api/openapi.json, served from
// this app (app/server/openapi/docs-viewer.ts). Public, like the document it shows.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { DOCS_CONTENT_SECURITY_POLICY, docsPage } from "../../server/openapi/docs-viewer.ts";

export const loader = apiLoader(
  { access: "public" },
  () =>
    new Response(docsPage(), {
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": DOCS_CONTENT_SECURITY_POLICY, "Cache-Control": "public, max-age=300" },
    }),
);
export const action = methodNotAllowed;
