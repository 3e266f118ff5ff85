// Quote requests in the logged-in areas (decision 008):
//
// - the stocker and the referent list the links (request × warehouse) of the warehouses they
//   own or manage, and move a link between pending, confirmed and refused. Only the owner or
//   the referent of the link's warehouse may, acting in their own area, or an administrator in
//   the owner's area (audited). Each change notifies the request's sender in the app and by
//   e-mail, in the transaction that makes it; setting the same state again changes nothing;
// - the stock hunter lists their own requests with the warehouses each went to, and opens the
//   page of a warehouse they asked or keep among favourites. Unclaimed warehouses stay
//   anonymous: "Stocker {id}", their city, no address and no contact.
//
// A warehouse_id filter naming a warehouse that is not the owner's simply matches nothing (an
// empty list, on the page and on the API): a filter is not an access to a thing, and the answer
// tells nothing about whose warehouse it is.
import { warehouseRatings } from "../reviews/warehouse-ratings.queries.ts";
import { hasReviewed } from "../reviews/reviews.queries.ts";
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { LinkState } from "../db/types.ts";
import type { Locale } from "../../lib/locale.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { anonymisedName, quotePosition } from "./requests.service.ts";
import { isListedRow, publicSheetPath } from "../warehouses/warehouses.queries.ts";
import { requestNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import {
  feedbackUrls,
  linkFeedback,
  type HandlerRequestsList,
  type HunterRequestItem,
  type HunterRequestsList,
  type HunterWarehouseDetail,
  type RequestDetails,
} from "../../lib/area-requests.ts";
import type { HandlerRequestFilters, HunterRequestFilters } from "../../schemas/area-requests.ts";
import {
  findWarehouseForHunter,
  handlerLinksCountQuery,
  handlerRequestsPage,
  handlerWarehouseOptions,
  hunterLinksToWarehouse,
  hunterRequestsCountQuery,
  hunterRequestPosition,
  hunterRequestsPageQuery,
  isFavourite,
  lockLinkForStateChange,
  setLinkState,
  type HandlerBy,
} from "./area-requests.queries.ts";

/** The handler whose list it is: a stocker (the warehouses it owns) or a referent (the ones it manages). */
export type HandlerOwner = { id: number; role: "stocker" | "referent" };

type ListArgs<F> = { page: number; limit: number; filters: Partial<F>; locale: Locale };

const handlerBy = (role: HandlerOwner["role"]): HandlerBy => (role === "stocker" ? "owner" : "referent");

function requireHandler(owner: { id: number; role: AreaRole | "admin" }): HandlerOwner {
  if (owner.role !== "stocker" && owner.role !== "referent") throw new ForbiddenError();
  return { id: owner.id, role: owner.role };
}

/** A request's own fields, as every list of requests shows them (both sides of the areas, the back office). */
export function requestDetails(r: Omit<RequestDetails, "specifications"> & { specifications: RequestDetails["specifications"] | null }): RequestDetails {
  return {
    id: r.id,
    business_name: r.business_name,
    referent: r.referent,
    contact: r.contact,
    telephone: r.telephone,
    message: r.message,
    location: r.location,
    radius: r.radius,
    m2_type: r.m2_type,
    m2_value: r.m2_value,
    start_date: r.start_date,
    end_date: r.end_date,
    created_at: r.created_at,
    specifications: r.specifications ?? [],
  };
}

/** A page (index from 0) of the links of the owner's warehouses, newest first, with the filters. */
export async function listHandlerRequests(db: Database, owner: HandlerOwner, args: ListArgs<HandlerRequestFilters>): Promise<HandlerRequestsList> {
  const who = requireHandler(owner);
  const f = args.filters;
  const query = {
    by: handlerBy(who.role),
    userId: who.id,
    warehouseId: f.warehouse_id ?? null,
    from: f.from ?? null,
    to: f.to ?? null,
    state: f.state ?? null,
  };
  const [rows, count] = await Promise.all([
    handlerRequestsPage(db, { ...query, offset: args.page * args.limit, limit: args.limit, locale: args.locale }),
    handlerLinksCountQuery(db, query).executeTakeFirstOrThrow(),
  ]);
  return {
    warehouse_requests: rows.map((r) => ({
      id: r.link_id,
      warehouse_id: r.warehouse_id,
      warehouse_request_id: r.warehouse_request_id,
      state: r.state,
      created_at: r.link_created_at,
      warehouse: { id: r.warehouse_id, name: r.warehouse_name, city: r.warehouse_city },
      warehouse_request: requestDetails(r),
      ...linkFeedback(args.locale, r.warehouse_id, r.warehouse_request_id, r.state, r.review),
    })),
    warehouse_requests_count: Number(count.n),
  };
}

/** The owner's warehouses for the list's filter. */
export function handlerWarehouses(db: Database, owner: HandlerOwner) {
  const who = requireHandler(owner);
  return handlerWarehouseOptions(db, { by: handlerBy(who.role), userId: who.id });
}

/** Who changes a state: the area's owner, acting in their own area, or an administrator in it. */
export type StateChangeAccess = { actor: Actor; owner: { id: number; role: AreaRole }; asAdmin: boolean };

export type StateChangeResult = { warehouse_request_id: number; changed: boolean };

/**
 * Moves a link to `state` (in the transaction `db` is, when it is one). Throws NotFoundError
 * when there is no such link and ForbiddenError when the link's warehouse is not the owner's
 * (or the actor does not act for the owner); the pages answer both with 404, the JSON
 * endpoints as they are (the issue asks 403 there).
 */
export async function updateRequestState(
  db: Database,
  access: StateChangeAccess,
  linkId: number,
  state: LinkState,
  ctx: { origin: string },
): Promise<StateChangeResult> {
  const owner = requireHandler(access.owner);
  const { actor } = access;
  const actsForOwner = access.asAdmin ? actor.role === "admin" : actor.id === owner.id && actor.role === owner.role;
  if (!actsForOwner) throw new ForbiddenError();

  // Inside a caller's transaction (an offer sent with a new state: one step), in that one.
  const inTransaction = <T>(fn: (trx: Database) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const link = await lockLinkForStateChange(trx, linkId);
    if (!link) throw new NotFoundError();
    const handles = owner.role === "stocker" ? link.owner_id === owner.id : link.referent_id === owner.id;
    if (!handles) throw new ForbiddenError();
    // The same state again: nothing to record, nobody to tell.
    if (link.state === state) return { warehouse_request_id: link.warehouse_request_id, changed: false };

    await setLinkState(trx, { linkId: link.id, state, actorId: actor.id });
    await auditAdminAction(trx, actor, {
      action: "warehouse_request.state",
      entityType: "warehouse_request",
      entityId: link.warehouse_request_id,
      details: { link_id: link.id, warehouse_id: link.warehouse_id, owner_id: owner.id, before: link.state, after: state },
    });

    // The sender learns the warehouse's identity only if it is redeemed, as everywhere else.
    const warehouse = { name: link.redeemed ? link.warehouse_name : anonymisedName(link.warehouse_id), city: link.warehouse_city };
    const number = requestNumber(link.warehouse_request_id);

    if (link.requester_id !== null && link.requester_email) {
      // A user's request: the notification and the e-mail in the user's language, with the
      // review (once confirmed) and report pages, which only a logged-in sender can use.
      const lang = link.requester_lang ?? "it";
      // A link confirmed again after the sender reviewed it offers no second review.
      const urls = feedbackUrls(lang, link.warehouse_id, link.warehouse_request_id, state, await hasReviewed(trx, link.requester_id, link.id));
      // The hunter's requests page, opened on this request.
      const requestsPage = link.requester_role === "stock_hunter" ? `/${lang}/stock-hunter/profile/messages?selected=${link.warehouse_request_id}` : null;
      await createNotification(trx, {
        userId: link.requester_id,
        type: "request_state_changed",
        title: (locale) => notificationTitle(state, locale),
        message: (locale) => notificationMessage(state, escapeForMarkup(warehouse.name), number, locale),
        data: {
          warehouse_id: link.warehouse_id,
          warehouse_request_id: link.warehouse_request_id,
          link_id: link.id,
          state,
          review_url: urls.review_url,
          report_url: urls.report_url,
          ...(requestsPage ? { url: requestsPage } : {}),
        },
      });
      if (link.requester_active) {
        await queueMail(trx, {
          to: link.requester_email,
          lang,
          template: "request_state_changed",
          data: {
            firstName: link.requester_first_name,
            warehouse,
            number,
            state,
            requestsLink: requestsPage ? `${ctx.origin}${requestsPage}` : null,
            reviewLink: urls.review_url ? `${ctx.origin}${urls.review_url}` : null,
            reportLink: `${ctx.origin}${urls.report_url}`,
          },
          origin: ctx.origin,
        });
      }
    } else {
      // A visitor's request: its contact address was never proven, so the e-mail holds only
      // our facts (warehouse, number, state) and no link a visitor could not use.
      await queueMail(trx, {
        to: link.contact,
        lang: link.request_lang,
        template: "request_state_changed",
        data: { firstName: null, warehouse, number, state, requestsLink: null, reviewLink: null, reportLink: null },
        origin: ctx.origin,
      });
    }
    return { warehouse_request_id: link.warehouse_request_id, changed: true };
  });
}

