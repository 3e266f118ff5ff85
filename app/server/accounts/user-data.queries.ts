// What the GDPR export reads and the erasure changes about one person (decision 048): every
// table that holds their data, found by the foreign keys to users and the columns that name,
// address or call a person (user-data.db.test.ts checks that none is left out).
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { LIVE_STATUSES } from "../billing/subscriptions.queries.ts";

/** The account, locked for the erasure's transaction. */
export function lockAccountForErasure(db: Database, args: { id: number }) {
  return db
    .selectFrom("users")
    .select(["id", "role", "email", "first_name", "last_name", "telephone", "company", "request_business_name", "erased_at"])
    .where("id", "=", args.id)
    .forUpdate()
    .executeTakeFirst();
}

/** What stops an owner's erasure: warehouses still on the site, a subscription not ended. */
export async function ownerActivity(db: Database, args: { userId: number }): Promise<{ activeWarehouses: number; liveSubscriptions: number }> {
  const row = await sql<{ active_warehouses: number; live_subscriptions: number }>`
    select (select count(*)::int from warehouses where user_id = ${args.userId} and not deactivated) as active_warehouses,
           (select count(*)::int from subscriptions where user_id = ${args.userId} and stripe_status = any (${LIVE_STATUSES}::text[])) as live_subscriptions`.execute(
    db,
  );
  const r = row.rows[0]!;
  return { activeWarehouses: r.active_warehouses, liveSubscriptions: r.live_subscriptions };
}

// ---- the export ----------------------------------------------------------------------------

/** The account's row without the password's hash. */
export function exportAccount(db: Database, args: { userId: number }) {
  return db
    .selectFrom("users as u")
    .leftJoin("markets as mk", "mk.id", "u.market_id")
    .select([
      "u.id",
      "u.email",
      "u.role",
      "u.account_type",
      "u.first_name",
      "u.last_name",
      "u.telephone",
      "u.company",
      "u.website",
      "u.country",
      "u.address",
      "u.lang",
      "mk.label as market",
      "u.request_business_name",
      "u.request_vat",
      "u.request_country",
      "u.request_address",
      "u.request_cap",
      "u.request_city",
      "u.request_province",
      "u.approval_status",
      "u.approval_note",
      "u.approved_at",
      "u.active",
      "u.conditions_at",
      "u.privacy_at",
      "u.data_f",
      "u.data_f_at",
      "u.data_g",
      "u.data_g_at",
      "u.invite_code",
      "u.invited_by",
      "u.invite_count",
      "u.stockspace_code",
      "u.transfer_info",
      "u.transfer_requested_at",
      "u.pm_type",
      "u.pm_last_four",
      "u.has_confirmed_code",
      "u.created_by",
      "u.note",
      "u.erased_at",
      "u.created_at",
      "u.updated_at",
    ])
    .where("u.id", "=", args.userId)
    .executeTakeFirst();
}

/** Rows of a query as plain objects, for the export's sections. */
async function rows(query: RawBuilder<Record<string, unknown>>, db: Database): Promise<Record<string, unknown>[]> {
  return (await query.execute(db)).rows;
}

/** Every section of the export but the account's row, each read with the same snapshot. */
/**
 * The person's quote requests (alias r): the ones sent from the account and the ones a visitor
 * sent, before registering or logged out, with the account's e-mail as the contact.
 */
function personsRequests(id: number, email: string) {
  return sql`(r.user_id = ${id} or (r.user_id is null and lower(r.contact) = ${email}))`;
}

