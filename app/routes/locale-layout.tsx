// The /{locale} segment. A first segment that is not one of our locales is a path typed
// without its language (/stocks → /it/stocks); a two-letter one we do not speak is a 404.
// Its component is the site frame (header, footer, global popups) of every /{locale} page.
import { isRouteErrorResponse, Outlet, redirect, useLocation } from "react-router";
import type { Route } from "./+types/locale-layout";
import { pageLoader } from "../server/http/page.ts";
import { NotFoundError } from "../server/errors.ts";
import { isLocale } from "../lib/locale.ts";
import { m } from "../paraglide/messages.js";
import { SiteShell } from "../components/SiteShell.tsx";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { useRootData } from "../lib/root-data.ts";
import { frameShouldRevalidate } from "../lib/frame-revalidation.ts";

export const loader = pageLoader({ access: "public" }, ({ params, url, locale }) => {
  if (isLocale(params.locale)) return null;
  if (/^[a-z]{2}$/i.test(params.locale ?? "")) throw new NotFoundError();
  return redirect(`/${locale}${url.pathname}${url.search}`);
});

export const shouldRevalidate = frameShouldRevalidate;

// Pages set their own title; this one serves pages without meta and the error page.
export function meta({ error }: Route.MetaArgs) {
  const title = error ? m.page_title({ title: m.error_page_title() }) : m.meta_default_title();
  return [{ title }, { name: "description", content: m.meta_default_description() }];
}

function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export default function LocaleLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { locale, user } = useRootData();
  const { pathname } = useLocation();
  const status = statusOf(error);
  // A sheet that is not public (an anonymised, pending or removed warehouse, or no such id: the
  // same answer for all, so it tells nothing about which) says where to look instead.
  const sheet = status === 404 && /^\/(it|en)\/warehouses\/[^/]+\/?$/.test(pathname);
  return (
    <SiteShell>
      <ErrorPage status={status} locale={locale} loggedIn={!!user} sheet={sheet} />
    </SiteShell>
  );
}
