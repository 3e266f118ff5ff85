// A sitemap document as the service keeps it (gzipped), sent as it is to a client that takes
// gzip (every crawler does), unpacked for one that does not.
import { gunzipSync } from "node:zlib";

export function sitemapResponse(request: Request, gzipped: Buffer): Response {
  const takesGzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  const headers: Record<string, string> = {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
    Vary: "Accept-Encoding",
  };
  if (takesGzip) headers["Content-Encoding"] = "gzip";
  return new Response(new Uint8Array(takesGzip ? gzipped : gunzipSync(gzipped)), { headers });
}
