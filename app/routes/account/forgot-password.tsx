// /{locale}/forgot-password: the e-mail of the account → POST /api/recover-password. The
// answer is the same whether or not the address has an account, and so is the page.
import { useState, type FormEvent } from "react";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { AccountLayout, AccountNotice } from "../../components/account/AccountLayout.tsx";
import { accountFieldError, type FieldCodes } from "../../components/account/field-errors.ts";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { usePopups } from "../../components/popups/PopupContext.tsx";
import { FormMessage, TextInput } from "../../components/ui/fields.tsx";
import { buttonClass, linkClass } from "../../components/ui/styles.ts";

export function meta() {
  return [{ title: m.page_title({ title: m.forgot_title() }) }, { name: "robots", content: "noindex" }];
}

export default function ForgotPasswordPage() {
  const { openLogin } = usePopups();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<FieldCodes>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body = { user_data: { email: email.trim().toLowerCase() } };
    // The schema (and Zod, ~25 kB gzip) loads on the first submit, not with the page.
    const { recoverPasswordSchema } = await import("../../schemas/auth.ts");
    const parsed = recoverPasswordSchema.safeParse(body);
    if (!parsed.success) {
      const codes = issuesToCodes(parsed.error.issues, body);
      setInvalid(codes);
      setError(codes.email === "required" ? m.forgot_error2() : m.field_email_invalid());
      return;
    }
    setPending(true);
    setError(null);
    const result = await postJson<{ success?: boolean }>("/api/recover-password", body);
    setPending(false);
    if (result.ok && result.data.success) {
      setSentTo(parsed.data.user_data.email);
      return;
    }
    if (result.status === 422) {
      const codes = result.data.errors ?? {};
      setInvalid(codes);
      setError(codes.email === "required" ? m.forgot_error2() : m.field_email_invalid());
      return;
    }
    setError(result.status === 429 && result.data.message ? result.data.message : m.forgot_error());
  }

  if (sentTo) {
    return (
      <AccountLayout title={m.forgot_title()}>
        <AccountNotice tone="success" title={m.forgot_sent_title()} text={m.forgot_success({ email: sentTo })}>
          <button type="button" onClick={openLogin} className={buttonClass("primary", "md")}>
            {m.forgot_back_login()}
          </button>
          <button
            type="button"
            onClick={() => {
              setSentTo(null);
              setEmail("");
            }}
            className={buttonClass("secondary", "md")}
          >
            {m.forgot_send_again()}
          </button>
        </AccountNotice>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={m.forgot_title()} intro={m.forgot_intro()}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="forgot-password-form">
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <TextInput
          name="email"
          type="email"
          label={m.forgot_email()}
          autoComplete="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setInvalid({});
          }}
          isRequired
          error={accountFieldError("email", invalid.email)}
          autoFocus
        />
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", "w-full")}>
          {pending ? m.form_sending() : m.forgot_submit()}
        </button>
      </form>
      <p className="mt-5 text-center text-sm">
        <button type="button" onClick={openLogin} className={`${linkClass} cursor-pointer rounded`}>
          {m.forgot_back_login()}
        </button>
      </p>
    </AccountLayout>
  );
}
