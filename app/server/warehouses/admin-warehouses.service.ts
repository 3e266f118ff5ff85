// The back office's decisions on warehouses: a hub request approved or refused (the owner is
// told), and a warehouse switched off or on (the public search follows at once: search_epoch
// moves on `deactivated`, migration 0008). Each change is audited in its own transaction.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { notifyHubDecision } from "../notifications/hub-notifications.ts";
import type { DecisionMailContext } from "../notifications/account-notifications.ts";
import { eachRow } from "../admin/bulk.ts";
import { BULK_MAX_IDS, type BulkResult, type MatchingIds } from "../../schemas/admin-bulk.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import type { ExportColumn } from "../http/table-export.ts";
import type { JsonObject } from "../db/types.ts";
import { displayName } from "../../lib/person-name.ts";
import { stkId, todayInItaly } from "../../lib/format.ts";
import {
  DEFAULT_WAREHOUSE_ORDER,
  warehouseOrderFirstDir,
  type WarehouseOrder,
  type WarehouseOrderDir,
  type WarehouseOrderKey,
} from "../../lib/admin-warehouses.ts";
import type { AdminWarehouseFiltersInput } from "../../schemas/admin-warehouses.ts";
import {
  adminWarehouseIds,
  adminWarehousesExportPage,
  countAdminWarehouses,
  countHubRequests,
  findHubOwner,
  hubRequestIds,
  hubRequestsPageQuery,
  hubRequestsExportQuery,
  type HubRequestFilters,
  type HubRequestOrder,
  listAdminWarehouses,
  listProvinces,
  type AdminWarehouseDbRow,
  type AdminWarehouseFilters,
  type AdminWarehouseKey,
  lockWarehouseForDecision,
  setDeactivated,
  setHubDecision,
} from "./admin-warehouses.queries.ts";
import { keysetOf, type Keyset } from "../db/list-order.ts";
import { fullName } from "../../lib/person-name.ts";

export type { HubRequestFilters, HubRequestOrder };

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

export type { AdminWarehouseFilters } from "./admin-warehouses.queries.ts";

/** A row of the Warehouses list (the page, GET /api/admin/warehouses and its export). */
export type AdminWarehouseRow = {
  id: number;
  name: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  status: "pending" | "approved" | "refused";
  to_approve: boolean;
  deactivated: boolean;
  is_hub: boolean;
  redeemed: boolean;
  total_m2: number | null;
  /** Declared free space not ended today: square metres and pallet positions (null: none). */
  free_m2: number | null;
  free_pallets: number | null;
  images_count: number;
  created_at: Date;
  owner_id: number | null;
  owner_email: string | null;
  owner_role: string | null;
  /** The owner as people are named (the company first), null when unclaimed. */
  owner_name: string | null;
};

function adminWarehouseRow(r: AdminWarehouseDbRow): AdminWarehouseRow {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    cap: r.cap,
    city: r.city,
    province: r.province,
    status: r.status,
    to_approve: r.to_approve,
    deactivated: r.deactivated,
    is_hub: r.is_hub,
    redeemed: r.redeemed,
    total_m2: r.total_m2,
    free_m2: r.free_m2,
    free_pallets: r.free_pallets,
    images_count: r.images_count,
    created_at: r.created_at,
    owner_id: r.owner_id,
    owner_email: r.owner_email,
    owner_role: r.owner_role,
    owner_name: r.owner_email
      ? displayName({ first_name: r.owner_first_name, last_name: r.owner_last_name, company: r.owner_company, email: r.owner_email })
      : null,
  };
}

const yesNo = (v: "1" | "0" | undefined): boolean | null => (v === undefined ? null : v === "1");

/** The list's query (GET /api/admin/warehouses, its export and its page) in the service's terms. */
export function adminWarehouseSelection(query: {
  search_term?: string | null;
  filters?: AdminWarehouseFiltersInput;
  order?: { key?: WarehouseOrderKey; dir?: WarehouseOrderDir };
}): {
  filters: AdminWarehouseFilters;
  order: WarehouseOrder;
} {
  const f = query.filters ?? {};
  const key = query.order?.key ?? DEFAULT_WAREHOUSE_ORDER.key;
  return {
    filters: {
      search: query.search_term ?? null,
      deactivated: f.deactivated ?? "all",
      status: f.status ?? null,
      hub: yesNo(f.hub),
      redeemed: yesNo(f.redeemed),
      subType: f.sub_type ?? "all",
      province: f.province ?? null,
      photos: yesNo(f.photos),
      freeSpace: yesNo(f.free_space),
    },
    order: { key, dir: query.order?.dir ?? warehouseOrderFirstDir(key) },
  };
}

