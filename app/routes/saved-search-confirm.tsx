// /{locale}/saved-searches/confirm/{token}: the link e-mailed to the address a visitor saved a
// search with (decision 038). Opening it changes nothing (mail scanners and link previews open
// links too): the page shows a button that posts to this route's action, which confirms the
// search (app/server/saved-searches/saved-searches.service.ts#confirmVisitorSavedSearch). An
// unknown, used or expired link is a page that says so. A plain form: it works before hydration.
// The page shows nothing the visitor typed: whoever holds the link only learns that a search waits.
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/saved-search-confirm";
import { pageAction, pageLoader } from "../server/http/page.ts";
import { confirmVisitorSavedSearch, savedSearchLinkStatus } from "../server/saved-searches/saved-searches.service.ts";
import { m } from "../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../lib/api-client.ts";
import { SAVED_SEARCH_CONFIRM_DAYS } from "../lib/saved-searches.ts";
import { useLocale, useRootData } from "../lib/root-data.ts";
import { AccountLayout, AccountNotice } from "../components/account/AccountLayout.tsx";
import { FormMessage } from "../components/ui/fields.tsx";
import { buttonClass } from "../components/ui/styles.ts";

// Whoever holds the link may open it: the token, not a role, is the key (judged by the service).
export const loader = pageLoader({ access: "public" }, async ({ params, services }) => ({
  status: await savedSearchLinkStatus(services.db, params.token),
}));

export const action = pageAction({ access: "public" }, async ({ params, services, info }) => {
  await confirmVisitorSavedSearch(services.db, params.token, { ip: info.ip });
  return { ok: true as const };
});

export function meta() {
  // The address carries a one-time token: no search engine, no Referer to other sites.
  return [{ title: m.page_title({ title: m.ss_confirm_title() }) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export default function SavedSearchConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const { csrfToken } = useRootData();
  const pending = useNavigation().state === "submitting";
  const actions = (
    <>
      <Link to={`/${locale}/stocks`} className={buttonClass("primary", "md")}>
        {m.ss_confirm_to_search()}
      </Link>
      <Link to={`/${locale}`} className={buttonClass("secondary", "md")}>
        {m.aprof_confirm_to_home()}
      </Link>
    </>
  );

  if (actionData?.ok) {
    return (
      <AccountLayout title={m.ss_confirm_title()}>
        <AccountNotice tone="success" title={m.ss_confirm_done_title()} text={m.ss_confirm_done_text()}>
          {actions}
        </AccountNotice>
      </AccountLayout>
    );
  }

  const refused = actionData && !actionData.ok ? actionData : null;
  const status = refused ? (refused.error === "token_expired" ? "expired" : refused.error === "token_invalid" ? "invalid" : null) : loaderData.status;
  if (status === "expired" || status === "invalid") {
    return (
      <AccountLayout title={m.ss_confirm_title()}>
        <AccountNotice
          tone="warning"
          title={status === "expired" ? m.ss_confirm_expired_title() : m.ss_confirm_invalid_title()}
          text={status === "expired" ? m.ss_confirm_expired_text({ days: SAVED_SEARCH_CONFIRM_DAYS }) : m.ss_confirm_invalid_text()}
        >
          {actions}
        </AccountNotice>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={m.ss_confirm_title()} intro={m.ss_confirm_intro()}>
      <Form method="post" className="space-y-5" data-testid="saved-search-confirm-form">
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        {/* Another refusal (too many wrong links from this address): its own sentence. */}
        {refused && <FormMessage tone="error">{refused.message}</FormMessage>}
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", "w-full")}>
          {pending ? m.form_sending() : m.ss_confirm_submit()}
        </button>
      </Form>
    </AccountLayout>
  );
}
