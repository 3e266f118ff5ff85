// GET /api/admin/warehouses?limit&offset&search_term&filters[deactivated|status|hub|redeemed|
// sub_type|province|photos|free_space]&order[key|dir] → { warehouses, warehouses_count }: every
// warehouse, filtered, newest first unless an order is named (offset is the page index). A filter
// or an order outside its list is a 422 naming it.
import { apiLoader } from "../../../server/http/api.ts";
import { adminWarehouseSelection, listWarehousesForAdmin } from "../../../server/warehouses/admin-warehouses.service.ts";
import { adminWarehousesQuery } from "../../../schemas/admin-warehouses.ts";
import { ADMIN_WAREHOUSES_PAGE_SIZE } from "../../../lib/list-params.ts";
import { adminWarehousesAnswer } from "../../../schemas/admin-records-answers.ts";

export const loader = apiLoader({ access: ["admin"], query: adminWarehousesQuery, response: adminWarehousesAnswer }, ({ query, services }) =>
  listWarehousesForAdmin(services.db, {
    ...adminWarehouseSelection(query),
    page: query.offset ?? 0,
    limit: query.limit ?? ADMIN_WAREHOUSES_PAGE_SIZE,
  }),
);
