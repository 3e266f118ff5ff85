// GET /api/admin/warehouse-requests/{id}/export?format=csv|xlsx → one request (the spec names no
// path for "export a single request"; this one sits with the request's other calls): its fields,
// then one row per contacted warehouse (in XLSX, a second sheet); named richiesta_<number>.csv or
// .xlsx. Audited. Unknown request: 404.
import { z } from "zod";
import { apiLoader, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportAdminRequest } from "../../../server/admin-requests/admin-requests.service.ts";
import { exportFormat } from "../../../schemas/admin-lists.ts";

export const loader = apiLoader(
  { access: ["admin"], params: z.object({ id: idParam }), query: z.object({ format: exportFormat }) },
  async ({ actor, params, query, services }) => tableExportResponse({ format: query.format, ...(await exportAdminRequest(services.db, actor, params.id)) }),
);
export const action = methodNotAllowed;
