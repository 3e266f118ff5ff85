// The frame of every page of the stocker area: /{locale}/stocker/profile/… and the administrator's
// view of it at /admin/stocker/{id}/…. The role (and an administrator's view) is checked
// here and again in each page's own loader.
import { Outlet, useLoaderData } from "react-router";
import { areaLayoutLoader } from "../shared/area-pages.server.ts";
import { AreaShell } from "../../components/area/AreaShell.tsx";

export const loader = areaLayoutLoader("stocker");

export default function Layout() {
  return (
    <AreaShell area={useLoaderData<typeof loader>()}>
      <Outlet />
    </AreaShell>
  );
}
