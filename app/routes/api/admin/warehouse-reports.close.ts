// POST /api/admin/warehouse-reports/{id}/close { note? } → { report_id, warehouse_id, closed_at,
// already_closed }: closes an open report on a warehouse (audited on the warehouse). Unknown, or a
// report on a hunter: 404. Already closed: the same answer, already_closed true, nothing changed.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { closeWarehouseReport } from "../../../server/admin/warehouse-reports.service.ts";
import { closeWarehouseReportBody } from "../../../schemas/warehouse-reports.ts";
import { warehouseReportClosedAnswer } from "../../../schemas/admin-records-answers.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: closeWarehouseReportBody, response: warehouseReportClosedAnswer },
  ({ actor, params, body, services }) => closeWarehouseReport(services.db, actor, params.id, body.note),
);
export const loader = methodNotAllowed;
