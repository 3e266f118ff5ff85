// /{locale}/confirm-code: the code from the registration e-mail, a new password twice, and
// "send a new code". The browser that registered holds the pending registration; on another
// device (the e-mail's link carries ?email=) the person also types the address.
// POST /confirm-code logs the person in; the page then goes to their area.
import { useState, type FormEvent } from "react";
import { redirect } from "react-router";
import type { Route } from "./+types/confirm-code";
import { pageLoader } from "../../server/http/page.ts";
import { pendingRegistration } from "../../server/accounts/confirm-code.service.ts";
import { PENDING_COOKIE, readPendingRegistration } from "../../server/accounts/pending-registration.ts";
import { readCookie } from "../../server/http/cookies.ts";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { useLocale, userAreaPath, type UserRole } from "../../lib/root-data.ts";
import { AccountLayout } from "../../components/account/AccountLayout.tsx";
import { accountFieldError, type FieldCodes } from "../../components/account/field-errors.ts";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { FormMessage, TextInput } from "../../components/ui/fields.tsx";
import { PasswordInput } from "../../components/ui/PasswordInput.tsx";
import { linkClass } from "../../components/ui/styles.ts";
import { FormActions } from "../../components/ui/FormActions.tsx";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";

export const loader = pageLoader({ access: "public" }, async ({ actor, request, url, locale, services: { db, secret } }) => {
  // Someone logged in has nothing to confirm: their area.
  if (actor) throw redirect(userAreaPath(actor.role, locale));
  const pending = await pendingRegistration(db, readPendingRegistration(secret, readCookie(request, PENDING_COOKIE)));
  const email = (url.searchParams.get("email") ?? "").trim().slice(0, 254);
  return { pendingEmail: pending?.email ?? null, email };
});

export function meta() {
  return [{ title: m.page_title({ title: m.confirm_title() }) }, { name: "robots", content: "noindex" }];
}

const SERVER_ERRORS: Record<string, () => string> = {
  invalid_code: () => m.confirm_error1(),
  code_expired: () => m.confirm_error_expired(),
  code_locked: () => m.confirm_error_locked(),
  password_common: () => m.password_error_common(),
};

