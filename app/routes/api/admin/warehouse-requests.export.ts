// GET /api/admin/warehouse-requests/{id}/export → the CSV of one request (the spec names no path for
// "export a single request"; this one sits with the request's other calls): its fields, then one
// row per contacted warehouse; named richiesta_<number>.csv. Audited. Unknown request: 404.
import { z } from "zod";
import { apiLoader, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { csvResponse } from "../../../server/http/csv.ts";
import { exportAdminRequest } from "../../../server/admin-requests/admin-requests.service.ts";

export const loader = apiLoader({ access: ["admin"], params: z.object({ id: idParam }) }, async ({ actor, params, services }) =>
  csvResponse(await exportAdminRequest(services.db, actor, params.id)),
);
export const action = methodNotAllowed;
