// Plans and price: what each plan costs and lasts (the configuration), and every amount in cents
// the server asks for, computed by the one price rule both sides share (app/lib/pricing.ts,
// computePrice): a new subscription's price with its promo code's discounts, a transfer's amount
// without VAT, and the terms a running subscription is priced again by when warehouses are added
// (additionPriceFor, app/lib/billing.ts). No other billing module computes money.
import type { Config } from "../config.ts";
import { computePrice, type PlanName, type PriceBreakdown } from "../../lib/pricing.ts";
import type { AdditionView, BillingPageView } from "../../lib/billing.ts";
import { promoDiscounts, type PromoDiscounts } from "./promo-codes.service.ts";
import type { findLiveSubscription, subscriptionWarehouses } from "./subscriptions.queries.ts";

type LiveSubscription = NonNullable<Awaited<ReturnType<typeof findLiveSubscription>>>;

export const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/** The plans as the billing page offers them: each one's price per warehouse (cents, VAT included) and length. */
export function plansOffer(config: Config): BillingPageView["plans"] {
  return {
    yearly: { unit_amount: config.billing.plans.yearly.unitAmount, months: config.billing.plans.yearly.months },
    six_months: { unit_amount: config.billing.plans.six_months.unitAmount, months: config.billing.plans.six_months.months },
  };
}

/** The free trial's days: the first subscription that starts has one, no later one. */
export const trialDays = (config: Config, startedBefore: boolean) => (startedBefore ? 0 : config.billing.trialDays);

/** When a plan's period that starts at `from` ends. */
export const periodEnd = (config: Config, plan: PlanName, from: Date) => addMonths(from, config.billing.plans[plan].months);

/** A new subscription's price: the plan's unit amount over its warehouses and hubs, less the promo code's discounts. */
export function subscriptionPrice(
  config: Config,
  args: { plan: PlanName; warehouses: number; hubs: number; discounts: PromoDiscounts },
): { unitAmount: number; price: PriceBreakdown } {
  const unitAmount = config.billing.plans[args.plan].unitAmount;
  const price = computePrice({ unitAmount, warehouses: args.warehouses, hubs: args.hubs, ...args.discounts, vatRate: config.billing.vatRate });
  return { unitAmount, price };
}

/** An amount in cents, VAT included, without its VAT. */
export function amountExclVat(config: Config, amount: number): number {
  return computePrice({ unitAmount: amount, warehouses: 1, hubs: 0, vatRate: config.billing.vatRate }).totalExclVat;
}

/**
 * A running subscription's terms, as additionPrice reads them (the billing page is handed the
 * same): its unit amount and discounts as bought, what it costs today, what it covers, its period.
 */
export function subscriptionTerms(config: Config, live: LiveSubscription, covered: Awaited<ReturnType<typeof subscriptionWarehouses>>): AdditionView["terms"] {
  const vatRate = config.billing.vatRate;
  const months = config.billing.plans[live.plan].months;
  const hubs = covered.filter((w) => w.is_hub).length;
  const trialing = live.stripe_status === "trialing";
  const end = (trialing ? live.trial_ends_at : null) ?? live.ends_at!;
  // The discounts it was bought with, copied from its promo code when it was made.
  const discounts = promoDiscounts(live);
  return {
    unit_amount: live.price_unit_amount,
    amount_off: discounts.amountOff,
    percent_off: discounts.percentOff,
    hub_percent_off: discounts.hubPercentOff,
    vat_rate: vatRate,
    current_amount: live.amount ?? computePrice({ unitAmount: live.price_unit_amount, warehouses: covered.length, hubs, ...discounts, vatRate }).total,
    warehouses: covered.length,
    hubs,
    period_start: addMonths(new Date(end), -months),
    period_end: end,
    trialing,
  };
}
