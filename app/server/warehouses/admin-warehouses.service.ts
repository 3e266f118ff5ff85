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
import { eachRow } from "../admin/bulk.ts";
import { BULK_MAX_IDS, type BulkResult, type MatchingIds } from "../../schemas/admin-bulk.ts";
import {
  adminWarehouseIds,
  countAdminWarehouses,
  countHubRequests,
  findHubOwner,
  hubRequestIds,
  hubRequestsPageQuery,
  listAdminWarehouses,
  lockWarehouseForDecision,
  setDeactivated,
  setHubDecision,
} from "./admin-warehouses.queries.ts";

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

/** The Warehouses list; `page` counts from 0 (the JSON calls' offset). */
export function listWarehousesForAdmin(db: Database, args: { search: string | null; deactivated: DeactivatedFilter; page: number; limit: number }) {
  return listAdminWarehouses(db, { search: args.search, deactivated: args.deactivated, offset: args.page * args.limit, limit: args.limit });
}

/** The New hubs list; `page` counts from 0 (the JSON call's offset). */
export async function listHubRequests(db: Database, args: { search: string | null; page: number; limit: number }) {
  const [warehouses, warehouses_count] = await Promise.all([
    hubRequestsPageQuery(db, { search: args.search, offset: args.page * args.limit, limit: args.limit }).execute(),
    countHubRequests(db, args.search),
  ]);
  return { warehouses, warehouses_count };
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
  await db.transaction().execute((trx) => decideHubRequestIn(trx, actor, warehouseId, input, ctx));
  return { warehouse_id: warehouseId };
}

/** Many hub requests decided with one note: each as decideHubRequest, one result per id. */
export async function bulkDecideHubRequests(
  db: Database,
  actor: Actor,
  ids: readonly number[],
  input: HubDecisionInput,
  ctx: DecisionMailContext,
): Promise<{ results: BulkResult[] }> {
  requireAdmin(actor);
  return eachRow(ids, async (id) => {
    await db.transaction().execute((trx) => decideHubRequestIn(trx, actor, id, input, ctx));
    return { changed: true };
  });
}

/** One decision in the caller's transaction: the row locked, changed, audited, the owner told. */
async function decideHubRequestIn(trx: Database, actor: Actor, warehouseId: number, input: HubDecisionInput, ctx: DecisionMailContext): Promise<void> {
  const note = input.note?.trim() || null;
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
}

/** Switches a warehouse off (it leaves the public search at once) or on again. Setting the value it has already changes and records nothing. */
export async function setWarehouseDeactivated(
  db: Database,
  actor: Actor,
  warehouseId: number,
  deactivated: boolean,
): Promise<{ warehouse_id: number; deactivated: boolean }> {
  requireAdmin(actor);
  await db.transaction().execute((trx) => setWarehouseDeactivatedIn(trx, actor, warehouseId, deactivated));
  return { warehouse_id: warehouseId, deactivated };
}

/** Many warehouses switched off or on: each as setWarehouseDeactivated, one result per id (`changed` false when it already was). */
export async function bulkSetWarehousesDeactivated(
  db: Database,
  actor: Actor,
  ids: readonly number[],
  deactivated: boolean,
): Promise<{ results: BulkResult[] }> {
  requireAdmin(actor);
  return eachRow(ids, (id) => db.transaction().execute((trx) => setWarehouseDeactivatedIn(trx, actor, id, deactivated)));
}

async function setWarehouseDeactivatedIn(trx: Database, actor: Actor, warehouseId: number, deactivated: boolean): Promise<{ changed: boolean }> {
  const before = await lockWarehouseForDecision(trx, warehouseId);
  if (!before) throw new NotFoundError();
  if (before.deactivated === deactivated) return { changed: false };
  await setDeactivated(trx, { id: warehouseId, deactivated });
  await auditAdminAction(trx, actor, {
    action: "warehouse.toggle_deactivated",
    entityType: "warehouse",
    entityId: warehouseId,
    details: { before: { deactivated: before.deactivated }, after: { deactivated } },
  });
  return { changed: true };
}

/** Every warehouse the list's search and filters match (the "select all N" of the Warehouses list), capped. */
export async function warehouseIdsForAdmin(db: Database, args: { search: string | null; deactivated: DeactivatedFilter }): Promise<MatchingIds> {
  const [ids, total] = await Promise.all([adminWarehouseIds(db, { ...args, limit: BULK_MAX_IDS }), countAdminWarehouses(db, args)]);
  return { ids, total };
}

/** Every hub request the list's search matches, longest waiting first, capped. */
export async function hubRequestIdsForAdmin(db: Database, args: { search: string | null }): Promise<MatchingIds> {
  const [ids, total] = await Promise.all([hubRequestIds(db, { ...args, limit: BULK_MAX_IDS }), countHubRequests(db, args.search)]);
  return { ids, total };
}
