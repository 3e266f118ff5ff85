// The action of the back office's specification form (/admin/specifications/new and
// /admin/specifications/{id}/edit): the same schemas and services as the JSON calls; a
// refusal comes back as data (fields in error and what was typed), a save goes to the list.
import { redirect, type RouterContextProvider } from "react-router";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { fieldErrors, pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { ValidationError } from "../../server/errors.ts";
import { createSpecification, updateSpecification } from "../../server/specifications/specifications.service.ts";
import { specificationCreateSchema, specificationUpdateSchema } from "../../schemas/specification.ts";
import type { SpecificationFormResult, SpecificationFormValues } from "../../components/admin/SpecificationForm.tsx";

export type { SpecificationFormResult, SpecificationFormValues };


const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** `id` null: create. */
export async function specificationFormAction(request: Request, context: Readonly<RouterContextProvider>, id: number | null): Promise<SpecificationFormResult> {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const form = await pageWork(() => readFormData(request));
  const values: SpecificationFormValues = {
    cat_id: text(form, "cat_id"),
    value: text(form, "value"),
    value_en: text(form, "value_en"),
    description: text(form, "description"),
    description_en: text(form, "description_en"),
  };
  const db = context.get(servicesContext).db;
  try {
    if (id === null) {
      const body = specificationCreateSchema.safeParse({ specification_data: values });
      if (!body.success) return { errors: fieldErrors(body.error, { specification_data: values }), values };
      await createSpecification(db, actor, body.data.specification_data);
    } else {
      const body = specificationUpdateSchema.safeParse({ specification_data: values });
      if (!body.success) return { errors: fieldErrors(body.error, { specification_data: values }), values };
      const { value, value_en, description, description_en } = body.data.specification_data;
      await pageWork(() => updateSpecification(db, actor, id, { value, value_en, description, description_en }));
    }
  } catch (err) {
    if (err instanceof ValidationError) return { errors: err.errors, values };
    throw err;
  }
  throw redirect("/admin/specifications");
}
