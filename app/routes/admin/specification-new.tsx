// /admin/specifications/new ("Aggiungi specifica"): a new value at the end of its group; saving
// goes to /admin/specifications.
import type { Route } from "./+types/specification-new";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { listSpecificationCategories } from "../../server/specifications/specifications.service.ts";
import { specificationFormAction } from "../shared/specification-form.server.ts";
import { m } from "../../paraglide/messages.js";
import { SpecificationForm, SpecificationFormFrame } from "../../components/admin/SpecificationForm.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  await pageWork(() => requireRole(context.get(actorContext), "admin"));
  return { categories: await listSpecificationCategories(context.get(servicesContext).db) };
}

export const action = ({ request, context }: Route.ActionArgs) => specificationFormAction(request, context, null);

export function meta() {
  return [{ title: m.page_title({ title: m.admspec_new_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminSpecificationNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SpecificationFormFrame title={m.admspec_new_title()}>
      <SpecificationForm mode="create" categories={loaderData.categories} initial={{ cat_id: "", value: "", value_en: "", description: "", description_en: "" }} result={actionData} />
    </SpecificationFormFrame>
  );
}
