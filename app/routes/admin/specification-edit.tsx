// /admin/specifications/{id}/edit ("Modifica la specifica"): the texts of a value; its group is
// shown but not editable. Saving goes to /admin/specifications; the link beside the way back
// opens its history in the audit log.
import { Link } from "react-router";
import type { Route } from "./+types/specification-edit";
import { pageLoader } from "../../server/http/page.ts";
import { listSpecificationCategories, specificationToEdit } from "../../server/specifications/specifications.service.ts";
import { specificationUpdateAction } from "../shared/specification-form.server.ts";
import { idPathParams } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { auditLink } from "../../lib/audit-link.ts";
import { SpecificationForm, SpecificationFormFrame } from "../../components/admin/SpecificationForm.tsx";
import { standaloneLinkClass } from "../../components/ui/styles.ts";

export const loader = pageLoader({ access: ["admin"], params: idPathParams }, async ({ params, services: { db } }) => {
  const [spec, categories] = await Promise.all([specificationToEdit(db, params.id), listSpecificationCategories(db)]);
  return { spec, categories };
});

export const action = specificationUpdateAction;

export function meta() {
  return [{ title: m.page_title({ title: m.admspec_edit_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminSpecificationEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { spec, categories } = loaderData;
  const initial = {
    cat_id: String(spec.cat_id),
    value: spec.value,
    value_en: spec.value_en ?? "",
    description: spec.description ?? "",
    description_en: spec.description_en ?? "",
  };
  return (
    <SpecificationFormFrame
      title={m.admspec_edit_title()}
      subtitle={spec.value}
      aside={
        <Link
          to={auditLink("specification", spec.id)}
          className={`${standaloneLinkClass} text-sm font-medium text-brand-700 hover:underline`}
          data-testid="specification-history"
        >
          {m.admdash_history()}
        </Link>
      }
    >
      {/* The category select is disabled: on a refused save the typed values come back, the group stays the stored one. */}
      <SpecificationForm mode="edit" categories={categories} initial={initial} result={actionData} />
    </SpecificationFormFrame>
  );
}
