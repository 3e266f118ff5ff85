// The back office's quote requests (/admin/requests and its JSON calls): the list (8 a
// page, newest first or by another order, searched by business name, referent, contact, location
// or number, filtered by created date, answered and requester kind) and its CSV/XLSX export, the
// add-warehouses popup's search, adding warehouses to a request (each gets a
// pending link and its handler is told as for a new request, in one audited transaction), and the
// CSV export of one request (audited too).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import type { ExportColumn, ExportTable } from "../http/table-export.ts";
import { keysetOf, type Keyset } from "../db/list-order.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { AdminRequestsOrderKey } from "../../lib/list-params.ts";
import { findRequestableWarehouses, insertRequestLinks } from "../requests/requests.queries.ts";
import { notifyWarehouseHandlers } from "../requests/requests.service.ts";
import { requestDetails } from "../requests/area-requests.service.ts";
import type { QuoteMailRequest } from "../mail/templates.ts";
import { requestNumber } from "../../lib/format.ts";
import { REQUEST_WAREHOUSE_SEARCH_LIMIT, type AdminRequestItem, type AdminRequestsList, type RequestWarehouseCandidate } from "../../lib/admin-requests.ts";
import {
  adminRequestsCountQuery,
  adminRequestsExportQuery,
  adminRequestsPageQuery,
  findAdminRequest,
  linkedWarehouseIds,
  lockRequestForAdding,
  findRequestPlace,
  nearbyRequestWarehousesQuery,
  requestSpecificationValues,
  requestWarehouseSearchQuery,
  type AdminRequestsArgs,
} from "./admin-requests.queries.ts";
import { findMatchesFirst } from "../db/searched-page.ts";

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

type RequestRow = NonNullable<Awaited<ReturnType<typeof findAdminRequest>>>;

function requestItem(r: RequestRow): AdminRequestItem {
  return {
    ...requestDetails(r),
    user_id: r.user_id,
    answered_count: r.answered_count,
    warehouses: (r.warehouses ?? []).map((w) => ({
      link_id: w.link_id,
      id: w.id,
      name: w.name,
      city: w.city,
      address: w.address,
      state: w.state,
      is_hub: w.is_hub,
      redeemed: w.redeemed,
      listed: w.listed,
      created_at: w.created_at,
      // Who is told of the request: the referent, else the owner (requests.service.ts handlersOf).
      handler: w.ref_email
        ? { kind: "referent", name: w.ref_name, email: w.ref_email }
        : w.own_email
          ? { kind: "owner", name: w.own_name, email: w.own_email }
          : null,
    })),
  };
}

/** A page (index from 0) of the requests, in the asked order (newest first by default). */
export async function listAdminRequests(
  db: Database,
  actor: Actor,
  args: AdminRequestsArgs & { order?: ListOrder<AdminRequestsOrderKey>; limit: number; page: number },
): Promise<AdminRequestsList> {
  requireAdmin(actor);
  const filters = { search: args.search, from: args.from, to: args.to, answered: args.answered, requester: args.requester };
  // The count first: how many rows match decides how the page is read (db/searched-page.ts).
  const count = Number((await adminRequestsCountQuery(db, filters).executeTakeFirstOrThrow()).n);
  const page = { ...filters, order: args.order, offset: args.page * args.limit, limit: args.limit, matchesFirst: findMatchesFirst(filters.search, count) };
  const rows = count === 0 ? [] : await adminRequestsPageQuery(db, page).execute();
  return { warehouse_requests: rows.map(requestItem), warehouse_requests_count: count };
}

/** A request's number, date and requester, first in both exports of requests. */
const REQUEST_WHO_COLUMNS: ExportColumn[] = [
  { header: "Numero richiesta", type: "text", width: 14 },
  { header: "Data", type: "datetime" },
  { header: "Ragione sociale", type: "text", width: 28 },
  { header: "Referente", type: "text", width: 22 },
  { header: "Email", type: "text", width: 30 },
  { header: "Telefono", type: "text" },
];

/** What the request asks for: place, radius, space and period. */
const REQUEST_WHAT_COLUMNS: ExportColumn[] = [
  { header: "Località", type: "text", width: 22 },
  { header: "Raggio (km)", type: "integer" },
  { header: "Tipo spazio", type: "text" },
  { header: "Spazio richiesto", type: "integer" },
  { header: "Dal", type: "date" },
  { header: "Al", type: "date" },
];

