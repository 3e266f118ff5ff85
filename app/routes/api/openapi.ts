// GET /api/openapi.json → the API's description (OpenAPI 3.1), generated from the running
// build's routes and their endpoints' contracts (app/server/openapi/openapi.ts). Public: it says
// what each endpoint takes and who may call it, nothing an unauthorised call would not answer.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { routeManifestContext } from "../../server/context.ts";
import { NotFoundError } from "../../server/errors.ts";
import { buildOpenApiDocument } from "../../server/openapi/openapi.ts";
import { openApiDocumentAnswer } from "../../schemas/public-answers.ts";

export const loader = apiLoader({ access: "public", response: openApiDocumentAnswer }, async ({ context, services }) => {
  const manifest = context.get(routeManifestContext);
  // Only the Node server knows the build's routes; nothing to describe without one.
  if (!manifest) throw new NotFoundError();
  const doc = buildOpenApiDocument({ origin: services.config.origin, manifest: await manifest() });
  return Response.json(doc, { headers: { "Cache-Control": "public, max-age=300" } });
});
export const action = methodNotAllowed;
