// The e-mails the product sends, in the recipient's language, as HTML (inline styles, as
// mail clients want) and plain text. Each template turns its data into a few parts
// (subject, heading, paragraphs, an optional button); one layout renders every template.
// To add one: add its data type to MailTemplates and its builder to BUILDERS.
import type { Locale } from "../../lib/locale.ts";
import type { EmailKind } from "../db/types.ts";
import { m } from "../../paraglide/messages.js";
import { dealBody, dealTitle, type DealEvent } from "../deal/deal-words.ts";
import { formatArea, formatDate, formatKm, formatNumber, formatPrice, reviewAverage, todayInItaly } from "../../lib/format.ts";
import { prepositionA } from "../../lib/italian.ts";
import { linkSentPath } from "../../lib/visitor-follow-up.ts";
import { emailKindTopic } from "../../lib/email-kind-words.ts";

export type MailTemplates = {
  /**
   * To each user a review or report concerns (app/server/reviews/reviews.service.ts): the
   * warehouse's owner and referent when it is about the warehouse, the hunter when about them.
   */
  feedback_received: {
    firstName: string | null;
    kind: "review" | "report";
    /** What the feedback is about: the recipient's warehouse, or the recipient (a hunter). */
    about: "warehouse" | "hunter";
    author: string;
    warehouse: string;
    number: string;
    /** A review's average as shown ("4,3"), or null without ratings. */
    average: string | null;
    /** A report's subject. */
    subject: string | null;
    link: string;
  };
  /** To a user whose account an administrator approved or refused (app/server/notifications/account-notifications.ts). */
  /** To a referent given one more warehouse to handle. */
  referent_assigned: { firstName: string | null; warehouse: { name: string; city: string }; link: string };
  /** The owner's free space needs a look: every space ended (lastDay), or none saved for `days` days. */
  spaces_reminder: {
    firstName: string | null;
    kind: "ended" | "stale";
    warehouse: { name: string; city: string };
    lastDay: string | null;
    days: number;
    link: string;
  };
  /** `choosePasswordDays`: approved without a password yet, `link` sets it and is valid that many days. */
  account_decision: {
    firstName: string | null;
    decision: "approved" | "refused";
    note: string | null;
    link: string;
    choosePasswordDays?: number | null;
    supportEmail: string;
  };
  /** To a warehouse's owner whose hub request an administrator approved or refused (app/server/notifications/hub-notifications.ts). */
  hub_decision: {
    firstName: string | null;
    decision: "approved" | "refused";
    warehouse: { name: string; city: string };
    note: string | null;
    link: string;
    supportEmail: string;
  };
  /** To a stocker who chose to pay by bank transfer: what to pay, to whom, with which reason code. Amounts in cents. */
  transfer_instructions: { firstName: string | null } & TransferMailFacts & { beneficiary: string; iban: string; link: string };
  /** To every administrator: a stocker announced a bank transfer to be confirmed. */
  transfer_requested_admin: { stocker: string; email: string } & TransferMailFacts & { link: string };
  subscription_started: { firstName: string | null; count: number; until: string; trial: boolean; link: string };
  /** Warehouses joined the stocker's running subscription (app/server/billing/subscription-additions.service.ts). */
  subscription_extended: { firstName: string | null; count: number; link: string };
  /** A transfer subscription's end is near (TRANSFER_REMINDER_DAYS before). */
  subscription_ending: { firstName: string | null; date: string; link: string };
  subscription_ended: { firstName: string | null; link: string };
  confirm_code: { firstName: string | null; code: string; minutes: number; link: string };
  /**
   * To an invited address, which nobody proved: the inviter typed it, and the invited person's
   * name with it. So the mail neither greets by that name nor lets any typed text into the
   * subject or before our own sentences: the inviter's name (their own profile's text) comes
   * only after them, on its own labelled line, escaped like every text.
   */
  invitation: { invitedBy: string | null; role: "stocker" | "referent"; link: string; days: number };
  password_reset: { firstName: string | null; link: string; minutes: number };
  support_request: {
    id: number;
    name: string;
    businessName: string;
    email: string;
    message: string;
    userAgent: string;
    userId: number | null;
    lang: Locale;
  };
  /**
   * To a stocker who sent a registration request. The address is not proven yet, so the
   * registration passes null for the name and business it was given (see registration.service.ts).
   */
  stocker_request_received: { firstName: string | null; businessName: string | null; warehouseName: string | null };
  /** To the operator: a stocker request waits for approval. */
  stocker_request_admin: { businessName: string; vat: string; email: string; place: string; warehouse: string | null; link: string };
  /** To the operator: a stocker registered a new warehouse, which waits for approval as a hub. */
  /** `resubmitted`: the owner asks for a new check of a warehouse refused before. */
  hub_request_admin: { warehouseName: string; owner: string; email: string; place: string; link: string; resubmitted?: boolean };
  quote_request_received: {
    firstName: string | null;
    /** An administrator receives the requests of unclaimed warehouses, to find their owner. */
    forAdmin: boolean;
    warehouse: { id: number; name: string; city: string };
    request: QuoteMailRequest;
    link: string;
    /**
     * To the owner of a warehouse no subscription covers (hunters saw it anonymised): the billing
     * page with it ticked; null otherwise.
     */
    subscribeLink?: string | null;
    /**
     * To the owner of a warehouse whose referent handles its requests: the referent's name, and
     * the warehouse's page, where the owner turns these e-mails off; null otherwise.
     */
    handledBy?: { referent: string; settingsLink: string } | null;
  };
  /**
   * To the requester. Their own words (name, company, telephone, place, message) only when the
   * address is proven theirs (`verified`: a logged-in user writing to their account's address);
   * otherwise the mail could carry anyone's text to any address, so it holds only our facts.
   */
  quote_request_confirmation: (
    | { verified: true; referent: string; request: QuoteMailRequest; warehouses: QuoteMailWarehouse[] }
    | { verified: false; request: QuoteMailFacts; warehouses: QuoteMailWarehouse[] }
  ) & {
    /**
     * Where the requester follows the request (decision 036): a visitor's personal link, or a
     * stock hunter's page of the request in their area; absent for other accounts.
     */
    follow?: { kind: "personal" | "area"; link: string } | null;
  };
  /**
   * To whoever sent a quote request, when a warehouse's handler changes its state. Our facts
   * only (the warehouse, anonymised unless redeemed; the number; the state): a visitor's contact
   * address was never proven. The links are null for a visitor, who could not use them.
   */
  request_state_changed: {
    firstName: string | null;
    warehouse: { name: string; city: string };
    number: string;
    state: "pending" | "confirmed" | "refused";
    /** The stock hunter's requests page. */
    requestsLink: string | null;
    /** The review page, once the link is confirmed. */
    reviewLink: string | null;
    reportLink: string | null;
  };
  /**
   * To the address a user wants to move to. Not proven yet, so it carries no name and no
   * text anyone typed: only our words and the link (app/server/accounts/profile.service.ts).
   */
  email_change_confirm: { link: string; hours: number };
  /** To the account's current address: a change to `newEmail` was asked for. */
  email_change_requested_old: { firstName: string | null; newEmail: string; supportEmail: string };
  /** To the former address, once the change took effect. */
  email_changed: { firstName: string | null; newEmail: string; supportEmail: string };
  /** To the account's address, when its password was changed from the profile. */
  password_changed: { firstName: string | null; supportEmail: string };
  /**
   * A step of the deal on a request link (app/server/deal/deal-notify.service.ts): to the hunter
   * (the warehouse anonymised until redeemed) or to a handler. `quote`: the start of what the
   * other side wrote; `link`: the page of the request (the personal link for a visitor).
   */
  deal_step: {
    firstName: string | null;
    event: DealEvent;
    warehouse: string;
    number: string;
    quote: string | null;
    link: string | null;
  };
  // The personal link of a visitor's request (app/server/deal/visitor-follow-up.service.ts): to
  // the request's contact address only, our words only (the address was never proven).
  /** A new personal link, the old one revoked (asked from the personal page). */
  request_link_renewed: { number: string; link: string };
  /** The request's current personal link again (asked with the address and the number). */
  request_link_resent: { number: string; link: string };
  /** The request moved into an account whose address is not the contact address. `account`: that address, masked. */
  request_taken_over: { number: string; account: string; supportEmail: string };
  /**
   * To the address a visitor saved a search with (app/server/saved-searches/saved-searches.service.ts):
   * the link that confirms it. The address is not proven, so the mail carries no text the
   * visitor typed, not even the search's name or place: our words and the link only.
   */
  saved_search_confirm: { link: string; days: number };
  /**
   * To a saved search's owner (app/server/saved-searches/alerts.service.ts): the warehouses that
   * started to match it since its last alert, nearest first, each as the search's card shows it;
   * `warehouses` holds the first of them, `total` counts them all. `manageLink`: a hunter's saved
   * searches in the area (null for a visitor's search).
   */
  saved_search_alert: {
    firstName: string | null;
    search: string;
    location: string;
    warehouses: AlertCard[];
    total: number;
    searchLink: string;
    manageLink: string | null;
  };
};

