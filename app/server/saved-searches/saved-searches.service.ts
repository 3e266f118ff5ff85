// Saved searches (decision 038): a stock hunter's, kept in the account and active at once, and a
// visitor's, kept with an address that must confirm it through an e-mailed link before anything
// is matched or sent. This module saves, lists, renames, pauses, resumes, deletes and confirms
// them; the matching and the alerts read the rows it writes.
//
// - Ownership: a stock hunter acts on their own searches only; another's answers 404, like one
//   that does not exist (requireOwned). Other roles are refused (403) here as by the area guard.
// - A cap per owner (SAVED_SEARCHES_PER_OWNER, an account or an address): 409
//   saved_search_limit, checked under a lock per owner so two saves at once cannot pass it.
// - The visitor's call relays an e-mail to an address nobody proved: it is limited per client
//   and per address (429 saved_search_too_many), its e-mail carries none of the visitor's text,
//   and an address that belongs to an account is asked to log in (422 email_taken), as a quote
//   request does.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { ConflictError, ForbiddenError, ValidationError } from "../errors.ts";
import { requireOwned } from "../http/guard.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { hit, recordFailure, refuseAfterFailures, type Limit } from "../security/rate-limit.ts";
import { TOKEN_FAILURES_PER_IP } from "../accounts/limits.ts";
import { linkTokenHash, newLinkToken } from "../accounts/tokens.ts";
import { emailHasAccount } from "../requests/requests.queries.ts";
import {
  SAVED_SEARCH_CONFIRM_DAYS,
  SAVED_SEARCHES_PER_OWNER,
  savedSearchConfirmPath,
  savedSearchState,
  type SavedSearchesList,
  type SavedSearchView,
} from "../../lib/saved-searches.ts";
import { visitorSavedSearchErrors, type SavedSearchData, type SavedSearchUpdate, type VisitorSavedSearchInput } from "../../schemas/saved-searches.ts";
import {
  confirmSavedSearchRow,
  countAddressSavedSearches,
  countSpecifications,
  countUserSavedSearches,
  deleteSavedSearchRow,
  findByConfirmToken,
  findSavedSearch,
  insertHunterSavedSearch,
  insertVisitorSavedSearch,
  lockSavedSearchOwner,
  specificationsNamed,
  updateSavedSearchRow,
  userSavedSearchesPageQuery,
  type SavedSearchCriteria,
} from "./saved-searches.queries.ts";

const HOUR = 3600;
const DAY = 24 * HOUR;

// The visitor's save mails a link to the address typed: per client (one script trying many
// addresses) and per address (its inbox). A person saves a few searches, rarely more in a day.
export const VISITOR_SAVES_PER_IP: Limit = { name: "saved-search:ip", max: 10, windowSeconds: HOUR, code: "saved_search_too_many" };
export const VISITOR_SAVES_PER_ADDRESS: Limit = { name: "saved-search:email", max: 5, windowSeconds: DAY, code: "saved_search_too_many" };

export type SavedSearchContext = { origin: string; ip: string; locale: Locale };

/** The specifications asked must exist (an id the catalogue does not have is no criterion a search can ask). */
async function checkSpecifications(db: Database, ids: number[]): Promise<void> {
  if ((await countSpecifications(db, ids)) !== ids.length) throw new ValidationError({ specification_ids: "invalid" });
}

function requireHunter(actor: Actor): void {
  if (actor.role !== "stock_hunter") throw new ForbiddenError();
}

/** The row's criteria as the data's fields. */
function criteria(data: SavedSearchData): SavedSearchCriteria {
  return {
    name: data.name,
    location: data.location,
    lat: data.lat,
    lng: data.lng,
    radius: data.radius,
    start_date: data.start_date,
    end_date: data.end_date,
    m2_type: data.m2_type,
    m2_value: data.m2_value,
    specification_ids: data.specification_ids,
  };
}

/**
 * POST /api/stock-hunter/saved-searches: the search saved in the hunter's account, confirmed and
 * active at once, its alerts in the language of the request that saved it.
 */
