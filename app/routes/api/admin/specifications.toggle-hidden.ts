// POST /api/admin/specifications/{id}/toggle-hidden { specification_data: { hidden } } →
// { specification_id, hidden } (audited): a hidden value leaves the search filters and the forms.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { setSpecificationHidden } from "../../../server/specifications/specifications.service.ts";
import { specificationToggleSchema } from "../../../schemas/specification.ts";
import { specificationHiddenAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction(
  { access: ["admin"], response: specificationHiddenAnswer, params: z.object({ id: idParam }), body: specificationToggleSchema },
  ({ actor, params, body, services }) => setSpecificationHidden(services.db, actor, params.id, body.specification_data.hidden),
);
export const loader = methodNotAllowed;
