// The pages around a visitor's personal link, for the server and the browser alike.
import type { Locale } from "./locale.ts";

/**
 * The page that asks for a request's personal link again (the address and the number); with
 * `renewed`, it first says that a new link went to the request's address (after "send me a new link").
 */
export const linkSentPath = (locale: Locale, renewed = false) => `/${locale}/requests/new-link${renewed ? "?renewed=1" : ""}`;

/** What the page's action answers when the form was sent (the same whether a request matched or not). */
export type LinkResent = { ok: true; sent: true };
