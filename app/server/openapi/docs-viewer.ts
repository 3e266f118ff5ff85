// The API's description for people, at /api/docs: Swagger UI (the swagger-ui-dist package, served
// from this app, no CDN) reading /api/openapi.json. Three files: the page, its start script, and
// the package's script and style. "Try it out" calls the API from the page as the reader: with a
// session, its POSTs carry the CSRF header from the XSRF-TOKEN cookie, as the site's own scripts
// do; with a token given under "Authorize", the Authorization header.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

/** The page's policy: its own scripts and the API, nothing from elsewhere. */
export const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function docsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Stockspace API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;
}

const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#docs",
  deepLinking: true,
  tryItOutEnabled: false,
  requestInterceptor: function (req) {
    var match = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
    if (match && !req.headers.Authorization) req.headers["X-XSRF-TOKEN"] = decodeURIComponent(match[1]);
    return req;
  },
});
`;

// A Map, not an object: a name like __proto__ must find nothing.
const PACKAGE_FILES = new Map([
  ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
  ["swagger-ui.css", "text/css; charset=utf-8"],
]);

let packageDir: string | null = null;
/** The package's files, read once (they change only with the package). */
const read = new Map<string, string>();

/** One of the viewer's files, or null for a name that is not one of them. */
export function docsAsset(name: string): { body: string; type: string } | null {
  if (name === "start.js") return { body: START_SCRIPT, type: "text/javascript; charset=utf-8" };
  const type = PACKAGE_FILES.get(name);
  if (!type) return null;
  packageDir ??= path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  let body = read.get(name);
  if (body === undefined) read.set(name, (body = fs.readFileSync(path.join(packageDir, name), "utf8")));
  return { body, type };
}