/**
 * A warehouse in a saved search's alert, as the search's card shows it: the anonymised name of a
 * warehouse that is not redeemed, the matching free space with its price only when public, the
 * rating, and the sheet's link when it has a sheet.
 */
export type AlertCard = {
  name: string;
  city: string;
  anonymised: boolean;
  space: {
    m2_type: "m2" | "pallet";
    quantity: number;
    available_from: string;
    available_until: string | null;
    min_term_months: number;
    price_month: number | null;
  } | null;
  /** The mean rating × 10 and the rated reviews it is of. */
  rating: { average: number; count: number } | null;
  link: string | null;
};

/**
 * Each template's notification kind, which its recipient may turn off (decision 038), or null:
 * transactional, always sent, no unsubscribe (codes, passwords, invitations, account and
 * billing e-mails, the operator's own mail, a request's personal link).
 */
export const TEMPLATE_KINDS = {
  feedback_received: "requests",
  referent_assigned: "requests",
  spaces_reminder: "reminders",
  account_decision: null,
  hub_decision: null,
  transfer_instructions: null,
  transfer_requested_admin: null,
  subscription_started: null,
  subscription_extended: null,
  subscription_ending: null,
  subscription_ended: null,
  confirm_code: null,
  invitation: null,
  password_reset: null,
  support_request: null,
  stocker_request_received: null,
  stocker_request_admin: null,
  hub_request_admin: null,
  quote_request_received: "requests",
  quote_request_confirmation: null,
  request_state_changed: "requests",
  email_change_confirm: null,
  email_change_requested_old: null,
  email_changed: null,
  password_changed: null,
  deal_step: "deal",
  request_link_renewed: null,
  request_link_resent: null,
  request_taken_over: null,
  saved_search_alert: "alerts",
  saved_search_confirm: null,
} as const satisfies { [K in keyof MailTemplates]: EmailKind | null };

