// /admin/warehouses/{id}/edit: the warehouse form of any warehouse; every save is audited.
import type { Route } from "./+types/warehouse-edit";
import { m } from "../../paraglide/messages.js";
import { adminWarehouseEditLoader } from "../shared/warehouse-pages.server.ts";
import { WarehouseFormPage } from "../../components/warehouse-manage/WarehouseFormPage.tsx";
import { Link } from "react-router";
import { auditLink } from "../../lib/audit-link.ts";

export const loader = adminWarehouseEditLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.wm_edit_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminWarehouseEdit({ loaderData }: Route.ComponentProps) {
  const id = loaderData.setup.warehouseId;
  // The page's own frame, to put the link to the warehouse's history (audit log) beside the way back.
  return (
    <div className="relative mx-auto max-w-5xl px-4 py-8 sm:py-10">
      {id !== null && (
        <Link
          to={auditLink("warehouse", id)}
          className="absolute top-5 right-4 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline sm:top-7"
          data-testid="warehouse-history"
        >
          {m.admdash_history()}
        </Link>
      )}
      <WarehouseFormPage
        framed
        setup={loaderData.setup}
        title={m.wm_edit_title()}
        subtitle={loaderData.name}
        back={{ href: "/admin/warehouses", label: m.wm_back_to_list() }}
      />
    </div>
  );
}
