// Pieces the billing page, the confirm page and the profile's blocks share: the summary of a
// subscription, the bank-transfer details (IBAN in groups of four, the reason code big with a
// copy button), the lines of a price, and the warehouses as checkable cards (the first step's and
// the additions'). Prices are always formatPrice(euros(cents)).
import type { ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { euros, type PlanName, type PriceBreakdown } from "../../lib/pricing.ts";
import { formatArea, formatDate, formatNumber, formatPrice, subscriptionLabel } from "../../lib/format.ts";
import { groupIban, subscriptionPhase, type BillingWarehouseView, type SubscriptionView, type TransferView } from "../../lib/billing.ts";
import { buttonClass } from "../ui/styles.ts";
import { CopyButton } from "../ui/CopyButton.tsx";
import { HubBadge } from "../warehouse/HubBadge.tsx";

export const price = (cents: number | null | undefined) => (cents === null || cents === undefined ? "" : formatPrice(euros(cents)));

export function planLabel(plan: PlanName): string {
  return plan === "yearly" ? m.bill_plan_yearly() : m.bill_plan_six_months();
}

/** A label and its value, one row of a definition list. */
export function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The bank transfer to make: amount with and without VAT, beneficiary, IBAN, reason code. */
export function TransferDetails({ transfer }: { transfer: TransferView }) {
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50/50 p-4 sm:p-5" data-testid="transfer-details">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.billp_transfer_reason()}</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="font-mono text-2xl font-bold tracking-[0.15em] break-all text-brand-800 sm:text-3xl" data-testid="transfer-reason">
          {transfer.reason}
        </p>
        <CopyButton text={transfer.reason} label={m.billp_copy_reason()} testId="transfer-copy-reason" />
      </div>
      <p className="mt-1 text-xs text-slate-600">{m.billp_transfer_reason_hint()}</p>
      <dl className="mt-3 divide-y divide-brand-100 text-sm">
        <InfoRow label={m.bill_mail_label_amount()} testId="transfer-amount">
          <span className="text-base font-bold">{price(transfer.amount)}</span>
        </InfoRow>
        <InfoRow label={m.bill_mail_label_amount_excl()}>{price(transfer.amount_excl_vat)}</InfoRow>
        <InfoRow label={m.bill_mail_label_beneficiary()}>{transfer.beneficiary}</InfoRow>
        <InfoRow label={m.bill_mail_label_iban()}>
          {/* Groups wrap whole, at their spaces, on a narrow screen. */}
          <span className="font-mono tracking-wide" data-testid="transfer-iban">
            {groupIban(transfer.iban)}
          </span>
        </InfoRow>
        <InfoRow label={m.bill_mail_label_plan()}>
          {planLabel(transfer.plan)} · {m.billp_warehouses_count({ count: transfer.warehouses_count })}
        </InfoRow>
      </dl>
    </div>
  );
}

/** The discount lines and totals of a price (the server's breakdown after init-subscription). */
export function PriceLines({
  breakdown,
  unitAmount,
  warehouses,
  percentOff,
  hubPercentOff,
  vatRate,
}: {
  breakdown: PriceBreakdown;
  unitAmount: number;
  warehouses: number;
  percentOff?: number | null;
  hubPercentOff?: number | null;
  vatRate: number;
}) {
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid="price-lines">
      <Line label={m.billp_line_gross({ count: warehouses, unit: price(unitAmount) })} value={price(breakdown.gross)} />
      {breakdown.amountOff > 0 && <Line label={m.billp_line_amount_off()} value={`− ${price(breakdown.amountOff)}`} discount />}
      {breakdown.percentOff > 0 && (
        <Line label={m.billp_line_percent_off({ percent: formatNumber(percentOff) })} value={`− ${price(breakdown.percentOff)}`} discount />
      )}
      {breakdown.hubOff > 0 && <Line label={m.billp_line_hub_off({ percent: formatNumber(hubPercentOff) })} value={`− ${price(breakdown.hubOff)}`} discount />}
      <Line label={m.billp_total_excl_vat()} value={price(breakdown.totalExclVat)} testId="price-total-excl" />
      <Line label={m.billp_vat({ rate: formatNumber(vatRate) })} value={price(breakdown.vat)} />
      <Line label={m.billp_total_incl_vat()} value={price(breakdown.total)} strong testId="price-total" />
    </dl>
  );
}

function Line({ label, value, strong, discount, testId }: { label: string; value: string; strong?: boolean; discount?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "text-base font-bold text-slate-900" : "text-slate-700"}`}>
      <dt>{label}</dt>
      <dd className={`shrink-0 tabular-nums ${discount ? "text-emerald-700" : ""}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The subscription's status as its blocks say it (the trial's end, or the activation date). */
export function SubscriptionStatusLine({ subscription }: { subscription: SubscriptionView }) {
  const phase = subscriptionPhase(subscription);
  const s = subscription;
  if (phase === "trial") return <>{m.billp_status_trial({ date: formatDate(s.trial_ends_at) })}</>;
  if (phase === "pending_transfer") return <>{m.billp_status_pending_transfer()}</>;
  if (phase === "ended") return <>{s.ends_at ? m.billp_status_ended({ date: formatDate(s.ends_at) }) : m.billp_status_ended_undated()}</>;
  return <>{s.started_at ? m.billp_status_active({ date: formatDate(s.started_at) }) : m.billp_status_active_undated()}</>;
}

