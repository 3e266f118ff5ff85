// GET /api/admin/warehouses/search?search_term&type=not_assigned|all → { warehouses } (at most 20):
// the approve popup's search for the warehouse to give an approved stocker.
import { z } from "zod";
import { apiLoader } from "../../../server/http/api.ts";
import { searchWarehousesForApproval } from "../../../server/accounts/stocker-approval.service.ts";
import { optionalText } from "../../../schemas/common.ts";
import { WAREHOUSE_SEARCH_TYPES } from "../../../schemas/stocker-approval.ts";
import { approvalWarehouseSearchAnswer } from "../../../schemas/admin-records-answers.ts";

const query = z.object({
  search_term: optionalText(120),
  type: z.enum(WAREHOUSE_SEARCH_TYPES).optional(),
});

export const loader = apiLoader({ access: ["admin"], query, response: approvalWarehouseSearchAnswer }, ({ query, services }) =>
  searchWarehousesForApproval(services.db, { search: query.search_term, type: query.type ?? "not_assigned" }),
);
