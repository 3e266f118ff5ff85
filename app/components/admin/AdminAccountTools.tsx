// The back office's tools on a user's account, under the user's data page in the administrator's
// view (ProfileData.tsx): a new login e-mail (its owner confirms it by the link sent to it; until
// then nothing changes), a stocker's account type, a password-reset e-mail, and the account's
// sessions, ended one at a time or all together. Each opens a popup that says what will happen
// before it is done; ending sessions, which cannot be taken back, has a destructive-looking button. Everything posts to the data page's
// own action (routes/shared/profile-pages.server.ts), which calls the services behind
// POST /api/admin/users/{id}/… (admin-user-account.service.ts). Below them, the GDPR requests
// (decision 048): the export (a plain GET form to /api/admin/users/{id}/export, which downloads
// the JSON or opens the printable page in a new tab) and the erasure (intent admin_erase, a red
// button after a popup that names what goes and what stays); an erased account shows as such.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { GDPR_REASON_MAX, GDPR_REASON_MIN, type GdprExportFormat } from "../../lib/gdpr.ts";
import type { AdminAccountView, DataActionResult, UserSessionRow } from "../../lib/profile-page.ts";
import { accountFieldError } from "../account/field-errors.ts";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { SelectInput } from "../ui/SelectInput.tsx";
import { buttonClass } from "../ui/styles.ts";
import { AdminTable } from "./AdminList.tsx";

type Intent = "admin_email" | "admin_account_type" | "admin_password_reset" | "admin_end_sessions" | "admin_erase";

/** Which popup is open: the end of one session names it. */
type Open =
  | { kind: "email" }
  | { kind: "account_type" }
  | { kind: "reset" }
  | { kind: "end_one"; session: UserSessionRow }
  | { kind: "end_all" }
  | { kind: "export" }
  | { kind: "erase" }
  | null;

/** Posts one intent to the page action and reports its answer once. */
function useToolForm(onDone: (result: DataActionResult) => void) {
  const fetcher = useFetcher<DataActionResult>();
  const { csrfToken } = useRootData();
  const handled = useRef<DataActionResult | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    onDone(fetcher.data);
  }, [fetcher.state, fetcher.data, onDone]);
  const submit = (intent: Intent, values: Record<string, string> = {}) => {
    const form = new FormData();
    form.set(XSRF_FIELD_NAME, csrfToken);
    form.set("intent", intent);
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    void fetcher.submit(form, { method: "post" });
  };
  return { submit, pending: fetcher.state !== "idle" };
}

const accountTypeLabel = (type: 0 | 1 | null) => (type === 1 ? m.admusr_type_keeper() : m.admusr_type_stocker());

/** A session's browser as stored, shortened for the table (the whole text in its title). */
function deviceOf(session: UserSessionRow): string {
  const agent = session.user_agent?.trim();
  if (!agent) return m.admacc_session_unknown_device();
  return agent.length > 60 ? `${agent.slice(0, 57)}…` : agent;
}