/** The list's export: what the cards show, typed for XLSX (the number as text with its zeros, dates as dates, quantities as numbers). */
export const ADMIN_REQUESTS_EXPORT_COLUMNS: ExportColumn[] = [
  ...REQUEST_WHO_COLUMNS,
  { header: "Richiedente", type: "text" },
  ...REQUEST_WHAT_COLUMNS,
  { header: "Magazzini contattati", type: "integer" },
  { header: "Magazzini che hanno risposto", type: "integer" },
];

/** A calendar day (yyyy-mm-dd) as a Date at noon UTC, so every time zone shows the same day. */
const dayOf = (day: string | null) => (day ? new Date(`${day}T12:00:00Z`) : null);

/**
 * The requests the list shows, filtered and in its order, streamed by keyset pages of 1,000 (there
 * can be hundreds of thousands); audited as an export with its filters and order.
 */
export async function exportAdminRequests(
  db: Database,
  actor: Actor,
  filters: AdminRequestsArgs,
  order: ListOrder<AdminRequestsOrderKey>,
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "warehouse_request.export_list",
      entityType: "warehouse_request",
      entityId: null,
      details: {
        search: filters.search,
        from: filters.from,
        to: filters.to,
        answered: filters.answered ?? null,
        requester: filters.requester ?? null,
        order: `${order.key} ${order.dir}`,
      },
    }),
  );
  const rows = pages((after: Keyset | null, size) => adminRequestsExportQuery(db, { filters, order, after, size }).execute(), keysetOf);
  return (async function* () {
    for await (const r of rows) {
      yield [
        requestNumber(r.id),
        new Date(r.created_at),
        r.business_name,
        r.referent,
        r.contact,
        r.telephone,
        r.user_id !== null ? "Con account" : "Visitatore",
        r.location || null,
        r.radius,
        r.m2_type === "pallet" ? "Posti pallet" : "m²",
        r.m2_value,
        dayOf(r.start_date),
        dayOf(r.end_date),
        r.warehouses_count,
        r.answered_count,
      ];
    }
  })();
}

/**
 * The add-warehouses popup's search: listed warehouses the request has not reached, without the
 * ones already picked (`ids`): those matching the term, or, before a term is typed, the nearest
 * ones within the request's radius of its place (none when it gave no place). Unknown request: 404.
 */
export async function searchRequestWarehouses(
  db: Database,
  actor: Actor,
  requestId: number,
  args: { search: string | null; ids: number[] },
): Promise<{ warehouses: RequestWarehouseCandidate[] }> {
  requireAdmin(actor);
  const place = await findRequestPlace(db, requestId);
  if (!place) throw new NotFoundError();
  const term = args.search?.trim();
  const common = { requestId, excludeIds: args.ids, limit: REQUEST_WAREHOUSE_SEARCH_LIMIT };
  let rows: Awaited<ReturnType<ReturnType<typeof requestWarehouseSearchQuery>["execute"]>>;
  if (term) rows = await requestWarehouseSearchQuery(db, { ...common, search: term }).execute();
  else if (place.lat !== null && place.lng !== null)
    rows = await nearbyRequestWarehousesQuery(db, { ...common, lat: place.lat, lng: place.lng, radiusKm: place.radius }).execute();
  else rows = [];
  return {
    warehouses: rows.map((w) => ({
      id: w.id,
      name: w.name,
      city: w.city,
      province: w.province,
      address: w.address,
      redeemed: w.redeemed,
      is_hub: w.is_hub,
      distance_km: w.distance_km,
    })),
  };
}

export type AddWarehousesResult = { warehouse_request_id: number; added: number[] };

/**
 * Adds warehouses to a request, in one transaction: the request is locked, the ids it already
 * went to are skipped, an unknown, unapproved or deactivated id refuses the whole call
 * (ValidationError, nothing written), each new warehouse gets a pending link and its handler is
 * notified (in the app and by e-mail) as for a new request, and the addition is audited with the
 * ids added. Unknown request: 404.
 */
