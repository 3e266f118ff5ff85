// Reviews and reports on a quote request's link to a warehouse. The two parties of a link
// may write them: the stock hunter who sent the request (about the warehouse) and the
// warehouse's stocker or referent (about the hunter). A review needs the link confirmed
// and is written once per user and link; a report can be written at any time.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { FeedbackTarget, LinkState } from "../db/types.ts";
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from "../errors.ts";
import { hit } from "../security/rate-limit.ts";
import { createNotifications, type NewNotificationInput } from "../notifications/notifications.service.ts";
import { HANDLER_CRITERIA, HUNTER_CRITERIA, ratingKeys, reviewAvgValue, type RatingKey, type ReportData, type ReviewData } from "../../schemas/feedback.ts";
import { requestNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { findLinkForFeedback, hasReviewed, insertReport, insertReview } from "./reviews.queries.ts";

export const REPORT_LIMIT = { name: "report:user", max: 10, windowSeconds: 3600 };

type LinkRow = NonNullable<Awaited<ReturnType<typeof findLinkForFeedback>>>;

export type FeedbackContext = {
  linkId: number;
  state: LinkState;
  /** What the actor writes about: the warehouse (the requester) or the hunter (the stocker or referent). */
  target: FeedbackTarget;
  criteria: readonly RatingKey[];
  warehouse: { id: number; name: string; city: string };
  request: { id: number; number: string; businessName: string; createdAt: Date };
  /** The actor already reviewed this link (a second review is refused). */
  reviewed: boolean;
  /** The review form is open: link confirmed and not yet reviewed by the actor. */
  canReview: boolean;
};

/** The requester writes about the warehouse; the warehouse's stocker or referent writes about the hunter; nobody else. */
function partyTarget(actor: Actor, link: LinkRow): FeedbackTarget | null {
  if (link.requester_id === actor.id) return "warehouse";
  if (link.owner_id === actor.id || link.referent_id === actor.id) return "hunter";
  return null;
}

async function loadParty(db: Database, actor: Actor | null, warehouseId: number, requestId: number) {
  if (!actor) throw new UnauthorizedError();
  const link = await findLinkForFeedback(db, warehouseId, requestId);
  if (!link) throw new NotFoundError();
  const target = partyTarget(actor, link);
  // Not a party: the same 404 as an unknown link, so a stranger learns nothing about which links exist.
  if (!target) throw new NotFoundError();
  return { actor, link, target };
}

/** What the review and report pages need; 401 for visitors, 404 for an unknown link or a non-party. */
export async function getFeedbackContext(db: Database, actor: Actor | null, warehouseId: number, requestId: number): Promise<FeedbackContext> {
  const { actor: who, link, target } = await loadParty(db, actor, warehouseId, requestId);
  const reviewed = await hasReviewed(db, who.id, link.link_id);
  return {
    linkId: link.link_id,
    state: link.state,
    target,
    criteria: target === "warehouse" ? HUNTER_CRITERIA : HANDLER_CRITERIA,
    // The requester contacted this warehouse: its name is no secret to them.
    warehouse: { id: link.warehouse_id, name: link.warehouse_name, city: link.warehouse_city },
    request: { id: link.request_id, number: requestNumber(link.request_id), businessName: link.business_name, createdAt: link.request_created_at },
    reviewed,
    canReview: link.state === "confirmed" && !reviewed,
  };
}

/** Who hears about a review or report: the warehouse's owner and referent, and the hunter when it is about them; never the author. */
function recipients(link: LinkRow, target: FeedbackTarget, authorId: number): number[] {
  const ids = [link.owner_id, link.referent_id, target === "hunter" ? link.requester_id : null];
  return [...new Set(ids.filter((id): id is number => id !== null && id !== authorId))];
}

function authorName(actor: Actor, fallback: string): string {
  return actor.company || [actor.firstName, actor.lastName].filter(Boolean).join(" ") || fallback;
}

/** Writes the actor's review of a confirmed link; returns its id. */
export async function createReview(db: Database, actor: Actor | null, warehouseId: number, requestId: number, data: ReviewData): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { actor: who, link, target } = await loadParty(trx, actor, warehouseId, requestId);
    if (link.state !== "confirmed") throw new ConflictError("not_confirmed");
    if (await hasReviewed(trx, who.id, link.link_id)) throw new ConflictError("already_reviewed");

    // Each side rates its own four criteria; the other side's are refused, not dropped silently.
    const allowed = target === "warehouse" ? HUNTER_CRITERIA : HANDLER_CRITERIA;
    const foreign: Record<string, string> = {};
    for (const key of ratingKeys) if (!allowed.includes(key) && data[key] !== null) foreign[key] = "not_allowed";
    if (Object.keys(foreign).length) throw new ValidationError(foreign);

    const avg = reviewAvgValue(allowed.map((key) => data[key]));
    let reviewId: number;
    try {
      const row = await insertReview(trx, {
        user_id: who.id,
        warehouse_id: link.warehouse_id,
        warehouse_request_id: link.request_id,
        link_id: link.link_id,
        target,
        full_name: data.full_name,
        email: data.email,
        telephone: data.telephone,
        description: data.description,
        reliability_value: data.reliability_value,
        communication_value: data.communication_value,
        services_value: target === "warehouse" ? data.services_value : null,
        structure_value: target === "warehouse" ? data.structure_value : null,
        payments_value: target === "hunter" ? data.payments_value : null,
        goods_value: target === "hunter" ? data.goods_value : null,
        avg_value: avg,
      });
      reviewId = row.id;
    } catch (err) {
      // Two submissions at once: the unique (user_id, link_id) index decides.
      if ((err as { code?: string }).code === "23505") throw new ConflictError("already_reviewed");
      throw err;
    }

    const number = requestNumber(link.request_id);
    const author = authorName(who, data.full_name);
    await createNotifications(
      trx,
      recipients(link, target, who.id).map(
        (userId): NewNotificationInput => ({
          userId,
          type: "review_received",
          title: (locale) => m.notif_review_title({}, { locale }),
          message: (locale) => m.notif_review_message({ author, warehouse: link.warehouse_name, number, average: (avg / 10).toFixed(1).replace(".", ",") }, { locale }),
          data: { review_id: reviewId, warehouse_id: link.warehouse_id, warehouse_request_id: link.request_id, link_id: link.link_id, target },
        }),
      ),
    );
    return reviewId;
  });
}

