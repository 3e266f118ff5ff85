// The band above an area that an administrator is looking at (/admin/{stocker|stock-hunter}/{id}/…):
// whose area it is, its history in the audit log, and the way back to the back office. A chunk of
// its own (AreaShell.tsx loads it): the users' own areas never show it, and it kept the
// administrator's views of the heaviest pages within the JavaScript budget.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { auditLink } from "../../lib/audit-link.ts";
import { standaloneLinkClass } from "../ui/styles.ts";

export function AreaAdminBand({ ownerId, ownerName }: { ownerId: number; ownerName: string }) {
  return (
    <div
      role="note"
      className="mb-5 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <span>{m.area_admin_view({ name: ownerName })}</span>
      <span className="flex flex-wrap gap-x-4">
        <Link to={auditLink("user", ownerId)} className={`${standaloneLinkClass} font-semibold underline underline-offset-2`} data-testid="area-history">
          {m.admdash_history()}
        </Link>
        <Link to="/admin/warehouses" className={`${standaloneLinkClass} font-semibold underline underline-offset-2`}>
          {m.area_admin_back()}
        </Link>
      </span>
    </div>
  );
}
