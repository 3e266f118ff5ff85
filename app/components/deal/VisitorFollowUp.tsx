// Around a visitor's request on its personal page (/{locale}/requests/{token}): who the request
// is for (its number, the contact address masked), the way into an account ("create an account",
// or "add to my account" for a logged-in stock hunter) and "send me a new link". Plain POST
// forms to the page's action (handleVisitorIntent, app/routes/shared/visitor-intents.server.ts),
// so they work before the page's script runs; every success is a redirect.
import { Form, useNavigation } from "react-router";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import type { PageActionFailure } from "../../lib/page-action.ts";
import { useRootData } from "../../lib/root-data.ts";
import { m } from "../../paraglide/messages.js";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";

export type VisitorFollowUpProps = {
  /** The request's number, as shown ("0000000042"). */
  number: string;
  /** The request's contact address, masked ("g•••@example.com"). */
  contact: string;
  /** The viewer is logged in as a stock hunter: "add to my account" instead of "create an account". */
  hunter: boolean;
  /** The viewer is logged in with another role: no way into an account is offered. */
  loggedIn?: boolean;
  /** The page action's answer, when it failed (any intent: the panel shows only its own). */
  failure?: PageActionFailure | null;
};

const INTENTS = new Set(["renew", "attach", "register"]);

function failureText(failure: PageActionFailure): string {
  if (failure.error === "too_many") return m.vis_error_too_many();
  if (failure.error === "request_owned") return m.vis_error_owned();
  if (failure.error === "not_found") return m.vis_error_not_found();
  return failure.message || m.vis_error_generic();
}

function IntentButton({ intent, label, variant }: { intent: string; label: string; variant: "primary" | "secondary" }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass(variant, "md", "w-full sm:w-auto")}>
        {label}
      </button>
    </>
  );
}

export function VisitorFollowUp({ number, contact, hunter, loggedIn = false, failure }: VisitorFollowUpProps) {
  const { csrfToken } = useRootData();
  const shownFailure = failure && failure.ok === false && failure.intent && INTENTS.has(failure.intent) ? failure : null;
  const csrf = <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />;
  return (
    <section
      aria-labelledby="visitor-follow-up-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="visitor-follow-up"
    >
      <h2 id="visitor-follow-up-title" className="text-lg font-semibold text-slate-900">
        {m.vis_title()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.vis_intro({ number, contact })}</p>
      {shownFailure && (
        <div className="mt-4">
          <FormMessage tone="error">{failureText(shownFailure)}</FormMessage>
        </div>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {hunter ? (
          <Form method="post" className="flex flex-col gap-3 rounded-lg bg-brand-50 p-4" data-testid="visitor-attach">
            {csrf}
            <h3 className="font-semibold text-slate-900">{m.vis_attach_title()}</h3>
            <p className="text-sm text-slate-700">{m.vis_attach_text()}</p>
            <div className="mt-auto">
              <IntentButton intent="attach" label={m.vis_attach_action()} variant="primary" />
            </div>
          </Form>
        ) : loggedIn ? null : (
          <Form method="post" className="flex flex-col gap-3 rounded-lg bg-brand-50 p-4" data-testid="visitor-register">
            {csrf}
            <h3 className="font-semibold text-slate-900">{m.vis_account_title()}</h3>
            <p className="text-sm text-slate-700">{m.vis_account_text()}</p>
            <div className="mt-auto">
              <IntentButton intent="register" label={m.vis_account_action()} variant="primary" />
            </div>
          </Form>
        )}
        <Form method="post" className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4" data-testid="visitor-renew">
          {csrf}
          <h3 className="font-semibold text-slate-900">{m.vis_renew_title()}</h3>
          <p className="text-sm text-slate-700">{m.vis_renew_text({ contact })}</p>
          <div className="mt-auto">
            <IntentButton intent="renew" label={m.vis_renew_action()} variant="secondary" />
          </div>
        </Form>
      </div>
    </section>
  );
}
