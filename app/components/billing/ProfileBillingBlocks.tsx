// The stocker's subscription and payment-method blocks on {prefix}/data
// (the profile data page): a free trial shows its end date, any other subscription its
// activation date; one waiting for its bank transfer shows the transfer's details; an ended one
// says so and invites to renew. Cancel — or resume once cancelled — only with an active
// subscription not paid by transfer; the payment method's edit link only without an active
// subscription (lib/billing.ts#profileBillingActions). Cancel and resume are popups posting to
// /cancel-subscription and /resume-subscription; the page reloads on success. In an
// administrator's view the blocks show and their actions do not.
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { formatDate } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import { profileBillingActions, subscriptionPhase, type ProfileBillingView } from "../../lib/billing.ts";
import { FormMessage } from "../ui/fields.tsx";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { buttonClass, linkClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { InfoRow, planLabel, price, SubscriptionBadge, SubscriptionStatusLine, TransferDetails } from "./BillingParts.tsx";

type Popup = "cancel" | "resume";

// Cancelling is the one destructive action here: red, not the brand's blue.
const DANGER_LINK =
  "inline-flex items-center py-3 -my-3 font-medium text-red-700 underline decoration-red-300 underline-offset-2 hover:text-red-800 hover:decoration-red-600";
const DANGER_BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-700 active:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60";

export function ProfileBillingBlocks({ billing, base, asAdmin }: { billing: ProfileBillingView; base: string; asAdmin: boolean }) {
  const paths = areaPaths(base);
  const location = useLocation();
  const [open, setOpen] = useState<Popup | null>(null);
  const actions = profileBillingActions(billing, asAdmin);
  const s = billing.subscription;
  const phase = subscriptionPhase(s);
  // The billing page's transfer step comes here with the details to keep.
  const justChoseTransfer = (location.state as { billing?: string } | null)?.billing === "transfer" && phase === "pending_transfer";
  const blocks = useRef<HTMLDivElement>(null);
  // Arriving from the transfer step: the details are what the stocker came for, below the profile.
  useEffect(() => {
    if (justChoseTransfer) blocks.current?.scrollIntoView({ block: "start" });
  }, [justChoseTransfer]);

  return (
    <div ref={blocks} className="scroll-mt-20 space-y-5" data-testid="profile-billing">
      {justChoseTransfer && <FormMessage tone="success">{m.billp_transfer_chosen()}</FormMessage>}
      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <section
          aria-labelledby="subscription-card-title"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="profile-subscription"
        >
          <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
            <h2 id="subscription-card-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {m.billp_block_subscription()}
            </h2>
            {s && <SubscriptionBadge subscription={s} />}
          </div>

          {!s ? (
            <p className="text-sm text-slate-700" data-testid="subscription-none">
              {m.billp_none_text()}
            </p>
          ) : (
            <>
              <p className="text-base font-semibold text-slate-900" data-testid="subscription-status">
                <SubscriptionStatusLine subscription={s} />
              </p>
              {phase === "ended" && <p className="mt-1 text-sm text-slate-700">{m.billp_ended_invite()}</p>}
              {phase === "past_due" && <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{m.billp_past_due_note()}</p>}
              {/* Waiting for the transfer: its details below say plan, warehouses and amount. */}
              {phase !== "ended" && phase !== "pending_transfer" && (
                <dl className="mt-2 divide-y divide-slate-100 text-sm">
                  <InfoRow label={m.bill_mail_label_plan()}>{planLabel(s.plan)}</InfoRow>
                  <InfoRow label={m.bill_mail_label_warehouses()}>{s.warehouses.length}</InfoRow>
                  {s.amount !== null && <InfoRow label={m.billp_amount_per_period()}>{price(s.amount)}</InfoRow>}
                  {/* A trial's end is in the status line above. */}
                  {s.ends_at && phase !== "trial" && (
                    <InfoRow label={s.has_canceled || s.payment_type === "transfer" ? m.billp_label_ends() : m.billp_label_renews()}>
                      {formatDate(s.ends_at)}
                    </InfoRow>
                  )}
                </dl>
              )}
              {billing.has_canceled && phase !== "ended" && s.ends_at && (
                <p className="mt-2 text-sm text-slate-700" data-testid="subscription-canceled-note">
                  {m.billp_ends_canceled({ date: formatDate(s.ends_at) })}
                </p>
              )}
              {phase === "pending_transfer" && billing.transfer && (
                <div className="mt-4 space-y-3">
                  <p className="text-sm text-slate-700">{m.billp_pending_transfer_text()}</p>
                  <TransferDetails transfer={billing.transfer} />
                </div>
              )}
            </>
          )}

          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-6 border-t border-slate-100 pt-4 text-sm sm:gap-y-3">
            {!asAdmin && (phase === "none" || phase === "ended") ? (
              <Link to={paths.billing} className={buttonClass("primary", "sm")} data-testid="profile-billing-link">
                {phase === "ended" ? m.billp_renew() : m.billp_subscribe()}
              </Link>
            ) : (
              <Link to={paths.billing} className={standaloneTextLinkClass} data-testid="profile-billing-link">
                {m.billp_open_billing()}
              </Link>
            )}
            {actions.cancel && (
              <button type="button" onClick={() => setOpen("cancel")} className={DANGER_LINK} data-testid="subscription-cancel">
                {m.billp_cancel()}
              </button>
            )}
            {actions.resume && (
              <button type="button" onClick={() => setOpen("resume")} className={standaloneTextLinkClass} data-testid="subscription-resume">
                {m.billp_resume()}
              </button>
            )}
          </div>
        </section>

        <section
          aria-labelledby="payment-card-title"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="profile-payment-method"
        >
          <h2 id="payment-card-title" className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
            {m.billp_payment_method()}
          </h2>
          <p className="text-base font-semibold text-slate-900" data-testid="payment-method">
            {billing.pm_type === "card" ? (
              <>
                {m.billp_pm_card()}
                {billing.pm_last_four && (
                  <span className="ml-2 font-mono tracking-wider" aria-label={m.billp_card_ending({ last4: billing.pm_last_four })}>
                    {`•••• ${billing.pm_last_four}`}
                  </span>
                )}
              </>
            ) : billing.pm_type === "transfer" ? (
              m.billp_pm_transfer()
            ) : billing.pm_type === "paypal" ? (
              "PayPal"
            ) : (
              <span className="font-normal text-slate-500">{m.billp_pm_none()}</span>
            )}
          </p>
          {billing.pm_type === "transfer" && billing.stockspace_code && (
            <dl className="mt-2 text-sm">
              <InfoRow label={m.billp_transfer_reason()} testId="payment-reason">
                <span className="font-mono text-base font-bold tracking-wider text-brand-800">{billing.stockspace_code}</span>
              </InfoRow>
            </dl>
          )}
          {actions.editPaymentMethod && (
            <p className="mt-4 border-t border-slate-100 pt-4 text-sm">
              <Link to={paths.billing} className={linkClass} data-testid="payment-method-edit">
                {billing.pm_type ? m.billp_pm_edit() : m.billp_pm_add()}
              </Link>
            </p>
          )}
        </section>
      </div>

      {!asAdmin && (
        <>
          <ChangePopup kind="cancel" isOpen={open === "cancel"} onClose={() => setOpen(null)} endsAt={s?.ends_at ?? null} />
          <ChangePopup kind="resume" isOpen={open === "resume"} onClose={() => setOpen(null)} endsAt={s?.ends_at ?? null} />
        </>
      )}
    </div>
  );
}

/** Cancel at the period's end, or take that back: one confirmation, loading, errors, a reload. */
function ChangePopup({ kind, isOpen, onClose, endsAt }: { kind: Popup; isOpen: boolean; onClose: () => void; endsAt: Date | string | null }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const date = endsAt ? formatDate(endsAt) : "";

  const close = () => {
    // The spec: on close, loading and error states reset.
    setPending(false);
    setError(null);
    onClose();
  };

  async function confirm() {
    if (pending) return;
    setPending(true);
    setError(null);
    const res = await postJson<{ user_id: number }>(kind === "cancel" ? "/cancel-subscription" : "/resume-subscription");
    if (res.ok && res.data.user_id) {
      window.location.reload();
      return;
    }
    setPending(false);
    setError(res.data.message || m.billp_error_general());
  }

  const cancel = kind === "cancel";
  return (
    <PopupDialog
      id={cancel ? "cancel-subscription" : "resume-subscription"}
      title={cancel ? m.billp_cancel_title() : m.billp_resume_title()}
      isOpen={isOpen}
      onClose={close}
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {cancel
            ? date
              ? m.billp_cancel_text({ date })
              : m.billp_cancel_text_undated()
            : date
              ? m.billp_resume_text({ date })
              : m.billp_resume_text_undated()}
        </p>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={buttonClass("secondary", "md")}>
            {cancel ? m.billp_keep() : m.billp_not_now()}
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={pending}
            aria-busy={pending}
            className={cancel ? DANGER_BUTTON : buttonClass("primary", "md")}
            data-testid={`subscription-${kind}-confirm`}
          >
            {pending ? m.form_sending() : cancel ? m.billp_cancel_confirm() : m.billp_resume_confirm()}
          </button>
        </div>
      </div>
    </PopupDialog>
  );
}
