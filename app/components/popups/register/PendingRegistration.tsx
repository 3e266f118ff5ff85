// Shown in place of a role's form until the accounts work lands: it keeps the popup
// honest (no form that cannot be sent) and points to support.
import { Button } from "react-aria-components";
import { m } from "../../../paraglide/messages.js";
import { buttonClass } from "../../ui/styles.ts";
import type { RegisterFormProps } from "./types.ts";

export function PendingRegistration({ onBack, openSupport }: Pick<RegisterFormProps, "onBack" | "openSupport">) {
  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-brand-100 bg-brand-50 p-4">
        <p className="font-semibold text-brand-900">{m.register_form_pending_title()}</p>
        <p className="mt-1 text-sm text-brand-900/80">{m.register_form_pending_text()}</p>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button onPress={onBack} className={buttonClass("secondary", "md")}>
          {m.register_back()}
        </Button>
        <Button onPress={openSupport} className={buttonClass("primary", "md")}>
          {m.register_form_pending_cta()}
        </Button>
      </div>
    </div>
  );
}
