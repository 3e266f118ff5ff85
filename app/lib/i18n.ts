// Which language the Paraglide messages (m.*) speak. In the browser: the URL's /{locale}
// prefix (the admin area is Italian). On the server: the request's locale, held for the
// duration of the request by app/server/i18n.server.ts. Imported once, by app/root.tsx.
import { overwriteGetLocale } from "../paraglide/runtime.js";
import { fallbackLocale, localeOfPath, type Locale } from "./locale.ts";

let serverLocale: (() => Locale | undefined) | null = null;

/** Called by the server side once, with a reader of the current request's locale. */
export function setServerLocaleReader(read: () => Locale | undefined) {
  serverLocale = read;
}

export function localeForPath(pathname: string): Locale {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "it";
  return localeOfPath(pathname) ?? fallbackLocale;
}

/** Makes m.*() read the locale as above (done once on import; the fast tests do it again before each file). */
export function installLocaleReader() {
  overwriteGetLocale(() => {
    if (typeof window !== "undefined") return localeForPath(window.location.pathname);
    return serverLocale?.() ?? fallbackLocale;
  });
}

installLocaleReader();
