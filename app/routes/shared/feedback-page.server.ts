// What the review and report pages load (the request link they are about, the service
// checking that the actor is a party of it, and the actor's details to prefill the form), and
// what their forms do when posted.
import { data, type RouterContextProvider } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { actorContext, servicesContext, type Actor } from "../../server/context.ts";
import type { Database } from "../../server/db/database.ts";
import { DomainError } from "../../server/errors.ts";
import { readFormData } from "../../server/http/input.ts";
import { pageWork } from "../../server/http/respond.ts";
import { getFeedbackContext, type FeedbackMailContext } from "../../server/reviews/reviews.service.ts";
import { parseForm } from "../../lib/forms.ts";
import { fullName } from "../../lib/person-name.ts";

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
  const prefill = actor ? { full_name: fullName({ first_name: actor.firstName, last_name: actor.lastName }), email: actor.email, telephone: actor.telephone ?? "" } : null;
  return { feedback, prefill };
}

type SaveFeedback<Value> = (db: Database, actor: Actor | null, warehouseId: number, requestId: number, value: Value, ctx: FeedbackMailContext) => Promise<number>;

/**
 * A review or report form posted to its page: checked with the schema of its JSON call, then
 * saved by the service (`save`), which checks the actor is a party. A refusal (not a party,
 * already reviewed, too many reports) is the form's error; `savedId` is the new row's id.
 */
export async function submitFeedbackForm<Schema extends $ZodType>(
  { request, params, context }: { request: Request; params: Params; context: Readonly<RouterContextProvider> },
  schema: Schema,
  save: SaveFeedback<output<Schema>>,
) {
  const { warehouseId, requestId } = feedbackIds(params);
  const submission = parseForm(await pageWork(() => readFormData(request)), schema);
  if (submission.status !== "success") return { result: submission.reply(), savedId: null };
  try {
    const services = context.get(servicesContext);
    const savedId = await save(services.db, context.get(actorContext), warehouseId, requestId, submission.value, { origin: services.config.origin });
    return { result: submission.reply(), savedId };
  } catch (err) {
    if (err instanceof DomainError) return { result: submission.reply({ formErrors: [err.code] }), savedId: null };
    throw err;
  }
}
