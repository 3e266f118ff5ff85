// /{locale}/confirm-email/{id}?token=…: the link sent to a new login address. Opening it
// changes nothing (mail scanners and link previews open links too): the page shows the
// address and a button that posts to this route's action, which makes the change
// (app/server/accounts/profile.service.ts#confirmEmailChange). A plain form: it works before
// hydration.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { requestInfoContext, servicesContext } from "../../server/context.ts";
import { DomainError, ValidationError } from "../../server/errors.ts";
import { pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { confirmEmailChange, emailChangeLinkStatus } from "../../server/accounts/profile.service.ts";
import { confirmEmailSchema } from "../../schemas/profile.ts";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useCurrentUser, useLocale, useRootData, userAreaPath } from "../../lib/root-data.ts";
import { AccountLayout, AccountNotice } from "../../components/account/AccountLayout.tsx";
import { usePopups } from "../../components/popups/PopupContext.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";

function userIdOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw data({ code: "not_found" }, { status: 404 });
  return Number(raw);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const userId = userIdOf(params.id);
  const token = new URL(request.url).searchParams.get("token");
  const { status, newEmail } = await emailChangeLinkStatus(context.get(servicesContext).db, userId, token);
  return { status, newEmail, userId, token: status === "valid" ? token : null };
}

export type ConfirmEmailResult = { ok: true; email: string } | { ok: false; error: string };

export async function action({ request, params, context }: Route.ActionArgs): Promise<ConfirmEmailResult> {
  const userId = userIdOf(params.id);
  const form = await pageWork(() => readFormData(request));
  const parsed = confirmEmailSchema.safeParse({ token: form.get("token") ?? undefined });
  if (!parsed.success) return { ok: false, error: "token_invalid" };
  const services = context.get(servicesContext);
  try {
    const done = await confirmEmailChange(services.db, userId, parsed.data.token, {
      origin: services.config.origin,
      supportEmail: services.config.supportEmail,
      ip: context.get(requestInfoContext).ip || null,
    });
    return { ok: true, email: done.email };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, error: err.code };
    // Too many wrong links from this address (429) and the like: the error page says so.
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}

export function meta() {
  // The address carries a one-time token: no search engine, no Referer to other sites.
  return [{ title: m.page_title({ title: m.aprof_confirm_title() }) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

function failureText(error: string): { title: string; text: string } {
  switch (error) {
    case "token_expired":
      return { title: m.aprof_confirm_expired_title(), text: m.aprof_confirm_expired_text() };
    case "email_taken":
      return { title: m.aprof_confirm_taken_title(), text: m.aprof_confirm_taken_text() };
    default:
      return { title: m.aprof_confirm_invalid_title(), text: m.aprof_confirm_invalid_text() };
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

  const failed = actionData && !actionData.ok ? actionData.error : loaderData.status === "valid" ? null : loaderData.status === "expired" ? "token_expired" : "token_invalid";
  if (failed || !loaderData.token || !loaderData.newEmail) {
    const { title, text } = failureText(failed ?? "token_invalid");
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
