// Every /admin page: administrators only (checked here and in each page's own loader, after
// the area guard), inside the back office's frame.
import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { actorContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { errorText } from "../../components/ErrorPage.tsx";
import { m } from "../../paraglide/messages.js";

export async function loader({ context }: Route.LoaderArgs) {
  await pageWork(() => requireRole(context.get(actorContext), "admin"));
  return null;
}

export function meta() {
  return [{ title: m.page_title({ title: m.admin_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <AdminShell>
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <p className="text-7xl font-extrabold text-slate-200">{status}</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{errorText(status)}</h1>
      </section>
    </AdminShell>
  );
}
