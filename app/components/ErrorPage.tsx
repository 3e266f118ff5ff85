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
  if (status === 503) return m.error_service_unavailable();
  return m.error_server();
}

/**
 * `sheet`: the 404 of a warehouse's sheet. It says what such a page is and puts the search first:
 * the search lists every warehouse, the anonymised ones too.
 */
export function ErrorPage({ status, locale, loggedIn, sheet = false }: { status: number; locale: Locale; loggedIn: boolean; sheet?: boolean }) {
  const { openLogin } = usePopups();
  const loginFirst = status === 401 && !loggedIn;
  const home = (
    <Link key="home" to={paths.home(locale)} className={buttonClass(loginFirst || sheet ? "secondary" : "primary", "lg")}>
      {m.error_page_back_home()}
    </Link>
  );
  const search = (
    <Link key="search" to={paths.stocks(locale)} className={buttonClass(sheet ? "primary" : "secondary", "lg")} data-testid="error-search">
      {m.error_page_search()}
    </Link>
  );
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-7xl font-extrabold tracking-tight text-brand-600 sm:text-8xl">{status}</p>
      <h1 className="mt-4 text-2xl font-bold text-balance text-slate-900 sm:text-3xl">{errorText(status)}</h1>
      {(sheet || status === 404 || loginFirst) && (
        <p className="mt-3 max-w-xl text-pretty text-slate-600" data-testid="error-hint">
          {sheet ? m.error_warehouse_not_public() : status === 404 ? m.error_not_found_hint() : m.error_unauthorized_hint()}
        </p>
      )}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {loginFirst && (
          <button type="button" onClick={openLogin} className={buttonClass("primary", "lg")}>
            {m.nav_login()}
          </button>
        )}
        {sheet ? [search, home] : [home, search]}
      </div>
    </section>
  );
}
