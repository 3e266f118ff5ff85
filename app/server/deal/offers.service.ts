// The handler's side of offers (decision 036): the owner or the referent of a link's warehouse
// sends an offer on the link, revises it (a new revision supersedes the open one, the history
// stays), or withdraws the open one. Every step locks the link, so two steps on it (two
// revisions, a revision and the hunter's acceptance) happen one after the other, counts as the
// link's first answer when it is one, and tells the requester through notifyDealStep.
//
// Rules the issue leaves open:
// - the link's current offer is accepted: no new offer (409 offer_accepted). The hunter took
//   those terms; changing them is a conversation, not a silent revision;
// - the link is refused (or the same body refuses it): no offer (409 link_refused). An offer
//   sent with a state other than refused reopens the link in the same step;
// - the current offer was declined, withdrawn or superseded: a new revision, nothing to supersede;
// - valid_until before today: the offer would be expired at birth (422, valid_until "past").
//
// Private costs (warehouses.m2_month, m2_pallet, handling_cost) only prefill the handler's form:
// nothing the requester sees is read from them.
import type { Database } from "../db/database.ts";
import type { LinkState } from "../db/types.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { hasReviewed } from "../reviews/reviews.queries.ts";
import { recordFirstAnswer } from "../requests/area-requests.queries.ts";
import { requestDetails, updateRequestState, type StateChangeAccess } from "../requests/area-requests.service.ts";
import { findDealLink, type DealLink } from "./deal.queries.ts";
import { notifyDealStep } from "./deal-notify.service.ts";
import {
  currentOfferStates,
  findCurrentOffer,
  findHandlerLink,
  findLinkOffer,
  findLinkOffers,
  findOfferPrefillSources,
  insertOffer,
  setOfferState,
} from "./offers.queries.ts";
import { offerStatus, offerView, MAX_HANDLING_CENTS, type HandlerOfferPage, type OfferPrefill, type OfferStatus, type OfferView } from "../../lib/offers.ts";
import { askedUnits, type AskedTerms } from "../../lib/offer-totals.ts";
import { MAX_PRICE_MONTH_CENTS, MAX_SPACE_QUANTITY, spacePhase } from "../../lib/spaces.ts";
import { feedbackUrls } from "../../lib/area-requests.ts";
import { todayInItaly } from "../../lib/format.ts";
import type { Locale } from "../../lib/locale.ts";
import type { OfferData } from "../../schemas/offers.ts";

/** Who acts on a link's offers: as for its state (the owner or referent in their own area, or an administrator in a stocker's, audited). */
export type OfferAccess = StateChangeAccess;

/** What a step needs besides the database: the site's origin (links in e-mails) and the VAT rate. */
export type OfferCtx = { origin: string; vatRate: number; today?: string };

/** How many days a new offer stays open unless the handler says otherwise. */
export const OFFER_VALID_DAYS = 14;

/** The handler the access acts for; ForbiddenError when it is no handler, or the actor does not act for it. */
function requireOfferAccess(access: OfferAccess): { id: number; role: "stocker" | "referent" } {
  const { actor, owner } = access;
  if (owner.role !== "stocker" && owner.role !== "referent") throw new ForbiddenError();
  const actsForOwner = access.asAdmin ? actor.role === "admin" && owner.role === "stocker" : actor.id === owner.id && actor.role === owner.role;
  if (!actsForOwner) throw new ForbiddenError();
  return { id: owner.id, role: owner.role };
}

/** The link, locked, when the handler handles it: 404 when there is none, 403 when its warehouse is not theirs. */
async function lockHandledLink(trx: Database, access: OfferAccess, linkId: number): Promise<DealLink> {
  const handler = requireOfferAccess(access);
  const link = await findDealLink(trx, linkId, { lock: true });
  if (!link) throw new NotFoundError();
  const handles = handler.role === "stocker" ? link.owner_id === handler.id : link.referent_id === handler.id;
  if (!handles) throw new ForbiddenError();
  return link;
}

const askedOf = (link: Pick<DealLink, "m2_type" | "m2_value" | "start_date" | "end_date">): AskedTerms => ({
  m2_type: link.m2_type,
  m2_value: link.m2_value,
  start_date: link.start_date,
  end_date: link.end_date,
});

