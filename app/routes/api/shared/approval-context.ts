// What deciding a stocker registration needs, for the JSON endpoint and the back-office page alike.
import type { AppServices } from "../../../server/context.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { ApprovalContext } from "../../../server/accounts/stocker-approval.service.ts";
import { editingContext } from "./warehouse-endpoints.ts";

export function approvalContext(services: AppServices, locale: Locale): ApprovalContext {
  return { editing: editingContext(services, locale), mail: { origin: services.config.origin, supportEmail: services.config.supportEmail } };
}
