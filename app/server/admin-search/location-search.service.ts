// The back office's location search (/admin/search, "Ricerca"): the warehouses (20 a page,
// nearest first) and the quote requests (8 a page, newest first) within a radius of a place,
// each with its count, and their CSV exports (streamed, audited as exports). Administrators
// only; real names, owners and states of every warehouse, whatever its status.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import { stkId, requestNumber, formatDate } from "../../lib/format.ts";
import type { RequestDetails, RequestSpecification } from "../../lib/area-requests.ts";
import {
  countLocationRequestsQuery,
  countLocationWarehousesQuery,
  knnPlanSettings,
  idWalkPlanSettings,
  EXPORT_ID_WALK_FROM,
  locationRequestsExportPage,
  locationRequestsPageQuery,
  locationWarehousesExportPage,
  locationWarehousesPageQuery,
  requestSpecificationsQuery,
  type Circle,
  type LocationRequestDbRow,
  type LocationWarehouseDbRow,
} from "./location-search.queries.ts";
import { displayName } from "../../lib/person-name.ts";
import type { ExportColumn } from "../http/table-export.ts";

export type { Circle };

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

export type LocationWarehouseRow = {
  id: number;
  name: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  total_m2: number | null;
  is_hub: boolean;
  status: "pending" | "approved" | "refused";
  deactivated: boolean;
  /** Someone owns it (user_id set): Riscattato in the spec's words. */
  claimed: boolean;
  /** Claimed and covered by its owner's subscription: its identity is public. */
  redeemed: boolean;
  owner: { id: number; email: string; name: string; role: string } | null;
  /** Great-circle distance from the centre, km. */
  distance_km: number;
  created_at: Date;
};

function warehouseRow(r: LocationWarehouseDbRow): LocationWarehouseRow {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    cap: r.cap,
    city: r.city,
    province: r.province,
    total_m2: r.total_m2 === null ? null : Number(r.total_m2),
    is_hub: r.is_hub,
    status: r.status as LocationWarehouseRow["status"],
    deactivated: r.deactivated,
    claimed: r.user_id !== null,
    redeemed: r.redeemed,
    owner:
      r.user_id !== null && r.owner_email
        ? {
            id: r.user_id,
            email: r.owner_email,
            role: r.owner_role ?? "",
            name: displayName({ company: r.owner_company, first_name: r.owner_first_name, last_name: r.owner_last_name, email: r.owner_email }),
          }
        : null,
    distance_km: Number(r.distance_km),
    created_at: r.created_at,
  };
}

/** The warehouses within the circle, nearest first; `page` counts from 0 (the JSON call's wh_offset). */
export async function searchLocationWarehouses(
  db: Database,
  actor: Actor,
  args: { circle: Circle; limit: number; page: number },
): Promise<{ warehouses: LocationWarehouseRow[]; warehouses_count: number }> {
  requireAdmin(actor);
  const [rows, count] = await Promise.all([
    // Nearest first straight from the index (see knnPlanSettings); the count reads the circle's pages by bitmap.
    db.transaction().execute(async (trx) => {
      await knnPlanSettings().execute(trx);
      return locationWarehousesPageQuery(trx, { circle: args.circle, limit: args.limit, offset: args.page * args.limit }).execute();
    }),
    countLocationWarehousesQuery(db, args.circle).executeTakeFirstOrThrow(),
  ]);
  return { warehouses: rows.map(warehouseRow), warehouses_count: count.n };
}

export type LocationRequestRow = RequestDetails & {
  /** From the centre to the request's own position, km. */
  distance_km: number;
  /** The warehouses the request went to. */
  warehouses_count: number;
};

function requestRow(r: LocationRequestDbRow, specifications: RequestSpecification[]): LocationRequestRow {
  return {
    id: r.id,
    business_name: r.business_name,
    referent: r.referent,
    contact: r.contact,
    telephone: r.telephone,
    message: r.message,
    location: r.location,
    radius: Number(r.radius),
    m2_type: r.m2_type as "m2" | "pallet",
    m2_value: r.m2_value === null ? null : Number(r.m2_value),
    start_date: r.start_date,
    end_date: r.end_date,
    created_at: r.created_at,
    specifications,
    distance_km: Number(r.distance_km),
    warehouses_count: Number(r.warehouses_count ?? 0),
  };
}

