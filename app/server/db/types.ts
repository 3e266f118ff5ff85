// Kysely types of the database, written by hand to match migrations/. Column names are the SQL
// ones. Type parsers (database.ts): bigint and numeric come back as number, date as 'YYYY-MM-DD';
// time columns come back as 'HH:MM:SS' strings.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// ---------------------------------------------------------------- column helpers

/** timestamptz, NOT NULL with a default (created_at, updated_at, …). */
export type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** timestamptz, NOT NULL, no default: the insert must give it. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz, nullable. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** date, as 'YYYY-MM-DD'. */
export type DateString = string;
/** time, as 'HH:MM:SS' (written as 'HH:MM' or 'HH:MM:SS'). */
export type TimeString = string;

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object. Objects (not arrays) are what node-postgres serialises to json on insert. */
export type JsonObject = { [key: string]: JsonValue };

// ---------------------------------------------------------------- enums (text + CHECK)

export type UserRole = "stock_hunter" | "stocker" | "referent" | "admin";
/** 0 Stocker, 1 Stock Keeper. */
export type AccountType = 0 | 1;
export type Lang = "it" | "en";
export type ApprovalStatus = "pending" | "approved" | "refused";
export type PaymentType = "card" | "paypal" | "transfer";
export type UserTokenKind = "confirm_code" | "complete_account" | "reset_password" | "change_email";
export type MailStatus = "pending" | "sending" | "sent" | "failed";
export type WarehouseStatus = "pending" | "approved" | "refused";
export type ContactRole = "0" | "quote" | "requests" | "comm" | "billing";
export type SpecificationCategoryKey = "service" | "material" | "security" | "equipment" | "it" | "lu" | "certification";
export type M2Type = "m2" | "pallet";
export type LinkState = "pending" | "confirmed" | "refused";
/** Who or what a review or report is about: the warehouse (by a hunter) or the hunter (by a stocker or referent). */
export type FeedbackTarget = "warehouse" | "hunter";
export type CrmEventType = "call" | "mail" | "meet" | "meeting" | "other";
export type StripeStatus = "incomplete" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "pending_transfer";
export type SubscriptionPlan = "yearly" | "six_months";

// ---------------------------------------------------------------- tables

export interface MarketsTable {
  id: Generated<number>;
  label: string;
  label_en: string;
  position: Generated<number>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** argon2id; null until the user sets a password (pending or invited accounts). */
  password_hash: string | null;
  role: UserRole;
  /** Only for stockers; null while a registration is pending. */
  account_type: AccountType | null;
  first_name: string | null;
  last_name: string | null;
  telephone: string | null;
  company: string | null;
  market_id: number | null;
  website: string | null;
  country: string | null;
  address: string | null;
  lang: Generated<Lang>;
  request_business_name: string | null;
  request_vat: string | null;
  request_country: string | null;
  request_address: string | null;
  request_cap: string | null;
  request_city: string | null;
  request_province: string | null;
  request_warehouse_id: number | null;
  approval_status: ApprovalStatus | null;
  approval_note: string | null;
  approved_at: NullableTimestamp;
  active: Generated<boolean>;
  conditions_at: NullableTimestamp;
  privacy_at: NullableTimestamp;
  data_f: Generated<boolean>;
  data_f_at: NullableTimestamp;
  data_g: Generated<boolean>;
  data_g_at: NullableTimestamp;
  invite_code: string;
  invited_by: number | null;
  invite_count: Generated<number>;
  /** The bank-transfer reason code (the spec's {product}_code). */
  stockspace_code: string | null;
  transfer_info: string | null;
  transfer_requested_at: NullableTimestamp;
  pm_type: PaymentType | null;
  pm_last_four: string | null;
  stripe_customer_id: string | null;
  has_confirmed_code: Generated<boolean>;
  created_by: number | null;
  /** Admin note. */
  note: string | null;
  /** When the account was erased on its owner's request (decision 048); its personal data is gone. */
  erased_at: NullableTimestamp;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: UserTokenKind;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  attempts: Generated<number>;
  /** The address waiting for confirmation (kind 'change_email' only). */
  new_email: string | null;
  created_at: CreatedTimestamp;
}

