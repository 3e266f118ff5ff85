// The answers of the back office's calls (/api/admin/…), described in the API's document and checked
// against every answer the tests get (apiLoader's `response`). Times are ISO 8601 strings, days 'YYYY-MM-DD'.
import { z } from "zod";
import { count, id, role, warehouseStatus } from "./answer-parts.ts";
import { requestDetails } from "./area-requests.ts";
import { CRM_EVENT_TYPES } from "../lib/crm.ts";
import { EMAIL_KINDS } from "../lib/email-preferences.ts";
import { locales } from "../lib/locale.ts";

/** 0 stocker, 1 stock keeper; null while a registration is pending. */
const accountType = z.union([z.literal(0), z.literal(1)]).nullable();

// ---------------------------------------------------------------- CRM

/** POST /api/admin/crm-entries/create, …/{id}/update and …/{id}/handle: the entry created or changed. */
export const crmEntryIdAnswer = z.strictObject({ crm_entry_id: id });

/** GET /api/admin/crm-entries: one page of contact events (newest first by default) and how many match. */
export const crmEntriesAnswer = z.strictObject({
  crm_entries: z.array(
    z.strictObject({
      id,
      /** The stocker the event concerns: the linked warehouse's owner. */
      user_id: id.nullable(),
      warehouse_id: id.nullable(),
      /** The client or, without one, the linked warehouse's name. */
      business_name: z.string().nullable(),
      client: z.string().nullable(),
      contact: z.string().nullable(),
      /** The event's day, 'YYYY-MM-DD'. */
      date: z.string(),
      event_type: z.enum(CRM_EVENT_TYPES),
      description: z.string().nullable(),
      /** 1 when the event has a follow-up action. */
      follow_up: z.union([z.literal(0), z.literal(1)]),
      follow_up_action: z.string().nullable(),
      /** null without a follow-up, 0 pending, 1 done. */
      follow_up_done: z.union([z.literal(0), z.literal(1)]).nullable(),
      handled_at: z.string().nullable(),
      warehouse: z.strictObject({ id, name: z.string(), city: z.string() }).nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  crm_entries_count: count,
});

/** GET /api/admin/crm-actions: one page of follow-up actions (pending and soonest due first by default) and how many match. */
export const crmActionsAnswer = z.strictObject({
  crm_actions: z.array(
    z.strictObject({
      /** The CRM entry's id (POST /api/admin/crm-entries/{id}/handle takes it). */
      id,
      warehouse_id: id.nullable(),
      /** The client or, without one, the linked warehouse's name. */
      business_name: z.string().nullable(),
      contact: z.string().nullable(),
      /** The event's day, the day its action is due: 'YYYY-MM-DD'. */
      date: z.string(),
      event_type: z.enum(CRM_EVENT_TYPES),
      description: z.string().nullable(),
      follow_up_action: z.string().nullable(),
      /** 0 pending, 1 done. */
      follow_up_done: z.union([z.literal(0), z.literal(1)]),
      /** Pending and due before today (in Italy). */
      overdue: z.boolean(),
      handled_at: z.string().nullable(),
      /** Who handled it (name, else e-mail); null while pending or when the account is gone. */
      handled_by: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  crm_actions_count: count,
});

// ---------------------------------------------------------------- dashboard

/** A count over the last 30 days and in all. */
const recentCount = z.strictObject({ last_30_days: count, total: count });

/** One queue of what waits for an administrator: how many, and since when the oldest waits (null when none). */
const waitingQueue = z.strictObject({ count, oldest_at: z.string().nullable() });

/** GET /api/admin/dashboard: the back office's counters. */
export const dashboardAnswer = z.strictObject({
  /** Stocker registrations waiting for approval (the spec's spelling). */
  new_stokers: count,
  /** Quote requests of the last 7 days. */
  new_requests: count,
  /** Bank transfers to confirm: subscriptions waiting to start and additions waiting for theirs. */
  transfers_waiting: count,
  /** Registered stockers (not pending nor refused). */
  stockers: count,
  stock_hunters: count,
  requests: count,
  /** Every saved search, and those confirmed and not paused. */
  saved_searches: z.strictObject({ active: count, total: count }),
  /** Alert e-mails sent. */
  alerts_sent: recentCount,
  /** Opt-outs made recently and standing now, in all and by notification kind. */
  unsubscribes: z.strictObject({
    last_30_days: count,
    total: count,
    by_kind: z.strictObject({ requests: recentCount, deal: recentCount, reminders: recentCount, alerts: recentCount, news: recentCount }),
  }),
  /** What waits, and since when: a hub request since its warehouse was created, a CRM follow-up since its day (midnight in Italy). */
  work_queue: z.strictObject({
    new_stockers: waitingQueue,
    hub_requests: waitingQueue,
    transfers: waitingQueue,
    crm_follow_ups: waitingQueue,
    failed_emails: waitingQueue,
    warehouse_reports: waitingQueue,
  }),
});

// ---------------------------------------------------------------- failed e-mails

/** GET /api/admin/emails/failed: one page of the e-mails the outbox gave up on, and how many match. */
export const failedEmailsAnswer = z.strictObject({
  emails: z.array(
    z.strictObject({
      id,
      to_address: z.string(),
      subject: z.string(),
      template: z.string(),
      lang: z.enum(locales),
      /** The notification kind an address may opt out of; null for a transactional e-mail. */
      kind: z.enum(EMAIL_KINDS).nullable(),
      attempts: count,
      /** The mail server's last answer. */
      last_error: z.string().nullable(),
      /** The last failed attempt; null for a message that failed before it was recorded. */
      last_error_at: z.string().nullable(),
      created_at: z.string(),
      /** The recipient's account, when the address is one's; else both null. */
      user_id: id.nullable(),
      user_role: role.nullable(),
    }),
  ),
  emails_count: count,
});

/** POST /api/admin/emails/{id}/resend: the e-mail put back in the outbox's queue. */
export const emailResentAnswer = z.strictObject({ email_id: id, to_address: z.string() });

/** POST /api/admin/emails/failed/resend: how many failed e-mails went back in the queue. */
export const failedEmailsResentAnswer = z.strictObject({ resent_count: count });

// ---------------------------------------------------------------- bulk actions and their selections

// ---------------------------------------------------------------- specifications

/** GET /api/admin/specifications: one page of the catalogue and how many match. */
export const specificationsAnswer = z.strictObject({
  specifications: z.array(
    z.strictObject({
      id,
      cat_id: id,
      value: z.string(),
      value_en: z.string().nullable(),
      description: z.string().nullable(),
      description_en: z.string().nullable(),
      /** Hidden from the search filters and the forms. */
      hidden: z.boolean(),
      cat: z.strictObject({ id, name: z.string(), name_en: z.string() }),
    }),
  ),
  specifications_count: count,
});

/** POST /api/admin/specifications/create and …/{id}/update: the specification created or changed. */
export const specificationIdAnswer = z.strictObject({ specification_id: id });

/** POST /api/admin/specifications/{id}/toggle-hidden: the flag as it now is. */
export const specificationHiddenAnswer = z.strictObject({ specification_id: id, hidden: z.boolean() });

// ---------------------------------------------------------------- users

/** GET /api/admin/stockers: one page of stockers and how many match. */
export const stockersAnswer = z.strictObject({
  users: z.array(
    z.strictObject({
      id,
      /** The name to show: the first of company, business name, full name, e-mail. */
      name: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      email: z.string(),
      account_type: accountType,
      created_at: z.string(),
      has_confirmed_code: z.boolean(),
      /** The account has a password (the invitation was completed). */
      completed: z.boolean(),
      active: z.boolean(),
      /** Erased on its owner's request: no person to show, nothing to act on. */
      erased: z.boolean(),
      /** The latest subscription's end; null without one. */
      sub_date: z.string().nullable(),
      /** That subscription runs (trialing, active or past due). */
      sub_running: z.boolean(),
    }),
  ),
  users_count: count,
});

/** GET /api/admin/stock-hunters: one page of stock hunters and how many match. */
export const stockHuntersAnswer = z.strictObject({
  users: z.array(
    z.strictObject({
      id,
      /** The name to show: the first of company, business name, full name, e-mail. */
      name: z.string(),
      email: z.string(),
      telephone: z.string().nullable(),
      created_at: z.string(),
      has_confirmed_code: z.boolean(),
      active: z.boolean(),
      /** Erased on its owner's request: no person to show, nothing to act on. */
      erased: z.boolean(),
      /** Quote requests the hunter sent. */
      requests_count: count,
    }),
  ),
  users_count: count,
});

/** GET /api/admin/stocker-requests: one page of stocker registrations waiting for a decision (or refused) and how many match. */
export const stockerRequestsAnswer = z.strictObject({
  users: z.array(
    z.strictObject({
      id,
      email: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      telephone: z.string().nullable(),
      company: z.string().nullable(),
      // The business the registration was made for.
      request_business_name: z.string().nullable(),
      request_vat: z.string().nullable(),
      request_country: z.string().nullable(),
      request_address: z.string().nullable(),
      request_cap: z.string().nullable(),
      request_city: z.string().nullable(),
      request_province: z.string().nullable(),
      /** The unclaimed warehouse the stocker asked for at registration, if any; `owned` once someone else owns it. */
      requested_warehouse: z.strictObject({ id, name: z.string(), city: z.string(), address: z.string(), owned: z.boolean() }).nullable(),
      approval_status: z.enum(["pending", "refused"]),
      /** The refusal's note. */
      approval_note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  users_count: count,
});

// ---------------------------------------------------------------- hub requests

/** GET /api/admin/hub-requests: one page of the warehouses waiting for approval as a hub and how many. */
export const hubRequestsAnswer = z.strictObject({
  warehouses: z.array(
    z.strictObject({
      id,
      name: z.string(),
      address: z.string(),
      city: z.string(),
      province: z.string(),
      /** m². */
      total_m2: z.number().nullable(),
      status: warehouseStatus,
      is_hub: z.boolean(),
      /** When the warehouse was created: the request waits since then. */
      created_at: z.string(),
      // The owner; all null for a warehouse nobody owns.
      owner_id: id.nullable(),
      owner_email: z.string().nullable(),
      owner_first_name: z.string().nullable(),
      owner_last_name: z.string().nullable(),
      owner_company: z.string().nullable(),
    }),
  ),
  warehouses_count: count,
});

// ---------------------------------------------------------------- location search

/** GET /api/admin/location-search-warehouses: one page of the warehouses within the radius, nearest first, and how many. */
export const locationWarehousesAnswer = z.strictObject({
  warehouses: z.array(
    z.strictObject({
      id,
      name: z.string(),
      address: z.string(),
      cap: z.string(),
      city: z.string(),
      province: z.string(),
      /** m². */
      total_m2: z.number().nullable(),
      is_hub: z.boolean(),
      status: warehouseStatus,
      deactivated: z.boolean(),
      /** Someone owns it. */
      claimed: z.boolean(),
      /** Claimed and covered by its owner's subscription: its identity is public. */
      redeemed: z.boolean(),
      /** The owner; `name` is the first of company, business name, full name, e-mail. */
      owner: z.strictObject({ id, email: z.string(), name: z.string(), role }).nullable(),
      /** From the centre, km. */
      distance_km: z.number(),
      created_at: z.string(),
    }),
  ),
  warehouses_count: count,
});

/** GET /api/admin/location-search-requests: one page of the quote requests within the radius, newest first, and how many. */
export const locationRequestsAnswer = z.strictObject({
  warehouse_requests: z.array(
    requestDetails.extend({
      /** From the centre to the request's own position, km. */
      distance_km: z.number(),
      /** The warehouses the request went to. */
      warehouses_count: count,
    }),
  ),
  warehouse_requests_count: count,
});

// ---------------------------------------------------------------- transfers

/** GET /api/admin/transfers: one page of the bank transfers waiting to be confirmed and how many. */
export const transfersAnswer = z.strictObject({
  transfers: z.array(
    z.strictObject({
      user_id: id,
      email: z.string(),
      /** The stocker's name to show: the first of company, business name, full name, e-mail. */
      name: z.string(),
      account_type: accountType,
      /** The reason code the transfer carries. */
      reason: z.string().nullable(),
      /** When the transfer was asked for: an addition when it was made, a subscription when the transfer was chosen. */
      requested_at: z.string(),
      subscription_id: id,
      /** Set when the transfer pays for warehouses added to a running subscription (POST /api/admin/subscription-additions/{id}/confirm takes it). */
      addition_id: id.nullable(),
      plan: z.enum(["yearly", "six_months"]),
      /** Cents, VAT included; null while not known. */
      amount: z.number().int().nullable(),
      warehouses_count: count,
    }),
  ),
  transfers_count: count,
});

/** POST /api/admin/subscription-additions/{id}/confirm: the stocker and the addition confirmed. */
export const additionConfirmedAnswer = z.strictObject({ user_id: id, addition_id: id });
