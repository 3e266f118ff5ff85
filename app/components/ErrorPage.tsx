// An error inside the /{locale} area (unknown page, missing access, server error), shown
// inside the site frame so the visitor can carry on.
import { Link } from "react-router";
import { m } from "../paraglide/messages.js";
import type { Locale } from "../lib/locale.ts";
import { paths } from "../lib/paths.ts";
import { usePopups } from "./popups/PopupContext.tsx";
import { buttonClass } from "./ui/styles.ts";

export function errorText(status: number): string {
  if (status === 404) return m.error_not_found();
  if (status === 401) return m.error_unauthorized();
  if (status === 403) return m.error_forbidden();
  return m.error_server();
}

/** `hint`: a sentence under the title that says more about this kind of page (a warehouse's sheet). */
export function ErrorPage({ status, locale, loggedIn, hint }: { status: number; locale: Locale; loggedIn: boolean; hint?: string }) {
  const { openLogin } = usePopups();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-7xl font-extrabold tracking-tight text-brand-600 sm:text-8xl">{status}</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{errorText(status)}</h1>
      {hint && (
        <p className="mt-3 max-w-xl text-slate-600" data-testid="error-hint">
          {hint}
        </p>
      )}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {status === 401 && !loggedIn && (
          <button type="button" onClick={openLogin} className={buttonClass("primary", "lg")}>
            {m.nav_login()}
          </button>
        )}
        <Link to={paths.home(locale)} className={buttonClass(status === 401 && !loggedIn ? "secondary" : "primary", "lg")}>
          {m.error_page_back_home()}
        </Link>
        <Link to={paths.stocks(locale)} className={buttonClass("secondary", "lg")}>
          {m.error_page_search()}
        </Link>
      </div>
    </section>
  );
}
