// Every step of the deal tells the other side, in the app and by e-mail, in the transaction of
// the step (decision 036): the hunter (their account, or the contact address of a visitor's
// request, with its personal link), or the warehouse's handlers (the owner and the referent,
// both). One function, so every step words, links and limits its messages the same way.
import type { Database } from "../db/database.ts";
import type { Lang } from "../db/types.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotifications } from "../notifications/notifications.service.ts";
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import { anonymisedName } from "../requests/requests.service.ts";
import { areaBase, areaPaths, type AreaRole } from "../../lib/area-paths.ts";
import { excerpt, requestNumber } from "../../lib/format.ts";
import type { Locale } from "../../lib/locale.ts";
import { findUsersToNotify, type DealLink } from "./deal.queries.ts";
import { dealBody, dealTitle, type DealEvent } from "./deal-words.ts";
import { requestAccessPath, requestAccessToken } from "./request-access.service.ts";

export type { DealEvent };

export type DealStep = {
  event: DealEvent;
  to: "hunter" | "handlers";
  /**
   * Text the author wrote (a message, a reason), quoted short in the e-mail and the notification;
   * or a standard text of the product, in each recipient's language.
   */
  quote?: string | null | ((locale: Locale) => string);
};

/** How much of a typed text an e-mail or a notification quotes. */
const QUOTE_LENGTH = 300;

/** Tells the other side of `link` about `step`. Pass the step's transaction. */
export async function notifyDealStep(db: Database, link: DealLink, step: DealStep, ctx: { origin: string }): Promise<void> {
  const number = requestNumber(link.warehouse_request_id);
  const quoteIn = (locale: Locale): string | null => {
    const text = typeof step.quote === "function" ? step.quote(locale) : step.quote;
    return text ? excerpt(text, QUOTE_LENGTH) : null;
  };
  const quoted = (quote: string | null): { quote?: string } => (quote ? { quote } : {});
  const base = { warehouse_id: link.warehouse_id, warehouse_request_id: link.warehouse_request_id, link_id: link.id, event: step.event };

  if (step.to === "handlers") {
    // The handlers know their warehouse by its name.
    const ids = [...new Set([link.owner_id, link.referent_id].filter((id): id is number => id !== null))];
    const people = await findUsersToNotify(db, ids);
    await createNotifications(
      db,
      people.map((p) => ({
        userId: p.id,
        type: `deal_${step.event}`,
        title: (locale: Locale) => dealTitle(step.event, number, locale),
        message: (locale: Locale) => dealBody(step.event, escapeForMarkup(link.warehouse_name), number, locale),
        data: { ...base, url: handlerPath(p.role, p.lang, link.id), ...quoted(quoteIn(p.lang)) },
      })),
    );
    for (const p of people.filter((p) => p.active)) {
      await queueMail(db, {
        to: p.email,
        lang: p.lang,
        template: "deal_step",
        data: {
          firstName: p.first_name,
          event: step.event,
          warehouse: link.warehouse_name,
          number,
          quote: quoteIn(p.lang),
          link: `${ctx.origin}${handlerPath(p.role, p.lang, link.id)}`,
        },
        origin: ctx.origin,
      });
    }
    return;
  }

  // The hunter learns the warehouse's name only once it is redeemed, as everywhere else.
  const warehouse = link.redeemed ? link.warehouse_name : anonymisedName(link.warehouse_id);
  if (link.requester_id !== null && link.requester_email) {
    const lang = link.requester_lang ?? "it";
    const quote = quoteIn(lang);
    const path = areaPaths(areaBase("stock_hunter", lang)).request(link.warehouse_request_id);
    const forHunter = link.requester_role === "stock_hunter";
    await createNotifications(db, [
      {
        userId: link.requester_id,
        type: `deal_${step.event}`,
        title: (locale) => dealTitle(step.event, number, locale),
        message: (locale) => dealBody(step.event, escapeForMarkup(warehouse), number, locale),
        data: { ...base, ...(forHunter ? { url: path } : {}), ...(quote ? { quote } : {}) },
      },
    ]);
    if (link.requester_active) {
      await queueMail(db, {
        to: link.requester_email,
        lang,
        template: "deal_step",
        data: { firstName: link.requester_first_name, event: step.event, warehouse, number, quote, link: forHunter ? `${ctx.origin}${path}` : null },
        origin: ctx.origin,
      });
    }
    return;
  }

  // A visitor's request: the contact address it was sent from, with the request's personal link.
  const quote = quoteIn(link.request_lang);
  const token = await requestAccessToken(db, link.warehouse_request_id);
  await queueMail(db, {
    to: link.contact,
    lang: link.request_lang,
    template: "deal_step",
    data: { firstName: null, event: step.event, warehouse, number, quote, link: `${ctx.origin}${requestAccessPath(link.request_lang, token)}` },
    origin: ctx.origin,
  });
}

/** A handler's page of the link, in their own area. */
function handlerPath(role: string, lang: Lang, linkId: number): string {
  const area: AreaRole = role === "referent" ? "referent" : "stocker";
  return areaPaths(areaBase(area, lang)).request(linkId);
}
