// The back office's stockers and stock hunters: the lists (with a stocker's subscription expiry
// and the active/expired filter), the stockers' CSV export, switching an account off and on (a
// switched-off user's sessions end and they cannot log in), and sending the confirmation e-mail
// again. Every change is audited in its transaction.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import type { ExportColumn } from "../http/table-export.ts";
import type { JsonObject } from "../db/types.ts";
import { deleteUserSessions } from "./sessions.queries.ts";
import { sendInvitation } from "./invitations.service.ts";
import { issueConfirmationCode } from "./confirm-code.service.ts";
import type { AccountContext } from "./account-context.ts";
import { eachRow } from "../admin/bulk.ts";
import { BULK_MAX_IDS, type BulkResult, type MatchingIds } from "../../schemas/admin-bulk.ts";
import {
  countStockers,
  countStockHunters,
  lockUser,
  setUserActiveFlag,
  stockersExportPage,
  stockersPageQuery,
  stockHuntersExportPage,
  stockHuntersPageQuery,
  userListIds,
  type UserKeyset,
  type UserOrder,
  type UserPageArgs,
  type SubscriptionFilter,
  type UserListFilters,
  NEWEST_USERS_FIRST,
} from "./admin-users.queries.ts";
import { findMatchesFirst } from "../db/searched-page.ts";
import { keysetOf } from "../db/list-order.ts";
import { displayName } from "../../lib/person-name.ts";

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

export type StockerRow = {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  account_type: 0 | 1 | null;
  created_at: Date;
  has_confirmed_code: boolean;
  /** The account has a password (the invitation was completed). */
  completed: boolean;
  active: boolean;
  /** Erased on a GDPR request: no person to show, nothing to act on (decision 048). */
  erased: boolean;
  /** The latest subscription's end (the spec's sub_date) and whether it runs. */
  sub_date: Date | null;
  sub_running: boolean;
};

type StockerDbRow = Awaited<ReturnType<ReturnType<typeof stockersPageQuery>["execute"]>>[number];

function stockerRow(r: StockerDbRow): StockerRow {
  const sub = r.subscription;
  return {
    id: r.id,
    name: displayName(r),
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    account_type: r.account_type,
    created_at: r.created_at,
    has_confirmed_code: r.has_confirmed_code,
    completed: r.password_hash !== null,
    active: r.active,
    erased: r.erased_at !== null,
    sub_date: sub?.ends_at ? new Date(sub.ends_at) : null,
    sub_running: sub ? ["trialing", "active", "past_due"].includes(sub.stripe_status) : false,
  };
}

type UserListArgs = { filters: UserListFilters; order?: UserOrder; limit: number; page: number };

/** A list's page as its query reads it: the count first, since how many rows match decides how (db/searched-page.ts). */
function userPage(args: UserListArgs, count: number): UserPageArgs {
  return {
    filters: args.filters,
    order: args.order,
    limit: args.limit,
    offset: args.page * args.limit,
    matchesFirst: findMatchesFirst(args.filters.search, count),
  };
}

/** What an export's audit row keeps of its selection: the filters given and the order. */
function exportDetails(filters: UserListFilters, order: UserOrder): JsonObject {
  const given = Object.entries(filters).filter((e): e is [string, string | boolean | null] => e[1] !== undefined);
  return { ...Object.fromEntries(given), order: `${order.key} ${order.dir}` };
}

export async function listStockers(db: Database, actor: Actor, args: UserListArgs): Promise<{ users: StockerRow[]; users_count: number }> {
  requireAdmin(actor);
  const count = await countStockers(db, args.filters);
  const rows = count === 0 ? [] : await stockersPageQuery(db, userPage(args, count)).execute();
  return { users: rows.map(stockerRow), users_count: count };
}

/**
 * How the exports name an erased account (the back office's exports are in Italian): its row
 * stays, for the counts, but its placeholder address is no one's and says nothing.
 */
const ERASED_ACCOUNT_LABEL = "Account cancellato";

/** The stockers' export (spec: first name, last name, account type, email, signup date, confirmed, subscription expiry, active). */
export const STOCKERS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Nome", type: "text" },
  { header: "Cognome", type: "text" },
  { header: "Tipo account", type: "text" },
  { header: "Email", type: "text", width: 32 },
  { header: "Data iscrizione", type: "date" },
  { header: "Confermato", type: "boolean" },
  { header: "Scadenza abbonamento", type: "date" },
  { header: "Attivo", type: "boolean" },
];
export const STOCKERS_CSV_HEADER = STOCKERS_EXPORT_COLUMNS.map((c) => c.header);

/**
 * The stockers the list shows, filtered and in its order, streamed page by page (keyset).
 * Audited as an export, with its filters and order.
 */
export async function exportStockers(
  db: Database,
  actor: Actor,
  filters: UserListFilters,
  order: UserOrder = NEWEST_USERS_FIRST,
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "user.export_stockers",
      entityType: "user",
      entityId: null,
      details: { ...exportDetails(filters, order), search: filters.search, sub_type: filters.subType ?? "all" },
    }),
  );
  const rows = pages<StockerDbRow & { sort_value: unknown }, UserKeyset>((after, size) => stockersExportPage(db, { filters, order, after, size }), keysetOf);
  return (async function* () {
    for await (const r of rows) {
      const s = stockerRow(r);
      yield [
        s.erased ? ERASED_ACCOUNT_LABEL : s.first_name,
        s.erased ? null : s.last_name,
        s.account_type === 1 ? "Stock Keeper" : "Stocker",
        s.erased ? null : s.email,
        s.created_at,
        s.completed || s.has_confirmed_code,
        s.sub_date,
        s.active,
      ];
    }
  })();
}

