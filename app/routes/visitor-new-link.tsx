// /{locale}/requests/new-link: a visitor who lost the personal link of a request types the
// address it was sent from and its number; the page's action is POST /api/requests/renew's
// service, and answers the same whether they matched a request or not. With ?renewed=1 it first
// says that a new link went out ("send me a new link" on the personal page, whose old link no
// longer opens anything). Not indexed. A plain form: it works before the page's script runs.
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/visitor-new-link";
import { pageAction, pageLoader } from "../server/http/page.ts";
import { resendPersonalLink } from "../server/deal/visitor-follow-up.service.ts";
import { resendLinkSchema } from "../schemas/visitor-follow-up.ts";
import { m } from "../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../lib/api-client.ts";
import { useRootData } from "../lib/root-data.ts";
import type { PageActionResult } from "../lib/page-action.ts";
import type { LinkResent } from "../lib/visitor-follow-up.ts";
import { AccountLayout, AccountNotice } from "../components/account/AccountLayout.tsx";
import { FormMessage, TextInput } from "../components/ui/fields.tsx";
import { buttonClass } from "../components/ui/styles.ts";

export const loader = pageLoader({ access: "public" }, ({ url }) => ({ renewed: url.searchParams.get("renewed") === "1" }));

export const action = pageAction(
  { access: "public", body: resendLinkSchema, keepValues: true },
  async ({ body, services, info, locale }): Promise<LinkResent> => {
    await resendPersonalLink(services.db, body, { origin: services.config.origin, ip: info.ip, locale, supportEmail: services.config.supportEmail });
    return { ok: true, sent: true };
  },
);

export function meta() {
  return [{ title: m.page_title({ title: m.vis_newlink_title() }) }, { name: "robots", content: "noindex" }];
}

export default function VisitorNewLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken } = useRootData();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const result = actionData as PageActionResult<LinkResent> | undefined;

  if (result?.ok) {
    return (
      <AccountLayout title={m.vis_newlink_title()}>
        <AccountNotice tone="success" title={m.vis_newlink_sent_title()} text={m.vis_newlink_sent()} />
      </AccountLayout>
    );
  }

  const failure = result && !result.ok ? result : null;
  const fieldError = (field: string) => (failure?.errors[field] ? m.vis_newlink_error() : null);
  return (
    <AccountLayout title={m.vis_newlink_title()} intro={m.vis_newlink_intro()}>
      {loaderData.renewed && !failure && (
        <div className="mb-5">
          <FormMessage tone="success">
            <strong>{m.vis_newlink_renewed_title()}</strong> {m.vis_newlink_renewed()}
          </FormMessage>
        </div>
      )}
      <Form method="post" noValidate className="space-y-4" data-testid="visitor-new-link-form">
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        {failure && <FormMessage tone="error">{failure.error === "invalid" ? m.vis_newlink_error() : failure.message}</FormMessage>}
        <TextInput
          name="email"
          type="email"
          label={m.vis_newlink_email()}
          autoComplete="email"
          defaultValue={failure?.values?.email ?? ""}
          isRequired
          error={fieldError("email")}
        />
        <TextInput
          name="request_number"
          label={m.vis_newlink_number()}
          inputMode="numeric"
          defaultValue={failure?.values?.request_number ?? ""}
          isRequired
          error={fieldError("request_number")}
          description={m.vis_newlink_number_hint()}
          className="max-w-64"
        />
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", "w-full")}>
          {pending ? m.form_sending() : m.vis_newlink_submit()}
        </button>
      </Form>
    </AccountLayout>
  );
}