type QuoteMailWarehouse = { name: string; city: string; address: string | null };

/** A bank transfer's facts, as both its e-mails show them. Amounts in cents. */
/** `addition`: the transfer pays for warehouses added to a running subscription, not for a new one. */
export type TransferMailFacts = {
  amount: number;
  amountExclVat: number;
  reason: string;
  plan: "yearly" | "six_months";
  warehousesCount: number;
  addition?: boolean;
};

function transferFacts(d: TransferMailFacts & { beneficiary?: string; iban?: string }, locale: Locale): string {
  const plan = d.plan === "yearly" ? m.bill_plan_yearly({}, { locale }) : m.bill_plan_six_months({}, { locale });
  return [
    `${m.bill_mail_label_amount({}, { locale })}: ${formatPrice(d.amount / 100)}`,
    `${m.bill_mail_label_amount_excl({}, { locale })}: ${formatPrice(d.amountExclVat / 100)}`,
    ...(d.beneficiary ? [`${m.bill_mail_label_beneficiary({}, { locale })}: ${d.beneficiary}`] : []),
    ...(d.iban ? [`${m.bill_mail_label_iban({}, { locale })}: ${d.iban}`] : []),
    `${m.bill_mail_label_reason({}, { locale })}: ${d.reason}`,
    `${m.bill_mail_label_plan({}, { locale })}: ${plan}`,
    `${m.bill_mail_label_warehouses({}, { locale })}: ${d.warehousesCount}`,
  ].join("\n");
}

/** What a quote e-mail may show to an address nobody proved: our numbers and the choices of our form, no free text. */
export type QuoteMailFacts = {
  number: string;
  /** The address the mail goes to (checked as an e-mail address). */
  contact: string;
  m2Type: "m2" | "pallet";
  m2Value: number | null;
  startDate: string | null;
  endDate: string | null;
  specifications: { value: string; value_en: string | null }[];
};

export function quoteMailFacts(r: QuoteMailRequest): QuoteMailFacts {
  return {
    number: r.number,
    contact: r.contact,
    m2Type: r.m2Type,
    m2Value: r.m2Value,
    startDate: r.startDate,
    endDate: r.endDate,
    specifications: r.specifications,
  };
}

/** A quote request as the e-mails show it. */
export type QuoteMailRequest = {
  number: string;
  businessName: string;
  referent: string;
  contact: string;
  telephone: string | null;
  message: string;
  location: string | null;
  radius: number;
  m2Type: "m2" | "pallet";
  m2Value: number | null;
  startDate: string | null;
  endDate: string | null;
  specifications: { value: string; value_en: string | null }[];
};

/** The request's details, one "label: value" per line, in the recipient's language (facts only: no free text). */
function quoteDetails(r: QuoteMailRequest | QuoteMailFacts, locale: Locale): string {
  const lines = [`${m.mail_quote_label_number({}, { locale })}: ${r.number}`];
  if ("businessName" in r) {
    lines.push(
      `${m.mail_quote_label_business({}, { locale })}: ${r.businessName}`,
      `${m.mail_quote_label_referent({}, { locale })}: ${r.referent}`,
      `${m.mail_quote_label_contact({}, { locale })}: ${r.contact}`,
    );
    if (r.telephone) lines.push(`${m.mail_quote_label_telephone({}, { locale })}: ${r.telephone}`);
    if (r.location) lines.push(`${m.mail_quote_label_location({}, { locale })}: ${r.location} (${formatKm(r.radius)} km)`);
  }
  if (r.m2Value !== null) {
    const unit = r.m2Type === "pallet" ? m.mail_quote_unit_pallet({}, { locale }) : "m²";
    lines.push(`${m.mail_quote_label_space({}, { locale })}: ${formatNumber(r.m2Value)} ${unit}`);
  }
  if (r.startDate || r.endDate) {
    lines.push(`${m.mail_quote_label_period({}, { locale })}: ${r.startDate ? formatDate(r.startDate) : "…"} – ${r.endDate ? formatDate(r.endDate) : "…"}`);
  }
  if (r.specifications.length) {
    const values = r.specifications.map((s) => (locale === "en" && s.value_en ? s.value_en : s.value));
    lines.push(`${m.mail_quote_label_specifications({}, { locale })}: ${values.join(", ")}`);
  }
  return lines.join("\n");
}

/** A quantity of a space's unit, as the search's cards say it: "800 m²", "40 pallets". */
function spaceAmount(type: "m2" | "pallet", quantity: number, locale: Locale): string {
  return type === "m2" ? formatArea(quantity) : m.search_pallets_count({ count: formatNumber(quantity) }, { locale });
}