export function AdminAccountTools({ account, email, name }: { account: AdminAccountView; email: string; name: string }) {
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailValue, setEmailValue] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [accountType, setAccountType] = useState(String(account.account_type ?? 0));
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [exportFormat, setExportFormat] = useState<GdprExportFormat>("json");

  const { submit, pending } = useToolForm((result) => {
    if (!result.ok) {
      const fieldCode = result.errors.email;
      if (fieldCode) setEmailError(accountFieldError("email", fieldCode));
      setError(fieldCode ? null : result.message || m.admacc_error());
      return;
    }
    setOpen(null);
    if (result.intent === "admin_email") setNotice(m.admacc_email_sent());
    else if (result.intent === "admin_account_type") setNotice(m.admacc_account_type_saved());
    else if (result.intent === "admin_password_reset") setNotice(result.sent === "invitation" ? m.admacc_invitation_sent() : m.admacc_reset_sent());
    else if (result.intent === "admin_end_sessions") setNotice(m.admacc_sessions_ended({ count: result.ended }));
    else if (result.intent === "admin_erase") setNotice(m.admgdpr_erase_done());
  });

  const show = (next: Open) => {
    setError(null);
    setEmailError(null);
    setNotice(null);
    if (next?.kind === "email") setEmailValue("");
    if (next?.kind === "account_type") setAccountType(String(account.account_type ?? 0));
    if (next?.kind === "export" || next?.kind === "erase") {
      setReason("");
      setReasonError(null);
    }
    setOpen(next);
  };
  const close = () => setOpen(null);

  function onEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!emailValue.trim()) return setEmailError(accountFieldError("email", "required"));
    submit("admin_email", { email: emailValue });
  }

  /** The reason as the server checks it (trimmed, 3–500 characters), or null with the field's error shown. */
  function checkedReason(): string | null {
    const trimmed = reason.trim();
    if (trimmed.length < GDPR_REASON_MIN || trimmed.length > GDPR_REASON_MAX) {
      setReasonError(m.admgdpr_reason_error());
      return null;
    }
    return trimmed;
  }

  const reasonField = (
    <TextInput
      name="reason"
      label={m.admgdpr_reason_label()}
      description={m.admgdpr_reason_description()}
      value={reason}
      onChange={(v) => {
        setReason(v);
        setReasonError(null);
      }}
      multiline
      rows={3}
      isRequired
      error={reasonError}
      autoFocus
    />
  );

  const sessions = account.sessions;
  if (account.erased_at) {
    return (
      <section aria-labelledby="admin-account-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="admin-account-tools">
        <h2 id="admin-account-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {m.admgdpr_title()}
        </h2>
        <p className="mt-2 text-sm text-slate-700" data-testid="admin-account-erased">
          {m.admgdpr_erased({ date: formatDate(account.erased_at) })}
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="admin-account-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="admin-account-tools">
      <h2 id="admin-account-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {m.admacc_title()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.admacc_intro()}</p>
      {notice && (
        <div className="mt-3">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => show({ kind: "email" })}>
          {m.admacc_email_button()}
        </button>
        {account.account_type_editable && (
          <button type="button" className={buttonClass("secondary", "sm")} onClick={() => show({ kind: "account_type" })}>
            {m.admacc_account_type_button({ type: accountTypeLabel(account.account_type) })}
          </button>
        )}
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => show({ kind: "reset" })} disabled={!account.active}>
          {m.admacc_reset_button()}
        </button>
      </div>

      <h3 className="mt-6 text-sm font-semibold text-slate-900">{m.admacc_sessions_title({ count: sessions.length })}</h3>
      {sessions.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{m.admacc_sessions_none()}</p>
      ) : (
        <>
          <AdminTable
            className="mt-2"
            testId="admin-sessions"
            columns={[
              { label: m.admacc_session_started() },
              { label: m.admacc_session_last_seen() },
              { label: m.admacc_session_device() },
              { label: m.admacc_session_ip() },
              { label: m.admacc_session_actions(), srOnly: true },
            ]}
          >
            {sessions.map((s) => (
              <tr key={s.id}>
                <td className="px-4 py-2 whitespace-nowrap" data-label={m.admacc_session_started()}>
                  {formatDateTime(s.created_at)}
                </td>
                <td className="px-4 py-2 whitespace-nowrap" data-label={m.admacc_session_last_seen()}>
                  {formatDateTime(s.last_seen_at)}
                </td>
                <td className="px-4 py-2" data-label={m.admacc_session_device()} title={s.user_agent ?? undefined}>
                  {deviceOf(s)}
                </td>
                <td className="px-4 py-2 whitespace-nowrap" data-label={m.admacc_session_ip()}>
                  {s.ip ?? "—"}
                </td>
                <td className="px-4 py-2 text-right">
                  <button type="button" className={buttonClass("ghost", "sm", "text-red-700")} onClick={() => show({ kind: "end_one", session: s })}>
                    {m.admacc_session_end()}
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
          <button type="button" className={buttonClass("secondary", "sm", "mt-3 text-red-700")} onClick={() => show({ kind: "end_all" })}>
            {m.admacc_sessions_end_all()}
          </button>
        </>
      )}

      <PopupDialog id="admin-email" title={m.admacc_email_title()} isOpen={open?.kind === "email"} onClose={close}>
        <form onSubmit={onEmail} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">{m.admacc_email_explain({ email })}</p>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <TextInput
            name="email"
            type="email"
            label={m.admacc_email_label()}
            value={emailValue}
            onChange={(v) => {
              setEmailValue(v);
              setEmailError(null);
            }}
            isRequired
            error={emailError}
            autoFocus
          />
          <Actions onCancel={close}>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.admacc_email_submit()}
            </button>
          </Actions>
        </form>
      </PopupDialog>

      <PopupDialog id="admin-account-type" title={m.admacc_account_type_title({ name })} isOpen={open?.kind === "account_type"} onClose={close}>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending) submit("admin_account_type", { account_type: accountType });
          }}
        >
          <p className="text-sm text-slate-700">{m.admacc_account_type_explain()}</p>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <SelectInput
            name="account_type"
            label={m.admacc_account_type_label()}
            value={accountType}
            onChange={setAccountType}
            options={[
              { value: "0", label: m.admusr_type_stocker() },
              { value: "1", label: m.admusr_type_keeper() },
            ]}
            placeholder={m.admacc_account_type_label()}
            isRequired
          />
          <Actions onCancel={close}>
            <button type="submit" disabled={pending || accountType === String(account.account_type ?? 0)} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.admacc_account_type_submit()}
            </button>
          </Actions>
        </form>
      </PopupDialog>

      <Confirm
        id="admin-password-reset"
        title={m.admacc_reset_title()}
        isOpen={open?.kind === "reset"}
        onClose={close}
        error={error}
        pending={pending}
        confirmLabel={m.admacc_reset_confirm()}
        onConfirm={() => submit("admin_password_reset")}
      >
        {m.admacc_reset_explain({ email })}
      </Confirm>

      <Confirm
        id="admin-end-session"
        title={m.admacc_session_end_title()}
        isOpen={open?.kind === "end_one"}
        onClose={close}
        error={error}
        pending={pending}
        confirmLabel={m.admacc_session_end_confirm()}
        danger
        onConfirm={() => open?.kind === "end_one" && submit("admin_end_sessions", { session_id: open.session.id })}
      >
        {open?.kind === "end_one" &&
          m.admacc_session_end_explain({ name, device: deviceOf(open.session), date: formatDateTime(open.session.last_seen_at), ip: open.session.ip ?? "—" })}
      </Confirm>

      <Confirm
        id="admin-end-sessions"
        title={m.admacc_sessions_end_all_title()}
        isOpen={open?.kind === "end_all"}
        onClose={close}
        error={error}
        pending={pending}
        confirmLabel={m.admacc_sessions_end_all_confirm({ count: sessions.length })}
        danger
        onConfirm={() => submit("admin_end_sessions")}
      >
        {m.admacc_sessions_end_all_explain({ name, count: sessions.length })}
      </Confirm>

      <div className="mt-6 border-t border-slate-200 pt-5" data-testid="admin-gdpr">
        <h3 id="admin-gdpr-title" className="text-sm font-semibold text-slate-900">
          {m.admgdpr_title()}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{m.admgdpr_intro()}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonClass("secondary", "sm")} onClick={() => show({ kind: "export" })}>
            {m.admgdpr_export_button()}
          </button>
          <button type="button" className={buttonClass("danger", "sm")} onClick={() => show({ kind: "erase" })}>
            {m.admgdpr_erase_button()}
          </button>
        </div>
      </div>

      <PopupDialog id="admin-gdpr-export" title={m.admgdpr_export_title()} isOpen={open?.kind === "export"} onClose={close}>
        {/* A plain GET: the browser downloads the JSON or opens the page itself (the session's cookie goes with it). */}
        <form
          method="get"
          action={`/api/admin/users/${account.user_id}/export`}
          target={exportFormat === "html" ? "_blank" : undefined}
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            if (checkedReason() === null) {
              event.preventDefault();
              return;
            }
            // The form is sent as it is; the popup closes and says where the file went.
            setTimeout(() => {
              setOpen(null);
              setNotice(m.admgdpr_export_done());
            }, 0);
          }}
        >
          <p className="text-sm text-slate-700">{m.admgdpr_export_explain({ name })}</p>
          {reasonField}
          <SelectInput
            name="format"
            label={m.admgdpr_format_label()}
            value={exportFormat}
            onChange={(v) => setExportFormat(v === "html" ? "html" : "json")}
            options={[
              { value: "json", label: m.admgdpr_format_json() },
              { value: "html", label: m.admgdpr_format_html() },
            ]}
            placeholder={m.admgdpr_format_label()}
            isRequired
          />
          <Actions onCancel={close}>
            <button type="submit" className={buttonClass("primary", "md")}>
              {m.admgdpr_export_submit()}
            </button>
          </Actions>
        </form>
      </PopupDialog>

      <PopupDialog id="admin-gdpr-erase" title={m.admgdpr_erase_title({ name })} isOpen={open?.kind === "erase"} onClose={close}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const checked = checkedReason();
            if (checked !== null && !pending) submit("admin_erase", { reason: checked });
          }}
        >
          <p className="text-sm text-slate-700">{m.admgdpr_erase_explain()}</p>
          <p className="text-sm font-semibold text-red-800">{m.admgdpr_erase_irreversible()}</p>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          {reasonField}
          <Actions onCancel={close}>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("danger", "md")}>
              {pending ? m.form_sending() : m.admgdpr_erase_confirm()}
            </button>
          </Actions>
        </form>
      </PopupDialog>
    </section>
  );
}

function Actions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button type="button" onClick={onCancel} className={buttonClass("secondary", "md")}>
        {m.admacc_cancel()}
      </button>
      {children}
    </div>
  );
}

/** A popup that names what will be done and asks before doing it. */
function Confirm(props: {
  id: string;
  title: string;
  isOpen: boolean;
  onClose: () => void;
  error: string | null;
  pending: boolean;
  confirmLabel: string;
  onConfirm: () => void;
  /** What cannot be taken back looks it (ending sessions). */
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <PopupDialog id={props.id} title={props.title} isOpen={props.isOpen} onClose={props.onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{props.children}</p>
        {props.error && <FormMessage tone="error">{props.error}</FormMessage>}
        <Actions onCancel={props.onClose}>
          <button
            type="button"
            disabled={props.pending}
            aria-busy={props.pending}
            className={buttonClass(props.danger ? "danger" : "primary", "md")}
            onClick={props.onConfirm}
          >
            {props.pending ? m.form_sending() : props.confirmLabel}
          </button>
        </Actions>
      </div>
    </PopupDialog>
  );
}
