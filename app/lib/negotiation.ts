// What the requester's answers to offers return (decision 036), to the JSON calls and to the
// pages' forms alike (routes/shared/answer-intents.server.ts, components/deal/OfferAnswer.tsx).
import type { PageActionResult } from "./page-action.ts";

/** POST …/offers/{offer_id}/accept: the offer accepted, its link, and the other offers declined with it. */
export type AcceptResult = { offer_id: number; link_id: number; declined_offer_ids: number[] };
/** POST …/offers/{offer_id}/decline. */
export type DeclineResult = { offer_id: number };
/** POST …/warehouse-requests/{id}/ask-changes: the message kept in the link's conversation. */
export type ChangesResult = { message_id: number };

/** A page's answer form, done. */
export type AnswerResult =
  | ({ ok: true; intent: "accept" } & AcceptResult)
  | ({ ok: true; intent: "decline" } & DeclineResult)
  | ({ ok: true; intent: "ask_changes"; link_id: number } & ChangesResult);

/** What the page's action gives the form back: done, or the failure (its code and sentence). */
export type AnswerActionResult = PageActionResult<AnswerResult>;
