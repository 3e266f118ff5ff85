// POST /api/admin/specifications/create { specification_data } → { specification_id } (audited).
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { createSpecification } from "../../../server/specifications/specifications.service.ts";
import { specificationCreateSchema } from "../../../schemas/specification.ts";
import { specificationIdAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction({ access: ["admin"], response: specificationIdAnswer, body: specificationCreateSchema }, ({ actor, body, services }) =>
  createSpecification(services.db, actor, body.specification_data),
);
export const loader = methodNotAllowed;
