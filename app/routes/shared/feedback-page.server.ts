// What the review and report pages load (the request link they are about, the service
// checking that the actor is a party of it, and the actor's details to prefill the form), and
// what their forms do when posted. Any logged-in user may open them (a visitor gets the 401
// page); the service then answers 404 to whoever is not a party of the link.
import { z } from "zod";
import type { $ZodType, output } from "zod/v4/core";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import type { Actor } from "../../server/context.ts";
import type { Database } from "../../server/db/database.ts";
import { getFeedbackContext, type FeedbackMailContext } from "../../server/reviews/reviews.service.ts";
import { idNumber } from "../../schemas/common.ts";
import { fullName } from "../../lib/person-name.ts";

/** The two ids of the page's path; anything but whole numbers is a 404 (loaders and actions alike). */
const feedbackParams = z.object({ warehouseId: idNumber, requestId: idNumber });

export const feedbackPageLoader = pageLoader({ access: "user", params: feedbackParams }, async ({ actor, params, services }) => {
  const feedback = await getFeedbackContext(services.db, actor, params.warehouseId, params.requestId);
  const prefill = { full_name: fullName({ first_name: actor.firstName, last_name: actor.lastName }), email: actor.email, telephone: actor.telephone ?? "" };
  return { feedback, prefill };
});

type SaveFeedback<Value> = (db: Database, actor: Actor, warehouseId: number, requestId: number, value: Value, ctx: FeedbackMailContext) => Promise<number>;

/**
 * A review or report form posted to its page: parsed with the schema of its JSON call, then
 * saved by the service (`save`), which checks the actor is a party. A refusal (bad input, not a
 * party, already reviewed, too many reports) comes back to the form with what was typed;
 * `savedId` is the new row's id.
 */
export function feedbackPageAction<Schema extends $ZodType & z.ZodType>(schema: Schema, save: SaveFeedback<output<Schema>>) {
  return pageAction({ access: "user", params: feedbackParams, body: schema, keepValues: true }, async ({ actor, params, body, services }) => {
    const savedId = await save(services.db, actor, params.warehouseId, params.requestId, body as output<Schema>, { origin: services.config.origin });
    return { ok: true as const, savedId };
  });
}
