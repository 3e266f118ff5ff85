// /{locale}/complete-account/{id}?u_token=…: an invited user (a referent created by a
// stocker, a stocker created by an administrator) fills in the profile and chooses a
// password. Then a stocker goes to /{locale}/stocker/profile/warehouses/{warehouse_id}/edit
// and a referent to /{locale}/referent/profile.
import { useState, type FormEvent } from "react";
import type { Route } from "./+types/complete-account";
import { pageLoader } from "../../server/http/page.ts";
import { idPathParams } from "../../schemas/common.ts";
import { invitationFor } from "../../server/accounts/invitations.service.ts";
import { listMarkets } from "../../server/markets/markets.queries.ts";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { useLocale, type UserRole } from "../../lib/root-data.ts";
import { afterCompletePath } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import { AccountLayout, AccountNotice } from "../../components/account/AccountLayout.tsx";
import { accountFieldError, type FieldCodes } from "../../components/account/field-errors.ts";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { useMarkets } from "../../components/account/useMarkets.ts";
import { usePopups } from "../../components/popups/PopupContext.tsx";
import { FormMessage, TextInput } from "../../components/ui/fields.tsx";
import { PasswordInput } from "../../components/ui/PasswordInput.tsx";
import { SelectInput } from "../../components/ui/SelectInput.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { FormActions } from "../../components/ui/FormActions.tsx";
import { useFormFields } from "../../lib/use-form-fields.ts";

export const loader = pageLoader({ access: "public", params: idPathParams }, async ({ url, params, services: { db } }) => {
  // Whoever holds the invitation's link may open it: the token, not a role, is the key (judged by the service).
  const token = url.searchParams.get("u_token");
  const invitation = await invitationFor(db, params.id, token);
  return {
    ...invitation,
    userId: params.id,
    token: invitation.status === "valid" ? token : null,
    markets: invitation.status === "valid" ? await listMarkets(db) : [],
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.complete_title() }) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

type Values = {
  first_name: string;
  last_name: string;
  telephone: string;
  company: string;
  market_id: string;
  website: string;
  password: string;
  confirm_password: string;
};

export default function CompleteAccountPage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { openLogin, openSupport } = usePopups();
  const { status, user } = loaderData;
  if (status !== "valid" || !user || !loaderData.token) {
    return (
      <AccountLayout title={m.complete_title()}>
        <AccountNotice
          tone="warning"
          title={m.complete_link_invalid_title()}
          text={status === "used" ? m.complete_link_used_text() : m.complete_link_invalid_text()}
        >
          {status === "used" ? (
            <button type="button" onClick={openLogin} className={buttonClass("primary", "md")}>
              {m.complete_login()}
            </button>
          ) : (
            <button type="button" onClick={openSupport} className={buttonClass("primary", "md")}>
              {m.complete_contact_support()}
            </button>
          )}
        </AccountNotice>
      </AccountLayout>
    );
  }
  return <CompleteAccountForm locale={locale} userId={loaderData.userId} token={loaderData.token} user={user} markets={loaderData.markets} />;
}

function CompleteAccountForm({
  locale,
  userId,
  token,
  user,
  markets: initialMarkets,
}: {
  locale: Locale;
  userId: number;
  token: string;
  user: NonNullable<Route.ComponentProps["loaderData"]["user"]>;
  markets: { id: number; label: string; label_en: string }[];
}) {
  const markets = useMarkets(locale, initialMarkets);
  const { values, invalid, setInvalid, set } = useFormFields<Values>({
    first_name: user.first_name ?? "",
    last_name: user.last_name ?? "",
    telephone: user.telephone ?? "",
    company: user.company ?? "",
    market_id: user.market_id ? String(user.market_id) : "",
    website: user.website ?? "",
    password: "",
    confirm_password: "",
  });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const err = (field: string) => accountFieldError(field, invalid[field]);

  function banner(codes: FieldCodes): string {
    if (Object.values(codes).includes("required")) return m.complete_error2();
    const count = Object.values(codes).filter(Boolean).length;
    if (codes.confirm_password === "mismatch" && count === 1) return m.complete_error3();
    if (codes.password === "password_common" && count === 1) return m.password_error_common();
    return m.error_invalid();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const userData = { ...values, has_confirmed_code: 1 };
    // The schema (and Zod, ~25 kB gzip) loads on the first submit, not with the page.
    const { completeAccountDataSchema } = await import("../../schemas/auth.ts");
    const parsed = completeAccountDataSchema.safeParse(userData);
    const codes: FieldCodes = parsed.success ? {} : issuesToCodes(parsed.error.issues, userData);
    if (!values.confirm_password) codes.confirm_password = "required";
    if (Object.values(codes).some(Boolean)) {
      setInvalid(codes);
      setMessage({ tone: "error", text: banner(codes) });
      return;
    }
    setPending(true);
    setMessage(null);
    const result = await postJson<{ user_id?: number; role?: UserRole; warehouse_id?: number | null }>(`/api/users/${userId}/complete-account`, {
      user_data: userData,
      u_token: token,
    });
    if (result.ok && result.data.user_id && result.data.role) {
      setMessage({ tone: "success", text: m.complete_success() });
      window.location.assign(afterCompletePath(locale, result.data.role, result.data.warehouse_id ?? null));
      return;
    }
    setPending(false);
    if (result.status === 422 && result.data.errors) {
      setInvalid(result.data.errors);
      const tokenProblem = result.data.errors.u_token;
      setMessage({ tone: "error", text: tokenProblem ? result.data.message || m.account_error_link_invalid() : banner(result.data.errors) });
      return;
    }
    setMessage({ tone: "error", text: result.status && result.status < 500 && result.data.message ? result.data.message : m.complete_error_general() });
  }

  return (
    <AccountLayout title={m.complete_title()} intro={m.complete_intro()} wide>
      <p className="-mt-2 mb-5 text-sm text-slate-600">{user.role === "stocker" ? m.complete_role_stocker() : m.complete_role_referent()}</p>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="complete-account-form">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
          <span className="text-slate-500">{m.complete_email_label()}: </span>
          <span className="font-medium break-all text-slate-900" data-testid="complete-email">
            {user.email}
          </span>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="first_name"
            label={m.register_first_name()}
            autoComplete="given-name"
            value={values.first_name}
            onChange={(v) => set("first_name", v)}
            isRequired
            error={err("first_name")}
            autoFocus
          />
          <TextInput
            name="last_name"
            label={m.register_last_name()}
            autoComplete="family-name"
            value={values.last_name}
            onChange={(v) => set("last_name", v)}
            isRequired
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
            isRequired
            error={err("telephone")}
          />
          <TextInput
            name="company"
            label={m.register_company()}
            autoComplete="organization"
            value={values.company}
            onChange={(v) => set("company", v)}
            error={err("company")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            name="market_id"
            label={m.register_market()}
            value={values.market_id}
            onChange={(v) => set("market_id", v)}
            options={markets}
            placeholder={m.register_market_none()}
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
            error={err("website")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordInput
            name="password"
            label={m.confirm_password()}
            autoComplete="new-password"
            value={values.password}
            onChange={(v) => set("password", v)}
            isRequired
            error={err("password")}
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
        </div>
        <p className="-mt-1 text-xs leading-relaxed text-slate-500">{m.password_hint()}</p>
        <FormActions submitLabel={m.complete_submit()} pending={pending} />
      </form>
    </AccountLayout>
  );
}
