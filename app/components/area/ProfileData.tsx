// The data page of every area ({prefix}/data): the profile card (business name or name,
// e-mail, masked password, telephone, company, market, website), the note of an address
// change waiting for its link, and two popups posting to the page's own action
// (app/routes/shared/profile-pages.server.ts#dataAction) with React Router's fetcher:
// - profile data: first_name, last_name, telephone, company, market_id, website, checked with
//   the same schema as the server before sending;
// - credentials: e-mail, new password (blank keeps it) and the current password.
// The page's data reloads by itself after a successful action (React Router revalidates).
// In an administrator's view the profile popup works (audited) and the credentials are read-only.
// A stocker's page also has the subscription and payment-method blocks (billing/ProfileBillingBlocks.tsx).
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useLocale, useRootData } from "../../lib/root-data.ts";
import { formatDate } from "../../lib/format.ts";
import { areaBase, type AreaRole } from "../../lib/area-paths.ts";
import { accountFieldError, codesOf, type FieldCodes } from "../account/field-errors.ts";
import { marketOptions, type Market } from "../account/useMarkets.ts";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { PasswordInput } from "../ui/PasswordInput.tsx";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { SelectInput } from "../ui/SelectInput.tsx";
import { FormActions } from "../ui/FormActions.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { AreaPageHeading } from "./AreaShell.tsx";
import type { ProfileBillingView } from "../../lib/billing.ts";
import { ProfileBillingBlocks } from "../billing/ProfileBillingBlocks.tsx";

type DateValue = Date | string;

/** What the data page's loader hands this component (app/routes/shared/profile-pages.server.ts). */
export type ProfilePageData = {
  profile: {
    first_name: string | null;
    last_name: string | null;
    company: string | null;
    business_name: string | null;
    email: string;
    telephone: string | null;
    market_id: number | null;
    market: string | null;
    website: string | null;
    created_at: DateValue;
  };
  markets: Market[];
  pendingEmail: { email: string; expires_at: DateValue } | null;
  /** The fields this role must fill in. */
  required: readonly string[];
  /** The stocker's subscription and payment method (null for the other roles). */
  billing?: ProfileBillingView | null;
  /** The area's base path (the loader adds it), for the billing links. */
  frame?: { base: string };
};

export type DataIntent = "profile" | "credentials";

/** What the page action answers. */
export type DataActionResult =
  | { ok: true; intent: "profile" }
  | { ok: true; intent: "credentials"; email_change_pending: boolean }
  | { ok: false; intent: DataIntent | null; errors: Record<string, string>; error: string; message: string };

/** A field code → the sentence under the field. */
/** The popups' schemas, loaded on the first save: the validation library is not part of the page's first load. */
const loadProfileSchemas = () => import("../../schemas/profile.ts");

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

/** A web address as a link that can only be http(s). */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

