import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./lib/i18n.ts";
import "./app.css";
import { rootMiddleware } from "./server/http/middleware.ts";
import { actorContext, csrfTokenContext, localeContext, requestInfoContext } from "./server/context.ts";
import { m } from "./paraglide/messages.js";
import { fallbackLocale, type Locale } from "./lib/locale.ts";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const actor = context.get(actorContext);
  return {
    locale: context.get(localeContext),
    csrfToken: context.get(csrfTokenContext),
    nonce: context.get(requestInfoContext).nonce,
    user: actor
      ? { id: actor.id, role: actor.role, account_type: actor.accountType, first_name: actor.firstName, last_name: actor.lastName, email: actor.email, company: actor.company, telephone: actor.telephone }
      : null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const locale: Locale = root?.locale ?? fallbackLocale;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  if (isRouteErrorResponse(error)) status = error.status;
  const message =
    status === 404 ? m.error_not_found() : status === 401 ? m.error_unauthorized() : status === 403 ? m.error_forbidden() : m.error_server();
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <p className="text-6xl font-bold text-slate-300">{status}</p>
      <h1 className="mt-4 text-xl font-semibold">{message}</h1>
      <a className="mt-6 inline-block text-brand-600 underline" href="/">
        {m.nav_home()}
      </a>
    </main>
  );
}
