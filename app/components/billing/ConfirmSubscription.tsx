// /{locale}/stocker/profile/confirm-subscription: where Stripe sends the browser back after the
// card step. It says how it went — active, free trial (with its end date), still processing
// (reload), failed (back to billing), or nothing to confirm — with the links to the data page.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDate } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import type { ConfirmOutcome, SubscriptionView } from "../../lib/billing.ts";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { SubscriptionSummary } from "./BillingParts.tsx";

export function ConfirmSubscription({
  outcome,
  subscription,
  base,
  asAdmin,
}: {
  outcome: ConfirmOutcome;
  subscription: SubscriptionView | null;
  base: string;
  asAdmin: boolean;
}) {
  const paths = areaPaths(base);
  const waitingTransfer = outcome === "none" && subscription?.stripe_status === "pending_transfer";
  const count = subscription?.warehouses.length ?? 0;
  const view = {
    active: { tone: "success", title: m.billp_confirm_active_title(), text: m.billp_confirm_active_text({ count }) },
    trialing: {
      tone: "success",
      title: m.billp_confirm_trial_title(),
      text: m.billp_confirm_trial_text({ count, date: formatDate(subscription?.trial_ends_at) }),
    },
    processing: { tone: "info", title: m.billp_confirm_processing_title(), text: m.billp_confirm_processing_text() },
    failed: { tone: "warning", title: m.billp_confirm_failed_title(), text: m.billp_confirm_failed_text() },
    none: waitingTransfer
      ? { tone: "info", title: m.billp_badge_waiting(), text: m.billp_confirm_pending_text() }
      : { tone: "info", title: m.billp_confirm_none_title(), text: m.billp_confirm_none_text() },
  }[outcome] as { tone: "success" | "info" | "warning"; title: string; text: string };

  return (
    <div className="space-y-5" data-testid="confirm-subscription" data-outcome={outcome}>
      <section className="rounded-xl border border-slate-200 bg-white px-5 py-8 text-center shadow-sm sm:px-8">
        <StatusBadge tone={view.tone} />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{view.title}</h1>
        <p className="mx-auto mt-2 max-w-xl text-sm text-slate-700">{view.text}</p>
        {asAdmin && <p className="mx-auto mt-2 max-w-xl text-xs text-slate-500">{m.billp_confirm_admin_note()}</p>}
        <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {outcome === "processing" && (
            // A full reload: the loader asks Stripe again.
            <a href={paths.confirmSubscription} className={buttonClass("primary", "md")} data-testid="confirm-reload">
              {m.billp_reload()}
            </a>
          )}
          {(outcome === "failed" || (outcome === "none" && !waitingTransfer)) && !asAdmin && (
            <Link to={paths.billing} className={buttonClass("primary", "md")} data-testid="confirm-billing">
              {outcome === "failed" ? m.billp_try_again() : m.billp_subscribe()}
            </Link>
          )}
          <Link
            to={paths.data}
            className={outcome === "active" || outcome === "trialing" || waitingTransfer ? buttonClass("primary", "md") : linkClass}
            data-testid="confirm-data"
          >
            {asAdmin ? m.billp_go_to_data_admin() : m.billp_go_to_data()}
          </Link>
        </div>
      </section>
      {subscription && (outcome === "active" || outcome === "trialing") && <SubscriptionSummary subscription={subscription} asAdmin={asAdmin} />}
    </div>
  );
}