export interface SessionsTable {
  /** SHA-256 hex of the session token; the token itself is never stored. */
  id: string;
  user_id: number;
  remember: boolean;
  created_at: CreatedTimestamp;
  last_seen_at: CreatedTimestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

/** Personal access tokens for /api (decision 059); only the token's SHA-256 is stored. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scope: "read" | "read_write";
  token_hash: string;
  /** The token's last four characters, shown in its owner's list. */
  token_hint: string;
  created_at: CreatedTimestamp;
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  last_used_ip: string | null;
  revoked_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  template: string;
  lang: Lang;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: CreatedTimestamp;
  last_error: string | null;
  created_at: CreatedTimestamp;
  sent_at: NullableTimestamp;
  /** The notification kind (what an address may opt out of); null: transactional, always sent. */
  kind: EmailKind | null;
  /** The List-Unsubscribe header's value (the one-click link and the mailto); null without a kind. */
  list_unsubscribe: string | null;
  /** When last_error was written: the last failed attempt (null before one, and once sent). */
  last_error_at: NullableTimestamp;
}

/** The kinds of notification e-mail an address chooses to get or not (email_opt_outs). */
export type EmailKind = "requests" | "deal" | "reminders" | "alerts" | "news";

export interface SavedSearchesTable {
  id: Generated<number>;
  /** A stock hunter's search; null for a visitor's, which has `email` instead. */
  user_id: number | null;
  email: string | null;
  lang: Lang;
  name: string;
  location: string;
  lat: number;
  lng: number;
  /** Kilometres. */
  radius: number;
  start_date: string | null;
  end_date: string | null;
  m2_type: Generated<"m2" | "pallet">;
  m2_value: number | null;
  specification_ids: Generated<number[]>;
  paused: Generated<boolean>;
  /** When its address was confirmed (at once for a hunter's); null: nothing is matched or sent. */
  confirmed_at: NullableTimestamp;
  /** When it was last confirmed or resumed: a warehouse changed before then was there to be seen. */
  active_since: NullableTimestamp;
  confirm_token_hash: string | null;
  confirm_expires_at: NullableTimestamp;
  privacy_accepted_at: NullableTimestamp;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  last_alert_at: NullableTimestamp;
}

/** A listed warehouse's state before its first change since the last matching. */
export interface SavedSearchChangesTable {
  warehouse_id: number;
  changed_at: CreatedTimestamp;
  last_changed_at: CreatedTimestamp;
  was_listed: boolean;
  pub_lat: number | null;
  pub_lng: number | null;
  spec_ids: Generated<number[]>;
  /** [{ m2_type, quantity, available_from, available_until, min_term_months }] */
  spaces: Generated<unknown>;
}

export interface SavedSearchMatchesTable {
  saved_search_id: number;
  warehouse_id: number;
  matched_at: CreatedTimestamp;
  alerted_at: NullableTimestamp;
}

export interface SavedSearchAlertsTable {
  id: Generated<number>;
  saved_search_id: number | null;
  warehouses: number;
  sent_at: CreatedTimestamp;
}

export interface EmailOptOutsTable {
  /** Lower-cased. */
  email: string;
  kind: EmailKind;
  via: "preferences" | "one_click";
  created_at: CreatedTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  admin_id: number | null;
  action: string;
  entity_type: string;
  entity_id: number | null;
  details: Generated<JsonObject>;
  created_at: CreatedTimestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedTimestamp;
}

