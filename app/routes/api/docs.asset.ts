// GET /api/docs/{file} → the viewer's script and style (swagger-ui-dist) and its start script; any
// other name is the API's JSON 404.
import { z } from "zod";
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { NotFoundError } from "../../server/errors.ts";
import { docsAsset } from "../../server/openapi/docs-viewer.ts";

export const loader = apiLoader({ access: "public", params: z.object({ file: z.string().max(60) }) }, ({ params }) => {
  const asset = docsAsset(params.file);
  if (!asset) throw new NotFoundError();
  return new Response(asset.body, { headers: { "Content-Type": asset.type, "Cache-Control": "public, max-age=86400" } });
});
export const action = methodNotAllowed;
