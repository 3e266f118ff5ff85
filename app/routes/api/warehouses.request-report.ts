// POST /api/warehouses/{warehouseId}/requests/{requestId}/report → { report_id }.
// 401 logged out, 403 not a party of the request, 404 no such link, 422 bad input.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../server/http/api.ts";
import { createReport } from "../../server/reviews/reviews.service.ts";
import { reportSchema } from "../../schemas/feedback.ts";
import { requestReportAnswer } from "../../schemas/search-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "user", body: reportSchema, params: z.object({ warehouseId: idParam, requestId: idParam }), response: requestReportAnswer },
  async ({ body, params, actor, services }) => ({
    report_id: await createReport(services.db, actor, params.warehouseId, params.requestId, body.report_data, { origin: services.config.origin }),
  }),
);