export async function exportSections(db: Database, args: { userId: number; email: string }): Promise<Record<string, Record<string, unknown>[]>> {
  const id = args.userId;
  const email = args.email.toLowerCase();
  const mine = personsRequests(id, email);
  const q = (query: RawBuilder<Record<string, unknown>>) => rows(query, db);
  return {
    sessions: await q(sql`select created_at, last_seen_at, expires_at, remember, ip, user_agent from sessions where user_id = ${id} order by created_at`),
    api_tokens: await q(sql`
      select name, scope, created_at, expires_at, last_used_at, last_used_ip, revoked_at from api_tokens where user_id = ${id} order by created_at`),
    warehouses: await q(sql`
      select w.id, case when w.user_id = ${id} then 'owner' else 'referent' end as relation, w.name, w.address, w.cap, w.city, w.province,
             w.country, w.email, w.telephone, w.status, w.deactivated, w.created_at
      from warehouses w where w.user_id = ${id} or w.referent_id = ${id} order by w.id`),
    warehouse_contacts: await q(sql`
      select c.warehouse_id, c.full_name, c.phone, c.email, c.role, c.created_at
      from contacts c join warehouses w on w.id = c.warehouse_id where w.user_id = ${id} order by c.id`),
    quote_requests: await q(sql`
      select r.id, r.business_name, r.contact, r.telephone, r.referent, r.message, r.location, r.radius, r.m2_type, r.m2_value,
             r.start_date, r.end_date, r.conditions, r.privacy, r.data_f, r.data_g, r.lang, r.ip, r.created_at
      from warehouse_requests r where ${mine} order by r.id`),
    quote_request_warehouses: await q(sql`
      select l.warehouse_request_id, l.warehouse_id, w.name as warehouse_name, l.state, l.answered_at, l.created_at
      from warehouse_request_warehouses l join warehouse_requests r on r.id = l.warehouse_request_id join warehouses w on w.id = l.warehouse_id
      where ${mine} order by l.id`),
    messages: await q(sql`
      select l.warehouse_request_id, m.side, m.kind, m.body, m.created_at
      from request_messages m join warehouse_request_warehouses l on l.id = m.link_id join warehouse_requests r on r.id = l.warehouse_request_id
      where ${mine} or m.author_id = ${id} order by m.id`),
    reviews_written: await q(sql`
      select id, warehouse_id, warehouse_request_id, target, full_name, email, telephone, description, reliability_value, communication_value,
             services_value, structure_value, payments_value, goods_value, avg_value, created_at
      from reviews where user_id = ${id} order by id`),
    reviews_about: await q(sql`
      select v.id, v.warehouse_id, v.warehouse_request_id, v.description, v.reliability_value, v.communication_value, v.payments_value,
             v.goods_value, v.avg_value, v.created_at
      from reviews v join warehouse_requests r on r.id = v.warehouse_request_id
      where v.target = 'hunter' and ${mine} order by v.id`),
    reports: await q(sql`
      select id, warehouse_id, warehouse_request_id, target, full_name, email, telephone, subject, description, created_at, closed_at
      from reports where user_id = ${id} order by id`),
    favourites: await q(sql`
      select f.warehouse_id, w.name as warehouse_name, f.created_at from favourites f join warehouses w on w.id = f.warehouse_id
      where f.user_id = ${id} order by f.created_at`),
    saved_searches: await q(sql`
      select id, name, email, lang, location, radius, start_date, end_date, m2_type, m2_value, paused, confirmed_at, last_alert_at, created_at
      from saved_searches where user_id = ${id} or lower(email) = ${email} order by id`),
    notifications: await q(sql`select type, title, message, data, read_at, created_at from notifications where user_id = ${id} order by id`),
    email_opt_outs: await q(sql`select email, kind, via, created_at from email_opt_outs where email = ${email} order by kind`),
    subscriptions: await q(sql`
      select id, plan, payment_type, stripe_status, amount, price_unit_amount, amount_off, percent_off, hubs_count, trial_ends_at, started_at,
             ends_at, has_canceled, transfer_info, created_at
      from subscriptions where user_id = ${id} order by id`),
    subscription_additions: await q(sql`
      select id, subscription_id, warehouse_ids, hubs_count, payment_type, status, amount, new_amount, transfer_info, confirmed_at, created_at
      from subscription_additions where user_id = ${id} order by id`),
    emails: await q(sql`
      select id, subject, template, status, created_at, sent_at from mail_outbox where lower(to_address) = ${email} order by id`),
    support_requests: await q(sql`
      select id, first_name, last_name, business_name, email, message, ip, lang, created_at
      from support_requests where user_id = ${id} or lower(email) = ${email} order by id`),
    crm_entries: await q(sql`
      select id, warehouse_id, client, contact, date, event_type, description, follow_up, follow_up_action, follow_up_done, created_at
      from crm_entries where user_id = ${id} order by id`),
    audit_log: await q(sql`
      select id, admin_id, action, details, created_at from audit_log where entity_type = 'user' and entity_id = ${id} order by id`),
  };
}

// ---- the erasure ---------------------------------------------------------------------------