/**
 * POST …/warehouse-requests/{id}/offers: a new offer on the link (revision 1), or a revision of
 * its current one; with `state`, the link's state changes in the same step (the state service's
 * own checks, audit and message). Returns the new offer's id.
 */
export async function sendOffer(
  db: Database,
  access: OfferAccess,
  linkId: number,
  input: { offer_data: OfferData; state?: LinkState | null },
  ctx: OfferCtx,
): Promise<{ offer_id: number }> {
  requireOfferAccess(access);
  const today = ctx.today ?? todayInItaly();
  const offer = input.offer_data;
  if (offer.valid_until < today) throw new ValidationError({ valid_until: "past" });

  return db.transaction().execute(async (trx) => {
    const link = await lockHandledLink(trx, access, linkId);
    const current = await findCurrentOffer(trx, link.id);
    if (current?.state === "accepted") throw new ConflictError("offer_accepted");
    const state = input.state ?? null;
    if ((state ?? link.state) === "refused") throw new ConflictError("link_refused");

    if (current?.state === "open") await setOfferState(trx, { offerId: current.id, state: "superseded" });
    const revision = (current?.revision ?? 0) + 1;
    const { id } = await insertOffer(trx, { linkId: link.id, revision, offer, createdBy: access.actor.id });
    await recordFirstAnswer(trx, link.id);
    await auditAdminAction(trx, access.actor, {
      action: "warehouse_request.offer",
      entityType: "warehouse_request",
      entityId: link.warehouse_request_id,
      details: { link_id: link.id, warehouse_id: link.warehouse_id, owner_id: access.owner.id, offer_id: id, revision },
    });
    if (state !== null && state !== link.state) await updateRequestState(trx, access, link.id, state, { origin: ctx.origin });
    await notifyDealStep(trx, link, { event: revision === 1 ? "offer_sent" : "offer_revised", to: "hunter" }, { origin: ctx.origin });
    return { offer_id: id };
  });
}

/** POST …/warehouse-requests/{id}/offers/{offer_id}/withdraw: only the link's open offer (409 offer_not_open otherwise). */
export async function withdrawOffer(
  db: Database,
  access: OfferAccess,
  linkId: number,
  offerId: number,
  ctx: { origin: string },
): Promise<{ offer_id: number }> {
  requireOfferAccess(access);
  return db.transaction().execute(async (trx) => {
    const link = await lockHandledLink(trx, access, linkId);
    const offer = await findLinkOffer(trx, { linkId: link.id, offerId });
    if (!offer) throw new NotFoundError();
    if (offer.state !== "open") throw new ConflictError("offer_not_open");
    await setOfferState(trx, { offerId: offer.id, state: "withdrawn" });
    await auditAdminAction(trx, access.actor, {
      action: "warehouse_request.offer_withdrawn",
      entityType: "warehouse_request",
      entityId: link.warehouse_request_id,
      details: { link_id: link.id, warehouse_id: link.warehouse_id, owner_id: access.owner.id, offer_id: offer.id, revision: offer.revision },
    });
    await notifyDealStep(trx, link, { event: "offer_withdrawn", to: "hunter" }, ctx);
    return { offer_id: offer.id };
  });
}

/** A link's offers, newest first, each with its status today and its totals against what the request asked. */
export async function linkOffers(db: Database, linkId: number, opts: { asked: AskedTerms; vatRate: number; today?: string }): Promise<OfferView[]> {
  const today = opts.today ?? todayInItaly();
  const rows = await findLinkOffers(db, linkId);
  return rows.map((row) => offerView(row, opts.asked, opts.vatRate, today));
}

