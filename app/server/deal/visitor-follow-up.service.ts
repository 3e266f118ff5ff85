// What goes around a visitor's personal link to a request (decision 036): renewing it (the old
// link stops at once, the new one goes to the request's contact address), sending it again to
// whoever proves the address and the number, and the account that takes the request over
// (a stock hunter registering from the personal page, or one already logged in attaching it).
//
// A request taken over moves whole: its links, offers and conversations hang on the request, so
// setting its user_id is the move; its personal links are revoked in the same transaction, and
// from then on every step of the deal tells the account (notifyDealStep reads the request's user).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { hit, type Limit } from "../security/rate-limit.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";
import { requestNumber } from "../../lib/format.ts";
import { maskEmail } from "../../lib/mask-email.ts";
import { findLiveRequestAccess, revokeRequestAccess } from "./deal.queries.ts";
import { renewRequestAccess, requestAccessPath, requestAccessToken, resolveRequestAccess } from "./request-access.service.ts";
import {
  findAccountForTakeover,
  findFollowedRequest,
  findRequestAccessById,
  findVisitorRequestByContact,
  setRequestOwner,
} from "./visitor-follow-up.queries.ts";

const HOUR = 3600;
const DAY = 24 * HOUR;

// Renewing mails a link to an address someone once typed: a relay, so it is counted per request
// (the visitor needs one, rarely two) and per client.
export const RENEW_PER_REQUEST: Limit = { name: "request-link-renew:request", max: 3, windowSeconds: DAY, code: "too_many" };
export const RENEW_PER_IP: Limit = { name: "request-link-renew:ip", max: 20, windowSeconds: DAY, code: "too_many" };
// Sending the link again, with the address and the number: per address typed (its inbox) and per
// client (one trying many addresses or numbers), whether a request matched or not.
export const RESEND_PER_ADDRESS: Limit = { name: "request-link-resend:email", max: 3, windowSeconds: DAY, code: "too_many" };
export const RESEND_PER_IP: Limit = { name: "request-link-resend:ip", max: 10, windowSeconds: HOUR, code: "too_many" };

export type FollowUpContext = { origin: string; ip: string; locale: Locale; supportEmail: string };

/** What the personal page shows around the request (VisitorFollowUp's props but `hunter`). */
export type VisitorFollowUpView = { requestId: number; number: string; contact: string };

/** The visitor's request a personal link opens, or 404 (a bad, revoked or taken-over link alike). */
export async function visitorFollowUpView(db: Database, token: string): Promise<VisitorFollowUpView> {
  const requestId = await resolveRequestAccess(db, token);
  const request = requestId === null ? undefined : await findFollowedRequest(db, requestId);
  if (!request || request.user_id !== null) throw new NotFoundError();
  return { requestId: request.id, number: requestNumber(request.id), contact: maskEmail(request.contact) };
}

/**
 * POST /api/requests/{token}/renew: revokes the link and mails a new one to the request's
 * contact address. Returns the address masked, for the page to say where it went.
 */
