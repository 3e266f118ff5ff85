// Reviews and reports on a quote request's link to a warehouse. The two parties of a link
// may write them: the stock hunter who sent the request (about the warehouse) and the
// warehouse's stocker or referent (about the hunter). A review needs the link confirmed
// and is written once per user and link; a report can be written at any time, one open
// report per user and link.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { FeedbackTarget, LinkState } from "../db/types.ts";
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from "../errors.ts";
import { hit } from "../security/rate-limit.ts";
import { createNotifications, type NewNotificationInput } from "../notifications/notifications.service.ts";
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { anonymisedName } from "../requests/requests.service.ts";
import { HANDLER_CRITERIA, HUNTER_CRITERIA, ratingKeys, reviewAvgValue, type RatingKey, type ReportData, type ReviewData } from "../../schemas/feedback.ts";
import { requestNumber, reviewAverage } from "../../lib/format.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { m } from "../../paraglide/messages.js";
import { findFeedbackRecipients, findLinkForFeedback, hasOpenReport, hasReviewed, insertReport, insertReview } from "./reviews.queries.ts";
import { displayName } from "../../lib/person-name.ts";

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
  /** The actor has an open report on this link (a second one is refused). */
  reported: boolean;
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
    reported: await hasOpenReport(db, who.id, link.link_id),
  };
}

/**
 * Who receives a review or report: the warehouse's owner and referent when it is about the
 * warehouse, the hunter (the request's sender) when it is about them; never the author. (The
 * owner is not told of what its referent wrote about a hunter: that is not feedback it received.)
 */
function recipients(link: LinkRow, target: FeedbackTarget, authorId: number): number[] {
  const ids = target === "warehouse" ? [link.owner_id, link.referent_id] : [link.requester_id];
  return [...new Set(ids.filter((id): id is number => id !== null && id !== authorId))];
}

/** What the mail of a review or report needs beyond the notification. */
export type FeedbackMailContext = { origin: string };

type Recipient = Awaited<ReturnType<typeof findFeedbackRecipients>>[number];

/**
 * Where a recipient reads it: the reviews and reports page of their area when the feedback is
 * the kind that page lists (about their warehouse for a stocker or referent, about them for a
 * hunter), else their notifications.
 */
function feedbackPath(user: Recipient, target: FeedbackTarget, kind: "review" | "report"): string {
  if (user.role === "admin") return "/admin";
  const base = areaBase(user.role, user.lang);
  const listed = target === "warehouse" ? user.role === "stocker" || user.role === "referent" : user.role === "stock_hunter";
  if (!listed) return `${base}/notifications`;
  return kind === "report" ? `${base}/reviews?show=reports` : `${base}/reviews`;
}

/**
 * The notification and the e-mail of a review or report, to each recipient, in the transaction
 * that writes it. What the author typed (their company, a subject) and the warehouse's name are
 * escaped, so they show as text in the notification's markup. A hunter learns the name of a
 * warehouse that is not redeemed nowhere, not here either.
 */
async function tellRecipients(
  trx: Database,
  link: LinkRow,
  target: FeedbackTarget,
  authorId: number,
  feedback: { kind: "review" | "report"; id: number; author: string; average: number | null; subject: string | null },
  ctx: FeedbackMailContext,
): Promise<void> {
  const users = await findFeedbackRecipients(trx, recipients(link, target, authorId));
  if (users.length === 0) return;
  const number = requestNumber(link.request_id);
  const warehouse = target === "hunter" && !link.redeemed ? anonymisedName(link.warehouse_id) : link.warehouse_name;
  const shown = { author: escapeForMarkup(feedback.author), warehouse: escapeForMarkup(warehouse), number };
  const average = feedback.average !== null && feedback.average > 0 ? reviewAverage(feedback.average) : null;
  const idKey = feedback.kind === "review" ? "review_id" : "report_id";

  await createNotifications(
    trx,
    users.map((user): NewNotificationInput => {
      const url = feedbackPath(user, target, feedback.kind);
      return feedback.kind === "review"
        ? {
            userId: user.id,
            type: "review_received",
            title: (locale) => m.notif_review_title({}, { locale }),
            message: (locale) => m.notif_review_message({ ...shown, average: average ?? "–" }, { locale }),
            data: { [idKey]: feedback.id, warehouse_id: link.warehouse_id, warehouse_request_id: link.request_id, link_id: link.link_id, target, url },
          }
        : {
            userId: user.id,
            type: "report_received",
            title: (locale) => m.notif_report_title({}, { locale }),
            message: (locale) => m.notif_report_message({ ...shown, subject: escapeForMarkup(feedback.subject ?? "") }, { locale }),
            data: { [idKey]: feedback.id, warehouse_id: link.warehouse_id, warehouse_request_id: link.request_id, link_id: link.link_id, target, url },
          };
    }),
  );
  for (const user of users) {
    // A deactivated account keeps its notification but gets no e-mail.
    if (!user.active) continue;
    await queueMail(trx, {
      to: user.email,
      lang: user.lang,
      template: "feedback_received",
      data: {
        firstName: user.first_name,
        kind: feedback.kind,
        about: target,
        author: feedback.author,
        warehouse,
        number,
        average,
        subject: feedback.subject,
        link: `${ctx.origin}${feedbackPath(user, target, feedback.kind)}`,
      },
      origin: ctx.origin,
    });
  }
}

function authorName(actor: Actor, fallback: string): string {
  return displayName({ company: actor.company, first_name: actor.firstName, last_name: actor.lastName }) || fallback;
}

/** Writes the actor's review of a confirmed link; returns its id. */
export async function createReview(
  db: Database,
  actor: Actor | null,
  warehouseId: number,
  requestId: number,
  data: ReviewData,
  ctx: FeedbackMailContext,
): Promise<number> {
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

    await tellRecipients(
      trx,
      link,
      target,
      who.id,
      { kind: "review", id: reviewId, author: authorName(who, data.full_name), average: avg, subject: null },
      ctx,
    );
    return reviewId;
  });
}

/**
 * Writes the actor's report on a link, whatever its state; returns its id. One open report per
 * author and link: a second is refused (409 already_reported) before it counts against the
 * hourly limit.
 */
export async function createReport(
  db: Database,
  actor: Actor | null,
  warehouseId: number,
  requestId: number,
  data: ReportData,
  ctx: FeedbackMailContext,
): Promise<number> {
  const party = await loadParty(db, actor, warehouseId, requestId);
  if (await hasOpenReport(db, party.actor.id, party.link.link_id)) throw new ConflictError("already_reported");
  await hit(db, REPORT_LIMIT, [`user:${party.actor.id}`]);
  return db.transaction().execute(async (trx) => {
    const { actor: who, link, target } = await loadParty(trx, actor, warehouseId, requestId);
    let row: { id: number };
    try {
      row = await insertReport(trx, {
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
    } catch (err) {
      // Two submissions at once: the partial unique index (user_id, link_id) of open reports decides.
      if ((err as { code?: string; constraint?: string }).code === "23505") throw new ConflictError("already_reported");
      throw err;
    }
    await tellRecipients(
      trx,
      link,
      target,
      who.id,
      { kind: "report", id: row.id, author: authorName(who, data.full_name), average: null, subject: data.subject },
      ctx,
    );
    return row.id;
  });
}
