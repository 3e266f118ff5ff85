// The support overlay (#support-overlay): first name, last name, business name, e-mail,
// message and the privacy tick. Sent to POST /api/send-support-requests as support_data.
// As the spec says, a server error is only logged; missing fields show the required message.
import { useState, type FormEvent } from "react";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import type { CurrentUser } from "../../lib/root-data.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { CheckboxInput, FormMessage, LabelLink, TextInput } from "../ui/fields.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { usePopups } from "./PopupContext.tsx";
import { validateSupport, type SupportField, type SupportInvalid as Invalid, type SupportValues as Values } from "./support-validation.ts";
import { FormActions } from "../ui/FormActions.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { useFormFields } from "../../lib/use-form-fields.ts";

function bannerFor(invalid: Invalid): string {
  return Object.values(invalid).includes("required") ? m.form_required_error() : m.error_invalid();
}

export function SupportDialog({ locale, user }: { locale: Locale; user: CurrentUser | null }) {
  const { popup, close } = usePopups();
  const isOpen = popup.kind === "support";
  return (
    <PopupDialog id="support-overlay" title={m.support_title()} subtitle={m.support_intro()} isOpen={isOpen} onClose={close} size="lg">
      {/* Mounted only while open: a reopened overlay starts from a clean form. */}
      {isOpen && <SupportForm locale={locale} user={user} onDone={close} />}
    </PopupDialog>
  );
}

function SupportForm({ locale, user, onDone }: { locale: Locale; user: CurrentUser | null; onDone: () => void }) {
  const { values, invalid, setInvalid, set } = useFormFields<Values>({
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    business_name: user?.company ?? "",
    email: user?.email ?? "",
    message: "",
    privacy: false,
  });
  const [banner, setBanner] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function errorText(field: SupportField | "privacy"): string | null {
    const code = invalid[field];
    if (!code) return null;
    if (field === "privacy") return m.field_privacy_required();
    return code === "email" ? m.field_email_invalid() : m.field_required();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateSupport(values);
    setInvalid(found);
    if (Object.keys(found).length > 0) {
      setBanner(bannerFor(found));
      return;
    }
    setBanner(null);
    setPending(true);
    const supportData = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      business_name: values.business_name.trim(),
      email: values.email.trim().toLowerCase(),
      message: values.message.trim(),
      privacy: true,
      user_agent_data: navigator.userAgent,
    };
    const result = await postJson("/api/send-support-requests", { support_data: supportData });
    setPending(false);
    if (result.ok && !result.data.error) {
      setSentTo(supportData.email);
      return;
    }
    if (result.status === 422 && result.data.errors) {
      // The server's field check disagrees with ours: mark those fields like a client failure.
      const fromServer: Invalid = {};
      for (const [field, code] of Object.entries(result.data.errors)) fromServer[field as SupportField] = code;
      setInvalid(fromServer);
      setBanner(bannerFor(fromServer));
      return;
    }
    console.error("support request failed", result.status, result.data);
  }

  if (sentTo) {
    return (
      <div className="space-y-5 text-center" role="status">
        <StatusBadge tone="success" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{m.support_thanks_title()}</p>
          <p className="mt-1 text-slate-600">{m.support_thanks_text({ email: sentTo })}</p>
        </div>
        <button type="button" onClick={onDone} autoFocus className={buttonClass("primary", "md")}>
          {m.popup_close()}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {banner && <FormMessage tone="error">{banner}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          name="first_name"
          label={m.support_first_name()}
          autoComplete="given-name"
          value={values.first_name}
          onChange={(v) => set("first_name", v)}
          isRequired
          error={errorText("first_name")}
          autoFocus
        />
        <TextInput
          name="last_name"
          label={m.support_last_name()}
          autoComplete="family-name"
          value={values.last_name}
          onChange={(v) => set("last_name", v)}
          isRequired
          error={errorText("last_name")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          name="business_name"
          label={m.support_business_name()}
          autoComplete="organization"
          value={values.business_name}
          onChange={(v) => set("business_name", v)}
          isRequired
          error={errorText("business_name")}
        />
        <TextInput
          name="email"
          type="email"
          label={m.support_email()}
          autoComplete="email"
          value={values.email}
          onChange={(v) => set("email", v)}
          isRequired
          error={errorText("email")}
        />
      </div>
      <TextInput
        name="message"
        label={m.support_message()}
        multiline
        rows={5}
        value={values.message}
        onChange={(v) => set("message", v)}
        isRequired
        error={errorText("message")}
      />
      <CheckboxInput name="privacy" isSelected={values.privacy} onChange={(v) => set("privacy", v)} isRequired error={errorText("privacy")}>
        {m.support_privacy_before()}
        <LabelLink href={paths.legal(locale, "privacy-policy")} className={linkClass}>
          {m.support_privacy_link()}
        </LabelLink>
        {m.support_privacy_after()}
      </CheckboxInput>
      <FormActions submitLabel={m.support_submit()} pending={pending} />
    </form>
  );
}
