// /{locale}/reset-password/{id}?rpt_token=…: a new password twice → POST
// /api/users/{id}/reset-password. Every session of the account ends; the person logs in
// again with the new password.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { idPathParams } from "../../schemas/common.ts";
import { pageLoader } from "../../server/http/page.ts";
import type { Route } from "./+types/reset-password";
import { resetLinkStatus } from "../../server/accounts/password-reset.service.ts";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import { AccountLayout, AccountNotice } from "../../components/account/AccountLayout.tsx";
import { accountFieldError, type FieldCodes } from "../../components/account/field-errors.ts";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { usePopups } from "../../components/popups/PopupContext.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { PasswordInput } from "../../components/ui/PasswordInput.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { FormActions } from "../../components/ui/FormActions.tsx";
import { useFormFields } from "../../lib/use-form-fields.ts";

export const loader = pageLoader({ access: "public", params: idPathParams }, async ({ url, params, services }) => {
  // Whoever holds the link may open it: the token, not a role, is the key (judged by the service).
  const token = url.searchParams.get("rpt_token");
  const status = await resetLinkStatus(services.db, params.id, token);
  return { status, userId: params.id, token: status === "valid" ? token : null };
});

export function meta() {
  return [{ title: m.page_title({ title: m.reset_title() }) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { openLogin } = usePopups();
  const { values, invalid, setInvalid, set } = useFormFields({ password: "", confirm_password: "" });
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<"form" | "done" | "dead">(loaderData.status === "valid" && loaderData.token ? "form" : "dead");

  if (state === "dead") {
    return (
      <AccountLayout title={m.reset_link_page_title()}>
        <AccountNotice tone="warning" title={m.reset_link_invalid_title()} text={m.reset_link_invalid_text()}>
          <Link to={paths.forgotPassword(locale)} className={buttonClass("primary", "md")}>
            {m.reset_request_new()}
          </Link>
        </AccountNotice>
      </AccountLayout>
    );
  }
  if (state === "done") {
    return (
      <AccountLayout title={m.reset_title()}>
        <AccountNotice tone="success" title={m.reset_success_title()} text={m.reset_success_text()}>
          <button type="button" onClick={openLogin} className={buttonClass("primary", "md")} autoFocus>
            {m.reset_login()}
          </button>
        </AccountNotice>
      </AccountLayout>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const codes: FieldCodes = {};
    // The schema (and Zod, ~25 kB gzip) loads on the first submit, not with the page.
    const { newPassword } = await import("../../schemas/auth.ts");
    const parsed = newPassword.safeParse(values.password);
    if (!parsed.success)
      codes.password = issuesToCodes(
        parsed.error.issues.map((i) => ({ ...i, path: ["password"] })),
        values,
      ).password;
    if (!values.confirm_password) codes.confirm_password = "required";
    else if (values.password && values.confirm_password !== values.password) codes.confirm_password = "mismatch";
    if (Object.values(codes).some(Boolean)) {
      setInvalid(codes);
      const onlyMismatch = codes.confirm_password === "mismatch" && !codes.password;
      setMessage(Object.values(codes).includes("required") ? m.reset_error2() : onlyMismatch ? m.reset_error3() : m.error_invalid());
      return;
    }
    setPending(true);
    setMessage(null);
    const result = await postJson<{ user_id?: number }>(`/api/users/${loaderData.userId}/reset-password`, {
      user_data: { rpt_token: loaderData.token, rpt_token_expire_at: null, password: values.password, confirm_password: values.confirm_password },
    });
    setPending(false);
    if (result.ok && result.data.user_id) {
      setState("done");
      return;
    }
    const errors = (result.status === 422 && result.data.errors) || {};
    if (errors.rpt_token) {
      setState("dead");
      return;
    }
    setInvalid(errors);
    if (result.status === 422)
      setMessage(
        errors.password === "password_common" ? m.password_error_common() : Object.values(errors).includes("required") ? m.reset_error2() : m.error_invalid(),
      );
    else setMessage(result.status && result.status < 500 && result.data.message ? result.data.message : m.reset_error_general());
  }

  return (
    <AccountLayout title={m.reset_title()} intro={m.reset_intro()}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="reset-password-form">
        {message && <FormMessage tone="error">{message}</FormMessage>}
        <PasswordInput
          name="password"
          label={m.reset_password()}
          autoComplete="new-password"
          value={values.password}
          onChange={(v) => set("password", v)}
          isRequired
          error={accountFieldError("password", invalid.password)}
          hint={m.password_hint()}
          autoFocus
        />
        <PasswordInput
          name="confirm_password"
          label={m.reset_confirm_password()}
          autoComplete="new-password"
          value={values.confirm_password}
          onChange={(v) => set("confirm_password", v)}
          isRequired
          error={accountFieldError("confirm_password", invalid.confirm_password)}
        />
        <FormActions submitLabel={m.reset_submit()} pending={pending} />
      </form>
    </AccountLayout>
  );
}