export async function createHunterSavedSearch(db: Database, actor: Actor, data: SavedSearchData, ctx: Pick<SavedSearchContext, "locale">) {
  requireHunter(actor);
  await checkSpecifications(db, data.specification_ids);
  return db.transaction().execute(async (trx) => {
    await lockSavedSearchOwner(trx, `user:${actor.id}`);
    if ((await countUserSavedSearches(trx, actor.id)) >= SAVED_SEARCHES_PER_OWNER) throw new ConflictError("saved_search_limit");
    const row = await insertHunterSavedSearch(trx, { criteria: criteria(data), userId: actor.id, lang: ctx.locale });
    return { saved_search_id: row.id };
  });
}

/** A page of the hunter's saved searches, newest first, their specifications named in `locale`. */
export async function listHunterSavedSearches(
  db: Database,
  ownerId: number,
  args: { page: number; limit: number; locale: Locale },
): Promise<SavedSearchesList> {
  const [rows, count] = await Promise.all([
    userSavedSearchesPageQuery(db, { userId: ownerId, limit: args.limit, offset: args.page * args.limit }).execute(),
    countUserSavedSearches(db, ownerId),
  ]);
  const named = await specificationsNamed(db, { ids: [...new Set(rows.flatMap((r) => r.specification_ids))], locale: args.locale });
  const byId = new Map(named.map((s) => [s.id, s]));
  const order = new Map(named.map((s, i) => [s.id, i]));
  const saved_searches = rows.map((r): SavedSearchView => ({
    id: r.id,
    name: r.name,
    location: r.location,
    lat: r.lat,
    lng: r.lng,
    radius: r.radius,
    start_date: r.start_date,
    end_date: r.end_date,
    m2_type: r.m2_type,
    m2_value: r.m2_value,
    specification_ids: r.specification_ids,
    specifications: r.specification_ids
      .filter((id) => byId.has(id))
      .sort((a, b) => order.get(a)! - order.get(b)!)
      .map((id) => byId.get(id)!),
    paused: r.paused,
    state: savedSearchState(r),
    lang: r.lang,
    created_at: r.created_at,
  }));
  return { saved_searches, saved_searches_count: count };
}

/**
 * POST /api/stock-hunter/saved-searches/{id}/update: renames, pauses or resumes the hunter's own
 * search (another's is 404). Resuming starts its active time again: it tells only of warehouses
 * that start to match from then on.
 */
export async function updateHunterSavedSearch(db: Database, actor: Actor, id: number, change: SavedSearchUpdate) {
  requireHunter(actor);
  return db.transaction().execute(async (trx) => {
    const row = requireOwned(await findSavedSearch(trx, id, { lock: true }), (s) => s.user_id === actor.id);
    const resumed = change.paused === false && row.paused;
    await updateSavedSearchRow(trx, { id: row.id, name: change.name, paused: change.paused, resumed });
    return { saved_search_id: row.id };
  });
}

/** POST /api/stock-hunter/saved-searches/{id}/delete: the hunter's own search, gone with what it matched. */
export async function deleteHunterSavedSearch(db: Database, actor: Actor, id: number) {
  requireHunter(actor);
  return db.transaction().execute(async (trx) => {
    const row = requireOwned(await findSavedSearch(trx, id, { lock: true }), (s) => s.user_id === actor.id);
    await deleteSavedSearchRow(trx, row.id);
    return { saved_search_id: row.id };
  });
}

/** What POST /api/saved-searches answers: a visitor's search waits for its address (no id: it is no one's yet). */
export type VisitorSaveResult = { confirmed: false } | { confirmed: true; saved_search_id: number };

/**
 * POST /api/saved-searches. A visitor's search is kept unconfirmed with a confirmation link (a
 * random token, only its SHA-256 stored, valid SAVED_SEARCH_CONFIRM_DAYS) e-mailed to the
 * address; nothing is matched until it is confirmed. A logged-in stock hunter gets what the
 * hunter's own call gives (the search in the account, the address and consent ignored: the
 * account's address is proven); other roles are refused. A filled honeypot answers as a save
 * and keeps nothing.
 */