/** The quote requests whose own position lies within the circle, newest first; `page` counts from 0. */
export async function searchLocationRequests(
  db: Database,
  actor: Actor,
  args: { circle: Circle; limit: number; page: number },
): Promise<{ warehouse_requests: LocationRequestRow[]; warehouse_requests_count: number }> {
  requireAdmin(actor);
  const [rows, count] = await Promise.all([
    locationRequestsPageQuery(db, { circle: args.circle, limit: args.limit, offset: args.page * args.limit }).execute(),
    countLocationRequestsQuery(db, args.circle).executeTakeFirstOrThrow(),
  ]);
  const specs = new Map<number, RequestSpecification[]>();
  if (rows.length) {
    for (const s of await requestSpecificationsQuery(
      db,
      rows.map((r) => r.id),
    ).execute()) {
      const list = specs.get(s.warehouse_request_id) ?? [];
      list.push({ id: s.id, value: s.value, cat_id: s.cat_id, category: s.category });
      specs.set(s.warehouse_request_id, list);
    }
  }
  return { warehouse_requests: rows.map((r) => requestRow(r, specs.get(r.id) ?? [])), warehouse_requests_count: count.n };
}

// ---------------------------------------------------------------- exports

/**
 * An export's page reader: as is for a small circle, with idWalkPlanSettings (in a transaction
 * of its own per page) for a wide one. `total` is the circle's count.
 */
function exportPageReader<R>(db: Database, total: number, page: (db: Database) => Promise<R[]>): Promise<R[]> {
  if (total <= EXPORT_ID_WALK_FROM) return page(db);
  return db.transaction().execute(async (trx) => {
    for (const setting of idWalkPlanSettings()) await setting.execute(trx);
    return page(trx);
  });
}

/** What an export was asked for: the place's text (its label), the centre and the radius. */
export type LocationSelection = { location: string | null; circle: Circle };

function selectionDetails(s: LocationSelection) {
  return { location: s.location, lat: s.circle.lat, lng: s.circle.lng, radius_km: s.circle.radiusKm };
}

/** The place as a file-name part: lower case, accents dropped, words joined by dashes ("Forlì, FC" → "forli-fc"). */
export function placeSlug(location: string | null): string {
  const slug = (location ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "posizione";
}

/**
 * The exports' file names (one for warehouses, one for requests): magazzini_ or
 * richieste_, the place, the radius, the day: magazzini_milano_10km_21.11.2026.csv.
 */
/** The export's file name, without its extension (the format adds it). */
export function locationExportFileName(kind: "warehouses" | "requests", selection: LocationSelection, today: string): string {
  const radius = String(Math.round(selection.circle.radiusKm * 100) / 100);
  return `${kind === "warehouses" ? "magazzini" : "richieste"}_${placeSlug(selection.location)}_${radius}km_${formatDate(today)}`;
}

const STATUS_TEXT: Record<LocationWarehouseRow["status"], string> = { approved: "Approvato", pending: "In attesa di approvazione", refused: "Non approvato" };

export const LOCATION_WAREHOUSES_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "ID", type: "text" },
  { header: "Nome", type: "text", width: 32 },
  { header: "Indirizzo", type: "text", width: 32 },
  { header: "CAP", type: "text" },
  { header: "Città", type: "text" },
  { header: "Provincia", type: "text" },
  { header: "Distanza (km)", type: "number" },
  { header: "Superficie totale (m²)", type: "integer" },
  { header: "Hub", type: "boolean" },
  { header: "Stato", type: "text" },
  { header: "Disattivato", type: "boolean" },
  { header: "Riscattato", type: "boolean" },
  { header: "Abbonamento attivo", type: "boolean" },
  { header: "Proprietario", type: "text" },
  { header: "Email proprietario", type: "text", width: 32 },
  { header: "Data inserimento", type: "date" },
];
export const LOCATION_WAREHOUSES_CSV_HEADER = LOCATION_WAREHOUSES_EXPORT_COLUMNS.map((c) => c.header);