function notificationTitle(state: LinkState, locale: Locale): string {
  if (state === "confirmed") return m.areq_notif_title_confirmed({}, { locale });
  if (state === "refused") return m.areq_notif_title_refused({}, { locale });
  return m.areq_notif_title_pending({}, { locale });
}

function notificationMessage(state: LinkState, warehouse: string, number: string, locale: Locale): string {
  if (state === "confirmed") return m.areq_notif_message_confirmed({ warehouse, number }, { locale });
  if (state === "refused") return m.areq_notif_message_refused({ warehouse, number }, { locale });
  return m.areq_notif_message_pending({ warehouse, number }, { locale });
}

// ---------------------------------------------------------------- the stock hunter's side

type ContactRow = { ref_name: string | null; ref_email: string | null; own_name: string | null; own_email: string | null };

/** Who answers for a redeemed warehouse: its referent, else its owner. */
export function contactOf(row: ContactRow): { name: string; email: string } | null {
  if (row.ref_email) return { name: row.ref_name ?? "", email: row.ref_email };
  if (row.own_email) return { name: row.own_name ?? "", email: row.own_email };
  return null;
}

function requireHunter(owner: { id: number; role: AreaRole | "admin" }): number {
  if (owner.role !== "stock_hunter") throw new ForbiddenError();
  return owner.id;
}

