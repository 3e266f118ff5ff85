// The GDPR requests the back office answers for a person (decision 048): everything we hold
// about them, exported (JSON, or an Italian printable page: user-data-html.ts), and the erasure
// of their account. Both are an administrator's only, and audited with the operator's reason in
// the transaction that reads or changes the data.
//
// PERSONAL_DATA says, for every column that points to users or names, addresses or calls a
// person, what the erasure does with it; user-data.db.test.ts reads PostgreSQL's catalogue and
// fails on any column not listed here, so a new table holding personal data cannot be forgotten.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import type { JsonObject } from "../db/types.ts";
import type { GdprExportFormat } from "../../lib/gdpr.ts";
import * as q from "./user-data.queries.ts";

export type Treatment =
  /** Deleted with the account's erasure. */
  | "erased"
  /** Kept for others, without the person's data (or pointing to the anonymised account). */
  | "anonymised"
  /** Kept as it is: the law or the business needs it, and why. */
  | "kept"
  /** Not a person's data (a column whose name only looks like it). */
  | "not_personal";

/** "table.column" → what the erasure does and why. */
export const PERSONAL_DATA: Record<string, { treatment: Treatment; why: string }> = {
  // The account itself.
  "users.email": { treatment: "anonymised", why: "replaced by a unique address that cannot receive mail" },
  "users.first_name": { treatment: "anonymised", why: "removed" },
  "users.last_name": { treatment: "anonymised", why: "removed" },
  "users.telephone": { treatment: "anonymised", why: "removed" },
  "users.request_business_name": { treatment: "anonymised", why: "removed with the rest of the stocker's request" },
  "users.created_by": { treatment: "kept", why: "who created another account: points to the anonymised row" },
  "users.invited_by": { treatment: "kept", why: "who invited another account: points to the anonymised row" },
  // Only the person's.
  "sessions.user_id": { treatment: "erased", why: "the sessions end" },
  "api_tokens.user_id": { treatment: "erased", why: "the person's API tokens stop working" },
  "api_tokens.name": { treatment: "erased", why: "with the token" },
  "user_tokens.user_id": { treatment: "erased", why: "confirmation codes, password resets, e-mail changes" },
  "user_tokens.new_email": { treatment: "erased", why: "with the token" },
  "favourites.user_id": { treatment: "erased", why: "the person's list" },
  "notifications.user_id": { treatment: "erased", why: "the person's notifications" },
  "saved_searches.user_id": { treatment: "erased", why: "the person's searches and their alerts" },
  "saved_searches.email": { treatment: "erased", why: "a visitor's search with the person's address too" },
  "saved_searches.name": { treatment: "erased", why: "with the search" },
  "email_opt_outs.email": { treatment: "erased", why: "the address is gone: nothing left to stop" },
  "mail_outbox.to_address": { treatment: "erased", why: "e-mails to the person, sent or waiting; others' e-mails quoting them are masked" },
  "support_requests.user_id": { treatment: "erased", why: "the person's messages to support" },
  "support_requests.email": { treatment: "erased", why: "with the message" },
  "support_requests.first_name": { treatment: "erased", why: "with the message" },
  "support_requests.last_name": { treatment: "erased", why: "with the message" },
  "support_requests.business_name": { treatment: "erased", why: "with the message" },
  "crm_entries.user_id": { treatment: "erased", why: "the back office's notes about the person" },
  "contacts.full_name": { treatment: "erased", why: "an erased owner's warehouses lose their contacts" },
  "contacts.email": { treatment: "erased", why: "an erased owner's warehouses lose their contacts" },
  "contacts.phone": { treatment: "erased", why: "an erased owner's warehouses lose their contacts" },
  // Kept for others, without the person.
  "warehouse_requests.user_id": { treatment: "anonymised", why: "the owners keep the request: name, company, contact, telephone and IP removed" },
  "warehouse_requests.business_name": { treatment: "anonymised", why: "masked" },
  "warehouse_requests.telephone": { treatment: "anonymised", why: "removed" },
  "request_messages.author_id": { treatment: "anonymised", why: "the messages stay for the owner, the person's name, e-mail and telephone masked in them" },
  "reviews.user_id": { treatment: "anonymised", why: "the rating stays (the warehouse's figures), the author's name, e-mail and telephone masked" },
  "reviews.full_name": { treatment: "anonymised", why: "masked" },
  "reviews.email": { treatment: "anonymised", why: "the placeholder address" },
  "reviews.telephone": { treatment: "anonymised", why: "masked" },
  "reports.user_id": { treatment: "anonymised", why: "the report stays for the back office, the author masked" },
  "reports.full_name": { treatment: "anonymised", why: "masked" },
  "reports.email": { treatment: "anonymised", why: "the placeholder address" },
  "reports.telephone": { treatment: "anonymised", why: "masked" },
  "warehouses.referent_id": { treatment: "anonymised", why: "an erased referent leaves their warehouses" },
  "warehouses.user_id": { treatment: "anonymised", why: "refused while any is on the site; the deactivated ones stay without e-mail and telephone" },
  "warehouses.email": { treatment: "anonymised", why: "removed from an erased owner's warehouses" },
  "warehouses.telephone": { treatment: "anonymised", why: "removed from an erased owner's warehouses" },
  // Kept as they are.
  "subscriptions.user_id": { treatment: "kept", why: "invoices and payments: kept ten years (art. 2220 c.c., DPR 600/1973)" },
  "subscription_additions.user_id": { treatment: "kept", why: "invoices and payments: kept ten years (art. 2220 c.c.)" },
  "subscriptions.confirmed_by": { treatment: "kept", why: "the administrator who confirmed a transfer" },
  "subscription_additions.confirmed_by": { treatment: "kept", why: "the administrator who confirmed a transfer" },
  "audit_log.admin_id": { treatment: "kept", why: "the audit log is append-only evidence of what administrators did (accountability, art. 5(2) GDPR)" },
  "crm_entries.created_by": { treatment: "kept", why: "an administrator's authorship" },
  "crm_entries.handled_by": { treatment: "kept", why: "an administrator's authorship" },
  "reports.closed_by": { treatment: "kept", why: "the administrator who closed a report" },
  "warehouses.created_by": { treatment: "kept", why: "who created a warehouse: points to the anonymised row" },
  "images.uploaded_by": { treatment: "kept", why: "who uploaded a photo: points to the anonymised row" },
  "warehouse_request_warehouses.state_changed_by": { treatment: "kept", why: "who changed a request's state: points to the anonymised row" },
  "request_offers.created_by": { treatment: "kept", why: "who made an offer: points to the anonymised row" },
  // Names that only look personal.
  "warehouses.name": { treatment: "not_personal", why: "a warehouse's name" },
  "warehouses.address": { treatment: "not_personal", why: "where a warehouse is" },
  "warehouses.owner_request_emails": { treatment: "not_personal", why: "a setting" },
  "places.name": { treatment: "not_personal", why: "the gazetteer" },
  "places.province_name": { treatment: "not_personal", why: "the gazetteer" },
  "specification_categories.name": { treatment: "not_personal", why: "the catalogue" },
  "app_secrets.name": { treatment: "not_personal", why: "the application's keys" },
  "kysely_migration.name": { treatment: "not_personal", why: "the migrations" },
};