/** Writes the actor's report on a link, whatever its state; returns its id. */
export async function createReport(db: Database, actor: Actor | null, warehouseId: number, requestId: number, data: ReportData): Promise<number> {
  const party = await loadParty(db, actor, warehouseId, requestId);
  await hit(db, REPORT_LIMIT, [`user:${party.actor.id}`]);
  return db.transaction().execute(async (trx) => {
    const { actor: who, link, target } = await loadParty(trx, actor, warehouseId, requestId);
    const row = await insertReport(trx, {
      user_id: who.id,
      warehouse_id: link.warehouse_id,
      warehouse_request_id: link.request_id,
      link_id: link.link_id,
      target,
      full_name: data.full_name,
      email: data.email,
      telephone: data.telephone,
      subject: data.subject,
      description: data.description,
    });
    const number = requestNumber(link.request_id);
    const author = authorName(who, data.full_name);
    await createNotifications(
      trx,
      recipients(link, target, who.id).map(
        (userId): NewNotificationInput => ({
          userId,
          type: "report_received",
          title: (locale) => m.notif_report_title({}, { locale }),
          message: (locale) => m.notif_report_message({ author, warehouse: link.warehouse_name, number, subject: data.subject }, { locale }),
          data: { report_id: row.id, warehouse_id: link.warehouse_id, warehouse_request_id: link.request_id, link_id: link.link_id, target },
        }),
      ),
    );
    return row.id;
  });
}
