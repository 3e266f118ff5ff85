import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { localeForPath } from "./lib/i18n.ts";
import appCss from "./app.css?url";
import { rootMiddleware } from "./server/http/middleware.ts";
import { actorContext, csrfTokenContext, localeContext, servicesContext } from "./server/context.ts";
import type { Locale } from "./lib/locale.ts";
import { useRootData, type RootData } from "./lib/root-data.ts";
import { useNonce } from "./lib/nonce.ts";
import { frameShouldRevalidate } from "./lib/frame-revalidation.ts";
import { SiteShell } from "./components/SiteShell.tsx";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { pageHydrated } from "./components/ui/HydrateLater.tsx";
import { m } from "./paraglide/messages.js";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

// Every page sets its own title; the root boundary's error pages (the area guard's 401/403,
// before any page's loader ran) would have none, so they get the error page's title.
export function meta({ error }: Route.MetaArgs) {
  return error ? [{ title: m.page_title({ title: m.error_page_title() }) }] : [];
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader({ context }: Route.LoaderArgs): RootData {
  const actor = context.get(actorContext);
  return {
    locale: context.get(localeContext),
    csrfToken: context.get(csrfTokenContext),
    origin: context.get(servicesContext).config.origin,
    user: actor
      ? {
          id: actor.id,
          role: actor.role,
          account_type: actor.accountType,
          first_name: actor.firstName,
          last_name: actor.lastName,
          email: actor.email,
          company: actor.company,
          telephone: actor.telephone,
        }
      : null,
  };
}

export const shouldRevalidate = frameShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const locale: Locale = root?.locale ?? localeForPath(pathname);
  const nonce = useNonce();
  // Marks the document once the whole page has hydrated (effects run after the commit of the
  // whole tree, also when a lazily loaded part held it back; the parts hydrated later, see
  // HydrateLater, are waited for): the browser tests wait for it.
  useEffect(() => pageHydrated(), []);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The one stylesheet blocks the first paint: with a precedence React writes it before the
            scripts' modulepreload links (which it hoists into the head), so the browser asks for it first. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Errors before any page loader ran (the area guard's 401/403 on a profile area or /admin):
// the site frame with the error, and for a visitor the login button.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { locale, user } = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteShell>
      <ErrorPage status={status} locale={locale} loggedIn={!!user} />
    </SiteShell>
  );
}
