// "Storico": the link from a back-office row or card to that entity's history in the audit log
// (/admin/audit filtered on it), the same on every screen. `label` names the entity for screen
// readers, since a list has one such link a row.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { auditLink } from "../../lib/audit-link.ts";
import { buttonClass } from "../ui/styles.ts";

export function HistoryLink({ entityType, id, label }: { entityType: string; id: number; label: string }) {
  return (
    <Link to={auditLink(entityType, id)} aria-label={label} className={buttonClass("ghost", "sm", "whitespace-nowrap")}>
      {m.admcrm_history()}
    </Link>
  );
}