/** The Warehouses list, filtered and in its order; `page` counts from 0 (the JSON calls' offset). */
export async function listWarehousesForAdmin(
  db: Database,
  args: { filters: AdminWarehouseFilters; order?: WarehouseOrder; page: number; limit: number; now?: Date },
): Promise<{ warehouses: AdminWarehouseRow[]; warehouses_count: number }> {
  const { rows, count } = await listAdminWarehouses(db, {
    filters: args.filters,
    order: args.order ?? DEFAULT_WAREHOUSE_ORDER,
    today: todayInItaly(args.now),
    offset: args.page * args.limit,
    limit: args.limit,
  });
  return { warehouses: rows.map(adminWarehouseRow), warehouses_count: count };
}

/** Every Italian province (code and name), for the list's province filter. */
export function warehouseProvinces(db: Database): Promise<{ province: string; province_name: string }[]> {
  return listProvinces(db) as Promise<{ province: string; province_name: string }[]>;
}

export const WAREHOUSE_STATUS_TEXT: Record<AdminWarehouseRow["status"], string> = {
  approved: "Approvato",
  pending: "In attesa di approvazione",
  refused: "Non approvato",
};

/** The export's columns: codes and postcodes as text (leading zeros kept), sizes as numbers, the day as a date. */
export const WAREHOUSES_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "ID", type: "text", width: 12 },
  { header: "Nome", type: "text", width: 32 },
  { header: "Hub", type: "boolean", width: 8 },
  { header: "Stato", type: "text", width: 24 },
  { header: "Attivo", type: "boolean", width: 8 },
  { header: "Riscattato", type: "boolean", width: 12 },
  { header: "Proprietario", type: "text", width: 28 },
  { header: "Email proprietario", type: "text", width: 32 },
  { header: "Indirizzo", type: "text", width: 32 },
  { header: "CAP", type: "text", width: 8 },
  { header: "Città", type: "text", width: 20 },
  { header: "Provincia", type: "text", width: 10 },
  { header: "Superficie totale (m²)", type: "number", width: 14 },
  { header: "Spazio libero (m²)", type: "number", width: 14 },
  { header: "Posti pallet liberi", type: "number", width: 14 },
  { header: "Foto", type: "integer", width: 8 },
  { header: "Data inserimento", type: "date", width: 14 },
];

/** What the export's audit entry keeps of its selection: the filters given and the order. */
function exportDetails(filters: AdminWarehouseFilters, order: WarehouseOrder, format: string): JsonObject {
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== null && v !== undefined && v !== "all")) as JsonObject;
  return { filters: given, order: { key: order.key, dir: order.dir }, format };
}

/**
 * The Warehouses list as the export's rows (WAREHOUSES_EXPORT_COLUMNS), filtered and in the
 * list's order, read by keyset pages. Audited as an export, with its filters, before any row is read.
 */
export async function exportWarehousesForAdmin(
  db: Database,
  actor: Actor,
  args: { filters: AdminWarehouseFilters; order?: WarehouseOrder; format: string; now?: Date },
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  const order = args.order ?? DEFAULT_WAREHOUSE_ORDER;
  const today = todayInItaly(args.now);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "warehouse.export",
      entityType: "warehouse",
      entityId: null,
      details: exportDetails(args.filters, order, args.format),
    }),
  );
  type ExportRow = AdminWarehouseDbRow & { order_value: unknown };
  const rows = pages<ExportRow, AdminWarehouseKey>(
    (after, size) => adminWarehousesExportPage(db, { filters: args.filters, order, today, after, size }) as Promise<ExportRow[]>,
    (r) => ({ value: r.order_value, id: r.id }),
  );
  return (async function* () {
    for await (const r of rows) {
      const w = adminWarehouseRow(r);
      yield [
        stkId(w.id),
        w.name,
        w.is_hub,
        WAREHOUSE_STATUS_TEXT[w.status] ?? w.status,
        !w.deactivated,
        w.redeemed,
        w.owner_name,
        w.owner_email,
        w.address,
        w.cap,
        w.city,
        w.province,
        w.total_m2,
        w.free_m2,
        w.free_pallets,
        w.images_count,
        w.created_at,
      ];
    }
  })();
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
export async function warehouseIdsForAdmin(db: Database, args: { filters: AdminWarehouseFilters; order?: WarehouseOrder; now?: Date }): Promise<MatchingIds> {
  const today = todayInItaly(args.now);
  const order = args.order ?? DEFAULT_WAREHOUSE_ORDER;
  const [ids, total] = await Promise.all([
    adminWarehouseIds(db, { filters: args.filters, order, today, limit: BULK_MAX_IDS }),
    countAdminWarehouses(db, { filters: args.filters, today }),
  ]);
  return { ids, total };
}

/** Every hub request the list's filters match, in its order, capped. */
export async function hubRequestIdsForAdmin(db: Database, args: { filters: HubRequestFilters; order?: HubRequestOrder }): Promise<MatchingIds> {
  const [ids, total] = await Promise.all([hubRequestIds(db, { ...args, limit: BULK_MAX_IDS }), countHubRequests(db, args.filters)]);
  return { ids, total };
}
