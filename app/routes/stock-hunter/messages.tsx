// {stock_hunter_prefix}/messages: the hunter's own quote requests — a date range, pages of
// expandable requests; the selected one shows the warehouses it went to, with their state and
// the report, review (confirmed) and sheet (redeemed) links, and each warehouse's conversation.
import type { Route } from "./+types/messages";
import { m } from "../../paraglide/messages.js";
import { hunterRequestsPageAction, hunterRequestsPageLoader } from "../shared/request-pages.server.ts";
import { HunterRequests } from "../../components/area/HunterRequests.tsx";

export const loader = hunterRequestsPageLoader;
export const action = hunterRequestsPageAction;

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_messages() }) }, { name: "robots", content: "noindex" }];
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  return <HunterRequests data={loaderData} base={loaderData.frame.base} asAdmin={loaderData.frame.asAdmin} lastResult={actionData} />;
}
