// What the review and report pages load: the request link they are about (the service
// checks that the actor is a party of it) and the actor's details to prefill the form.
import { data, type RouterContextProvider } from "react-router";
import { actorContext, servicesContext } from "../../server/context.ts";
import { DomainError } from "../../server/errors.ts";
import { getFeedbackContext } from "../../server/reviews/reviews.service.ts";

export async function loadFeedbackPage({ params, context }: { params: { warehouseId: string; requestId: string }; context: Readonly<RouterContextProvider> }) {
  if (!/^\d{1,15}$/.test(params.warehouseId) || !/^\d{1,15}$/.test(params.requestId)) throw data({ code: "not_found" }, { status: 404 });
  const actor = context.get(actorContext);
  try {
    const feedback = await getFeedbackContext(context.get(servicesContext).db, actor, Number(params.warehouseId), Number(params.requestId));
    const prefill = actor ? { full_name: [actor.firstName, actor.lastName].filter(Boolean).join(" "), email: actor.email, telephone: actor.telephone ?? "" } : null;
    return { feedback, prefill };
  } catch (err) {
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}