/** A warehouse of a saved search's alert, in the words of the search's card. */
function alertCard(w: AlertCard, locale: Locale): NonNullable<Parts["cards"]>[number] {
  const lines = [w.city];
  if (w.space) {
    const a = w.space;
    const space = spaceAmount(a.m2_type, a.quantity, locale);
    lines.push(
      [
        a.available_from <= todayInItaly()
          ? m.search_card_free_now({ space }, { locale })
          : m.search_card_free({ space, from: formatDate(a.available_from) }, { locale }),
        a.available_until ? m.search_card_free_until({ until: formatDate(a.available_until) }, { locale }) : null,
        a.min_term_months > 1
          ? m.search_card_min_term({ months: String(a.min_term_months) }, { locale })
          : a.min_term_months === 1
            ? m.search_card_min_term_one({}, { locale })
            : null,
      ]
        .filter(Boolean)
        .join(" · "),
    );
    if (a.price_month !== null) {
      const price = formatPrice(a.price_month / 100);
      lines.push(a.m2_type === "m2" ? m.search_card_price_m2({ price }, { locale }) : m.search_card_price_pallet({ price }, { locale }));
    }
  }
  if (w.rating) {
    const average = reviewAverage(w.rating.average);
    lines.push(
      `★ ${w.rating.count === 1 ? m.afb_rating_summary_one({ average }, { locale }) : m.afb_rating_summary({ average, count: formatNumber(w.rating.count) }, { locale })}`,
    );
  }
  if (w.anonymised) lines.push(m.search_private_note({}, { locale }));
  return { title: w.name, lines, link: w.link ? { label: m.ssalert_mail_sheet({}, { locale }), url: w.link } : null };
}

type Parts = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A note set apart below the action, with a link of its own. */
  aside?: { text: string; label: string; url: string };
  code?: string;
  footnote?: string;
  /** Cards after the paragraphs (a saved search's warehouses): a title, a few lines, an optional link. */
  cards?: { title: string; lines: string[]; link: { label: string; url: string } | null }[];
  /** A paragraph after the cards. */
  afterCards?: string;
};
type Builder<T> = (data: T, locale: Locale, origin: string) => Parts;

const greet = (firstName: string | null, locale: Locale) =>
  firstName ? m.mail_greeting_name({ name: firstName }, { locale }) : m.mail_greeting({}, { locale });

