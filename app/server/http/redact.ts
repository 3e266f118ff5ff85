// What request logs may say. A log line is read by more people, and kept longer, than the
// data it describes: it never carries a credential. Cookies, authorization and CSRF headers
// and Set-Cookie are replaced by "[redacted]"; query parameters that carry a secret (link
// tokens, codes, passwords) keep their name and lose their value, and so does a path segment
// that is one (the one-click unsubscribe token, which also spells the address it is for).

export const REDACTED = "[redacted]";

const SECRET_HEADERS = new Set(["cookie", "authorization", "proxy-authorization", "x-xsrf-token", "set-cookie", "stripe-signature"]);

// Any parameter whose name says it is secret: rpt_token, u_token, token, code, password, key…
const SECRET_PARAM = /(token|code|pass|secret|key|signature|session|sid)/i;

// Paths whose segment after the prefix is a credential, with or without React Router's ".data".
const SECRET_PATHS = [/^(\/[a-z]{2}\/unsubscribe\/)[^/?#]+/i];

function redactPath(path: string): string {
  return SECRET_PATHS.reduce((out, pattern) => out.replace(pattern, `$1${REDACTED}`), path);
}

/** A path with its query, with every secret parameter's value (and secret path segment) replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return redactPath(url);
  const path = redactPath(url.slice(0, q));
  const hashAt = url.indexOf("#", q);
  const query = url.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  const parts = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      /* keep the raw name */
    }
    return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  });
  return `${path}?${parts.join("&")}`;
}

/** Header name → value, with the secret ones replaced. */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  return out;
}

type LoggedRequest = { id?: unknown; method?: string; url?: string; headers?: Record<string, unknown>; remoteAddress?: string; remotePort?: number };
type LoggedResponse = { statusCode?: number; headers?: Record<string, unknown> };

/** pino-http's serializers: the request and response as logged, without credentials. */
export const logSerializers = {
  req: (req: LoggedRequest) => ({
    id: req.id,
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    headers: redactHeaders(req.headers),
    remoteAddress: req.remoteAddress,
  }),
  res: (res: LoggedResponse) => ({ statusCode: res.statusCode, headers: redactHeaders(res.headers) }),
};