/** The current offer's status of each link (the requests list's column): link id → status. */
export async function currentOfferStatuses(db: Database, linkIds: number[], today = todayInItaly()): Promise<Record<number, OfferStatus>> {
  const states = await currentOfferStates(db, linkIds);
  return Object.fromEntries([...states].map(([linkId, s]) => [linkId, offerStatus(s.state, s.valid_until, today)]));
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Euros with two decimals (a numeric column) → cents, or null when none or beyond `max`. */
function centsOf(euros: number | null | undefined, max: number): number | null {
  if (euros === null || euros === undefined) return null;
  const cents = Math.round(euros * 100);
  return cents >= 0 && cents <= max ? cents : null;
}

/**
 * The offer form's starting values on a link: the current offer's terms when there is one (its
 * valid_until moved to two weeks from today once past); else the request's unit, quantity and
 * dates, with what the warehouse declared: the free space in that unit that fits the request's
 * start (its quantity caps the request's, its price and minimum term), and the private costs
 * where no space gives a price (m2_month per m² per month, m2_pallet per pallet position per
 * month, handling_cost per pallet moved, in and out). Valid for two weeks.
 */
export async function offerPrefill(db: Database, link: DealLink, today = todayInItaly()): Promise<OfferPrefill> {
  const validUntil = addDays(today, OFFER_VALID_DAYS);
  const current = await findCurrentOffer(db, link.id);
  if (current) {
    const { m2_type, quantity, price_month, handling_in, handling_out, one_off_fee, start_date, end_date, min_term_months, included, notes } = current;
    const keep = current.valid_until >= today;
    return {
      ...{ m2_type, quantity, price_month, handling_in, handling_out, one_off_fee, start_date, end_date, min_term_months, included, notes },
      valid_until: keep ? current.valid_until : validUntil,
    };
  }

  const unit = link.m2_type;
  const { costs, spaces } = await findOfferPrefillSources(db, link.warehouse_id);
  const from = link.start_date ?? today;
  const open = spaces.filter((s) => s.m2_type === unit && spacePhase(s, today) !== "ended");
  const space = open.find((s) => s.available_from <= from && (s.available_until === null || s.available_until >= from)) ?? open[0] ?? null;

  const asked = askedUnits(link.m2_value);
  const cap = (n: number | null) => (n !== null && n <= MAX_SPACE_QUANTITY ? n : null);
  const quantity = asked !== null && space ? Math.min(asked, space.quantity) : cap(asked ?? space?.quantity ?? null);
  const cost = unit === "pallet" ? costs?.m2_pallet : costs?.m2_month;
  const handling = unit === "pallet" ? centsOf(costs?.handling_cost, MAX_HANDLING_CENTS) : null;
  const start = link.start_date ?? (space && space.available_from > today ? space.available_from : today);
  return {
    m2_type: unit,
    quantity,
    price_month: space?.price_month ?? centsOf(cost, MAX_PRICE_MONTH_CENTS),
    handling_in: handling,
    handling_out: handling,
    one_off_fee: null,
    start_date: start,
    end_date: link.end_date ?? space?.available_until ?? "",
    min_term_months: space?.min_term_months || null,
    included: "",
    notes: "",
    valid_until: validUntil,
  };
}

/** What {stocker|referent base}/messages/{id} shows; 404 for no such link, 403 for another handler's. */
export async function handlerOfferPage(
  db: Database,
  access: OfferAccess,
  linkId: number,
  opts: { locale: Locale; vatRate: number },
): Promise<HandlerOfferPage> {
  const handler = requireOfferAccess(access);
  const [link, row] = await Promise.all([findDealLink(db, linkId), findHandlerLink(db, linkId, opts.locale)]);
  if (!link || !row) throw new NotFoundError();
  const handles = handler.role === "stocker" ? link.owner_id === handler.id : link.referent_id === handler.id;
  if (!handles) throw new ForbiddenError();
  const today = todayInItaly();
  const [offers, prefill, reviewed] = await Promise.all([
    linkOffers(db, link.id, { asked: askedOf(link), vatRate: opts.vatRate, today }),
    offerPrefill(db, link, today),
    hasReviewed(db, handler.id, link.id),
  ]);
  return {
    link: {
      id: link.id,
      state: link.state,
      created_at: row.link_created_at,
      warehouse: { id: link.warehouse_id, name: link.warehouse_name, city: link.warehouse_city },
      request: requestDetails(row),
      ...feedbackUrls(opts.locale, link.warehouse_id, link.warehouse_request_id, link.state, reviewed),
    },
    offers,
    current: offers[0] ?? null,
    prefill,
  };
}