export default function ConfirmCodePage({ loaderData }: Route.ComponentProps) {
  const { pendingEmail } = loaderData;
  const locale = useLocale();
  const { values, setValues, invalid, setInvalid, set } = useFormFields({ email: loaderData.email, code: "", password: "", confirm_password: "" });
  const [message, setMessage] = useState<{ tone: "error" | "success" | "info"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);

  const err = (field: string) => accountFieldError(field, invalid[field]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body = { code: values.code, password: values.password, confirm_password: values.confirm_password, email: pendingEmail ? null : values.email };
    // The schema (and Zod, ~25 kB gzip) loads on the first submit, not with the page.
    const { confirmCodeSchema } = await import("../../schemas/auth.ts");
    const parsed = confirmCodeSchema.safeParse(body);
    const codes: FieldCodes = parsed.success ? {} : issuesToCodes(parsed.error.issues, body);
    if (!values.confirm_password) codes.confirm_password = "required";
    if (!pendingEmail && !values.email.trim()) codes.email = "required";
    if (Object.values(codes).some(Boolean)) {
      setInvalid(codes);
      const required = Object.values(codes).includes("required");
      const onlyMismatch = codes.confirm_password === "mismatch" && Object.values(codes).filter(Boolean).length === 1;
      setMessage({ tone: "error", text: required ? m.confirm_error2() : onlyMismatch ? m.password_error_mismatch() : m.error_invalid() });
      return;
    }
    setPending(true);
    setMessage(null);
    const result = await postJson<{ user_id?: number; role?: UserRole; warehouse_request_id?: number }>("/confirm-code", body);
    if (result.ok && result.data.user_id && result.data.role) {
      setMessage({ tone: "success", text: m.confirm_success() });
      // A request taken over from a visitor's personal page: straight to it, in the new area.
      const taken = result.data.warehouse_request_id;
      window.location.assign(taken ? areaPaths(areaBase("stock_hunter", locale)).request(taken) : userAreaPath(result.data.role, locale));
      return;
    }
    setPending(false);
    const errors = (result.status === 422 && result.data.errors) || {};
    setInvalid(errors);
    const code = typeof result.data.error === "string" ? result.data.error : "";
    const known = SERVER_ERRORS[code];
    if (known) setMessage({ tone: "error", text: known() });
    else if (result.status === 422) setMessage({ tone: "error", text: Object.values(errors).includes("required") ? m.confirm_error2() : m.error_invalid() });
    else setMessage({ tone: "error", text: result.data.message || m.error_server() });
  }

  async function resend() {
    if (resending) return;
    const email = values.email.trim().toLowerCase();
    if (!pendingEmail && !email) {
      setInvalid((s) => ({ ...s, email: "required" }));
      setMessage({ tone: "error", text: m.confirm_resend_need_email() });
      return;
    }
    setResending(true);
    const result = await postJson<{ user_id?: number; success?: boolean }>("/send-code", pendingEmail ? {} : { email });
    setResending(false);
    if (result.ok) {
      setInvalid((s) => ({ ...s, code: undefined }));
      setValues((v) => ({ ...v, code: "" }));
      setMessage({ tone: "info", text: pendingEmail ? m.confirm_resent({ email: pendingEmail }) : m.confirm_resent_generic({ email }) });
    } else if (result.data.error === "no_pending_registration") {
      setMessage({ tone: "info", text: m.confirm_error_no_pending() });
    } else if (result.status === 422) {
      setInvalid((s) => ({ ...s, ...(result.data.errors ?? {}) }));
      setMessage({ tone: "error", text: m.confirm_resend_need_email() });
    } else {
      setMessage({ tone: "error", text: result.data.message || m.error_server() });
    }
  }

  return (
    <AccountLayout title={m.confirm_title()} intro={pendingEmail ? m.confirm_intro_email({ email: pendingEmail }) : m.confirm_intro()}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="confirm-code-form">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        {!pendingEmail && (
          <TextInput
            name="email"
            type="email"
            label={m.confirm_email()}
            autoComplete="email"
            value={values.email}
            onChange={(v) => set("email", v)}
            isRequired
            error={err("email")}
          />
        )}
        <TextInput
          name="code"
          label={m.confirm_code()}
          autoComplete="one-time-code"
          value={values.code}
          onChange={(v) => set("code", v)}
          isRequired
          error={
            invalid.code
              ? invalid.code === "required"
                ? m.field_required()
                : invalid.code === "invalid" && !values.code.match(/^\s*\d{6}\s*$/)
                  ? m.confirm_error_code_format()
                  : accountFieldError("code", invalid.code)
              : null
          }
          placeholder="123456"
          inputMode="numeric"
          autoFocus={!!pendingEmail}
          className="max-w-48"
        />
        <p className="-mt-2 text-xs text-slate-500">{m.confirm_code_hint()}</p>
        <PasswordInput
          name="password"
          label={m.confirm_password()}
          autoComplete="new-password"
          value={values.password}
          onChange={(v) => set("password", v)}
          isRequired
          error={err("password")}
          hint={m.password_hint()}
        />
        <PasswordInput
          name="confirm_password"
          label={m.confirm_confirm_password()}
          autoComplete="new-password"
          value={values.confirm_password}
          onChange={(v) => set("confirm_password", v)}
          isRequired
          error={err("confirm_password")}
        />
        <FormActions submitLabel={m.confirm_submit()} pending={pending} />
      </form>
      <div className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-600">
        {m.confirm_resend_text()}{" "}
        <button
          type="button"
          onClick={resend}
          disabled={resending}
          aria-busy={resending}
          className={`${linkClass} cursor-pointer rounded`}
          data-testid="resend-code"
        >
          {m.confirm_resend()}
        </button>
      </div>
    </AccountLayout>
  );
}