/** When the period ends and what happens then. */
function periodEnd(s: SubscriptionView): string | null {
  const phase = subscriptionPhase(s);
  if (!s.ends_at || phase === "ended" || phase === "pending_transfer") return null;
  const date = formatDate(s.ends_at);
  if (s.has_canceled) return m.billp_ends_canceled({ date });
  if (s.payment_type === "transfer") return m.billp_ends_transfer({ date });
  return m.billp_renews({ date });
}

const PHASE_TONE = {
  trial: "bg-sky-100 text-sky-800 ring-sky-200",
  active: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  past_due: "bg-amber-100 text-amber-900 ring-amber-200",
  pending_transfer: "bg-amber-100 text-amber-900 ring-amber-200",
  ended: "bg-slate-100 text-slate-700 ring-slate-200",
  none: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

/** The label of a subscription: "free trial" or "subscription", or that it ended. */
export function SubscriptionBadge({ subscription }: { subscription: SubscriptionView }) {
  const phase = subscriptionPhase(subscription);
  const text =
    phase === "ended"
      ? m.billp_badge_ended()
      : phase === "pending_transfer"
        ? m.billp_badge_pending()
        : subscriptionLabel(subscription.stripe_status, (key) =>
            key === "subscription_free_trial" ? m.subscription_free_trial() : m.subscription_subscription(),
          );
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${PHASE_TONE[phase]}`}>{text}</span>;
}

/** A live subscription in full: status, plan, amount, dates and the warehouses it covers. */
export function SubscriptionSummary({ subscription, asAdmin = false, children }: { subscription: SubscriptionView; asAdmin?: boolean; children?: ReactNode }) {
  const s = subscription;
  const end = periodEnd(s);
  const phase = subscriptionPhase(s);
  return (
    <section
      aria-labelledby="subscription-summary-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="subscription-summary"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subscription-summary-title" className="text-lg font-semibold text-slate-900">
          {asAdmin ? m.billp_current_title_admin() : m.billp_current_title()}
        </h2>
        <SubscriptionBadge subscription={s} />
      </div>
      <p className="mt-2 font-semibold text-slate-900" data-testid="subscription-status">
        <SubscriptionStatusLine subscription={s} />
      </p>
      {end && <p className="mt-0.5 text-sm text-slate-700">{end}</p>}
      {phase === "past_due" && <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{m.billp_past_due_note()}</p>}
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        <InfoRow label={m.bill_mail_label_plan()}>{planLabel(s.plan)}</InfoRow>
        {s.amount !== null && <InfoRow label={m.billp_amount_per_period()}>{price(s.amount)}</InfoRow>}
        <InfoRow label={m.billp_payment_method()}>
          {s.payment_type === "transfer" ? m.billp_pm_transfer() : s.payment_type === "paypal" ? "PayPal" : m.billp_pm_card()}
        </InfoRow>
        {/* The status line gives the trial's end; its start is only here. */}
        {s.started_at && phase === "trial" && <InfoRow label={m.billp_label_started()}>{formatDate(s.started_at)}</InfoRow>}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{m.billp_covered_title({ count: s.warehouses.length })}</h3>
      <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="subscription-warehouses">
        {s.warehouses.map((w) => (
          <li key={w.id} className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-medium break-words text-slate-900">{w.name}</span>
              <span className="block text-slate-500">{w.city}</span>
            </span>
            {w.is_hub && <HubBadge />}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** The warehouses as checkable cards, with the count and select all / none: the first step's, and the additions'. */
export function WarehouseChecklist({
  warehouses,
  selected,
  onChange,
  legend,
}: {
  warehouses: BillingWarehouseView[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  legend: string;
}) {
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  const all = selected.size === warehouses.length;
  return (
    <fieldset className="mt-4">
      <legend className="sr-only">{legend}</legend>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-slate-600" aria-live="polite" data-testid="billing-selected-count">
          {m.billp_selected_count({ count: selected.size, total: warehouses.length })}
        </span>
        <button type="button" onClick={() => onChange(all ? new Set() : new Set(warehouses.map((w) => w.id)))} className={buttonClass("ghost", "sm")}>
          {all ? m.billp_select_none() : m.billp_select_all()}
        </button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {warehouses.map((w) => {
          const checked = selected.has(w.id);
          return (
            <li key={w.id}>
              <label
                className={`flex h-full cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                  checked ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 bg-white hover:border-brand-300"
                }`}
                data-testid={`billing-warehouse-${w.id}`}
              >
                <input
                  type="checkbox"
                  name="w_ids"
                  value={w.id}
                  checked={checked}
                  onChange={() => toggle(w.id)}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words text-slate-900">{w.name}</span>
                    {w.is_hub && <HubBadge />}
                  </span>
                  <span className="mt-0.5 block text-sm text-slate-600">
                    {w.city}
                    {w.province ? ` (${w.province})` : ""}
                  </span>
                  {w.total_m2 !== null && <span className="mt-0.5 block text-sm text-slate-600">{formatArea(w.total_m2)}</span>}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
