// The owner's choice, on a warehouse's page while a referent handles its quote requests: receive
// them by e-mail too, or not (the owner is told of each in the app whatever it chooses). Saved at
// once (POST /api/stocker/warehouses/{id}/update-request-emails); in an administrator's view of
// the stocker's area the choice is only shown (`api` null): it is the owner's.
import { useEffect, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { CheckboxInput } from "../ui/fields.tsx";

type Status = { kind: "idle" | "saving" } | { kind: "saved"; enabled: boolean } | { kind: "failed"; message: string };

export function OwnerRequestEmails({ enabled, api }: { enabled: boolean; api: string | null }) {
  const [value, setValue] = useState(enabled);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  useEffect(() => setValue(enabled), [enabled]);

  if (api === null) {
    return (
      <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-700" data-testid="owner-request-emails">
        {enabled ? m.wm_owner_mail_admin_on() : m.wm_owner_mail_admin_off()}
      </p>
    );
  }

  async function change(next: boolean) {
    if (status.kind === "saving" || api === null) return;
    setValue(next);
    setStatus({ kind: "saving" });
    const res = await postJson<{ owner_request_emails?: boolean }>(api, { warehouse_data: { owner_request_emails: next } });
    if (res.ok && typeof res.data.owner_request_emails === "boolean") {
      setValue(res.data.owner_request_emails);
      setStatus({ kind: "saved", enabled: res.data.owner_request_emails });
    } else {
      // Nothing changed on the server: the box shows what is stored, and why.
      setValue(!next);
      setStatus({ kind: "failed", message: res.data.message || m.wm_owner_mail_error() });
    }
  }

  const said =
    status.kind === "saving"
      ? m.wm_owner_mail_saving()
      : status.kind === "saved"
        ? status.enabled
          ? m.wm_owner_mail_saved_on()
          : m.wm_owner_mail_saved_off()
        : status.kind === "failed"
          ? status.message
          : "";
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="owner-request-emails">
      <CheckboxInput name="owner_request_emails" isSelected={value} onChange={(next) => void change(next)}>
        {m.wm_owner_mail_label()}
      </CheckboxInput>
      <p className="mt-1 pl-8 text-xs text-slate-600">{m.wm_owner_mail_hint()}</p>
      <p role="status" aria-live="polite" className={`mt-1 min-h-5 pl-8 text-sm ${status.kind === "failed" ? "text-red-700" : "text-slate-600"}`}>
        {said}
      </p>
    </div>
  );
}
