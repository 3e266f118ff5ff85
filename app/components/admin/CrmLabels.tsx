// The CRM's words the lists share: the event types' names and a follow-up action's state badge,
// apart from the popup (CrmEntryDialog.tsx) so that the actions page does not load it.
import { m } from "../../paraglide/messages.js";
import type { CrmEventTypeName } from "../../lib/crm.ts";

export const CRM_EVENT_LABEL: Record<CrmEventTypeName, () => string> = {
  call: () => m.admcrm_type_call(),
  mail: () => m.admcrm_type_mail(),
  meet: () => m.admcrm_type_meet(),
  meeting: () => m.admcrm_type_meeting(),
  other: () => m.admcrm_type_other(),
};

/** A follow-up action's state as a small badge: Da gestire (amber) or Gestita (green). */
export function CrmFollowUpState({ done }: { done: boolean }) {
  return done ? (
    <span className="inline-flex rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800">{m.admcrm_state_done()}</span>
  ) : (
    <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800">{m.admcrm_state_pending()}</span>
  );
}
