// The data page's two popups (ProfileData.tsx opens them; they load on the first opening), posting
// to the page's own action with React Router's fetcher:
// - profile data: first_name, last_name, telephone, company, market_id, website, checked with
//   the same schema as the server before sending;
// - credentials: e-mail, new password (blank keeps it) and the current password.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useLocale, useRootData } from "../../lib/root-data.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import { accountFieldError, type FieldCodes } from "../account/field-errors.ts";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { marketOptions } from "../account/useMarkets.ts";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { PasswordInput } from "../ui/PasswordInput.tsx";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { SelectInput } from "../ui/SelectInput.tsx";
import { FormActions } from "../ui/FormActions.tsx";
import type { ProfilePageData } from "./ProfileData.tsx";
import type { DataActionResult, DataIntent } from "../../lib/profile-page.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";

/** The popups' schemas, loaded on the first save: the validation library is not part of the page's first load. */
const loadProfileSchemas = () => import("../../schemas/profile.ts");

/** A field code → the sentence under the field. */
function fieldError(field: string, code: string | undefined): string | null {
  if (!code) return null;
  if (field === "current_password" && code === "invalid") return m.aprof_error_current_password();
  if (field === "market_id" && code === "invalid") return m.aprof_error_market();
  return accountFieldError(field, code);
}

/** The banner of a refused form: the required-fields message when something is missing. */
function bannerFor(codes: FieldCodes): string {
  const values = Object.values(codes).filter(Boolean);
  if (values.includes("required")) return m.form_required_error();
  if (codes.current_password === "invalid" && values.length === 1) return m.aprof_error_current_password();
  if (codes.password === "password_common" && values.length === 1) return m.password_error_common();
  return m.error_invalid();
}
/** Posts one popup's form to the page action and reports its answer once. */
function useDataForm(intent: DataIntent, onDone: (result: DataActionResult) => void) {
  const fetcher = useFetcher<DataActionResult>();
  const { csrfToken } = useRootData();
  const handled = useRef<DataActionResult | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    onDone(fetcher.data);
  }, [fetcher.state, fetcher.data, onDone]);
  const submit = (values: Record<string, string>) => {
    const form = new FormData();
    form.set(XSRF_FIELD_NAME, csrfToken);
    form.set("intent", intent);
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    void fetcher.submit(form, { method: "post" });
  };
  return { submit, pending: fetcher.state !== "idle" };
}
type ProfileValues = { first_name: string; last_name: string; telephone: string; company: string; market_id: string; website: string };

