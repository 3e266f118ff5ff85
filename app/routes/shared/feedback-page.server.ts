// What the review and report pages load: the request link they are about (the service
// checks that the actor is a party of it) and the actor's details to prefill the form.
import { data, type RouterContextProvider } from "react-router";
import { actorContext, servicesContext } from "../../server/context.ts";
import { pageWork } from "../../server/http/respond.ts";
import { getFeedbackContext } from "../../server/reviews/reviews.service.ts";

type Params = { warehouseId: string; requestId: string };

/** The two ids of the page's path; anything but whole numbers is a 404 (loaders and actions alike). */
export function feedbackIds(params: Params): { warehouseId: number; requestId: number } {
  if (!/^\d{1,15}$/.test(params.warehouseId) || !/^\d{1,15}$/.test(params.requestId)) throw data({ code: "not_found" }, { status: 404 });
  return { warehouseId: Number(params.warehouseId), requestId: Number(params.requestId) };
}

export async function loadFeedbackPage({ params, context }: { params: Params; context: Readonly<RouterContextProvider> }) {
  const { warehouseId, requestId } = feedbackIds(params);
  const actor = context.get(actorContext);
  const feedback = await pageWork(() => getFeedbackContext(context.get(servicesContext).db, actor, warehouseId, requestId));
  const prefill = actor ? { full_name: [actor.firstName, actor.lastName].filter(Boolean).join(" "), email: actor.email, telephone: actor.telephone ?? "" } : null;
  return { feedback, prefill };
}
