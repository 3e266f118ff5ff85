// The root loader's data (locale, CSRF token, nonce, current user) for any component.
import { useLocation, useRouteLoaderData } from "react-router";
import type { Locale } from "./locale.ts";
import { localeForPath } from "./i18n.ts";

/** The signed-in user as the root loader answers it: the public fields of the session's actor. */
export type CurrentUser = {
  id: number;
  role: "stock_hunter" | "stocker" | "referent" | "admin";
  account_type: 0 | 1 | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  company: string | null;
  telephone: string | null;
};
export type UserRole = CurrentUser["role"];

// Declared here, not inferred from the loader in app/root.tsx, so that browser code needs no
// route module (which imports the server's context); the loader is typed with it, so the two
// cannot drift apart.
export type RootData = {
  locale: Locale;
  csrfToken: string;
  user: CurrentUser | null;
  /** The site's public address (ORIGIN): the absolute links pages give search engines and previews. */
  origin: string;
};

/**
 * The root data. When the root loader did not run (the root middleware refused the request:
 * 401/403 on a protected area) a logged-out default in the URL's language.
 */
export function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  return root ?? { locale: localeForPath(pathname), csrfToken: "", user: null, origin: "" };
}

export function useLocale(): Locale {
  return useRootData().locale;
}

export function useCurrentUser(): CurrentUser | null {
  return useRootData().user;
}

/** The start page of a user's own area. */
export function userAreaPath(role: UserRole, locale: Locale): string {
  switch (role) {
    case "admin":
      return "/admin";
    case "stocker":
      return `/${locale}/stocker/profile`;
    case "referent":
      return `/${locale}/referent/profile`;
    case "stock_hunter":
      return `/${locale}/stock-hunter/profile`;
  }
}