export type StockHunterRow = {
  id: number;
  name: string;
  email: string;
  telephone: string | null;
  created_at: Date;
  has_confirmed_code: boolean;
  active: boolean;
  /** Erased on a GDPR request: no person to show, nothing to act on (decision 048). */
  erased: boolean;
  requests_count: number;
};

export async function listStockHunters(db: Database, actor: Actor, args: UserListArgs): Promise<{ users: StockHunterRow[]; users_count: number }> {
  requireAdmin(actor);
  const count = await countStockHunters(db, args.filters);
  const rows = count === 0 ? [] : await stockHuntersPageQuery(db, userPage(args, count)).execute();
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: displayName(r),
      email: r.email,
      telephone: r.telephone,
      created_at: r.created_at,
      has_confirmed_code: r.has_confirmed_code,
      active: r.active,
      erased: r.erased_at !== null,
      requests_count: Number(r.requests_count ?? 0),
    })),
    users_count: count,
  };
}

/** The stock hunters' export: what the list shows, the name's parts apart, the telephone as text. */
export const STOCK_HUNTERS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Nome", type: "text" },
  { header: "Cognome", type: "text" },
  { header: "Azienda", type: "text" },
  { header: "Email", type: "text", width: 32 },
  { header: "Telefono", type: "text", width: 18 },
  { header: "Data iscrizione", type: "date" },
  { header: "Confermato", type: "boolean" },
  { header: "Richieste", type: "integer" },
  { header: "Attivo", type: "boolean" },
];

/** The stock hunters the list shows, filtered and in its order, streamed by keyset pages; audited as an export. */
export async function exportStockHunters(
  db: Database,
  actor: Actor,
  filters: UserListFilters,
  order: UserOrder = NEWEST_USERS_FIRST,
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db
    .transaction()
    .execute((trx) =>
      auditAdminAction(trx, actor, { action: "user.export_stock_hunters", entityType: "user", entityId: null, details: exportDetails(filters, order) }),
    );
  const rows = pages((after: UserKeyset | null, size) => stockHuntersExportPage(db, { filters, order, after, size }), keysetOf);
  return (async function* () {
    for await (const r of rows) {
      const erased = r.erased_at !== null;
      yield [
        erased ? ERASED_ACCOUNT_LABEL : r.first_name,
        erased ? null : r.last_name,
        erased ? null : r.company,
        erased ? null : r.email,
        erased ? null : r.telephone,
        r.created_at,
        r.has_confirmed_code,
        Number(r.requests_count ?? 0),
        r.active,
      ];
    }
  })();
}

/** The accounts the back office may switch off: never an administrator (nobody locks the office out). */
async function managedUser(db: Database, userId: number) {
  const user = await lockUser(db, { id: userId });
  if (!user || user.role === "admin") throw new NotFoundError();
  // An erased account stays off and unconfirmed for good (decision 048).
  if (user.erased_at) throw new ConflictError("user_already_erased");
  return user;
}

/** Switches an account off or on. Off: its sessions end now and it cannot log in. */
export async function setUserActive(db: Database, actor: Actor, userId: number, active: boolean): Promise<{ user_id: number }> {
  requireAdmin(actor);
  await db.transaction().execute((trx) => setUserActiveIn(trx, actor, userId, active));
  return { user_id: userId };
}

/** Many accounts switched off or on: each as setUserActive, one result per id (`changed` false when it already was; an administrator's account is not_found). */
export async function bulkSetUsersActive(db: Database, actor: Actor, ids: readonly number[], active: boolean): Promise<{ results: BulkResult[] }> {
  requireAdmin(actor);
  return eachRow(ids, (id) => db.transaction().execute((trx) => setUserActiveIn(trx, actor, id, active)));
}

async function setUserActiveIn(trx: Database, actor: Actor, userId: number, active: boolean): Promise<{ changed: boolean }> {
  const user = await managedUser(trx, userId);
  if (user.active === active) return { changed: false };
  await setUserActiveFlag(trx, { userId, active });
  if (!active) await deleteUserSessions(trx, { userId });
  await auditAdminAction(trx, actor, { action: "user.toggle_active", entityType: "user", entityId: userId, details: { before: user.active, after: active } });
  return { changed: true };
}

/** Every stocker or stock hunter the list's search and filters match (the lists' "select all N"), newest first, capped. */
export async function userIdsForAdmin(db: Database, actor: Actor, role: "stocker" | "stock_hunter", filters: UserListFilters): Promise<MatchingIds> {
  requireAdmin(actor);
  const [ids, total] = await Promise.all([
    userListIds(db, { role, filters, limit: BULK_MAX_IDS }),
    role === "stocker" ? countStockers(db, filters) : countStockHunters(db, filters),
  ]);
  return { ids, total };
}

/**
 * Sends the confirmation e-mail again: to an account created for someone (an approved stocker, a
 * referent) the invitation that sets its password; to a stock hunter who has not confirmed, a new
 * code. An account already confirmed has nothing to confirm (409).
 */
export async function sendConfirmEmail(
  db: Database,
  actor: Actor,
  userId: number,
  ctx: Pick<AccountContext, "origin" | "secret">,
): Promise<{ user_id: number }> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const found = await managedUser(trx, userId);
    if (found.role === "stock_hunter") {
      if (found.has_confirmed_code) throw new ConflictError("account_completed");
      await issueConfirmationCode(trx, { id: found.id, email: found.email, lang: found.lang }, ctx);
    } else {
      if (found.password_hash) throw new ConflictError("account_completed");
      await sendInvitation(trx, actor, userId, ctx);
    }
    await auditAdminAction(trx, actor, { action: "user.send_confirm_email", entityType: "user", entityId: userId, details: { role: found.role } });
    return { user_id: userId };
  });
}

export type { SubscriptionFilter, UserListFilters, UserOrder };
