// The back office's decisions on warehouses: a hub request approved or refused (the owner is
// told), and a warehouse switched off or on (the public search follows at once: search_epoch
// moves on `deactivated`, migration 0008). Each change is audited in its own transaction.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { notifyHubDecision } from "../notifications/hub-notifications.ts";
import type { DecisionMailContext } from "../notifications/account-notifications.ts";
import type { DeactivatedFilter } from "../../schemas/admin-warehouses.ts";
import {
  countHubRequests,
  findHubOwner,
  hubRequestsPageQuery,
  hubRequestsExportQuery,
  type HubRequestFilters,
  type HubRequestOrder,
  listAdminWarehouses,
  lockWarehouseForDecision,
  setDeactivated,
  setHubDecision,
} from "./admin-warehouses.queries.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import type { ExportColumn } from "../http/table-export.ts";
import { keysetOf, type Keyset } from "../db/list-order.ts";
import { fullName } from "../../lib/person-name.ts";

export type { HubRequestFilters, HubRequestOrder };

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

/** The Warehouses list; `page` counts from 0 (the JSON calls' offset). */
export function listWarehousesForAdmin(db: Database, args: { search: string | null; deactivated: DeactivatedFilter; page: number; limit: number }) {
  return listAdminWarehouses(db, { search: args.search, deactivated: args.deactivated, offset: args.page * args.limit, limit: args.limit });
}

/** The New hubs list; `page` counts from 0 (the JSON call's offset). */
export async function listHubRequests(db: Database, args: { filters: HubRequestFilters; order?: HubRequestOrder; page: number; limit: number }) {
  const [warehouses, warehouses_count] = await Promise.all([
    hubRequestsPageQuery(db, { ...args.filters, order: args.order, offset: args.page * args.limit, limit: args.limit }).execute(),
    countHubRequests(db, args.filters),
  ]);
  return { warehouses, warehouses_count };
}

/** The hub requests' export: what the list shows, filtered and in its order. */
export const HUB_REQUESTS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Nome", type: "text", width: 30 },
  { header: "Indirizzo", type: "text", width: 30 },
  { header: "Città", type: "text" },
  { header: "Provincia", type: "text" },
  { header: "Proprietario", type: "text" },
  { header: "Azienda", type: "text" },
  { header: "Email", type: "text", width: 32 },
  { header: "Superficie m²", type: "number" },
  { header: "Richiesto il", type: "date" },
];

/** The hub requests the list shows, filtered and in its order, streamed by keyset pages; audited as an export with its filters. */
export async function exportHubRequests(db: Database, actor: Actor, filters: HubRequestFilters, order: HubRequestOrder): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "warehouse.export_hub_requests",
      entityType: "warehouse",
      entityId: null,
      details: { search: filters.search, waiting_days: filters.waitingDays ?? null, order: `${order.key} ${order.dir}` },
    }),
  );
  const rows = pages((after: Keyset | null, size) => hubRequestsExportQuery(db, { filters, order, after, size }).execute(), keysetOf);
  return (async function* () {
    for await (const r of rows) {
      const owner = fullName({ first_name: r.owner_first_name, last_name: r.owner_last_name }) || null;
      yield [r.name, r.address, r.city, r.province, owner, r.owner_company, r.owner_email, r.total_m2, r.created_at];
    }
  })();
}

export type HubDecisionInput = { status: "approved" | "refused"; note: string | null };

/**
 * Approves or refuses a hub request: status becomes the decision, to_approve 0, the note is kept
 * (status_note) and the owner is told in the app and by e-mail. A warehouse not waiting (decided
 * meanwhile by another administrator) is a ConflictError; a refusal without a note cannot reach
 * here (the schema requires it).
 */
export async function decideHubRequest(
  db: Database,
  actor: Actor,
  warehouseId: number,
  input: HubDecisionInput,
  ctx: DecisionMailContext,
): Promise<{ warehouse_id: number }> {
  requireAdmin(actor);
  const note = input.note?.trim() || null;
  return db.transaction().execute(async (trx) => {
    const before = await lockWarehouseForDecision(trx, warehouseId);
    if (!before) throw new NotFoundError();
    if (!before.to_approve) throw new ConflictError("not_waiting");
    await setHubDecision(trx, { id: warehouseId, status: input.status, note });
    await auditAdminAction(trx, actor, {
      action: "warehouse.hub_decision",
      entityType: "warehouse",
      entityId: warehouseId,
      details: {
        decision: input.status,
        note,
        before: { status: before.status, to_approve: before.to_approve, status_note: before.status_note },
        after: { status: input.status, to_approve: false, status_note: note },
      },
    });
    if (before.user_id !== null) {
      const owner = await findHubOwner(trx, { id: before.user_id });
      if (owner) await notifyHubDecision(trx, owner, { id: before.id, name: before.name, city: before.city }, input.status, note, ctx);
    }
    return { warehouse_id: warehouseId };
  });
}

/** Switches a warehouse off (it leaves the public search at once) or on again. Setting the value it has already changes and records nothing. */
export async function setWarehouseDeactivated(
  db: Database,
  actor: Actor,
  warehouseId: number,
  deactivated: boolean,
): Promise<{ warehouse_id: number; deactivated: boolean }> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const before = await lockWarehouseForDecision(trx, warehouseId);
    if (!before) throw new NotFoundError();
    if (before.deactivated === deactivated) return { warehouse_id: warehouseId, deactivated };
    await setDeactivated(trx, { id: warehouseId, deactivated });
    await auditAdminAction(trx, actor, {
      action: "warehouse.toggle_deactivated",
      entityType: "warehouse",
      entityId: warehouseId,
      details: { before: { deactivated: before.deactivated }, after: { deactivated } },
    });
    return { warehouse_id: warehouseId, deactivated };
  });
}