const BUILDERS: { [K in keyof MailTemplates]: Builder<MailTemplates[K]> } = {
  feedback_received: (d, locale) => {
    const params = { author: d.author, warehouse: d.warehouse, number: d.number };
    const body =
      d.kind === "review"
        ? d.about === "hunter"
          ? m.afb_mail_review_body_hunter(params, { locale })
          : m.afb_mail_review_body_warehouse(params, { locale })
        : d.about === "hunter"
          ? m.afb_mail_report_body_hunter(params, { locale })
          : m.afb_mail_report_body_warehouse(params, { locale });
    const facts = [
      ...(d.average ? [`${m.afb_mail_label_average({}, { locale })}: ${d.average}/5`] : []),
      ...(d.subject ? [`${m.afb_mail_label_subject({}, { locale })}: ${d.subject}`] : []),
    ];
    return {
      subject: d.kind === "review" ? m.afb_mail_review_subject({ number: d.number }, { locale }) : m.afb_mail_report_subject({ number: d.number }, { locale }),
      heading: greet(d.firstName, locale),
      paragraphs: [body, ...(facts.length ? [facts.join("\n")] : [])],
      action: { label: m.afb_mail_action({}, { locale }), url: d.link },
    };
  },
  transfer_instructions: (d, locale) => ({
    subject: d.addition ? m.bill_mail_transfer_addition_subject({}, { locale }) : m.bill_mail_transfer_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [
      d.addition ? m.bill_mail_transfer_addition_body({ count: d.warehousesCount }, { locale }) : m.bill_mail_transfer_body({}, { locale }),
      transferFacts(d, locale),
    ],
    action: { label: m.bill_mail_transfer_action({}, { locale }), url: d.link },
  }),
  transfer_requested_admin: (d, locale) => ({
    subject: m.bill_mail_admin_subject({ stocker: d.stocker }, { locale }),
    heading: greet(null, locale),
    paragraphs: [
      d.addition
        ? m.bill_mail_admin_addition_body({ stocker: d.stocker, email: d.email, count: d.warehousesCount }, { locale })
        : m.bill_mail_admin_body({ stocker: d.stocker, email: d.email }, { locale }),
      transferFacts(d, locale),
    ],
    action: { label: m.bill_mail_admin_action({}, { locale }), url: d.link },
  }),
  subscription_started: (d, locale) => ({
    subject: m.bill_mail_started_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [
      d.trial
        ? m.bill_mail_trial_body({ count: d.count, until: d.until }, { locale })
        : m.bill_mail_started_body({ count: d.count, until: d.until }, { locale }),
    ],
    action: { label: m.bill_mail_started_action({}, { locale }), url: d.link },
  }),
  subscription_extended: (d, locale) => ({
    subject: m.bill_mail_extended_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.bill_mail_extended_body({ count: d.count }, { locale })],
    action: { label: m.bill_mail_started_action({}, { locale }), url: d.link },
  }),
  subscription_ending: (d, locale) => ({
    subject: m.bill_mail_ending_subject({ date: d.date }, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.bill_mail_ending_body({ date: d.date }, { locale })],
    action: { label: m.bill_mail_ending_action({}, { locale }), url: d.link },
  }),
  subscription_ended: (d, locale) => ({
    subject: m.bill_mail_ended_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.bill_mail_ended_body({}, { locale })],
    action: { label: m.bill_mail_ended_action({}, { locale }), url: d.link },
  }),
  referent_assigned: (d, locale) => ({
    subject: m.mail_referent_assigned_subject({ warehouse: d.warehouse.name }, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.mail_referent_assigned_body({ warehouse: d.warehouse.name, city: d.warehouse.city }, { locale })],
    action: { label: m.mail_referent_assigned_action({}, { locale }), url: d.link },
  }),
  spaces_reminder: (d, locale) => ({
    subject: m.mail_spaces_reminder_subject({ warehouse: d.warehouse.name }, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [
      d.kind === "ended"
        ? m.mail_spaces_reminder_ended_body({ warehouse: d.warehouse.name, city: d.warehouse.city, date: d.lastDay ?? "" }, { locale })
        : m.mail_spaces_reminder_stale_body({ warehouse: d.warehouse.name, city: d.warehouse.city, days: d.days }, { locale }),
      m.mail_spaces_reminder_why({}, { locale }),
    ],
    action: { label: m.mail_spaces_reminder_action({}, { locale }), url: d.link },
  }),
  account_decision: (d, locale) =>
    d.decision === "approved" && d.choosePasswordDays
      ? {
          subject: m.anotif_mail_approved_password_subject({}, { locale }),
          heading: greet(d.firstName, locale),
          paragraphs: [m.anotif_mail_approved_password_body({}, { locale }), ...(d.note ? [m.anotif_account_note({ note: d.note }, { locale })] : [])],
          action: { label: m.anotif_mail_approved_password_action({}, { locale }), url: d.link },
          footnote: m.anotif_mail_approved_password_expiry({ days: d.choosePasswordDays }, { locale }),
        }
      : d.decision === "approved"
        ? {
            subject: m.anotif_mail_approved_subject({}, { locale }),
            heading: greet(d.firstName, locale),
            paragraphs: [m.anotif_mail_approved_body({}, { locale }), ...(d.note ? [m.anotif_account_note({ note: d.note }, { locale })] : [])],
            action: { label: m.anotif_mail_approved_action({}, { locale }), url: d.link },
          }
        : {
            subject: m.anotif_mail_refused_subject({}, { locale }),
            heading: greet(d.firstName, locale),
            paragraphs: [m.anotif_mail_refused_body({}, { locale }), ...(d.note ? [m.anotif_account_note({ note: d.note }, { locale })] : [])],
            action: { label: m.anotif_mail_refused_action({}, { locale }), url: d.link },
            footnote: m.anotif_mail_refused_support({ email: d.supportEmail }, { locale }),
          },
  hub_decision: (d, locale) => {
    const approved = d.decision === "approved";
    const facts = { warehouse: d.warehouse.name, city: d.warehouse.city };
    return {
      subject: approved ? m.admhub_mail_approved_subject(facts, { locale }) : m.admhub_mail_refused_subject(facts, { locale }),
      heading: greet(d.firstName, locale),
      paragraphs: [
        approved ? m.admhub_mail_approved_body(facts, { locale }) : m.admhub_mail_refused_body(facts, { locale }),
        ...(d.note ? [m.anotif_account_note({ note: d.note }, { locale })] : []),
      ],
      action: { label: m.admhub_mail_action({}, { locale }), url: d.link },
      ...(approved ? {} : { footnote: m.anotif_mail_refused_support({ email: d.supportEmail }, { locale }) }),
    };
  },
  confirm_code: (d, locale) => ({
    subject: m.mail_confirm_code_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.mail_confirm_code_body({}, { locale })],
    code: d.code,
    action: { label: m.mail_confirm_code_action({}, { locale }), url: d.link },
    footnote: m.mail_confirm_code_expiry({ minutes: d.minutes }, { locale }),
  }),
  invitation: (d, locale) => ({
    subject: m.mail_invitation_subject({}, { locale }),
    heading: greet(null, locale),
    paragraphs: [
      m.mail_invitation_body({}, { locale }),
      d.role === "referent" ? m.mail_invitation_role_referent({}, { locale }) : m.mail_invitation_role_stocker({}, { locale }),
      ...(d.invitedBy ? [m.mail_invitation_invited_by({ name: d.invitedBy }, { locale })] : []),
    ],
    action: { label: m.mail_invitation_action({}, { locale }), url: d.link },
    footnote: m.mail_invitation_expiry({ days: d.days }, { locale }),
  }),
  password_reset: (d, locale) => ({
    subject: m.mail_password_reset_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.mail_password_reset_body({}, { locale })],
    action: { label: m.mail_password_reset_action({}, { locale }), url: d.link },
    footnote: m.mail_password_reset_expiry({ minutes: d.minutes }, { locale }),
  }),
  support_request: (d, locale) => ({
    subject: m.mail_support_subject({ name: d.name }, { locale }),
    heading: m.mail_support_heading({}, { locale }),
    paragraphs: [
      [
        `${m.mail_support_label_number({}, { locale })}: ${d.id}`,
        `${m.mail_support_label_from({}, { locale })}: ${d.name} – ${d.businessName}`,
        `${m.mail_support_label_email({}, { locale })}: ${d.email}`,
        `${m.mail_support_label_account({}, { locale })}: ${d.userId ? `STK${String(d.userId).padStart(7, "0")}` : m.mail_support_visitor({}, { locale })}`,
        `${m.mail_support_label_language({}, { locale })}: ${d.lang.toUpperCase()}`,
      ].join("\n"),
      `${m.mail_support_label_message({}, { locale })}:\n${d.message}`,
      `${m.mail_support_label_browser({}, { locale })}: ${d.userAgent}`,
    ],
    footnote: m.mail_support_reply({ email: d.email }, { locale }),
  }),
  stocker_request_received: (d, locale) => ({
    subject: m.mail_stocker_request_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [
      d.businessName ? m.mail_stocker_request_body({ business: d.businessName }, { locale }) : m.mail_stocker_request_body_generic({}, { locale }),
      ...(d.warehouseName ? [m.mail_stocker_request_claim({ warehouse: d.warehouseName }, { locale })] : []),
      m.mail_stocker_request_next({}, { locale }),
    ],
  }),
  stocker_request_admin: (d, locale) => ({
    subject: m.mail_stocker_admin_subject({ business: d.businessName }, { locale }),
    heading: m.mail_stocker_admin_heading({}, { locale }),
    paragraphs: [
      [
        `${m.mail_stocker_admin_label_business({}, { locale })}: ${d.businessName}`,
        `${m.mail_stocker_admin_label_vat({}, { locale })}: ${d.vat}`,
        `${m.mail_stocker_admin_label_email({}, { locale })}: ${d.email}`,
        `${m.mail_stocker_admin_label_place({}, { locale })}: ${d.place}`,
        ...(d.warehouse ? [`${m.mail_stocker_admin_label_warehouse({}, { locale })}: ${d.warehouse}`] : []),
      ].join("\n"),
    ],
    action: { label: m.mail_stocker_admin_action({}, { locale }), url: d.link },
  }),
  hub_request_admin: (d, locale) => ({
    subject: d.resubmitted
      ? m.mail_hub_admin_resubmitted_subject({ warehouse: d.warehouseName }, { locale })
      : m.mail_hub_admin_subject({ warehouse: d.warehouseName }, { locale }),
    heading: d.resubmitted ? m.mail_hub_admin_resubmitted_heading({}, { locale }) : m.mail_hub_admin_heading({}, { locale }),
    paragraphs: [
      [
        `${m.mail_hub_admin_label_warehouse({}, { locale })}: ${d.warehouseName}`,
        `${m.mail_hub_admin_label_place({}, { locale })}: ${d.place}`,
        `${m.mail_hub_admin_label_owner({}, { locale })}: ${d.owner}`,
        `${m.mail_stocker_admin_label_email({}, { locale })}: ${d.email}`,
      ].join("\n"),
    ],
    action: { label: m.mail_hub_admin_action({}, { locale }), url: d.link },
  }),
  quote_request_received: (d, locale) => ({
    subject: m.mail_quote_received_subject({ number: d.request.number, warehouse: d.warehouse.name }, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [
      d.forAdmin
        ? m.mail_quote_received_admin_body(
            { warehouse: d.warehouse.name, a: prepositionA(d.warehouse.city), city: d.warehouse.city, id: d.warehouse.id },
            { locale },
          )
        : d.handledBy
          ? m.mail_quote_received_owner_body(
              { warehouse: d.warehouse.name, a: prepositionA(d.warehouse.city), city: d.warehouse.city, referent: d.handledBy.referent },
              { locale },
            )
          : m.mail_quote_received_body({ warehouse: d.warehouse.name, a: prepositionA(d.warehouse.city), city: d.warehouse.city }, { locale }),
      quoteDetails(d.request, locale),
      `${m.mail_quote_label_message({}, { locale })}:\n${d.request.message}`,
      ...(d.handledBy ? [m.mail_quote_received_owner_mute({ warehouse: d.warehouse.name, url: d.handledBy.settingsLink }, { locale })] : []),
    ],
    action: { label: d.forAdmin ? m.mail_quote_received_admin_action({}, { locale }) : m.mail_quote_received_action({}, { locale }), url: d.link },
    ...(d.subscribeLink
      ? {
          aside: {
            text: m.mail_quote_received_anonymised({ warehouse: d.warehouse.name }, { locale }),
            label: m.mail_quote_received_subscribe({}, { locale }),
            url: d.subscribeLink,
          },
        }
      : {}),
    footnote: m.mail_quote_received_reply({ contact: d.request.contact }, { locale }),
  }),
  quote_request_confirmation: (d, locale, origin) => ({
    subject: m.mail_quote_confirmation_subject({ number: d.request.number }, { locale }),
    heading: d.verified ? m.mail_greeting_name({ name: d.referent }, { locale }) : m.mail_greeting({}, { locale }),
    paragraphs: [
      m.mail_quote_confirmation_body({ count: d.warehouses.length }, { locale }),
      d.warehouses.map((w) => `• ${w.name} – ${w.address ? `${w.address}, ` : ""}${w.city}`).join("\n"),
      quoteDetails(d.request, locale),
      ...(d.verified ? [`${m.mail_quote_label_message({}, { locale })}:\n${d.request.message}`] : [m.mail_quote_confirmation_visitor({}, { locale })]),
      ...(d.follow
        ? [
            d.follow.kind === "personal"
              ? m.vis_mail_follow_personal({ url: `${origin}${linkSentPath(locale)}` }, { locale })
              : m.vis_mail_follow_area({}, { locale }),
          ]
        : []),
    ],
    ...(d.follow ? { action: { label: m.vis_mail_follow_action({}, { locale }), url: d.follow.link } } : {}),
    footnote: m.mail_quote_confirmation_footnote({ contact: d.request.contact }, { locale }),
  }),
  request_state_changed: (d, locale) => {
    const facts = { warehouse: d.warehouse.name, city: d.warehouse.city, number: d.number };
    const state = { pending: m.wm_state_pending, confirmed: m.wm_state_confirmed, refused: m.wm_state_refused }[d.state]({}, { locale });
    const subject = { pending: m.areq_mail_subject_pending, confirmed: m.areq_mail_subject_confirmed, refused: m.areq_mail_subject_refused }[d.state](facts, {
      locale,
    });
    const body = { pending: m.areq_mail_body_pending, confirmed: m.areq_mail_body_confirmed, refused: m.areq_mail_body_refused }[d.state](facts, { locale });
    const paragraphs = [body, `${m.areq_mail_label_state({}, { locale })}: ${state}`];
    if (d.reviewLink) paragraphs.push(m.areq_mail_review({ url: d.reviewLink }, { locale }));
    if (d.reportLink) paragraphs.push(m.areq_mail_report({ url: d.reportLink }, { locale }));
    const action = d.requestsLink
      ? { label: m.areq_mail_action_requests({}, { locale }), url: d.requestsLink }
      : d.reviewLink
        ? { label: m.areq_mail_action_review({}, { locale }), url: d.reviewLink }
        : undefined;
    return {
      subject,
      heading: greet(d.firstName, locale),
      paragraphs,
      ...(action ? { action } : {}),
      // A visitor is told why this address receives it.
      ...(d.requestsLink || d.reportLink ? {} : { footnote: m.areq_mail_visitor_footnote({}, { locale }) }),
    };
  },
  deal_step: (d, locale) => {
    const paragraphs = [dealBody(d.event, d.warehouse, d.number, locale)];
    if (d.quote) paragraphs.push(`${m.deal_mail_quote({}, { locale })}: “${d.quote}”`);
    return {
      subject: dealTitle(d.event, d.number, locale),
      heading: greet(d.firstName, locale),
      paragraphs,
      ...(d.link ? { action: { label: m.deal_mail_action({}, { locale }), url: d.link } } : {}),
    };
  },
  request_link_renewed: (d, locale) => ({
    subject: m.vis_mail_renewed_subject({ number: d.number }, { locale }),
    heading: greet(null, locale),
    paragraphs: [m.vis_mail_renewed_body({ number: d.number }, { locale })],
    action: { label: m.vis_mail_follow_action({}, { locale }), url: d.link },
    footnote: m.vis_mail_renewed_not_you({}, { locale }),
  }),
  request_link_resent: (d, locale) => ({
    subject: m.vis_mail_resent_subject({ number: d.number }, { locale }),
    heading: greet(null, locale),
    paragraphs: [m.vis_mail_resent_body({ number: d.number }, { locale })],
    action: { label: m.vis_mail_follow_action({}, { locale }), url: d.link },
    footnote: m.vis_mail_resent_ignore({}, { locale }),
  }),
  request_taken_over: (d, locale) => ({
    subject: m.vis_mail_taken_subject({ number: d.number }, { locale }),
    heading: greet(null, locale),
    paragraphs: [m.vis_mail_taken_body({ number: d.number, account: d.account }, { locale })],
    footnote: m.vis_mail_taken_not_you({ support: d.supportEmail }, { locale }),
  }),
  saved_search_alert: (d, locale) => ({
    subject:
      d.total === 1
        ? m.ssalert_mail_subject_one({ search: d.search }, { locale })
        : m.ssalert_mail_subject({ search: d.search, count: formatNumber(d.total) }, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [
      d.total === 1
        ? m.ssalert_mail_body_one({ search: d.search, location: d.location }, { locale })
        : m.ssalert_mail_body({ search: d.search, location: d.location, count: formatNumber(d.total) }, { locale }),
    ],
    cards: d.warehouses.map((w) => alertCard(w, locale)),
    ...(d.total > d.warehouses.length
      ? {
          afterCards:
            d.total - d.warehouses.length === 1
              ? m.ssalert_mail_more_one({}, { locale })
              : m.ssalert_mail_more({ count: formatNumber(d.total - d.warehouses.length) }, { locale }),
        }
      : {}),
    action: { label: m.ssalert_mail_action({}, { locale }), url: d.searchLink },
    footnote: d.manageLink ? m.ssalert_mail_manage({ url: d.manageLink }, { locale }) : m.ssalert_mail_visitor({}, { locale }),
  }),
  saved_search_confirm: (d, locale) => ({
    subject: m.ss_mail_confirm_subject({}, { locale }),
    heading: m.mail_greeting({}, { locale }),
    paragraphs: [m.ss_mail_confirm_body({}, { locale }), m.ss_mail_confirm_ignore({}, { locale })],
    action: { label: m.ss_mail_confirm_action({}, { locale }), url: d.link },
    footnote: m.ss_mail_confirm_expiry({ days: d.days }, { locale }),
  }),
  email_change_confirm: (d, locale) => ({
    subject: m.mail_aprof_change_confirm_subject({}, { locale }),
    heading: m.mail_greeting({}, { locale }),
    paragraphs: [m.mail_aprof_change_confirm_body({}, { locale }), m.mail_aprof_change_confirm_ignore({}, { locale })],
    action: { label: m.mail_aprof_change_confirm_action({}, { locale }), url: d.link },
    footnote: m.mail_aprof_change_confirm_expiry({ hours: d.hours }, { locale }),
  }),
  email_change_requested_old: (d, locale) => ({
    subject: m.mail_aprof_requested_old_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.mail_aprof_requested_old_body({ email: d.newEmail }, { locale }), m.mail_aprof_not_you({ support: d.supportEmail }, { locale })],
  }),
  email_changed: (d, locale) => ({
    subject: m.mail_aprof_changed_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.mail_aprof_changed_body({ email: d.newEmail }, { locale }), m.mail_aprof_changed_not_you({ support: d.supportEmail }, { locale })],
  }),
  password_changed: (d, locale) => ({
    subject: m.mail_aprof_password_subject({}, { locale }),
    heading: greet(d.firstName, locale),
    paragraphs: [m.mail_aprof_password_body({}, { locale }), m.mail_aprof_password_not_you({ support: d.supportEmail }, { locale })],
  }),
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * The links a notification's footer carries (decision 038): where its recipient chooses which
 * e-mails to get, and the one-click page that stops this kind. Transactional mail has none.
 */
