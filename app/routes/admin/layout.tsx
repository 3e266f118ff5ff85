// Every /admin page: administrators only (checked here and in each page's own loader, after
// the area guard), inside the back office's frame, whose navigation shows what waits (one
// cheap statement of indexed counts: app/server/admin/dashboard.queries.ts).
import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { pageLoader } from "../../server/http/page.ts";
import { waitingCounters } from "../../server/admin/dashboard.queries.ts";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { errorText } from "../../components/ErrorPage.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { m } from "../../paraglide/messages.js";

export const loader = pageLoader({ access: ["admin"] }, async ({ services }) => ({ counters: await waitingCounters(services.db) }));

export function meta() {
  return [{ title: m.page_title({ title: m.admin_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell counters={loaderData.counters}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The counters when the layout's own loader answered (a child page failed), else none.
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <AdminShell counters={data?.counters ?? null}>
      <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
        {/* The brand's blue reads at 5.6:1 on the back office's grey, as on the site's error page. */}
        <p className="text-7xl font-extrabold tracking-tight text-brand-600">{status}</p>
        <h1 className="mt-4 text-2xl font-bold text-balance text-slate-900">{errorText(status)}</h1>
        <Link to="/admin" className={buttonClass("primary", "lg", "mt-8")}>
          {m.area_admin_back()}
        </Link>
      </section>
    </AdminShell>
  );
}