/** Tables kept whole by the erasure (the scan of erased values leaves them out; decision 048). */
export const KEPT_TABLES = ["audit_log", "subscriptions", "subscription_additions", "stripe_events"] as const;

/** Others' free text that may quote the person: their name, e-mail or telephone is masked there. */
const QUOTING_COLUMNS: q.QuotingColumn[] = [
  { table: "mail_outbox", column: "subject" },
  { table: "mail_outbox", column: "html" },
  { table: "mail_outbox", column: "text" },
  { table: "request_messages", column: "body" },
  { table: "warehouse_requests", column: "message" },
  { table: "notifications", column: "title", json: true },
  { table: "notifications", column: "message", json: true },
  { table: "notifications", column: "data", json: true },
  { table: "reviews", column: "description" },
  { table: "reports", column: "subject" },
  { table: "reports", column: "description" },
  { table: "crm_entries", column: "client" },
  { table: "crm_entries", column: "contact" },
  { table: "crm_entries", column: "description" },
];

/** What stands for the person where a value is needed. */
export const ERASED_MASK = "—";

/** The erased account's address: unique (the id) and undeliverable (.invalid, RFC 2606). */
export function erasedAddress(userId: number): string {
  return `erased-${userId}@erased.invalid`;
}

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

export type UserDataExport = {
  exported_at: string;
  user_id: number;
  account: Record<string, unknown>;
  sections: Record<string, Record<string, unknown>[]>;
};