export type MailFooterLinks = { kind: EmailKind; preferencesUrl: string; unsubscribeUrl: string };

function preferencesHtml(footer: MailFooterLinks | null, locale: Locale): string {
  if (!footer) return "";
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="color:#1d4ed8;text-decoration:underline">${escapeHtml(label)}</a>`;
  return `<p style="margin:0 0 8px;color:#475569">${escapeHtml(m.mail_eprefs_footer({ topic: emailKindTopic(footer.kind, locale) }, { locale }))} ${link(
    footer.preferencesUrl,
    m.mail_eprefs_preferences({}, { locale }),
  )} · ${link(footer.unsubscribeUrl, m.mail_eprefs_unsubscribe({}, { locale }))}</p>`;
}

function layoutHtml(parts: Parts, locale: Locale, origin: string, footer: MailFooterLinks | null): string {
  const paragraphs = parts.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155;white-space:pre-line">${escapeHtml(p)}</p>`)
    .join("");
  const code = parts.code
    ? `<p style="margin:8px 0 24px;font-size:32px;letter-spacing:8px;font-weight:700;color:#0d2b5e;font-family:Menlo,Consolas,monospace">${escapeHtml(parts.code)}</p>`
    : "";
  const action = parts.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#1f6feb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">${escapeHtml(parts.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:12px;color:#64748b">${escapeHtml(m.mail_link_fallback({}, { locale }))}<br><a href="${escapeHtml(parts.action.url)}" style="color:#1f6feb;word-break:break-all">${escapeHtml(parts.action.url)}</a></p>`
    : "";
  const aside = parts.aside
    ? `<p style="margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#fffbeb;border:1px solid #fde68a;font-size:14px;line-height:1.5;color:#78350f">${escapeHtml(parts.aside.text)}<br><a href="${escapeHtml(parts.aside.url)}" style="color:#78350f;font-weight:600">${escapeHtml(parts.aside.label)}</a></p>`
    : "";
  const cards = (parts.cards ?? [])
    .map(
      (card) =>
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 12px;border:1px solid #e2e8f0;border-radius:8px"><tr><td style="padding:12px 14px">
<p style="margin:0 0 4px;font-size:15px;font-weight:600;color:#0f172a">${escapeHtml(card.title)}</p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#334155">${card.lines.map(escapeHtml).join("<br>")}</p>${
          card.link
            ? `
<p style="margin:8px 0 0;font-size:14px"><a href="${escapeHtml(card.link.url)}" style="color:#1f6feb;font-weight:600">${escapeHtml(card.link.label)}</a></p>`
            : ""
        }
