// /{locale}/stocker, /{locale}/referent and /{locale}/stock-hunter → the area's start page
// under …/profile (the spec's paths), for someone who types or shortens the address. The
// query is kept; the area's own guard then answers for who may enter.
import { redirect } from "react-router";
import type { Route } from "./+types/area-redirect";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`${url.pathname.replace(/\/+$/, "")}/profile${url.search}`);
}
