// The login popup (#login-ap): e-mail, password, remember. Posts to POST /login; error1 on
// wrong credentials (401), error2 on missing fields (checked here first, and 422).
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { userAreaPath, type UserRole } from "../../lib/root-data.ts";
import type { Locale } from "../../lib/locale.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { CheckboxInput, FormMessage, TextInput } from "../ui/fields.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { usePopups } from "./PopupContext.tsx";

type LoginResponse = { user_id?: number; role?: string };

// Pages with nothing to come back to after logging in: the home page and the account pages
// (confirm code, reset password…). From there the user goes to their area; from any other page
// (a sheet, a search, a comparison, a protected page that asked for a login) they stay.
const LAND_IN_AREA = /^\/(it|en)(\/(confirm-code|complete-account|forgot-password|reset-password)(\/.*)?)?\/?$/;
type FieldName = "email" | "password";

export function LoginDialog({ locale }: { locale: Locale }) {
  const { popup, close, openRegister, openSupport } = usePopups();
  return (
    <PopupDialog
      id="login-ap"
      title={m.login_title()}
      subtitle={m.login_intro()}
      isOpen={popup.kind === "login"}
      onClose={close}
      footer={
        <p>
          {m.login_no_account()}{" "}
          <button type="button" onClick={() => openRegister()} className={`${linkClass} inline-flex min-h-11 cursor-pointer items-center rounded sm:min-h-0`}>
            {m.login_to_register()}
          </button>
        </p>
      }
    >
      <LoginForm locale={locale} onForgot={close} onSupport={openSupport} />
    </PopupDialog>
  );
}

function LoginForm({ locale, onForgot, onSupport }: { locale: Locale; onForgot: () => void; onSupport: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, boolean>>>({});
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string; support?: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const missing = { email: !email.trim(), password: !password };
    setInvalid(missing);
    if (missing.email || missing.password) {
      setMessage({ tone: "error", text: m.login_error2() });
      return;
    }
    setPending(true);
    setMessage(null);
    const result = await postJson<LoginResponse>("/login", { email: email.trim(), password, remember });
    if (result.ok && result.data.user_id) {
      setMessage({ tone: "success", text: m.login_success() });
      // A full load: every loader, the header and the CSRF-bound forms see the new session.
      const role = result.data.role as UserRole | undefined;
      if (role === "admin") window.location.assign("/admin");
      else if (role && LAND_IN_AREA.test(window.location.pathname)) window.location.assign(userAreaPath(role, locale));
      else window.location.reload();
      return;
    }
    setPending(false);
    if (result.status === 422) {
      const errors = result.data.errors ?? {};
      setInvalid({ email: !!errors.email, password: !!errors.password });
      setMessage({ tone: "error", text: m.login_error2() });
    } else if (result.status === 401) {
      setInvalid({});
      const code = result.data.error;
      // A switched-off account (told only after its right password) gets the way to support.
      if (code === "account_suspended") setMessage({ tone: "error", text: m.login_error_suspended(), support: true });
      else setMessage({ tone: "error", text: code === "account_pending" ? m.login_error_pending() : m.login_error1() });
    } else {
      setMessage({ tone: "error", text: result.data.message || (result.status === 419 ? m.error_csrf() : m.error_server()) });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {message && (
        <FormMessage tone={message.tone}>
          {message.text}
          {message.support && (
            <>
              {" "}
              <button
                type="button"
                onClick={onSupport}
                className={`${linkClass} inline-flex min-h-11 cursor-pointer items-center rounded font-semibold sm:min-h-0`}
              >
                {m.login_suspended_support()}
              </button>
            </>
          )}
        </FormMessage>
      )}
      <TextInput
        name="email"
        type="email"
        label={m.login_email()}
        autoComplete="email"
        value={email}
        onChange={(v) => {
          setEmail(v);
          if (invalid.email) setInvalid((s) => ({ ...s, email: false }));
        }}
        isRequired
        error={invalid.email ? m.field_required() : null}
        autoFocus
      />
      <TextInput
        name="password"
        type="password"
        label={m.login_password()}
        autoComplete="current-password"
        value={password}
        onChange={(v) => {
          setPassword(v);
          if (invalid.password) setInvalid((s) => ({ ...s, password: false }));
        }}
        isRequired
        error={invalid.password ? m.field_required() : null}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxInput name="remember" isSelected={remember} onChange={setRemember}>
          {m.login_remember()}
        </CheckboxInput>
        <Link to={paths.forgotPassword(locale)} onClick={onForgot} className={`${linkClass} inline-flex min-h-11 items-center text-sm sm:min-h-0`}>
          {m.login_forgot()}
        </Link>
      </div>
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", "w-full")}>
        {pending ? m.form_sending() : m.login_submit()}
      </button>
    </form>
  );
}
