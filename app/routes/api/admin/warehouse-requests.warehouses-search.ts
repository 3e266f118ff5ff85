// GET /api/admin/warehouse-requests/{id}/warehouses/search?search_term&ids → { warehouses } (at most
// 20): the add-warehouses popup's search, without the ids already selected and the warehouses the
// request already went to; approved and not deactivated only. Unknown request: 404.
import { z } from "zod";
import { apiLoader, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { searchRequestWarehouses } from "../../../server/admin-requests/admin-requests.service.ts";
import { requestWarehouseSearchQuery } from "../../../schemas/admin-requests.ts";
import { requestWarehouseCandidatesAnswer } from "../../../schemas/admin-records-answers.ts";

export const loader = apiLoader(
  { access: ["admin"], params: z.object({ id: idParam }), query: requestWarehouseSearchQuery, response: requestWarehouseCandidatesAnswer },
  ({ actor, params, query, services }) => searchRequestWarehouses(services.db, actor, params.id, { search: query.search_term, ids: query.ids }),
);
export const action = methodNotAllowed;