/** The warehouses of the circle as export rows (LOCATION_WAREHOUSES_EXPORT_COLUMNS), read by keyset pages; audited as an export, with the selection. */
export async function exportLocationWarehouses(db: Database, actor: Actor, selection: LocationSelection): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db
    .transaction()
    .execute((trx) =>
      auditAdminAction(trx, actor, { action: "search.export_warehouses", entityType: "warehouse", entityId: null, details: selectionDetails(selection) }),
    );
  const total = (await countLocationWarehousesQuery(db, selection.circle).executeTakeFirstOrThrow()).n;
  const rows = pages<LocationWarehouseDbRow, number>(
    (after, size) => exportPageReader(db, total, (q) => locationWarehousesExportPage(q, { circle: selection.circle, afterId: after, size }).execute()),
    (r) => r.id,
  );
  return (async function* () {
    for await (const r of rows) {
      const w = warehouseRow(r);
      yield [
        stkId(w.id),
        w.name,
        w.address,
        w.cap,
        w.city,
        w.province,
        Math.round(w.distance_km * 10) / 10,
        w.total_m2,
        w.is_hub,
        STATUS_TEXT[w.status] ?? w.status,
        w.deactivated,
        w.claimed,
        w.redeemed,
        w.owner?.name ?? null,
        w.owner?.email ?? null,
        w.created_at,
      ];
    }
  })();
}

export const LOCATION_REQUESTS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Numero", type: "text", width: 14 },
  { header: "Ragione sociale", type: "text", width: 28 },
  { header: "Referente", type: "text" },
  { header: "Email", type: "text", width: 32 },
  { header: "Telefono", type: "text", width: 18 },
  { header: "Località", type: "text" },
  { header: "Raggio (km)", type: "number" },
  { header: "Distanza (km)", type: "number" },
  { header: "Spazio richiesto", type: "number" },
  { header: "Unità", type: "text" },
  { header: "Dal", type: "date" },
  { header: "Al", type: "date" },
  { header: "Magazzini contattati", type: "integer" },
  { header: "Messaggio", type: "text", width: 40 },
  { header: "Data richiesta", type: "date" },
];
export const LOCATION_REQUESTS_CSV_HEADER = LOCATION_REQUESTS_EXPORT_COLUMNS.map((c) => c.header);

/** The requests of the circle as export rows (LOCATION_REQUESTS_EXPORT_COLUMNS), newest first, read by keyset pages; audited as an export. */
export async function exportLocationRequests(db: Database, actor: Actor, selection: LocationSelection): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db
    .transaction()
    .execute((trx) =>
      auditAdminAction(trx, actor, { action: "search.export_requests", entityType: "warehouse_request", entityId: null, details: selectionDetails(selection) }),
    );
  const total = (await countLocationRequestsQuery(db, selection.circle).executeTakeFirstOrThrow()).n;
  const rows = pages<LocationRequestDbRow, number>(
    (before, size) => exportPageReader(db, total, (q) => locationRequestsExportPage(q, { circle: selection.circle, beforeId: before, size }).execute()),
    (r) => r.id,
  );
  return (async function* () {
    for await (const r of rows) {
      const q = requestRow(r, []);
      yield [
        requestNumber(q.id),
        q.business_name,
        q.referent,
        q.contact,
        q.telephone,
        q.location,
        q.radius,
        Math.round(q.distance_km * 10) / 10,
        q.m2_value,
        q.m2_value === null ? null : q.m2_type === "pallet" ? "posti pallet" : "m²",
        q.start_date,
        q.end_date,
        q.warehouses_count,
        q.message,
        q.created_at,
      ];
    }
  })();
}
