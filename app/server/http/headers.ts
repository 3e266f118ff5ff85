// Security headers. The document's Content-Security-Policy carries a per-request nonce for
// React Router's inline scripts; the map needs blob: workers and its tile and style hosts; card
// payments need Stripe's hosts when Stripe is configured.
import type { Config } from "../config.ts";

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(nonce: string, config: Pick<Config, "mapStyleUrl" | "mapAssetOrigins" | "devServer" | "s3" | "stripe">): string {
  // The map's style, tiles, glyphs and sprites: the style's origin and the origins the
  // operator lists (MAP_ASSET_ORIGINS), no other host.
  const map = [originOf(config.mapStyleUrl), ...config.mapAssetOrigins].filter((o): o is string => Boolean(o));
  const connect = ["'self'", ...map];
  if (config.devServer) connect.push("ws:"); // Vite's hot reload
  // Uploaded images on object storage load from S3_PUBLIC_URL's origin (a CDN or the bucket).
  const uploads = originOf(config.s3?.publicUrl);
  const images = uploads && !map.includes(uploads) ? [...map, uploads] : map;
  // Card payments (the billing page): Stripe.js from js.stripe.com, its card form and 3-D Secure
  // frames, its calls to api.stripe.com. Only when Stripe is configured; otherwise no Stripe host.
  const stripe = config.stripe !== null;
  if (stripe) connect.push("https://api.stripe.com");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${config.devServer ? " 'unsafe-eval'" : ""}${stripe ? " https://js.stripe.com" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${images.join(" ")}`.trim(),
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    "worker-src 'self' blob:",
    "child-src blob:",
    ...(stripe ? ["frame-src 'self' https://js.stripe.com https://hooks.stripe.com"] : []),
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** JSON answers: nothing to run, nothing to frame. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Uploaded files are served as they were re-encoded (images), but a browser must never run
 * or frame anything from there, whatever a file turns out to be.
 */
export const UPLOADS_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** Behind https (directly or through a trusted proxy): browsers keep to https for a year. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** Headers every response gets (set by the server entry). */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(self)",
};