export interface WarehousesTable {
  id: Generated<number>;
  name: string;
  country: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  vat: string | null;
  website: string | null;
  fb_link: string | null;
  ln_link: string | null;
  telephone: string | null;
  email: string | null;
  total_m2: number | null;
  /** Internal area. */
  m2: number | null;
  m2_external: number | null;
  m2_office: number | null;
  /** Under-beam height in metres. */
  height: number | null;
  bays_number: number | null;
  // Private costs: never on the public sheet.
  m2_cost: number | null;
  m2_month: number | null;
  m2_pallet: number | null;
  handling_cost: number | null;
  lat: number;
  lng: number;
  /**
   * Where the warehouse is shown (kept by a trigger): the true position when redeemed, else moved
   * by a fixed offset derived from its id and the app secret (±0.004° / ±0.006°).
   */
  pub_lat: Generated<number>;
  pub_lng: Generated<number>;
  is_hub: Generated<boolean>;
  to_approve: Generated<boolean>;
  status: Generated<WarehouseStatus>;
  status_note: string | null;
  deactivated: Generated<boolean>;
  /** Copy of the warehouse's specification ids (warehouse_specifications), kept by triggers; read by the map search. */
  spec_ids: Generated<number[]>;
  /** The owner; set means claimed (Riscattato). */
  user_id: number | null;
  /**
   * Claimed and covered by an active or trialing subscription of its owner (migration 0008,
   * kept by triggers): only then are its name, address, position, sheet and contact public.
   */
  redeemed: Generated<boolean>;
  referent_id: number | null;
  /**
   * While a referent handles its requests, the owner is told of each in the app and, unless it
   * turned this off, by e-mail too (migration 0020).
   */
  owner_request_emails: Generated<boolean>;
  // Trust figures (migration 0022), kept fresh by triggers on reviews and request links
  // (migration 0025, decision 035), never recounted per request.
  /** Hunters' reviews of the warehouse (target 'warehouse') that gave at least one rating. */
  review_count: Generated<number>;
  /** Mean of those reviews' avg_value (0–50, a tenth of a mark), rounded; null without any. */
  rating_avg: number | null;
  /** Quote request links to the warehouse. */
  requests_received: Generated<number>;
  /** Of those, the ones with a first answer (answered_at). */
  requests_answered: Generated<number>;
  /** Median seconds from a link's creation to its first answer; null before any answer. */
  answer_seconds_median: number | null;
  /** Any declared space, current or past (kept by triggers, migration 0027): the zone reads spaces only of these. */
  has_spaces: Generated<boolean>;
  // The owner's reminder about its free space (migration 0023, decision 032).
  /** When its spaces were last saved (null: never). */
  spaces_updated_at: NullableTimestamp;
  /** The last day any of its spaces is free; null when one is open-ended, or there is none. */
  spaces_last_day: DateString | null;
  /** The reminder sent since the last save: every space ended, or none saved for 60 days. */
  spaces_reminder: "ended" | "stale" | null;
  spaces_reminded_at: NullableTimestamp;
  /** How many photos it has (images), kept by triggers (migration 0033): the back office filters and sorts by it. */
  images_count: Generated<number>;
  created_by: number | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface WarehouseTimesTable {
  warehouse_id: number;
  is_mon_open: Generated<boolean>;
  mon_open_time: TimeString | null;
  mon_close_time: TimeString | null;
  is_tue_open: Generated<boolean>;
  tue_open_time: TimeString | null;
  tue_close_time: TimeString | null;
  is_wed_open: Generated<boolean>;
  wed_open_time: TimeString | null;
  wed_close_time: TimeString | null;
  is_thu_open: Generated<boolean>;
  thu_open_time: TimeString | null;
  thu_close_time: TimeString | null;
  is_fri_open: Generated<boolean>;
  fri_open_time: TimeString | null;
  fri_close_time: TimeString | null;
  is_sat_open: Generated<boolean>;
  sat_open_time: TimeString | null;
  sat_close_time: TimeString | null;
  is_sun_open: Generated<boolean>;
  sun_open_time: TimeString | null;
  sun_close_time: TimeString | null;
}

/** Free space a warehouse offers (migration 0021). */
export interface WarehouseSpacesTable {
  id: Generated<number>;
  warehouse_id: number;
  m2_type: M2Type;
  /** Square metres or pallet positions, more than 0. */
  quantity: number;
  available_from: DateString;
  /** null: open-ended. */
  available_until: DateString | null;
  /** 0: no minimum. */
  min_term_months: Generated<number>;
  /** Cents per square metre or pallet position per month, VAT excluded. */
  price_month: number | null;
  /** Only then is price_month shown to seekers. */
  price_public: Generated<boolean>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface ContactsTable {
  id: Generated<number>;
  warehouse_id: number;
  full_name: string;
  phone: string | null;
  email: string | null;
  role: Generated<ContactRole>;
  created_at: CreatedTimestamp;
}

export interface ImagesTable {
  id: Generated<number>;
  warehouse_id: number;
  /** Public URL path. */
  src: string;
  /** Storage key. */
  file: string;
  width: number | null;
  height: number | null;
  position: Generated<number>;
  /** The thumbnail's public URL and storage key (null for demo pictures: src serves both). */
  thumb_src: string | null;
  thumb_file: string | null;
  /** Where the files live: the uploads folder or S3-compatible object storage. */
  storage: Generated<"local" | "s3">;
  uploaded_by: number | null;
  created_at: CreatedTimestamp;
}

export interface SpecificationCategoriesTable {
  /** 1 service … 7 certification; the rows are inserted by the first migration. */
  id: number;
  key: SpecificationCategoryKey;
  name: string;
  name_en: string;
}

export interface SpecificationsTable {
  id: Generated<number>;
  cat_id: number;
  value: string;
  value_en: string | null;
  description: string | null;
  description_en: string | null;
  hidden: Generated<boolean>;
  position: Generated<number>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface WarehouseSpecificationsTable {
  warehouse_id: number;
  specification_id: number;
}

export interface WarehouseRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  business_name: string;
  /** E-mail address of the requester. */
  contact: string;
  telephone: string | null;
  /** Name of the person to talk to. */
  referent: string;
  message: string;
  location: string;
  /** Kilometres. */
  radius: Generated<number>;
  m2_type: Generated<M2Type>;
  m2_value: number | null;
  start_date: DateString | null;
  end_date: DateString | null;
  conditions: Generated<boolean>;
  privacy: Generated<boolean>;
  data_f: Generated<boolean>;
  data_g: Generated<boolean>;
  to_notify: Generated<boolean>;
  lat: number | null;
  lng: number | null;
  lang: Generated<Lang>;
  ip: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  /** Its links (warehouses contacted), kept by a trigger on warehouse_request_warehouses (migration 0038). */
  warehouses_count: ColumnType<number, never, never>;
  /** Of those, the links answered (answered_at set), kept by the same trigger. */
  answered_count: ColumnType<number, never, never>;
}

export interface WarehouseRequestSpecificationsTable {
  warehouse_request_id: number;
  specification_id: number;
}

/** The per-warehouse link of a quote request (the "pivot"). */
export interface WarehouseRequestWarehousesTable {
  id: Generated<number>;
  warehouse_request_id: number;
  warehouse_id: number;
  state: Generated<LinkState>;
  state_changed_at: NullableTimestamp;
  state_changed_by: number | null;
  /** When the handler first moved the link out of 'pending'. */
  answered_at: NullableTimestamp;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export type OfferState = "open" | "superseded" | "withdrawn" | "accepted" | "declined";

/** An offer on a request link (revisions kept: the newest revision is the current one). */
export interface RequestOffersTable {
  id: Generated<number>;
  link_id: number;
  revision: number;
  state: Generated<OfferState>;
  m2_type: M2Type;
  /** Square metres or pallet positions offered, more than 0. */
  quantity: number;
  /** Cents per square metre or pallet position per month, VAT excluded. */
  price_month: number;
  /** Cents per pallet moved in and out (pallet offers only). */
  handling_in: number | null;
  handling_out: number | null;
  /** Cents, once. */
  one_off_fee: number | null;
  start_date: DateString;
  end_date: DateString;
  min_term_months: number | null;
  included: Generated<string>;
  notes: Generated<string>;
  /** The last day the offer can be accepted. */
  valid_until: DateString;
  decline_reason: string | null;
  created_by: number | null;
  created_at: CreatedTimestamp;
  state_changed_at: NullableTimestamp;
}

export type MessageSide = "hunter" | "handler";

/** The conversation of a request link; kind 'changes' is the hunter's request for a revision. */
export interface RequestMessagesTable {
  id: Generated<number>;
  link_id: number;
  side: MessageSide;
  kind: Generated<"message" | "changes">;
  /** null: the visitor's personal link, or a deleted account. */
  author_id: number | null;
  body: string;
  created_at: CreatedTimestamp;
}

/** The personal link of a request: its token is token_salt and the salt's HMAC under an application secret. */
export interface RequestAccessTokensTable {
  id: Generated<number>;
  warehouse_request_id: number;
  token_salt: Buffer;
  created_at: CreatedTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface FavouritesTable {
  user_id: number;
  warehouse_id: number;
  created_at: CreatedTimestamp;
}

export interface ReviewsTable {
  id: Generated<number>;
  /** The author. */
  user_id: number;
  warehouse_id: number;
  warehouse_request_id: number;
  /** warehouse_request_warehouses.id; must match warehouse_id and warehouse_request_id. */
  link_id: number;
  /** 'warehouse' (a hunter's review: services and structure) or 'hunter' (payments and goods). */
  target: Generated<FeedbackTarget>;
  full_name: string;
  email: string;
  telephone: string;
  description: string | null;
  reliability_value: number | null;
  communication_value: number | null;
  services_value: number | null;
  structure_value: number | null;
  payments_value: number | null;
  goods_value: number | null;
  /** Mean of the given ratings × 10, truncated; 0 when none. */
  avg_value: Generated<number>;
  created_at: CreatedTimestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  /** The author. */
  user_id: number;
  warehouse_id: number;
  warehouse_request_id: number;
  link_id: number;
  target: Generated<FeedbackTarget>;
  full_name: string;
  email: string;
  telephone: string;
  subject: string;
  description: string;
  created_at: CreatedTimestamp;
  /** Null while the report is open: one open report per author and link (migration 0019). */
  closed_at: NullableTimestamp;
  /** The administrator who closed it in the back office (migration 0037); null while open, for older reports, or a closing by the one-open-report rule. */
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** What they wrote on closing it, if anything. */
  close_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** e.g. {"it": "…", "en": "…"} or a message key with params. */
  title: JsonObject;
  message: JsonObject;
  /** Links and ids the detail panel needs. */
  data: Generated<JsonObject>;
  read_at: NullableTimestamp;
  created_at: CreatedTimestamp;
}

export interface SupportRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  first_name: string;
  last_name: string;
  business_name: string;
  email: string;
  message: string;
  privacy: boolean;
  user_agent_data: JsonObject | null;
  ip: string | null;
  lang: Generated<Lang>;
  created_at: CreatedTimestamp;
}

export interface CrmEntriesTable {
  id: Generated<number>;
  user_id: number | null;
  warehouse_id: number | null;
  created_by: number | null;
  client: string | null;
  contact: string | null;
  date: DateString;
  event_type: CrmEventType;
  description: string | null;
  follow_up: Generated<boolean>;
  follow_up_action: string | null;
  /** null when there is no follow-up; false pending, true done (CHECK-enforced). */
  follow_up_done: boolean | null;
  handled_at: NullableTimestamp;
  handled_by: number | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  stripe_subscription_id: string | null;
  stripe_status: StripeStatus;
  plan: SubscriptionPlan;
  payment_type: PaymentType;
  promo_code_id: number | null;
  /** It holds one of its promo code's uses: taken at init-subscription, given back if it never starts (decision 013). */
  promo_reserved: Generated<boolean>;
  /** Cents, per warehouse. */
  price_unit_amount: number;
  /** Cents. */
  amount_off: number | null;
  percent_off: number | null;
  hub_percent_off: number | null;
  trial_ends_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  has_canceled: Generated<boolean>;
  started_at: NullableTimestamp;
  /** Cents, VAT included: what the subscription costs per period (app/lib/pricing.ts). */
  amount: number | null;
  /** How many of its warehouses are hubs (the hub discount's share). */
  hubs_count: Generated<number>;
  /** The administrator's notes when confirming a bank transfer. */
  transfer_info: string | null;
  confirmed_by: number | null;
  /** When the "your subscription ends soon" e-mail of a transfer subscription went out. */
  reminder_sent_at: NullableTimestamp;
  /** Creation time of the last Stripe event applied: older ones are ignored. */
  stripe_event_at: NullableTimestamp;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

/** Stripe webhook events applied, by id: a retried or replayed event is applied once. */
export interface StripeEventsTable {
  id: string;
  type: string;
  created_at: Date | string;
  applied_at: CreatedTimestamp;
}

/** Warehouses added to a running subscription (migration 0015). */
export interface SubscriptionAdditionsTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  warehouse_ids: number[];
  hubs_count: Generated<number>;
  payment_type: "card" | "transfer";
  status: "pending_transfer" | "confirmed" | "canceled";
  /** Cents, VAT included: charged now for the rest of the period. */
  amount: number;
  /** Cents, VAT included: the subscription's amount per period once confirmed. */
  new_amount: number;
  transfer_info: string | null;
  confirmed_by: number | null;
  confirmed_at: NullableTimestamp;
  created_at: CreatedTimestamp;
}

export interface SubscriptionWarehousesTable {
  subscription_id: number;
  warehouse_id: number;
}

export interface PromoCodesTable {
  id: Generated<number>;
  /** Stored uppercase (CHECK-enforced). */
  code: string;
  /** Cents. */
  amount_off: number | null;
  percent_off: number | null;
  hub_percent_off: number | null;
  active: Generated<boolean>;
  valid_from: NullableTimestamp;
  valid_until: NullableTimestamp;
  max_redemptions: number | null;
  times_redeemed: Generated<number>;
  stripe_coupon_id: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface PlacesTable {
  id: Generated<number>;
  kind: "municipality" | "town";
  name: string;
  /** Province sigla (Italy only), e.g. "MI". */
  province: string | null;
  province_name: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  caps: Generated<string[]>;
  population: number | null;
  lat: number;
  lng: number;
}

export interface PlaceKeysTable {
  /** Normalised name, other name or postcode. */
  key: string;
  place_id: number;
  /** 0 the name, 1 another name, 2 a postcode. */
  rank: Generated<number>;
}

export interface GazetteerInfoTable {
  id: Generated<number>;
  version: string;
  places: number;
  loaded_at: CreatedTimestamp;
}

/** One row: raised by triggers whenever something a search zone depends on changes (migration 0004). */
export interface SearchEpochTable {
  id: Generated<number>;
  value: number;
}

/** Per warehouse and day: appearances in search results and openings of the sheet (app/server/stats/). */
export interface WarehouseDailyStatsTable {
  warehouse_id: number;
  day: DateString;
  search_appearances: Generated<number>;
  sheet_views: Generated<number>;
}

/** The app instances on this database, each refreshing its row (migration 0029, app/server/instances/). */
export interface AppInstancesTable {
  id: string;
  hostname: string;
  pid: number;
  images: "local" | "s3";
  started_at: CreatedTimestamp;
  last_seen_at: CreatedTimestamp;
}

export interface DB {
  app_instances: AppInstancesTable;
  app_secrets: AppSecretsTable;
  audit_log: AuditLogTable;
  contacts: ContactsTable;
  crm_entries: CrmEntriesTable;
  favourites: FavouritesTable;
  gazetteer_info: GazetteerInfoTable;
  search_epoch: SearchEpochTable;
  images: ImagesTable;
  mail_outbox: MailOutboxTable;
  markets: MarketsTable;
  email_opt_outs: EmailOptOutsTable;
  saved_searches: SavedSearchesTable;
  saved_search_changes: SavedSearchChangesTable;
  saved_search_matches: SavedSearchMatchesTable;
  saved_search_alerts: SavedSearchAlertsTable;
  notifications: NotificationsTable;
  place_keys: PlaceKeysTable;
  places: PlacesTable;
  promo_codes: PromoCodesTable;
  rate_limits: RateLimitsTable;
  reports: ReportsTable;
  reviews: ReviewsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  specification_categories: SpecificationCategoriesTable;
  specifications: SpecificationsTable;
  subscription_additions: SubscriptionAdditionsTable;
  subscription_warehouses: SubscriptionWarehousesTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  support_requests: SupportRequestsTable;
  user_tokens: UserTokensTable;
  users: UsersTable;
  warehouse_request_specifications: WarehouseRequestSpecificationsTable;
  warehouse_request_warehouses: WarehouseRequestWarehousesTable;
  request_offers: RequestOffersTable;
  request_messages: RequestMessagesTable;
  request_access_tokens: RequestAccessTokensTable;
  warehouse_requests: WarehouseRequestsTable;
  warehouse_specifications: WarehouseSpecificationsTable;
  warehouse_daily_stats: WarehouseDailyStatsTable;
  warehouse_spaces: WarehouseSpacesTable;
  warehouse_times: WarehouseTimesTable;
  warehouses: WarehousesTable;
}

// ---------------------------------------------------------------- row shapes

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Warehouse = Selectable<WarehousesTable>;
export type NewWarehouse = Insertable<WarehousesTable>;
export type WarehouseUpdate = Updateable<WarehousesTable>;
export type WarehouseTimes = Selectable<WarehouseTimesTable>;
export type WarehouseSpace = Selectable<WarehouseSpacesTable>;
export type Contact = Selectable<ContactsTable>;
export type Image = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;
export type Market = Selectable<MarketsTable>;
export type Specification = Selectable<SpecificationsTable>;
export type SpecificationCategory = Selectable<SpecificationCategoriesTable>;
export type WarehouseRequest = Selectable<WarehouseRequestsTable>;
export type NewWarehouseRequest = Insertable<WarehouseRequestsTable>;
export type WarehouseRequestLink = Selectable<WarehouseRequestWarehousesTable>;
export type RequestOffer = Selectable<RequestOffersTable>;
export type RequestMessage = Selectable<RequestMessagesTable>;
export type Review = Selectable<ReviewsTable>;
export type Report = Selectable<ReportsTable>;
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type CrmEntry = Selectable<CrmEntriesTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type PromoCode = Selectable<PromoCodesTable>;
export type Session = Selectable<SessionsTable>;
export type UserToken = Selectable<UserTokensTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMail = Insertable<MailOutboxTable>;
