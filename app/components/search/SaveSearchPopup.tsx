// The "Save search" dialog itself (see SaveSearch.tsx, which loads it the first time it opens):
// the search's criteria in words, its name (the place, to start with), and for a visitor the
// address and the privacy consent. A stock hunter's search goes to
// POST /api/stock-hunter/saved-searches and is saved at once; a visitor's to
// POST /api/saved-searches, and waits for the address to confirm it from the e-mail.
import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { useCurrentUser, useLocale } from "../../lib/root-data.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { defaultSavedSearchName, SAVED_SEARCH_NAME_MAX } from "../../lib/saved-searches.ts";
import { savedSearchCreateSchema, visitorSavedSearchErrors, visitorSavedSearchSchema } from "../../schemas/saved-searches.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { CheckboxInput, FormMessage, LabelLink, TextInput } from "../ui/fields.tsx";
import { FormActions } from "../ui/FormActions.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { useFocusFirstInvalid } from "../ui/useFocusFirstInvalid.ts";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { usePopups } from "../popups/PopupContext.tsx";
import { savedSearchCriteria } from "./saved-search-words.ts";
import type { SaveSearchPopupProps } from "./SaveSearch.tsx";

export function SaveSearchPopup(props: SaveSearchPopupProps) {
  const user = useCurrentUser();
  return (
    <PopupDialog
      id="save-search-ap"
      title={m.ss_dialog_title()}
      subtitle={user ? m.ss_dialog_intro() : m.ss_dialog_intro_visitor()}
      isOpen={props.isOpen}
      onClose={props.onClose}
    >
      {/* Mounted only while open: reopening starts from a clean form. */}
      {props.isOpen && <SaveSearchForm {...props} />}
    </PopupDialog>
  );
}

type Field = "name" | "email" | "privacy";
type Invalid = Partial<Record<Field, string>>;

function fieldError(field: Field, code: string | undefined): string | null {
  if (!code) return null;
  if (field === "name") return code === "too_long" ? m.ss_error_name_long({ max: SAVED_SEARCH_NAME_MAX }) : m.ss_error_name();
  if (field === "email") return code === "taken" ? m.quote_error_email() : code === "required" ? m.field_required() : m.field_email_invalid();
  return m.field_privacy_required();
}

/** A refusal of the search itself (not of a field of the dialog): its dates have passed, or it cannot be saved as it is. */
function searchError(codes: Record<string, string>): string | null {
  const other = Object.entries(codes).filter(([field]) => field !== "name" && field !== "email" && field !== "privacy");
  if (other.length === 0) return null;
  return other.some(([, code]) => code === "in_the_past") ? m.ss_error_dates_past() : m.ss_error_search();
}