/** Deletes what only serves the person (their sessions, links, lists, mail to them, notes about them); counts per table. */
export async function deletePersonalRows(db: Database, args: { userId: number; email: string }): Promise<Record<string, number>> {
  const id = args.userId;
  const email = args.email.toLowerCase();
  const count = async (query: RawBuilder<unknown>) => Number((await query.execute(db)).numAffectedRows ?? 0);
  return {
    sessions: await count(sql`delete from sessions where user_id = ${id}`),
    api_tokens: await count(sql`delete from api_tokens where user_id = ${id}`),
    user_tokens: await count(sql`delete from user_tokens where user_id = ${id}`),
    favourites: await count(sql`delete from favourites where user_id = ${id}`),
    notifications: await count(sql`delete from notifications where user_id = ${id}`),
    saved_searches: await count(sql`delete from saved_searches where user_id = ${id} or lower(email) = ${email}`),
    email_opt_outs: await count(sql`delete from email_opt_outs where email = ${email}`),
    mail_outbox: await count(sql`delete from mail_outbox where lower(to_address) = ${email} and status <> 'sending'`),
    support_requests: await count(sql`delete from support_requests where user_id = ${id} or lower(email) = ${email}`),
    crm_entries: await count(sql`delete from crm_entries where user_id = ${id}`),
    rate_limits: await count(sql`delete from rate_limits where key = ${`email:${email}`} or key = ${`user:${id}`} or position(${email} in lower(key)) > 0`),
    contacts: await count(sql`delete from contacts where warehouse_id in (select id from warehouses where user_id = ${id})`),
    request_access_tokens: await count(
      sql`delete from request_access_tokens where warehouse_request_id in (select id from warehouse_requests where user_id = ${id})`,
    ),
  };
}

/**
 * The rows kept for others, without the person: their quote requests, the account's and the
 * ones sent as a visitor with its e-mail (the owners still see
 * dates, quantities, place and the messages), reviews and reports (the ratings stay), the
 * deactivated warehouses of an owner (no contact data), a referent's warehouses (no referent).
 */
export async function anonymiseKeptRows(
  db: Database,
  args: { userId: number; email: string; placeholder: string; mask: string },
): Promise<Record<string, number>> {
  const { userId: id, placeholder, mask } = args;
  const email = args.email.toLowerCase();
  const count = async (query: RawBuilder<unknown>) => Number((await query.execute(db)).numAffectedRows ?? 0);
  return {
    warehouse_requests: await count(
      sql`update warehouse_requests r set business_name = ${mask}, referent = ${mask}, contact = ${placeholder}, telephone = null, ip = null
          where ${personsRequests(id, email)}`,
    ),
    reviews: await count(sql`update reviews set full_name = ${mask}, email = ${placeholder}, telephone = ${mask} where user_id = ${id}`),
    reports: await count(sql`update reports set full_name = ${mask}, email = ${placeholder}, telephone = ${mask} where user_id = ${id}`),
    warehouses: await count(sql`update warehouses set email = null, telephone = null where user_id = ${id}`),
    referent_of: await count(sql`update warehouses set referent_id = null where referent_id = ${id}`),
  };
}

/** A text column (or a JSON one, read as text) where others' rows may quote the person. */
export type QuotingColumn = { table: string; column: string; json?: boolean };

/**
 * Replaces every occurrence of the patterns (case-insensitive regular expressions) in one
 * column by the mask; returns how many rows changed. Rows are found by the same expressions.
 */
export async function maskQuotes(db: Database, args: QuotingColumn & { pattern: string; mask: string }): Promise<number> {
  const col = sql.ref(args.column);
  const table = sql.table(args.table);
  const text = args.json ? sql`${col}::text` : sql`${col}`;
  const replaced = sql`regexp_replace(${text}, ${args.pattern}, ${args.mask}, 'gi')`;
  const value = args.json ? sql`${replaced}::jsonb` : replaced;
  const result = await sql`update ${table} set ${col} = ${value} where ${text} ~* ${args.pattern}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The account's own row, without anything that names, reaches or identifies the person. */
export function eraseAccountRow(db: Database, args: { userId: number; placeholder: string }) {
  return db
    .updateTable("users")
    .set({
      email: args.placeholder,
      password_hash: null,
      first_name: null,
      last_name: null,
      telephone: null,
      company: null,
      website: null,
      country: null,
      address: null,
      request_business_name: null,
      request_vat: null,
      request_country: null,
      request_address: null,
      request_cap: null,
      request_city: null,
      request_province: null,
      approval_note: null,
      transfer_info: null,
      pm_type: null,
      pm_last_four: null,
      note: null,
      active: false,
      erased_at: sql<Date>`now()`,
    })
    .where("id", "=", args.userId)
    .execute();
}
