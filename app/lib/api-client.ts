// The browser's client for our JSON API (popups, map search, toggles). Every call sends the
// CSRF token as the spec has it: the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header.
// Calls never throw on an HTTP error: the caller gets { ok, status, data } and shows
// data.message or data.errors. Only a network failure gives status 0.

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
/** Plain form posts (before hydration, or page forms) carry the token in this hidden field. */
export const XSRF_FIELD_NAME = "_xsrf";

export type ApiResult<T = Record<string, unknown>> = {
  ok: boolean;
  status: number;
  /** The parsed JSON body; {} when there is none or it is not JSON. */
  data: T & ApiErrorBody;
};

/** What our endpoints answer on failure (app/server/http/respond.ts). */
export type ApiErrorBody = {
  error?: string | boolean;
  message?: string;
  errors?: Record<string, string>;
};

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

let fallbackToken: string | null = null;

/**
 * The token to use when the cookie cannot be read yet (the very first page of a visit sets
 * it in the same response). The layout passes the root loader's csrfToken here.
 */
export function setCsrfFallback(token: string | null | undefined) {
  fallbackToken = token || null;
}

/** The XSRF-TOKEN cookie's value, if the browser has one. */
export function readXsrfCookie(cookieHeader: string = typeof document === "undefined" ? "" : document.cookie): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === XSRF_COOKIE) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** `{ a: 1, ids: [2, 3] }` → "?a=1&ids[]=2&ids[]=3"; empty values are left out. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function send<T>(url: string, init: RequestInit): Promise<ApiResult<T>> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  const token = readXsrfCookie() ?? fallbackToken;
  if (token) headers.set(XSRF_HEADER, token);
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init, headers });
  } catch (err) {
    return { ok: false, status: 0, data: { error: err instanceof Error ? err.message : "network_error" } as T & ApiErrorBody };
  }
  let data: unknown = {};
  const text = await response.text().catch(() => "");
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = {};
    }
  }
  if (data === null || typeof data !== "object") data = {};
  return { ok: response.ok, status: response.status, data: data as T & ApiErrorBody };
}

/** POST a JSON body. */
export function postJson<T = Record<string, unknown>>(url: string, body?: unknown): Promise<ApiResult<T>> {
  return send<T>(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
}

/**
 * POST a multipart form (a file upload). No Content-Type header: the browser sets it with the
 * form's boundary.
 */
export function postForm<T = Record<string, unknown>>(url: string, body: FormData): Promise<ApiResult<T>> {
  return send<T>(url, { method: "POST", body });
}

/**
 * GET with query parameters. A call given a signal can be cancelled: once the signal has aborted,
 * its result (status 0, or an empty body) means nothing and the caller drops it.
 */
export function getJson<T = Record<string, unknown>>(url: string, query?: Query, options?: { signal?: AbortSignal }): Promise<ApiResult<T>> {
  return send<T>(`${url}${toQueryString(query)}`, { method: "GET", signal: options?.signal });
}