function fullName(p: ProfilePageData["profile"]): string {
  return [p.first_name, p.last_name].filter(Boolean).join(" ").trim();
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

export function ProfileData({ data, role, asAdmin }: { data: ProfilePageData; role: AreaRole; asAdmin: boolean }) {
  const { profile, pendingEmail } = data;
  const locale = useLocale();
  const [open, setOpen] = useState<DataIntent | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = fullName(profile);
  const business = profile.company || profile.business_name;
  const notGiven = <span className="text-slate-400">{m.aprof_not_set()}</span>;

  const saved = (text: string) => {
    setOpen(null);
    setNotice(text);
  };

  return (
    <div className="space-y-5" data-testid="profile-data">
      <AreaPageHeading title={m.area_nav_data()} intro={asAdmin ? m.aprof_intro_admin() : m.aprof_intro()} />
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {pendingEmail && (
        <FormMessage tone="info">
          <span data-testid="pending-email">{m.aprof_pending_email({ email: pendingEmail.email, date: formatDate(pendingEmail.expires_at) })}</span>
        </FormMessage>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="profile-card-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="profile-card-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                {m.aprof_card_profile()}
              </h2>
              <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="profile-title">
                {business || name || profile.email}
              </p>
            </div>
            <button type="button" onClick={() => setOpen("profile")} className={buttonClass("secondary", "sm")}>
              {m.aprof_edit_profile()}
            </button>
          </div>
          <dl className="divide-y divide-slate-100 text-sm">
            {/* The business a stocker registered with, when it is not already the company below. */}
            {profile.business_name && profile.business_name !== profile.company && <Row label={m.aprof_label_business()}>{profile.business_name}</Row>}
            <Row label={m.aprof_label_name()}>{name || notGiven}</Row>
            <Row label={m.register_telephone()}>{profile.telephone || notGiven}</Row>
            <Row label={m.register_company()}>{profile.company || notGiven}</Row>
            <Row label={m.register_market()}>{profile.market || notGiven}</Row>
            <Row label={m.register_website()}>
              {profile.website ? (
                <a href={websiteHref(profile.website)} target="_blank" rel="noopener noreferrer nofollow" className={`${linkClass} break-all`}>
                  {profile.website}
                  <span className="sr-only"> {m.opens_new_tab()}</span>
                </a>
              ) : (
                notGiven
              )}
            </Row>
            <Row label={m.aprof_label_since()}>{formatDate(profile.created_at)}</Row>
          </dl>
        </section>

        <section aria-labelledby="credentials-card-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <h2 id="credentials-card-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {m.aprof_card_credentials()}
            </h2>
            {!asAdmin && (
              <button type="button" onClick={() => setOpen("credentials")} className={buttonClass("secondary", "sm")}>
                {m.aprof_edit_credentials()}
              </button>
            )}
          </div>
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={m.login_email()}>
              <span className="break-all" data-testid="profile-email">
                {profile.email}
              </span>
            </Row>
            <Row label={m.aprof_label_password()}>
              <span aria-hidden="true" className="tracking-widest">
                ••••••••
              </span>
              <span className="sr-only">{m.aprof_password_hidden()}</span>
            </Row>
          </dl>
          {asAdmin && <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600">{m.aprof_admin_credentials_note()}</p>}
        </section>
      </div>

      {data.billing && <ProfileBillingBlocks billing={data.billing} base={data.frame?.base ?? areaBase("stocker", locale)} asAdmin={asAdmin} />}

      <ProfilePopup data={data} role={role} isOpen={open === "profile"} onClose={() => setOpen(null)} onSaved={() => saved(m.aprof_saved_profile())} />
      {!asAdmin && (
        <CredentialsPopup
          email={profile.email}
          isOpen={open === "credentials"}
          onClose={() => setOpen(null)}
          onSaved={(pending, passwordChanged) =>
            saved([pending ? m.aprof_saved_email() : null, passwordChanged ? m.aprof_saved_password() : null].filter(Boolean).join(" "))
          }
        />
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

type ProfileValues = { first_name: string; last_name: string; telephone: string; company: string; market_id: string; website: string };

function ProfilePopup({ data, role, isOpen, onClose, onSaved }: { data: ProfilePageData; role: AreaRole; isOpen: boolean; onClose: () => void; onSaved: () => void }) {
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
  const [values, setValues] = useState<ProfileValues>(initial);
  const [invalid, setInvalid] = useState<FieldCodes>({});
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

  const set = (field: keyof ProfileValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalid[field]) setInvalid((s) => ({ ...s, [field]: undefined }));
  };
  const required = (field: string) => data.required.includes(field);
  const err = (field: string) => fieldError(field, invalid[field]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { profileDataSchema } = await loadProfileSchemas();
    const parsed = profileDataSchema(role).safeParse(values);
    if (!parsed.success) {
      const codes = codesOf(parsed.error.issues, values);
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
          <TextInput name="first_name" label={m.register_first_name()} autoComplete="given-name" value={values.first_name} onChange={set("first_name")} isRequired={required("first_name")} error={err("first_name")} autoFocus />
          <TextInput name="last_name" label={m.register_last_name()} autoComplete="family-name" value={values.last_name} onChange={set("last_name")} isRequired={required("last_name")} error={err("last_name")} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="telephone" type="tel" label={m.register_telephone()} autoComplete="tel" value={values.telephone} onChange={set("telephone")} isRequired={required("telephone")} error={err("telephone")} />
          <TextInput name="company" label={m.register_company()} autoComplete="organization" value={values.company} onChange={set("company")} isRequired={required("company")} error={err("company")} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            name="market_id"
            label={m.register_market()}
            value={values.market_id}
            onChange={set("market_id")}
            options={marketOptions(data.markets, locale)}
            placeholder={m.register_market_none()}
            isRequired={required("market_id")}
            error={err("market_id")}
          />
          <TextInput name="website" type="url" label={m.register_website()} autoComplete="url" placeholder="www.example.com" value={values.website} onChange={set("website")} isRequired={required("website")} error={err("website")} />
        </div>
        <FormActions submitLabel={m.aprof_save()} pending={pending} />
      </form>
    </PopupDialog>
  );
}

type CredentialValues = { email: string; password: string; current_password: string };

function CredentialsPopup({
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
  const [values, setValues] = useState<CredentialValues>({ email, password: "", current_password: "" });
  const [invalid, setInvalid] = useState<FieldCodes>({});
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
  }, [isOpen, email]);

  const set = (field: keyof CredentialValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalid[field]) setInvalid((s) => ({ ...s, [field]: undefined }));
  };
  const err = (field: string) => fieldError(field, invalid[field]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { credentialsSchema } = await loadProfileSchemas();
    const parsed = credentialsSchema.safeParse(values);
    const codes: FieldCodes = parsed.success ? {} : codesOf(parsed.error.issues, values);
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
        <TextInput name="email" type="email" label={m.login_email()} autoComplete="email" value={values.email} onChange={set("email")} isRequired error={err("email")} autoFocus />
        <PasswordInput
          name="password"
          label={m.aprof_new_password()}
          autoComplete="new-password"
          value={values.password}
          onChange={set("password")}
          error={err("password")}
          hint={`${m.aprof_new_password_keep()} ${m.password_hint()}`}
        />
        <PasswordInput name="current_password" label={m.aprof_current_password()} autoComplete="current-password" value={values.current_password} onChange={set("current_password")} isRequired error={err("current_password")} />
        <FormActions submitLabel={m.aprof_save()} pending={pending} />
      </form>
    </PopupDialog>
  );
}
