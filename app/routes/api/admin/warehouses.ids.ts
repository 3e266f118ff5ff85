// GET /api/admin/warehouses/ids?search_term&filters[…]&order[…] → { ids, total }: every warehouse
// the list's query matches (the same query string as GET /api/admin/warehouses; limit and offset
// ignored), in the list's order, for the list's "select all N"; at most BULK_MAX_IDS ids, `total`
// counts them all.
import { apiLoader } from "../../../server/http/api.ts";
import { adminWarehouseSelection, warehouseIdsForAdmin } from "../../../server/warehouses/admin-warehouses.service.ts";
import { adminWarehousesQuery } from "../../../schemas/admin-warehouses.ts";
import { matchingIdsAnswer } from "../../../schemas/answer-parts.ts";

export const loader = apiLoader({ access: ["admin"], query: adminWarehousesQuery, response: matchingIdsAnswer }, ({ query, services }) =>
  warehouseIdsForAdmin(services.db, adminWarehouseSelection(query)),
);
