// The requester's answers to offers as a page posts them (components/deal/OfferAnswer.tsx): the
// hunter's page of a request and a visitor's personal-link page call handleAnswerIntent from
// their action with the form parsed by answerIntentSchema. The same bodies and the same service
// as the JSON calls (POST /api/stock-hunter/offers/{offer_id}/accept|decline and
// …/warehouse-requests/{id}/ask-changes), with the offer's or the link's id as a field, since a
// page names neither in its path.
//
//   export const action = pageAction({ access: { area: "stock_hunter" }, body: answerIntentSchema, keepValues: true }, ({ area, body, services }) =>
//     handleAnswerIntent(services.db, hunterOfArea(area), body, { origin: services.config.origin }));
//
// and on the personal-link page, `access: "public"`, `params: z.object({ token: z.string() })` and
// `handleAnswerIntent(services.db, await visitorOfToken(services.db, params.token), body, …)`.
import { z } from "zod";
import type { Database } from "../../server/db/database.ts";
import type { AreaPage } from "../../server/areas/area-access.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import { resolveRequestAccess } from "../../server/deal/request-access.service.ts";
import { acceptOffer, askForChanges, declineOffer, type AnswerContext, type Requester } from "../../server/deal/negotiation.service.ts";
import { acceptOfferSchema } from "../../schemas/negotiation.ts";
import { declineOfferSchema, messageSchema } from "../../schemas/offers.ts";
import { idNumber } from "../../schemas/common.ts";
import type { AnswerResult } from "../../lib/negotiation.ts";

export const ANSWER_INTENTS = ["accept", "decline", "ask_changes"] as const;
export type AnswerIntent = (typeof ANSWER_INTENTS)[number];

/** Whether a posted `intent` is one of the answers (a page with other forms routes on it). */
export const isAnswerIntent = (intent: string | null): intent is AnswerIntent => (ANSWER_INTENTS as readonly (string | null)[]).includes(intent);

/** The three forms of OfferAnswer, told apart by `intent`. */
export const answerIntentSchema = z.discriminatedUnion("intent", [
  acceptOfferSchema.extend({ intent: z.literal("accept"), offer_id: idNumber }),
  declineOfferSchema.extend({ intent: z.literal("decline"), offer_id: idNumber }),
  messageSchema.extend({ intent: z.literal("ask_changes"), link_id: idNumber }),
]);

export type AnswerIntentBody = z.infer<typeof answerIntentSchema>;

/**
 * The requester of a stock hunter's area page: the hunter themself. An administrator looking at
 * a hunter's area reads it and never answers in the hunter's name (403).
 */
export function hunterOfArea(area: AreaPage): Requester {
  if (area.asAdmin) throw new ForbiddenError();
  return { kind: "hunter", userId: area.owner.id };
}

/** The requester of a personal-link page (/{locale}/requests/{token}): the request the token opens, else 404. */
export async function visitorOfToken(db: Database, token: string): Promise<Requester> {
  const requestId = await resolveRequestAccess(db, token);
  if (requestId === null) throw new NotFoundError();
  return { kind: "visitor", requestId };
}

/** Runs one answer; the service's errors (404, 409, 429) are thrown for the page helpers to turn into `{ ok: false, error }`. */
export async function handleAnswerIntent(db: Database, who: Requester, body: AnswerIntentBody, ctx: AnswerContext): Promise<AnswerResult> {
  switch (body.intent) {
    case "accept": {
      const result = await acceptOffer(db, who, body.offer_id, { decline_others: body.decline_others }, ctx);
      return { ok: true, intent: "accept", ...result };
    }
    case "decline":
      return { ok: true, intent: "decline", ...(await declineOffer(db, who, body.offer_id, { reason: body.reason }, ctx)) };
    case "ask_changes":
      return { ok: true, intent: "ask_changes", link_id: body.link_id, ...(await askForChanges(db, who, body.link_id, { message: body.message }, ctx)) };
  }
}
