// The back office's New stockers (/admin/stocker-requests): a stocker's registration is a
// request that an administrator approves or refuses.
//
// Approving (a pending request, or a refused one being reconsidered) picks the account type
// (0 Stocker, 1 Stock Keeper) and a warehouse: an existing one nobody owns, or a new one created
// with the back office's defaults (approved, no hub request) and placed from its address. The
// stocker becomes its owner and is told of the decision in one e-mail, which carries the
// invitation's link to choose a password (the invited-accounts flow, invitations.service.ts).
// Refusing (a pending request) stores the note and tells them, with it. Each decision is one
// transaction with its audit entry, so the mails and notifications exist exactly when the
// decision does.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { locateAddress } from "../geo/address.ts";
import { notifyAccountDecision, type DecisionMailContext } from "../notifications/account-notifications.ts";
import { createWarehouse, type EditingContext } from "../warehouses/warehouse-editing.service.ts";
import { warehouseCreateSchema } from "../../schemas/warehouse.ts";
import type { ApprovalWarehouseData, StockerDecision, StockerRequestItem, WarehouseSearchItem, WarehouseSearchType } from "../../schemas/stocker-approval.ts";

export type { StockerRequestItem, WarehouseSearchItem };
import { newInvitationLink } from "./invitations.service.ts";
import { INVITATION_TTL_DAYS } from "./tokens.ts";
import * as q from "./stocker-approval.queries.ts";
import { displayName } from "../../lib/person-name.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import type { ExportColumn } from "../http/table-export.ts";
import { keysetOf, type Keyset } from "../db/list-order.ts";

export type StockerRequestFilters = q.StockerRequestFilters;
export type StockerRequestOrder = q.StockerRequestOrder;

/** GET /api/admin/stocker-requests → users, users_count (page counts from 0). */
export async function listStockerRequests(
  db: Database,
  args: { filters: q.StockerRequestFilters; order?: q.StockerRequestOrder; limit: number; page: number },
): Promise<{ users: StockerRequestItem[]; users_count: number }> {
  const [rows, count] = await Promise.all([
    q.stockerRequestsPageQuery(db, { filters: args.filters, order: args.order, limit: args.limit, offset: args.page * args.limit }).execute(),
    q.countStockerRequests(db, args.filters),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      telephone: r.telephone,
      company: r.company,
      request_business_name: r.request_business_name,
      request_vat: r.request_vat,
      request_country: r.request_country,
      request_address: r.request_address,
      request_cap: r.request_cap,
      request_city: r.request_city,
      request_province: r.request_province,
      requested_warehouse:
        r.request_warehouse_id !== null && r.rw_name !== null
          ? {
              id: r.request_warehouse_id,
              name: r.rw_name,
              city: r.rw_city ?? "",
              address: r.rw_address ?? "",
              owned: r.rw_user_id !== null && r.rw_user_id !== r.id,
            }
          : null,
      approval_status: r.approval_status === "refused" ? "refused" : "pending",
      approval_note: r.approval_note,
      created_at: r.created_at,
    })),
    users_count: count,
  };
}

/** The new stockers' export: the registration as the list shows it, the VAT number, postcode and telephone as text. */
export const STOCKER_REQUESTS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Ragione sociale", type: "text", width: 30 },
  { header: "Nome", type: "text" },
  { header: "Cognome", type: "text" },
  { header: "Email", type: "text", width: 32 },
  { header: "Telefono", type: "text", width: 18 },
  { header: "Partita IVA", type: "text", width: 16 },
  { header: "Indirizzo", type: "text", width: 30 },
  { header: "CAP", type: "text" },
  { header: "Città", type: "text" },
  { header: "Provincia", type: "text" },
  { header: "Magazzino richiesto", type: "text", width: 30 },
  { header: "Data richiesta", type: "date" },
  { header: "Stato", type: "text" },
  { header: "Nota", type: "text", width: 30 },
];

/** The registrations the list shows, filtered and in its order, streamed by keyset pages; audited as an export with its filters. */
export async function exportStockerRequests(
  db: Database,
  actor: Actor,
  filters: q.StockerRequestFilters,
  order: q.StockerRequestOrder,
): Promise<AsyncIterable<CsvCell[]>> {
  if (actor.role !== "admin") throw new ForbiddenError();
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "user.export_stocker_requests",
      entityType: "user",
      entityId: null,
      details: { search: filters.search, approved: filters.approved, waiting_days: filters.waitingDays ?? null, order: `${order.key} ${order.dir}` },
    }),
  );
  const rows = pages((after: Keyset | null, size) => q.stockerRequestsExportQuery(db, { filters, order, after, size }).execute(), keysetOf);
  return (async function* () {
    for await (const r of rows) {
      yield [
        r.request_business_name ?? r.company,
        r.first_name,
        r.last_name,
        r.email,
        r.telephone,
        r.request_vat,
        r.request_address,
        r.request_cap,
        r.request_city,
        r.request_province,
        r.rw_name ? [r.rw_name, r.rw_city].filter(Boolean).join(" – ") : null,
        r.created_at,
        r.approval_status === "refused" ? "Rifiutato" : "In attesa",
        r.approval_note,
      ];
    }
  })();
}

