// What a page action answers its form, on both sides. The server's pageAction
// (server/http/page.ts) answers a failed save as a PageActionFailure: the error's code, the
// field codes and the sentence, as the JSON API says them. A page action that the page's own
// script calls (a popup's or a selector's fetcher) and that cannot be reached (the connection
// drops, or the server answers 5xx) gets the same shape from the route's clientAction
// (keepPageOnFailure): React Router would otherwise show the error page in place of the whole
// page, and what was typed would be lost; the form keeps the page as it is and shows its
// general error, as the forms that post JSON do (lib/api-client.ts never throws).
import { data, isRouteErrorResponse } from "react-router";
import { m } from "../paraglide/messages.js";

/** A save that did not happen: the form keeps what was typed and shows this. */
export type PageActionFailure = {
  ok: false;
  /** The form's `intent` field, when it posted a known one. */
  intent: string | null;
  /** The error code, the one the JSON twin answers (not_found, not_pending, invalid…). */
  error: string;
  /** Field → code, e.g. { email: "required" }. */
  errors: Record<string, string>;
  /** The code's sentence in the user's language. */
  message: string;
  /** What was typed, for a form that works before the page's script runs (pageAction's keepValues). */
  values?: Record<string, string>;
};

/** A page action's answer: what the action returns on success, or the failure. */
export type PageActionResult<Success> = Success | PageActionFailure;

/** What the form receives when its page action could not be reached. */
export type PageActionUnreachable = PageActionFailure & { intent: null; errors: Record<string, never>; error: "server_error" };

/**
 * The route's clientAction: the server's answer as it is (redirects and the error pages of the
 * request itself, 403, 404, 419, too), or the failure when the call failed or the server broke.
 */
export async function keepPageOnFailure<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (err) {
    if (err instanceof Response || (isRouteErrorResponse(err) && err.status < 500)) throw err;
    console.error("page action failed", err);
    const failure: PageActionUnreachable = { ok: false, intent: null, errors: {}, error: "server_error", message: m.error_server() };
    // An error status: React Router does not reload the page's data after it (over a dead
    // connection the reload would fail too and bring the error page after all).
    return data(failure, { status: 503 });
  }
}
