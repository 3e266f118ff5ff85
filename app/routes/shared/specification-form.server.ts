// The action of the back office's specification form (/admin/specifications/new and
// /admin/specifications/{id}/edit): the form posts the JSON calls' body (specification_data[…]),
// parsed with their schemas and saved by the same services; a refusal comes back to the form
// with the fields in error and what was typed (the form works before the page's script runs),
// a save goes to the list.
import { redirect } from "react-router";
import { z } from "zod";
import { pageAction } from "../../server/http/page.ts";
import { createSpecification, updateSpecification } from "../../server/specifications/specifications.service.ts";
import { specificationCreateSchema, specificationUpdateSchema } from "../../schemas/specification.ts";
import { idNumber } from "../../schemas/common.ts";

/** "Aggiungi specifica": the body of POST /api/admin/specifications/create. */
export const specificationCreateAction = pageAction(
  { access: ["admin"], body: specificationCreateSchema, keepValues: true },
  async ({ actor, body, services }) => {
    await createSpecification(services.db, actor, body.specification_data);
    return redirect("/admin/specifications");
  },
);

/** "Modifica la specifica": the body of POST /api/admin/specifications/{id}/update (its group is not changed). */
export const specificationUpdateAction = pageAction(
  { access: ["admin"], body: specificationUpdateSchema, params: z.object({ id: idNumber }), keepValues: true },
  async ({ actor, body, params, services }) => {
    const { value, value_en, description, description_en } = body.specification_data;
    await updateSpecification(services.db, actor, params.id, { value, value_en, description, description_en });
    return redirect("/admin/specifications");
  },
);
