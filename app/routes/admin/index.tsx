// /admin: where an administrator lands after logging in. Until the back office's dashboard
// exists, the warehouses are its first screen.
import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { actorContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";

export async function loader({ context }: Route.LoaderArgs) {
  await pageWork(() => requireRole(context.get(actorContext), "admin"));
  return redirect("/admin/warehouses");
}

export default function AdminIndex() {
  return null;
}