export async function createVisitorSavedSearch(
  db: Database,
  actor: Actor | null,
  input: VisitorSavedSearchInput,
  ctx: SavedSearchContext,
): Promise<VisitorSaveResult> {
  const { email, privacy, ...fields } = input.saved_search_data;
  if (actor) {
    const { saved_search_id } = await createHunterSavedSearch(db, actor, fields, ctx);
    return { confirmed: true, saved_search_id };
  }
  if (input.hp && input.hp.trim() !== "") return { confirmed: false };
  const errors = visitorSavedSearchErrors({ email, privacy });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const address = email!;
  await checkSpecifications(db, fields.specification_ids);
  // Counted before the address is looked up, so the call cannot probe addresses faster than it can mail them.
  await hit(db, VISITOR_SAVES_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
  await hit(db, VISITOR_SAVES_PER_ADDRESS, [`email:${address}`]);
  if (await emailHasAccount(db, address)) throw new ValidationError({ email: "taken" }, "email_taken");
  const token = newLinkToken();
  await db.transaction().execute(async (trx) => {
    await lockSavedSearchOwner(trx, `email:${address.toLowerCase()}`);
    if ((await countAddressSavedSearches(trx, address)) >= SAVED_SEARCHES_PER_OWNER) throw new ConflictError("saved_search_limit");
    await insertVisitorSavedSearch(trx, {
      criteria: criteria(fields),
      email: address,
      lang: ctx.locale,
      tokenHash: linkTokenHash(token),
      days: SAVED_SEARCH_CONFIRM_DAYS,
    });
    await queueMail(trx, {
      to: address,
      lang: ctx.locale,
      template: "saved_search_confirm",
      data: { link: `${ctx.origin}${savedSearchConfirmPath(ctx.locale, token)}`, days: SAVED_SEARCH_CONFIRM_DAYS },
      origin: ctx.origin,
    });
  });
  return { confirmed: false };
}

export type ConfirmLinkStatus = "valid" | "expired" | "invalid";

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

function statusOf(row: { confirm_expires_at: Date | null } | undefined): ConfirmLinkStatus {
  if (!row) return "invalid";
  if (!row.confirm_expires_at || row.confirm_expires_at.getTime() <= Date.now()) return "expired";
  return "valid";
}

/** For the confirmation page (GET): whether the link still works. Changes nothing (mail scanners open links). */
export async function savedSearchLinkStatus(db: Database, token: string | undefined): Promise<ConfirmLinkStatus> {
  if (!token || !TOKEN.test(token)) return "invalid";
  return statusOf(await findByConfirmToken(db, linkTokenHash(token)));
}

/**
 * The confirmation page's POST: the search becomes active from now and its link stops working.
 * An unknown or used link is 422 token_invalid, an expired one 422 token_expired; wrong tokens
 * count against the client as every link token does.
 */
export async function confirmVisitorSavedSearch(db: Database, token: string | undefined, ctx: { ip: string }): Promise<{ saved_search_id: number }> {
  const ip = ctx.ip ? `ip:${ctx.ip}` : null;
  await refuseAfterFailures(db, TOKEN_FAILURES_PER_IP, [ip]);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = token && TOKEN.test(token) ? await findByConfirmToken(trx, linkTokenHash(token), { lock: true }) : undefined;
    const status = statusOf(row);
    if (status !== "valid" || !row) return { status };
    await confirmSavedSearchRow(trx, row.id);
    return { status, id: row.id };
  });
  if (outcome.status === "valid" && outcome.id !== undefined) return { saved_search_id: outcome.id };
  await recordFailure(db, TOKEN_FAILURES_PER_IP, [ip]);
  throw outcome.status === "expired" ? new ValidationError({ token: "expired" }, "token_expired") : new ValidationError({ token: "invalid" }, "token_invalid");
}
