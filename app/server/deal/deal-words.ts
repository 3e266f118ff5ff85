// The words of each step of the deal, for its notification and its e-mail alike.
import { m } from "../../paraglide/messages.js";
import type { Locale } from "../../lib/locale.ts";

/** What happened. The hunter is told of offers; the handlers of the hunter's answers; both of messages. */
export type DealEvent = "offer_sent" | "offer_revised" | "offer_withdrawn" | "offer_accepted" | "offer_declined" | "changes_asked" | "message";

const TITLE: Record<DealEvent, (p: { number: string }, o: { locale: Locale }) => string> = {
  offer_sent: m.deal_title_offer_sent,
  offer_revised: m.deal_title_offer_revised,
  offer_withdrawn: m.deal_title_offer_withdrawn,
  offer_accepted: m.deal_title_offer_accepted,
  offer_declined: m.deal_title_offer_declined,
  changes_asked: m.deal_title_changes_asked,
  message: m.deal_title_message,
};

const BODY: Record<DealEvent, (p: { warehouse: string; number: string }, o: { locale: Locale }) => string> = {
  offer_sent: m.deal_body_offer_sent,
  offer_revised: m.deal_body_offer_revised,
  offer_withdrawn: m.deal_body_offer_withdrawn,
  offer_accepted: m.deal_body_offer_accepted,
  offer_declined: m.deal_body_offer_declined,
  changes_asked: m.deal_body_changes_asked,
  message: m.deal_body_message,
};

export const dealTitle = (event: DealEvent, number: string, locale: Locale) => TITLE[event]({ number }, { locale });
export const dealBody = (event: DealEvent, warehouse: string, number: string, locale: Locale) => BODY[event]({ warehouse, number }, { locale });
