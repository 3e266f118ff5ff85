// /{locale}/confirm-email/{id}?token=…: the link sent to a new login address. Opening it
// changes nothing (mail scanners and link previews open links too): the page shows the
// address and a button that posts to this route's action, which makes the change
// (app/server/accounts/profile.service.ts#confirmEmailChange). A plain form: it works before
// hydration.
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { idPathParams } from "../../schemas/common.ts";
import { confirmEmailChange, emailChangeLinkStatus } from "../../server/accounts/profile.service.ts";
import { confirmEmailSchema } from "../../schemas/profile.ts";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useCurrentUser, useLocale, useRootData, userAreaPath } from "../../lib/root-data.ts";
import { AccountLayout, AccountNotice } from "../../components/account/AccountLayout.tsx";
import { usePopups } from "../../components/popups/PopupContext.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";

export const loader = pageLoader({ access: "public", params: idPathParams }, async ({ url, params, services }) => {
  // Whoever holds the link may open it: the token, not a role, is the key (judged by the service).
  const token = url.searchParams.get("token");
  const { status, newEmail } = await emailChangeLinkStatus(services.db, params.id, token);
  return { status, newEmail, userId: params.id, token: status === "valid" ? token : null };
});

/** The link's form: its token, checked by the service. A token refused (expired, used, address taken) comes back to the page. */
export const action = pageAction({ access: "public", params: idPathParams, body: confirmEmailSchema }, async ({ params, body, services, info }) => {
  const done = await confirmEmailChange(services.db, params.id, body.token, {
    origin: services.config.origin,
    supportEmail: services.config.supportEmail,
    ip: info.ip || null,
  });
  return { ok: true as const, email: done.email };
});

/** What the page receives from its action: the address confirmed, or why not. */
export type ConfirmEmailResult = Awaited<ReturnType<typeof action>>;

export function meta() {
  // The address carries a one-time token: no search engine, no Referer to other sites.
  return [{ title: m.page_title({ title: m.aprof_confirm_title() }) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

function failureText(error: string, message: string | null): { title: string; text: string } {
  switch (error) {
    case "token_expired":
      return { title: m.aprof_confirm_expired_title(), text: m.aprof_confirm_expired_text() };
    case "email_taken":
      return { title: m.aprof_confirm_taken_title(), text: m.aprof_confirm_taken_text() };
    case "token_invalid":
    case "invalid":
      return { title: m.aprof_confirm_invalid_title(), text: m.aprof_confirm_invalid_text() };
    default:
      // Another refusal (too many tries from this address): its own sentence.
      return { title: m.aprof_confirm_title(), text: message ?? m.aprof_confirm_invalid_text() };
  }
}

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const { csrfToken } = useRootData();
  const user = useCurrentUser();
  const { openLogin } = usePopups();
  const pending = useNavigation().state === "submitting";

  if (actionData?.ok) {
    const ownArea = user && user.id === loaderData.userId;
    return (
      <AccountLayout title={m.aprof_confirm_title()}>
        <AccountNotice tone="success" title={m.aprof_confirm_done_title()} text={m.aprof_confirm_done_text({ email: actionData.email })}>
          {ownArea ? (
            <Link to={userAreaPath(user.role, locale)} className={buttonClass("primary", "md")}>
              {m.aprof_confirm_to_area()}
            </Link>
          ) : user ? (
            <Link to={`/${locale}`} className={buttonClass("primary", "md")}>
              {m.aprof_confirm_to_home()}
            </Link>
          ) : (
            <button type="button" onClick={openLogin} className={buttonClass("primary", "md")} autoFocus>
              {m.aprof_confirm_login()}
            </button>
          )}
        </AccountNotice>
      </AccountLayout>
    );
  }

  const failed =
    actionData && !actionData.ok
      ? actionData.error
      : loaderData.status === "valid"
        ? null
        : loaderData.status === "expired"
          ? "token_expired"
          : "token_invalid";
  if (failed || !loaderData.token || !loaderData.newEmail) {
    const { title, text } = failureText(failed ?? "token_invalid", actionData && !actionData.ok ? actionData.message : null);
    return (
      <AccountLayout title={m.aprof_confirm_title()}>
        <AccountNotice tone="warning" title={title} text={text}>
          <Link to={`/${locale}`} className={buttonClass("secondary", "md")}>
            {m.aprof_confirm_to_home()}
          </Link>
        </AccountNotice>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={m.aprof_confirm_title()} intro={m.aprof_confirm_intro()}>
      <Form method="post" className="space-y-5" data-testid="confirm-email-form">
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        <input type="hidden" name="token" value={loaderData.token} />
        <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
          <span className="text-slate-500">{m.aprof_confirm_new_address()}: </span>
          <span className="font-medium break-all text-slate-900" data-testid="confirm-email-address">
            {loaderData.newEmail}
          </span>
        </div>
        <FormMessage tone="info">{m.aprof_confirm_explain()}</FormMessage>
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", "w-full")}>
          {pending ? m.form_sending() : m.aprof_confirm_submit()}
        </button>
      </Form>
    </AccountLayout>
  );
}