/**
 * Everything held about the person, read in one snapshot, and the export audited with its
 * reason (an export changes nothing, but who took a person's data, when and why is on record).
 */
export async function exportUserData(db: Database, actor: Actor, userId: number, args: { reason: string; format: GdprExportFormat }): Promise<UserDataExport> {
  requireAdmin(actor);
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const account = await q.exportAccount(trx, { userId });
      if (!account) throw new NotFoundError();
      const sections = await q.exportSections(trx, { userId, email: account.email });
      await auditAdminAction(trx, actor, {
        action: "user.gdpr_export",
        entityType: "user",
        entityId: userId,
        details: { reason: args.reason, format: args.format },
      });
      return { exported_at: new Date().toISOString(), user_id: userId, account, sections };
    });
}

/** A value as a case-insensitive regular expression matching it literally. */
function literalPattern(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The ways a value is written in stored text: as typed, inside JSON, inside HTML. */
function writtenForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const html = value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  const htmlAlt = html.replace(/&#x27;/g, "&#39;");
  return [...new Set([value, json, html, htmlAlt])];
}

export type ErasureResult = { user_id: number; erased: true };

/**
 * Erases the account in one transaction: what only served the person is deleted, what others
 * keep (their quote requests for the warehouses' owners, reviews, reports) loses the person's
 * name, e-mail and telephone, others' free text quoting them is masked, and the account's row
 * keeps its id only (a placeholder address, no password, switched off, erased_at). Invoices and
 * the audit log are kept (KEPT_TABLES). Refused (409) for an administrator, oneself, an account
 * already erased, and an owner with warehouses on the site or a subscription not ended: those
 * are dealt with first (deactivated, cancelled), so no owner's page or payment points nowhere.
 */
export async function eraseUser(db: Database, actor: Actor, userId: number, args: { reason: string }): Promise<ErasureResult> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const user = await q.lockAccountForErasure(trx, { id: userId });
    if (!user) throw new NotFoundError();
    if (user.id === actor.id) throw new ConflictError("cannot_erase_self");
    if (user.role === "admin") throw new ConflictError("cannot_erase_admin");
    if (user.erased_at) throw new ConflictError("user_already_erased");
    if (user.role === "stocker") {
      const activity = await q.ownerActivity(trx, { userId });
      if (activity.activeWarehouses > 0) throw new ConflictError("user_has_active_warehouses");
      if (activity.liveSubscriptions > 0) throw new ConflictError("user_has_active_subscription");
    }
    const placeholder = erasedAddress(userId);
    const fullName = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
    const quoted = [user.email, fullName, user.telephone, user.company, user.request_business_name]
      .map((v) => v?.trim() ?? "")
      // A value of one or two letters would mask unrelated words.
      .filter((v) => v.length >= 3);
    const pattern = [...new Set(quoted.flatMap(writtenForms))].map(literalPattern).join("|");

    const deleted = await q.deletePersonalRows(trx, { userId, email: user.email });
    const anonymised = await q.anonymiseKeptRows(trx, { userId, email: user.email, placeholder, mask: ERASED_MASK });
    let masked = 0;
    if (pattern) {
      for (const column of QUOTING_COLUMNS) masked += await q.maskQuotes(trx, { ...column, pattern, mask: ERASED_MASK });
    }
    await q.eraseAccountRow(trx, { userId, placeholder });

    const counts: JsonObject = {};
    for (const [table, n] of Object.entries({ ...deleted, ...anonymised })) if (n > 0) counts[table] = n;
    await auditAdminAction(trx, actor, {
      action: "user.gdpr_erase",
      entityType: "user",
      entityId: userId,
      // Never the person's data: the audit log is kept after the erasure.
      details: { reason: args.reason, area: user.role, rows: counts, masked },
    });
    return { user_id: userId, erased: true };
  });
}