export async function addWarehousesToRequest(
  db: Database,
  actor: Actor,
  requestId: number,
  ids: number[],
  ctx: { origin: string },
): Promise<AddWarehousesResult> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const request = await lockRequestForAdding(trx, requestId);
    if (!request) throw new NotFoundError();
    const linked = new Set(await linkedWarehouseIds(trx, requestId));
    const wanted = [...new Set(ids)].filter((id) => !linked.has(id));
    if (wanted.length === 0) return { warehouse_request_id: requestId, added: [] };

    const warehouses = await findRequestableWarehouses(trx, wanted);
    // Unknown, unapproved or deactivated: none of the call is applied (the popup offered only listed ones).
    if (warehouses.length !== wanted.length) throw new ValidationError({ ids: "unavailable" });
    // Links in the order the administrator picked the warehouses.
    const order = new Map(wanted.map((id, i) => [id, i]));
    const sorted = [...warehouses].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const links = await insertRequestLinks(
      trx,
      requestId,
      sorted.map((w) => w.id),
    );

    const specifications = await requestSpecificationValues(trx, requestId);
    const mailRequest: QuoteMailRequest = {
      number: requestNumber(requestId),
      businessName: request.business_name,
      referent: request.referent,
      contact: request.contact,
      telephone: request.telephone,
      message: request.message,
      location: request.location || null,
      radius: request.radius,
      m2Type: request.m2_type,
      m2Value: request.m2_value,
      startDate: request.start_date,
      endDate: request.end_date,
      specifications,
    };
    await notifyWarehouseHandlers(trx, { requestId, mailRequest, replyTo: request.contact, warehouses: sorted, links, origin: ctx.origin });

    const added = sorted.map((w) => w.id);
    await auditAdminAction(trx, actor, {
      action: "warehouse_request.add_warehouses",
      entityType: "warehouse_request",
      entityId: requestId,
      details: { added, skipped: [...new Set(ids)].filter((id) => linked.has(id)), warehouses: { before: linked.size, after: linked.size + added.length } },
    });
    return { warehouse_request_id: requestId, added };
  });
}

const STATE_TEXT = { pending: "In attesa", confirmed: "Confermata", refused: "Rifiutata" } as const;

/** The single request's export: its fields, one row. */
export const REQUEST_EXPORT_COLUMNS: ExportColumn[] = [
  ...REQUEST_WHO_COLUMNS,
  ...REQUEST_WHAT_COLUMNS,
  { header: "Messaggio", type: "text", width: 40 },
  { header: "Specifiche", type: "text", width: 40 },
  { header: "Magazzini contattati", type: "integer" },
];

/** …then one row per contacted warehouse. */
export const REQUEST_WAREHOUSE_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "ID magazzino", type: "integer" },
  { header: "Magazzino", type: "text", width: 28 },
  { header: "Indirizzo", type: "text", width: 28 },
  { header: "Città", type: "text" },
  { header: "Stato", type: "text" },
  { header: "Riscattato", type: "boolean" },
  { header: "Attivo", type: "boolean" },
  { header: "Gestore", type: "text", width: 22 },
  { header: "Email gestore", type: "text", width: 30 },
  { header: "Contattato il", type: "datetime" },
];

/**
 * One request (the export of a single request number), as two tables: its fields, then one row per
 * contacted warehouse; in CSV the second follows the first after an empty row, in XLSX it is a
 * sheet of its own. Named richiesta_<number>. Audited as an export. Unknown request: 404.
 */
export async function exportAdminRequest(db: Database, actor: Actor, requestId: number): Promise<ExportTable & { fileName: string; more: ExportTable[] }> {
  requireAdmin(actor);
  const row = await findAdminRequest(db, requestId);
  if (!row) throw new NotFoundError();
  const r = requestItem(row);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "warehouse_request.export",
      entityType: "warehouse_request",
      entityId: requestId,
      details: { warehouses: r.warehouses.length },
    }),
  );
  const number = requestNumber(r.id);
  const request: CsvCell[] = [
    number,
    new Date(r.created_at),
    r.business_name,
    r.referent,
    r.contact,
    r.telephone,
    r.location,
    r.radius,
    r.m2_type === "pallet" ? "Posti pallet" : "m²",
    r.m2_value,
    r.start_date,
    r.end_date,
    r.message,
    r.specifications.map((s) => `${s.category}: ${s.value}`).join(", "),
    r.warehouses.length,
  ];
  const warehouses = r.warehouses.map((w): CsvCell[] => [
    w.id,
    w.name,
    w.address,
    w.city,
    STATE_TEXT[w.state],
    w.redeemed,
    w.listed,
    w.handler?.name ?? null,
    w.handler?.email ?? null,
    new Date(w.created_at),
  ]);
  return {
    fileName: `richiesta_${number}`,
    sheetName: "Richiesta",
    columns: REQUEST_EXPORT_COLUMNS,
    rows: rowsOf([request]),
    more: [{ sheetName: "Magazzini", columns: REQUEST_WAREHOUSE_EXPORT_COLUMNS, rows: rowsOf(warehouses) }],
  };
}

async function* rowsOf(rows: CsvCell[][]): AsyncIterable<CsvCell[]> {
  yield* rows;
}