/** A page (index from 0) of the hunter's own requests, newest first, each with the warehouses it went to. */
export async function listHunterRequests(
  db: Database,
  owner: { id: number; role: AreaRole },
  args: ListArgs<HunterRequestFilters>,
): Promise<HunterRequestsList> {
  const userId = requireHunter(owner);
  const f = args.filters;
  const query = { userId, from: f.from ?? null, to: f.to ?? null, state: f.state ?? null };
  const [rows, count] = await Promise.all([
    hunterRequestsPageQuery(db, { ...query, offset: args.page * args.limit, limit: args.limit, locale: args.locale }).execute(),
    hunterRequestsCountQuery(db, query).executeTakeFirstOrThrow(),
  ]);
  const user_requests = rows.map((r): HunterRequestItem => ({
    ...requestDetails(r),
    warehouses: (r.warehouses ?? []).map((w) => {
      const redeemed = w.redeemed;
      return {
        link_id: w.link_id,
        id: w.id,
        name: redeemed ? w.name : anonymisedName(w.id),
        city: w.city,
        address: redeemed ? w.address : null,
        state: w.state,
        is_hub: w.is_hub,
        redeemed,
        referent: redeemed ? contactOf(w) : null,
        ...linkFeedback(args.locale, w.id, r.id, w.state, w.review),
        detail_url: publicSheetPath(args.locale, w),
      };
    }),
  }));
  return { user_requests, user_requests_count: Number(count.n) };
}

/** The list page (from 1, `pageSize` a page, no filters) that shows one of the hunter's requests; null if it is not theirs. */
export async function hunterRequestPage(db: Database, owner: { id: number; role: AreaRole }, requestId: number, pageSize: number): Promise<number | null> {
  const position = await hunterRequestPosition(db, { userId: requireHunter(owner), requestId });
  return position === null ? null : Math.floor(position / pageSize) + 1;
}

/**
 * The hunter's page of one warehouse: its card (anonymised unless redeemed) and the history of
 * the hunter's requests to it. 404 unless the hunter asked it for a quote or keeps it among
 * favourites: the page is about the hunter's relation with the warehouse, not a public sheet.
 */
export async function hunterWarehouseDetail(
  db: Database,
  owner: { id: number; role: AreaRole },
  warehouseId: number,
  locale: Locale,
): Promise<HunterWarehouseDetail> {
  const userId = requireHunter(owner);
  const [w, links, favourite, ratings] = await Promise.all([
    findWarehouseForHunter(db, warehouseId),
    hunterLinksToWarehouse(db, { userId, warehouseId }),
    isFavourite(db, { userId, warehouseId }),
    warehouseRatings(db, [warehouseId]),
  ]);
  if (!w || (links.length === 0 && !favourite)) throw new NotFoundError();
  const redeemed = w.redeemed;
  return {
    warehouse: {
      id: w.id,
      name: redeemed ? w.name : anonymisedName(w.id),
      city: w.city,
      province: w.province,
      address: redeemed ? w.address : null,
      cap: redeemed ? w.cap : null,
      total_m2: w.total_m2,
      is_hub: w.is_hub,
      redeemed,
      // A photo can tell the warehouse apart as well as its name.
      img: redeemed ? w.img : null,
      referent: redeemed ? contactOf(w) : null,
      rating: ratings.get(w.id) ?? null,
      detail_url: publicSheetPath(locale, { id: w.id, redeemed, listed: isListedRow(w) }),
      quote_position: quotePosition(w),
    },
    favourite,
    requests: links.map((l) => ({
      link_id: l.link_id,
      request_id: l.request_id,
      created_at: l.created_at,
      state: l.state,
      business_name: l.business_name,
      ...linkFeedback(locale, warehouseId, l.request_id, l.state, l.review),
    })),
  };
}
