// Security headers. The document's Content-Security-Policy carries a per-request nonce for
// React Router's inline scripts; the map needs blob: workers and its tile and style hosts.
import type { Config } from "../config.ts";

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(nonce: string, config: Pick<Config, "mapStyleUrl" | "production">): string {
  const mapOrigin = originOf(config.mapStyleUrl);
  // Tiles, glyphs and sprites may come from other hosts than the style; allow https for them.
  const connect = ["'self'", "https:", ...(mapOrigin ? [mapOrigin] : [])];
  if (!config.production) connect.push("ws:"); // Vite's hot reload in development
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${config.production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    `connect-src ${connect.join(" ")}`,
    "worker-src 'self' blob:",
    "child-src blob:",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response gets (set by the server entry). */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(self)",
};