export function ProfilePopup({
  data,
  role,
  isOpen,
  onClose,
  onSaved,
}: {
  data: ProfilePageData;
  role: AreaRole;
  isOpen: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const locale = useLocale();
  const p = data.profile;
  const initial = (): ProfileValues => ({
    first_name: p.first_name ?? "",
    last_name: p.last_name ?? "",
    telephone: p.telephone ?? "",
    company: p.company ?? "",
    market_id: p.market_id ? String(p.market_id) : "",
    website: p.website ?? "",
  });
  const { values, setValues, invalid, setInvalid, set } = useFormFields<ProfileValues>(initial);
  const [message, setMessage] = useState<string | null>(null);

  const { submit, pending } = useDataForm("profile", (result) => {
    if (result.ok) return onSaved();
    if (Object.keys(result.errors).length) {
      setInvalid(result.errors);
      setMessage(bannerFor(result.errors));
    } else {
      // The spec: a save that fails shows the general message.
      setMessage(result.error === "too_many_requests" ? result.message : m.aprof_error_general());
    }
  });

  // Each opening starts from the saved values, without the last attempt's errors.
  useEffect(() => {
    if (!isOpen) return;
    setValues(initial());
    setInvalid({});
    setMessage(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the popup opens
  }, [isOpen]);

  const required = (field: string) => data.required.includes(field);
  const err = (field: string) => fieldError(field, invalid[field]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { profileDataSchema } = await loadProfileSchemas();
    const parsed = profileDataSchema(role).safeParse(values);
    if (!parsed.success) {
      const codes = issuesToCodes(parsed.error.issues, values);
      setInvalid(codes);
      setMessage(bannerFor(codes));
      return;
    }
    setMessage(null);
    submit(values);
  }

  return (
    <PopupDialog id="edit-profile-data" title={m.aprof_edit_profile()} isOpen={isOpen} onClose={onClose} size="lg">
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="profile-data-form">
        {message && <FormMessage tone="error">{message}</FormMessage>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="first_name"
            label={m.register_first_name()}
            autoComplete="given-name"
            value={values.first_name}
            onChange={(v) => set("first_name", v)}
            isRequired={required("first_name")}
            error={err("first_name")}
            autoFocus
          />
          <TextInput
            name="last_name"
            label={m.register_last_name()}
            autoComplete="family-name"
            value={values.last_name}
            onChange={(v) => set("last_name", v)}
            isRequired={required("last_name")}
            error={err("last_name")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="telephone"
            type="tel"
            label={m.register_telephone()}
            autoComplete="tel"
            value={values.telephone}
            onChange={(v) => set("telephone", v)}
            isRequired={required("telephone")}
            error={err("telephone")}
          />
          <TextInput
            name="company"
            label={m.register_company()}
            autoComplete="organization"
            value={values.company}
            onChange={(v) => set("company", v)}
            isRequired={required("company")}
            error={err("company")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            name="market_id"
            label={m.register_market()}
            value={values.market_id}
            onChange={(v) => set("market_id", v)}
            options={marketOptions(data.markets, locale)}
            placeholder={m.register_market_none()}
            isRequired={required("market_id")}
            error={err("market_id")}
          />
          <TextInput
            name="website"
            type="url"
            label={m.register_website()}
            autoComplete="url"
            placeholder="www.example.com"
            value={values.website}
            onChange={(v) => set("website", v)}
            isRequired={required("website")}
            error={err("website")}
          />
        </div>
        <FormActions submitLabel={m.aprof_save()} pending={pending} />
      </form>
    </PopupDialog>
  );
}

type CredentialValues = { email: string; password: string; current_password: string };

export function CredentialsPopup({
  email,
  isOpen,
  onClose,
  onSaved,
}: {
  email: string;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (emailChangePending: boolean, passwordChanged: boolean) => void;
}) {
  const { values, setValues, invalid, setInvalid, set } = useFormFields<CredentialValues>({ email, password: "", current_password: "" });
  const [message, setMessage] = useState<string | null>(null);
  const sentPassword = useRef(false);

  const { submit, pending } = useDataForm("credentials", (result) => {
    if (result.ok) return onSaved(result.intent === "credentials" && result.email_change_pending, sentPassword.current);
    if (Object.keys(result.errors).length) {
      setInvalid(result.errors);
      setMessage(result.error === "email_taken" ? m.register_error_email() : bannerFor(result.errors));
    } else {
      setMessage(result.error === "too_many_requests" ? result.message : m.aprof_error_general());
    }
  });

  useEffect(() => {
    if (!isOpen) return;
    setValues({ email, password: "", current_password: "" });
    setInvalid({});
    setMessage(null);
  }, [isOpen, email, setValues, setInvalid]);

  const err = (field: string) => fieldError(field, invalid[field]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { credentialsSchema } = await loadProfileSchemas();
    const parsed = credentialsSchema.safeParse(values);
    const codes: FieldCodes = parsed.success ? {} : issuesToCodes(parsed.error.issues, values);
    // The form always asks for the current password (the server needs it for any change).
    if (!values.current_password) codes.current_password = "required";
    if (Object.values(codes).some(Boolean)) {
      setInvalid(codes);
      setMessage(bannerFor(codes));
      return;
    }
    if (parsed.success && parsed.data.email === email.toLowerCase() && !parsed.data.password) {
      setMessage(m.aprof_nothing_changed());
      return;
    }
    setMessage(null);
    sentPassword.current = values.password !== "";
    submit(values);
  }

  return (
    <PopupDialog id="edit-credentials" title={m.aprof_edit_credentials()} subtitle={m.aprof_credentials_intro()} isOpen={isOpen} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="credentials-form">
        {message && <FormMessage tone="error">{message}</FormMessage>}
        <TextInput
          name="email"
          type="email"
          label={m.login_email()}
          autoComplete="email"
          value={values.email}
          onChange={(v) => set("email", v)}
          isRequired
          error={err("email")}
          autoFocus
        />
        <PasswordInput
          name="password"
          label={m.aprof_new_password()}
          autoComplete="new-password"
          value={values.password}
          onChange={(v) => set("password", v)}
          error={err("password")}
          hint={`${m.aprof_new_password_keep()} ${m.password_hint()}`}
        />
        <PasswordInput
          name="current_password"
          label={m.aprof_current_password()}
          autoComplete="current-password"
          value={values.current_password}
          onChange={(v) => set("current_password", v)}
          isRequired
          error={err("current_password")}
        />
        <FormActions submitLabel={m.aprof_save()} pending={pending} />
      </form>
    </PopupDialog>
  );
}
