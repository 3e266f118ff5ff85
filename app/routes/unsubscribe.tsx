// /{locale}/unsubscribe/{token}: the one-click unsubscribe link of every notification e-mail
// (decision 038; the token: app/server/mail/unsubscribe-token.ts). No login: the token names one
// address and one kind, and can change only that.
//
// - GET shows what the link is about ("Stop e-mails about … to a•••@example.com?") and a button.
//   It changes nothing: mail scanners and link previews open links.
// - POST unsubscribes (the button, or a mail provider's RFC 8058 one-click POST, whose body is
//   List-Unsubscribe=One-Click and which the root middleware lets through without a CSRF token)
//   and shows it done, with the undo (intent "resubscribe", by the same token) and, for an
//   address with an area, its preferences. Both are idempotent.
// - A forged, altered or broken token is a 404 with its own page (ErrorBoundary), and counts
//   against the IP (app/server/mail/email-preferences.service.ts).
import { data, Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { pageAction, pageLoader } from "../server/http/page.ts";
import { DomainError } from "../server/errors.ts";
import { changeByLink, openUnsubscribeLink } from "../server/mail/email-preferences.service.ts";
import { unsubscribeForm, unsubscribeParams } from "../schemas/email-preferences.ts";
import { m } from "../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../lib/api-client.ts";
import { emailKindTopic } from "../lib/email-kind-words.ts";
import { useRootData } from "../lib/root-data.ts";
import { paths } from "../lib/paths.ts";
import { AccountLayout, AccountNotice } from "../components/account/AccountLayout.tsx";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { FormMessage } from "../components/ui/fields.tsx";
import { buttonClass } from "../components/ui/styles.ts";

export const loader = pageLoader({ access: "public", params: unsubscribeParams }, async ({ params, services, info, locale }) => ({
  link: await openUnsubscribeLink(services.db, params.token, { ip: info.ip || null, locale }),
}));

export const action = pageAction({ access: "public", params: unsubscribeParams, body: unsubscribeForm }, async ({ params, body, services, info, locale }) => {
  const change = body.intent ?? "unsubscribe";
  try {
    return { ok: true as const, change, link: await changeByLink(services.db, params.token, change, { ip: info.ip || null, locale }) };
  } catch (err) {
    // A link that does not work, or too many tries, is the page's error (its status, for a mail
    // provider's POST too), not a message inside a form that cannot be sent again.
    if (err instanceof DomainError && (err.status === 404 || err.status === 429)) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
});

/** Not indexed, and the token (which spells the address) never leaves in a Referer. */
export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
}

export function meta() {
  return [
    { title: m.page_title({ title: m.eprefs_unsub_title() }) },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

function ChangeForm({ intent, label, primary }: { intent: "unsubscribe" | "resubscribe"; label: string; primary: boolean }) {
  const { csrfToken } = useRootData();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" data-testid={`unsubscribe-${intent}`}>
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass(primary ? "primary" : "secondary", "md", "w-full sm:w-auto")}>
        {pending ? m.form_sending() : label}
      </button>
    </Form>
  );
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const done = actionData?.ok ? actionData : null;
  const link = done?.link ?? loaderData.link;
  const words = { topic: emailKindTopic(link.kind), email: link.email };
  const preferences = link.preferences_path && (
    <Link to={link.preferences_path} className={buttonClass("secondary", "md")} data-testid="unsubscribe-preferences">
      {m.eprefs_to_preferences()}
    </Link>
  );
  const home = (
    <Link to={paths.home(locale)} className={buttonClass("secondary", "md")}>
      {m.eprefs_to_home()}
    </Link>
  );

  if (done?.change === "resubscribe" && !link.opted_out) {
    return (
      <AccountLayout title={m.eprefs_unsub_title()}>
        <AccountNotice tone="success" title={m.eprefs_resub_done_title()} text={m.eprefs_resub_done_text(words)}>
          {preferences || home}
        </AccountNotice>
      </AccountLayout>
    );
  }
  if (link.opted_out) {
    return (
      <AccountLayout title={m.eprefs_unsub_title()}>
        <AccountNotice
          tone="success"
          title={m.eprefs_unsub_done_title()}
          text={done?.change === "unsubscribe" ? m.eprefs_unsub_done_text(words) : m.eprefs_unsub_already(words)}
        >
          <ChangeForm intent="resubscribe" label={m.eprefs_unsub_undo()} primary={false} />
          {preferences}
        </AccountNotice>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title={m.eprefs_unsub_title()}>
      <div className="space-y-5" data-testid="unsubscribe-question">
        <p className="text-lg font-medium text-balance text-slate-900">{m.eprefs_unsub_question(words)}</p>
        <p className="text-slate-600">{m.eprefs_unsub_explain()}</p>
        {actionData && !actionData.ok && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ChangeForm intent="unsubscribe" label={m.eprefs_unsub_submit()} primary />
          {preferences}
        </div>
      </div>
    </AccountLayout>
  );
}

/** A link that does not work gets a page that says so; other errors the site's error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { locale, user } = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404 && status !== 429) return <ErrorPage status={status} locale={locale} loggedIn={!!user} />;
  return (
    <AccountLayout title={m.eprefs_unsub_title()}>
      <AccountNotice
        tone="warning"
        title={status === 404 ? m.eprefs_unsub_invalid_title() : m.eprefs_unsub_title()}
        text={status === 404 ? m.eprefs_unsub_invalid_text() : m.error_too_many_requests()}
      >
        <Link to={paths.home(locale)} className={buttonClass("secondary", "md")}>
          {m.eprefs_to_home()}
        </Link>
      </AccountNotice>
    </AccountLayout>
  );
}
