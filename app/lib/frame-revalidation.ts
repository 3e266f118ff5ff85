// When the frames above a page (the root: locale, user, CSRF token; the /{locale} segment) load
// their data again. It depends on the path and the session, never on the query, and the session
// only changes through a submission or a whole new document (login, logout). So a navigation
// that keeps the path and submits nothing (another search or order, a list's filters or page,
// the retry of a failed search) asks the server for the page's own data only: one call instead
// of two, and when the connection drops it is the page's call that fails, which the page
// answers in place (the search keeps its results) instead of the frame's, which would bring
// the error page.
import type { ShouldRevalidateFunctionArgs } from "react-router";

export function frameShouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