</td></tr></table>`,
    )
    .join("");
  const afterCards = parts.afterCards ? `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(parts.afterCards)}</p>` : "";
  const footnote = parts.footnote ? `<p style="margin:0 0 8px;font-size:13px;color:#64748b">${escapeHtml(parts.footnote)}</p>` : "";
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0d2b5e;padding:18px 28px"><a href="${escapeHtml(origin)}/${locale}" style="color:#ffffff;font-size:20px;font-weight:700;text-decoration:none">Stockspace</a></td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px;color:#0f172a">${escapeHtml(parts.heading)}</h1>
${paragraphs}${cards}${afterCards}${code}${action}${aside}${footnote}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;font-size:12px;color:#94a3b8">${preferencesHtml(footer, locale)}${escapeHtml(m.mail_footer({}, { locale }))}</td></tr>
</table></td></tr></table></body></html>`;
}

function layoutText(parts: Parts, locale: Locale, footer: MailFooterLinks | null): string {
  const lines = [parts.heading, "", ...parts.paragraphs.flatMap((p) => [p, ""])];
  for (const card of parts.cards ?? [])
    lines.push(`• ${card.title}`, ...card.lines.map((l) => `  ${l}`), ...(card.link ? [`  ${card.link.label}: ${card.link.url}`] : []), "");
  if (parts.afterCards) lines.push(parts.afterCards, "");
  if (parts.code) lines.push(parts.code, "");
  if (parts.action) lines.push(`${parts.action.label}: ${parts.action.url}`, "");
  if (parts.aside) lines.push(parts.aside.text, `${parts.aside.label}: ${parts.aside.url}`, "");
  if (parts.footnote) lines.push(parts.footnote, "");
  lines.push("--");
  if (footer) {
    lines.push(
      m.mail_eprefs_footer({ topic: emailKindTopic(footer.kind, locale) }, { locale }),
      `${m.mail_eprefs_preferences({}, { locale })}: ${footer.preferencesUrl}`,
      `${m.mail_eprefs_unsubscribe({}, { locale })}: ${footer.unsubscribeUrl}`,
      "",
    );
  }
  lines.push(m.mail_footer({}, { locale }));
  return lines.join("\n");
}

/** `footer`: a notification's preferences links (queueMail gives them to every message of a kind). */
export function renderMail<T extends keyof MailTemplates>(
  template: T,
  data: MailTemplates[T],
  locale: Locale,
  origin: string,
  footer: MailFooterLinks | null = null,
) {
  const parts = (BUILDERS[template] as Builder<MailTemplates[T]>)(data, locale, origin);
  return { subject: parts.subject, html: layoutHtml(parts, locale, origin, footer), text: layoutText(parts, locale, footer) };
}
