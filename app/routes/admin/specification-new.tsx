// /admin/specifications/new ("Aggiungi specifica"): a new value at the end of its group; saving
// goes to /admin/specifications.
import type { Route } from "./+types/specification-new";
import { pageLoader } from "../../server/http/page.ts";
import { listSpecificationCategories } from "../../server/specifications/specifications.service.ts";
import { specificationCreateAction } from "../shared/specification-form.server.ts";
import { m } from "../../paraglide/messages.js";
import { SpecificationForm, SpecificationFormFrame } from "../../components/admin/SpecificationForm.tsx";

export const loader = pageLoader({ access: ["admin"] }, async ({ services }) => ({ categories: await listSpecificationCategories(services.db) }));

export const action = specificationCreateAction;

export function meta() {
  return [{ title: m.page_title({ title: m.admspec_new_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminSpecificationNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SpecificationFormFrame title={m.admspec_new_title()}>
      <SpecificationForm
        mode="create"
        categories={loaderData.categories}
        initial={{ cat_id: "", value: "", value_en: "", description: "", description_en: "" }}
        result={actionData}
      />
    </SpecificationFormFrame>
  );
}
