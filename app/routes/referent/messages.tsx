// {referent_prefix}/messages: the quote requests of the warehouses the referent manages — filters, the colour legend,
// expandable cards (one open at a time) and the state selector, sent at once to this page's action.
import type { Route } from "./+types/messages";
import { m } from "../../paraglide/messages.js";
import { handlerRequestsPageAction, handlerRequestsPageLoader } from "../shared/request-pages.server.ts";
import { HandlerRequests } from "../../components/area/HandlerRequests.tsx";
import { keepPageOnFailure } from "../../lib/page-action.ts";

export const loader = handlerRequestsPageLoader("referent");
export const action = handlerRequestsPageAction("referent");
// A failed save leaves the page as it is: the form shows the general error.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnFailure(serverAction);

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_messages() }) }, { name: "robots", content: "noindex" }];
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <HandlerRequests data={loaderData} base={loaderData.frame.base} asAdmin={loaderData.frame.asAdmin} />;
}
