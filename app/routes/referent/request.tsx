// {referent_prefix}/messages/{id}: the handler's page of one request link — the request, its state,
// the offer form and the offers' history (app/routes/shared/offer-pages.server.ts).
import type { Route } from "./+types/request";
import { m } from "../../paraglide/messages.js";
import { handlerOfferPageAction, handlerOfferPageLoader } from "../shared/offer-pages.server.ts";
import { HandlerLinkPage } from "../../components/deal/HandlerLinkPage.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { keepPageOnFailure } from "../../lib/page-action.ts";

export const loader = handlerOfferPageLoader("referent");
export const action = handlerOfferPageAction("referent");
// A save that cannot reach the server leaves the page as it is: the form shows the general error.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnFailure(serverAction);

export function meta() {
  return [{ title: m.page_title({ title: m.offer_page_title() }) }, { name: "robots", content: "noindex" }];
}

export default function Request({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken } = useRootData();
  return <HandlerLinkPage data={loaderData} actionData={actionData} csrfToken={csrfToken} />;
}