export async function renewPersonalLink(db: Database, token: string, ctx: FollowUpContext): Promise<{ contact: string }> {
  const requestId = await resolveRequestAccess(db, token);
  if (requestId === null) throw new NotFoundError();
  await hit(db, RENEW_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
  await hit(db, RENEW_PER_REQUEST, [`request:${requestId}`]);
  return db.transaction().execute(async (trx) => {
    // Under the request's lock, the token again: two renewals with one link make one new link.
    const request = await findFollowedRequest(trx, requestId, { lock: true });
    if (!request || request.user_id !== null || (await resolveRequestAccess(trx, token)) !== requestId) throw new NotFoundError();
    const fresh = await renewRequestAccess(trx, requestId);
    await queueMail(trx, {
      to: request.contact,
      lang: request.lang,
      template: "request_link_renewed",
      data: { number: requestNumber(requestId), link: `${ctx.origin}${requestAccessPath(request.lang, fresh)}` },
      origin: ctx.origin,
    });
    return { contact: maskEmail(request.contact) };
  });
}

/**
 * POST /api/requests/renew { email, request_number }: the request's current personal link, again,
 * to its contact address, when both match a visitor's request. The answer is the same whether
 * they matched or not, and nothing is revoked: whoever types someone's address and number makes
 * the link go only where it went already.
 */
export async function resendPersonalLink(db: Database, input: { email: string; request_number: string }, ctx: FollowUpContext): Promise<void> {
  await hit(db, RESEND_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
  await hit(db, RESEND_PER_ADDRESS, [`email:${input.email}`]);
  const requestId = Number(input.request_number);
  if (!Number.isSafeInteger(requestId) || requestId < 1) return;
  await db.transaction().execute(async (trx) => {
    const request = await findVisitorRequestByContact(trx, { requestId, contact: input.email });
    if (!request) return;
    const token = await requestAccessToken(trx, request.id);
    await queueMail(trx, {
      to: request.contact,
      lang: request.lang,
      template: "request_link_resent",
      data: { number: requestNumber(request.id), link: `${ctx.origin}${requestAccessPath(request.lang, token)}` },
      origin: ctx.origin,
    });
  });
}

/**
 * Moves a visitor's request into an account, in the caller's transaction: 409 when it already
 * has one. The personal links stop; when the account's address is not the request's contact
 * address, that address is told where its request went (the account masked), since whoever held
 * the link could have been someone it was forwarded to.
 */
async function takeOver(trx: Database, requestId: number, account: { id: number; email: string }, ctx: FollowUpContext): Promise<void> {
  const request = await findFollowedRequest(trx, requestId, { lock: true });
  if (!request) throw new NotFoundError();
  if (request.user_id !== null || !(await setRequestOwner(trx, { requestId, userId: account.id }))) throw new ConflictError("request_owned");
  await revokeRequestAccess(trx, requestId);
  if (request.contact.toLowerCase() !== account.email.toLowerCase()) {
    await queueMail(trx, {
      to: request.contact,
      lang: request.lang,
      template: "request_taken_over",
      data: { number: requestNumber(requestId), account: maskEmail(account.email), supportEmail: ctx.supportEmail },
      origin: ctx.origin,
    });
  }
}

/** The hunter's page of a request, in their area. */
export const hunterRequestPath = (locale: Locale, requestId: number) => areaPaths(areaBase("stock_hunter", locale)).request(requestId);

/**
 * "Add to my account": a logged-in stock hunter attaches the request a personal link opens.
 * 403 for another role, 404 for a link that does not work, 409 for a request someone owns.
 */
export async function attachRequest(db: Database, actor: Actor, token: string, ctx: FollowUpContext): Promise<{ requestId: number; path: string }> {
  if (actor.role !== "stock_hunter") throw new ForbiddenError();
  const account = await findAccountForTakeover(db, actor.id);
  if (!account || !account.active) throw new ForbiddenError();
  return db.transaction().execute(async (trx) => {
    const requestId = await resolveRequestAccess(trx, token);
    if (requestId === null) throw new NotFoundError();
    await takeOver(trx, requestId, account, ctx);
    return { requestId, path: hunterRequestPath(ctx.locale, requestId) };
  });
}

/** "Create an account" on the personal page: the personal link's row a registration will carry (404 for a link that does not work). */
export async function takeoverAccessId(db: Database, token: string): Promise<number> {
  const { requestId } = await visitorFollowUpView(db, token);
  const live = await findLiveRequestAccess(db, requestId);
  if (!live) throw new NotFoundError();
  return live.id;
}

/**
 * A stock hunter's account was just confirmed in a browser that asked to create it from a
 * personal page: the request moves into it, if that link still works and the request still has
 * no account. Returns the request's id, or null when nothing moved (never an error: the account
 * is confirmed either way, and the request can still be attached from its link).
 */
export async function takeOverOnConfirmation(db: Database, userId: number, accessId: number, ctx: FollowUpContext): Promise<number | null> {
  const account = await findAccountForTakeover(db, userId);
  if (!account || !account.active || account.role !== "stock_hunter") return null;
  const access = await findRequestAccessById(db, accessId);
  if (!access || access.revoked_at !== null) return null;
  try {
    return await db.transaction().execute(async (trx) => {
      await findFollowedRequest(trx, access.warehouse_request_id, { lock: true });
      // Renewed meanwhile (under the same lock): that link no longer proves anything.
      const still = await findRequestAccessById(trx, accessId);
      if (!still || still.revoked_at !== null) return null;
      await takeOver(trx, access.warehouse_request_id, account, ctx);
      return access.warehouse_request_id;
    });
  } catch (err) {
    if (err instanceof ConflictError || err instanceof NotFoundError) return null;
    throw err;
  }
}