function SaveSearchForm({ onClose, search, onSaved }: SaveSearchPopupProps) {
  const user = useCurrentUser();
  const locale = useLocale();
  const { openLogin } = usePopups();
  const [name, setName] = useState(() => defaultSavedSearchName(search.location));
  const [email, setEmail] = useState("");
  const [privacy, setPrivacy] = useState(false);
  const [hp, setHp] = useState("");
  const [invalid, setInvalid] = useState<Invalid>({});
  const [banner, setBanner] = useState<ReactNode>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ confirmed: boolean; email: string } | null>(null);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const data = {
    name,
    location: search.location,
    lat: search.lat,
    lng: search.lng,
    radius: search.radius,
    start_date: search.start_date ?? null,
    end_date: search.end_date ?? null,
    m2_type: search.m2_type ?? "m2",
    m2_value: search.m2_value ?? null,
    specification_ids: search.specification_ids ?? [],
  };

  function showInvalid(codes: Record<string, string>) {
    const fields: Invalid = {};
    for (const field of ["name", "email", "privacy"] as const) if (codes[field]) fields[field] = codes[field];
    setInvalid(fields);
    setEmailTaken(fields.email === "taken");
    setBanner(searchError(codes));
    focusFirstInvalid();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body = user ? { saved_search_data: data } : { saved_search_data: { ...data, email, privacy }, hp };
    const parsed = (user ? savedSearchCreateSchema : visitorSavedSearchSchema).safeParse(body);
    const codes: Record<string, string> = parsed.success ? {} : issuesToCodes(parsed.error.issues, body);
    // A visitor's address and consent are reported together with the other fields.
    if (!user) for (const [field, code] of Object.entries(visitorSavedSearchErrors({ email: email.trim() || null, privacy }))) codes[field] ??= code;
    if (Object.keys(codes).length > 0) {
      showInvalid(codes);
      return;
    }
    setInvalid({});
    setBanner(null);
    setEmailTaken(false);
    setPending(true);
    const result = await postJson<{ saved_search_id?: number; confirmed?: boolean }>(user ? "/api/stock-hunter/saved-searches" : "/api/saved-searches", body);
    setPending(false);
    if (result.ok && !result.data.error) {
      const confirmed = !!user;
      setSent({ confirmed, email: email.trim().toLowerCase() });
      onSaved({ confirmed });
      return;
    }
    const errors = result.data.errors ?? {};
    if (result.status === 422 && Object.keys(errors).length > 0) {
      showInvalid(errors);
      return;
    }
    // The cap, the limits (their sentences in the user's language) or a failure.
    setBanner(result.status === 409 || result.status === 429 ? (result.data.message ?? m.ss_error_general()) : m.ss_error_general());
    focusFirstInvalid();
  }

  if (sent) {
    return (
      <div className="space-y-5 text-center" role="status" data-testid="save-search-success">
        <StatusBadge tone="success" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{sent.confirmed ? m.ss_done_title() : m.ss_check_title()}</p>
          <p className="mt-1 text-slate-600">{sent.confirmed ? m.ss_done_text() : m.ss_check_text({ email: sent.email })}</p>
        </div>
        <div className="flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <button type="button" onClick={onClose} className={buttonClass(sent.confirmed ? "secondary" : "primary", "md")} autoFocus={!sent.confirmed}>
            {m.popup_close()}
          </button>
          {sent.confirmed && (
            <Link to={areaPaths(areaBase("stock_hunter", locale)).savedSearches} className={buttonClass("primary", "md")} autoFocus>
              {m.ss_done_link()}
            </Link>
          )}
        </div>
      </div>
    );
  }

  const criteria = savedSearchCriteria({ ...data, location: search.location ?? "" });
  return (
    <div className="space-y-5">
      <section className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 text-sm" aria-label={m.ss_recap_title()} data-testid="save-search-recap">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-3">
          {criteria.map((c) => (
            <div key={c.key} className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{c.label}</dt>
              <dd className="mt-0.5 font-medium break-words text-slate-900">{c.value}</dd>
            </div>
          ))}
        </dl>
        {search.specification_labels && search.specification_labels.length > 0 && (
          <div className="mt-3">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{m.ss_label_specifications()}</p>
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {search.specification_labels.map((label) => (
                <li key={label} className="rounded-full bg-white px-2.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200">
                  {label}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label={m.ss_dialog_title()}>
        {banner && <FormMessage tone="error">{banner}</FormMessage>}
        {emailTaken && (
          <FormMessage tone="error">
            <span className="font-semibold">{m.quote_error_email()}</span>. {m.ss_login_invite()}{" "}
            <button
              type="button"
              onClick={() => {
                onClose();
                openLogin();
              }}
              className={`${linkClass} font-semibold`}
            >
              {m.quote_login_action()}
            </button>
          </FormMessage>
        )}
        <TextInput
          name="name"
          label={m.ss_name_label()}
          value={name}
          onChange={(v) => {
            setName(v);
            setInvalid((s) => ({ ...s, name: undefined }));
          }}
          isRequired
          autoFocus
          error={fieldError("name", invalid.name)}
        />
        {!user && (
          <>
            <TextInput
              name="email"
              type="email"
              label={m.ss_email_label()}
              autoComplete="email"
              value={email}
              onChange={(v) => {
                setEmail(v);
                setEmailTaken(false);
                setInvalid((s) => ({ ...s, email: undefined }));
              }}
              isRequired
              error={fieldError("email", invalid.email)}
            />
            {/* A field people never see or reach; robots fill it. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label>
                Website
                <input type="text" name="hp" tabIndex={-1} autoComplete="off" value={hp} onChange={(e) => setHp(e.target.value)} />
              </label>
            </div>
            <div className="rounded-xl bg-slate-50 p-4">
              <CheckboxInput
                name="privacy"
                isSelected={privacy}
                onChange={(v) => {
                  setPrivacy(v);
                  setInvalid((s) => ({ ...s, privacy: undefined }));
                }}
                isRequired
                error={fieldError("privacy", invalid.privacy)}
              >
                {m.quote_privacy_before()}
                <LabelLink href={paths.legal(locale, "privacy-policy")} className={linkClass}>
                  {m.quote_privacy_link()}
                </LabelLink>
              </CheckboxInput>
            </div>
          </>
        )}
        <FormActions submitLabel={m.ss_submit()} pending={pending} />
      </form>
    </div>
  );
}
