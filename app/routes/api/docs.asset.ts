// GET /api/docs/{file} → the viewer's script and style (swagger-ui-dist) and its start script; any
// other name is the API's JSON 404.
import { apiNotFound, methodNotAllowed } from "../../server/http/api.ts";
import { docsAsset } from "../../server/openapi/docs-viewer.ts";
import type { RouterContextProvider } from "react-router";

export function loader(args: { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> }) {
  const asset = docsAsset(args.params.file ?? "");
  if (!asset) return apiNotFound(args);
  return new Response(asset.body, { headers: { "Content-Type": asset.type, "Cache-Control": "public, max-age=86400" } });
}
export const action = methodNotAllowed;
