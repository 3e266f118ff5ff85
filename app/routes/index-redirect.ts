// "/" → "/{locale}", choosing the language from the cookie or the browser. The query is
// kept: invite links are {origin}?serr=1&ic={invite_code}.
import { redirect } from "react-router";
import type { Route } from "./+types/index-redirect";
import { localeContext } from "../server/context.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return redirect(`/${context.get(localeContext)}${new URL(request.url).search}`);
}
