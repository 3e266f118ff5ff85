// The requester's answers to the offers of a request (decision 036): accept one, decline one,
// ask for changes. The requester is a stock hunter with an account (the request's user) or a
// visitor holding the request's personal link (the request resolveRequestAccess opened).
//
// Each answer is one transaction: the request's row is taken first (the answers of one request
// happen one after the other, so accepting one offer and declining the others never crosses
// another answer), then the link's (findDealLink with lock: an offer sent, revised or withdrawn
// meanwhile waits, or is seen). An offer or a link that is not the requester's is not found,
// like a missing one: the answer tells nothing about other people's offers.
//
// Accepting does not confirm the link: the handlers are told (offer_accepted) and asked to
// confirm it with the state call they already have; the review link still depends on
// `confirmed` alone. A requester may accept more than one offer of a request (a quantity split
// between warehouses); accepting can decline, in the same step, every other open offer of the
// request, each handler told with a standard polite message in their own language.
import type { Database } from "../db/database.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { requestNumber, todayInItaly } from "../../lib/format.ts";
import { offerStatus } from "../../lib/offers.ts";
import type { AcceptResult, ChangesResult, DeclineResult } from "../../lib/negotiation.ts";
import type { Locale } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { findDealLink, type DealLink } from "./deal.queries.ts";
import { notifyDealStep } from "./deal-notify.service.ts";
import { refuseOverMessageLimits } from "./conversation.service.ts";
import {
  answerOpenOffer,
  findLinkRequest,
  findOfferToAnswer,
  findOpenOffer,
  findOtherOpenOffers,
  insertChangesMessage,
  lockRequestForAnswers,
} from "./negotiation.queries.ts";

/** Who answers: a stock hunter by account, or a visitor through the personal link of one request. */
export type Requester = { kind: "hunter"; userId: number } | { kind: "visitor"; requestId: number };

/** `now`: the moment whose day in Italy's calendar decides expiry (the clock's, but for tests). */
export type AnswerContext = { origin: string; now?: Date };

/** Whether the request (by its requester's account or its id) is `who`'s. */
function isRequesters(who: Requester, request: { warehouse_request_id: number; requester_id: number | null }): boolean {
  return who.kind === "hunter" ? request.requester_id === who.userId : request.warehouse_request_id === who.requestId;
}

/** The offer, the request locked and the link locked; 404 unless the offer answers one of `who`'s requests. */
async function lockOwnOffer(trx: Database, who: Requester, offerId: number) {
  const found = await findOfferToAnswer(trx, offerId);
  if (!found || !isRequesters(who, found)) throw new NotFoundError();
  await lockRequestForAnswers(trx, found.warehouse_request_id);
  const link = await findDealLink(trx, found.link_id, { lock: true });
  // Read again under the locks: a revision or a withdrawal may have come first.
  const offer = await findOfferToAnswer(trx, offerId);
  if (!link || !offer) throw new NotFoundError();
  return { link, offer };
}

/** The polite words every other handler gets when the requester accepts another offer. */
const politeDecline = (link: DealLink) => (locale: Locale) => m.ans_polite_decline({ number: requestNumber(link.warehouse_request_id) }, { locale });

/**
 * Accepts an open offer of one of `who`'s requests. 404: not theirs (or missing); 409
 * offer_not_open: revised, withdrawn or answered meanwhile, or the link was refused; 409
 * offer_expired: past its valid_until in Italy's calendar. With decline_others, the request's
 * other open offers are declined in the same transaction.
 */
export async function acceptOffer(db: Database, who: Requester, offerId: number, opts: { decline_others: boolean }, ctx: AnswerContext): Promise<AcceptResult> {
  return db.transaction().execute(async (trx) => {
    const { link, offer } = await lockOwnOffer(trx, who, offerId);
    // A link the handler refused has no deal left to accept, even with its last offer still open.
    if (offer.state !== "open" || link.state === "refused") throw new ConflictError("offer_not_open");
    if (offerStatus(offer.state, offer.valid_until, todayInItaly(ctx.now)) === "expired") throw new ConflictError("offer_expired");
    if (!(await answerOpenOffer(trx, { offerId, state: "accepted" }))) throw new ConflictError("offer_not_open");
    await notifyDealStep(trx, link, { event: "offer_accepted", to: "handlers" }, ctx);

    const declined: number[] = [];
    if (opts.decline_others) {
      // In link order, as every answer of the request takes them.
      for (const other of await findOtherOpenOffers(trx, { requestId: link.warehouse_request_id, exceptLinkId: link.id })) {
        const otherLink = await findDealLink(trx, other.link_id, { lock: true });
        if (!otherLink || !(await answerOpenOffer(trx, { offerId: other.id, state: "declined", reason: null }))) continue;
        await notifyDealStep(trx, otherLink, { event: "offer_declined", to: "handlers", quote: politeDecline(otherLink) }, ctx);
        declined.push(other.id);
      }
    }
    return { offer_id: offerId, link_id: link.id, declined_offer_ids: declined };
  });
}

/** Declines an open offer (expired or not) of one of `who`'s requests, with an optional reason the handlers read. */
export async function declineOffer(db: Database, who: Requester, offerId: number, opts: { reason: string }, ctx: AnswerContext): Promise<DeclineResult> {
  return db.transaction().execute(async (trx) => {
    const { link, offer } = await lockOwnOffer(trx, who, offerId);
    if (offer.state !== "open") throw new ConflictError("offer_not_open");
    const reason = opts.reason.trim() === "" ? null : opts.reason.trim();
    if (!(await answerOpenOffer(trx, { offerId, state: "declined", reason }))) throw new ConflictError("offer_not_open");
    await notifyDealStep(trx, link, { event: "offer_declined", to: "handlers", quote: reason }, ctx);
    return { offer_id: offerId };
  });
}

/**
 * Asks the handlers of a link of one of `who`'s requests to change its open offer (expired or
 * not): the message is kept in the link's conversation (kind 'changes') and relayed to both
 * handlers. 404: not theirs; 409 offer_not_open: the link has no open offer; 429 too_many_messages.
 */
export async function askForChanges(db: Database, who: Requester, linkId: number, opts: { message: string }, ctx: AnswerContext): Promise<ChangesResult> {
  return db.transaction().execute(async (trx) => {
    const found = await findLinkRequest(trx, linkId);
    if (!found || !isRequesters(who, found)) throw new NotFoundError();
    await lockRequestForAnswers(trx, found.warehouse_request_id);
    const link = await findDealLink(trx, linkId, { lock: true });
    if (!link) throw new NotFoundError();
    if (!(await findOpenOffer(trx, linkId))) throw new ConflictError("offer_not_open");
    // A typed text relayed by e-mail: the conversation's limits, counted over every message of the link and its author.
    await refuseOverMessageLimits(trx, link, who.kind === "hunter" ? who.userId : null);
    const message = await insertChangesMessage(trx, { linkId, authorId: who.kind === "hunter" ? who.userId : null, body: opts.message });
    await notifyDealStep(trx, link, { event: "changes_asked", to: "handlers", quote: opts.message }, ctx);
    return { message_id: message.id };
  });
}