/** GET /api/admin/warehouses/search → warehouses (at most 20). */
export async function searchWarehousesForApproval(
  db: Database,
  args: { search: string | null; type: WarehouseSearchType },
): Promise<{ warehouses: WarehouseSearchItem[] }> {
  const rows = await q.warehouseSearchQuery(db, { ...args, limit: q.WAREHOUSE_SEARCH_LIMIT }).execute();
  return {
    warehouses: rows.map((r) => ({
      id: r.id,
      name: r.name,
      city: r.city,
      province: r.province,
      address: r.address,
      status: r.status,
      deactivated: r.deactivated,
      owner:
        r.user_id === null
          ? null
          : {
              id: r.user_id,
              email: r.owner_email ?? "",
              name: displayName({ company: r.owner_company, first_name: r.owner_first_name, last_name: r.owner_last_name, email: r.owner_email }),
            },
    })),
  };
}

export type ApprovalContext = {
  /** How a new warehouse is created and placed (the warehouse form's own context). */
  editing: EditingContext;
  /** The invitation's and the decision e-mail's links, and where a refused user's reply goes. */
  mail: DecisionMailContext;
};

/** Where a new warehouse stands: its address geocoded, before the transaction (a network call may be slow). */
async function placeNewWarehouse(ctx: EditingContext, data: ApprovalWarehouseData): Promise<{ lat: number; lng: number }> {
  const found = await locateAddress(ctx.geocoder, data, { locale: ctx.locale, streetLevel: ctx.streetLevel });
  if (!found) throw new ValidationError({ city: "not_found" });
  return { lat: found.lat, lng: found.lng };
}

/** POST /api/admin/users/{id}/update → user_id: approve or refuse a stocker's registration. */
export async function decideStockerRequest(ctx: ApprovalContext, actor: Actor, userId: number, decision: StockerDecision): Promise<{ user_id: number }> {
  if (actor.role !== "admin") throw new ForbiddenError();
  if (!decision.approved && !decision.note.trim()) throw new ValidationError({ note: "required" });
  const newWarehouse = decision.approved && "data" in decision.warehouse ? decision.warehouse.data : null;
  const position = newWarehouse ? await placeNewWarehouse(ctx.editing, newWarehouse) : null;

  return ctx.editing.db.transaction().execute(async (trx) => {
    const user = await q.lockStockerRequest(trx, userId);
    if (!user || user.role !== "stocker" || user.approval_status === null) throw new NotFoundError();
    const before = { approval_status: user.approval_status, account_type: user.account_type, approval_note: user.approval_note };

    if (!decision.approved) {
      // A refused request stays refused; an approved account is no request any more.
      if (user.approval_status !== "pending") throw new ConflictError("not_pending");
      const note = decision.note.trim();
      await q.refuseStockerRequest(trx, { userId, note });
      await auditAdminAction(trx, actor, {
        action: "user.refuse",
        entityType: "user",
        entityId: userId,
        details: { before, after: { approval_status: "refused", account_type: user.account_type, approval_note: note }, note },
      });
      await notifyAccountDecision(trx, user, "refused", note, ctx.mail);
      return { user_id: userId };
    }

    // A refused request may be reconsidered; an approved one is decided.
    if (user.approval_status === "approved") throw new ConflictError("already_approved");
    let warehouseId: number;
    let created = false;
    if ("id" in decision.warehouse) {
      const w = await q.lockWarehouseOwner(trx, decision.warehouse.id);
      if (!w) throw new ValidationError({ warehouse_id: "invalid" });
      // Someone else's warehouse is theirs: an approval never takes it away.
      if (w.user_id !== null && w.user_id !== userId) throw new ConflictError("warehouse_owned");
      warehouseId = w.id;
    } else {
      const input = warehouseCreateSchema("admin").parse({
        warehouse_data: { ...decision.warehouse.data, lat: position!.lat, lng: position!.lng },
        contacts: [],
        warehouse_times: {},
        specifications: [],
      });
      // The back office's own creation (approved, no hub request, audited as warehouse.create).
      ({ warehouseId } = await createWarehouse({ ...ctx.editing, db: trx }, actor, input));
      created = true;
    }
    await q.setWarehouseOwner(trx, { warehouseId, userId });

    await q.approveStockerRequest(trx, { userId, accountType: decision.account_type });
    await auditAdminAction(trx, actor, {
      action: "user.approve",
      entityType: "user",
      entityId: userId,
      details: {
        before,
        after: { approval_status: "approved", account_type: decision.account_type, approval_note: null },
        warehouse_id: warehouseId,
        warehouse_created: created,
      },
    });
    // One e-mail: the approval, with the invitation's link to choose a password when there is none
    // yet (an account that already has one just logs in, and is sent to its area).
    const choosePassword = user.password_hash ? null : { link: await newInvitationLink(trx, user, { origin: ctx.mail.origin }), days: INVITATION_TTL_DAYS };
    await notifyAccountDecision(trx, user, "approved", null, ctx.mail, choosePassword);
    return { user_id: userId };
  });
}
