// The price of a subscription, computed the same way by the server
// (init-subscription, the transfer e-mails, the admin's Transfers screen) and by the billing page
// in the browser, so the figure a stocker sees is the one they are asked to pay.
//
// Every amount is in cents, VAT included, as Stripe bills it:
//   gross    = unit amount × number of warehouses
//   − amount_off                         (fixed, never below zero)
//   − percent_off % of what is left
//   − hub_percent_off % of the hubs' share of what is left (decision 009: a hub discount rewards
//     the hubs, so a selection of 1 hub in 3 warehouses gets a third of it)
//   = total; the amount is total / 100 euros; without VAT it is total / (1 + VAT rate), e.g. / 1.22.
// Each step rounds to whole cents, half away from zero.

export type PlanName = "yearly" | "six_months";

export const PLAN_NAMES: readonly PlanName[] = ["yearly", "six_months"];

export type PriceInput = {
  /** Cents per warehouse and period, VAT included. */
  unitAmount: number;
  warehouses: number;
  hubs: number;
  /** Cents. */
  amountOff?: number | null;
  /** Percent, 0–100. */
  percentOff?: number | null;
  hubPercentOff?: number | null;
  /** Percent, e.g. 22. */
  vatRate: number;
};

export type PriceBreakdown = {
  /** unit amount × warehouses */
  gross: number;
  amountOff: number;
  percentOff: number;
  hubOff: number;
  /** What is paid per period, VAT included. */
  total: number;
  /** The same without VAT. */
  totalExclVat: number;
  vat: number;
};

const cents = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

export function computePrice(input: PriceInput): PriceBreakdown {
  const warehouses = Math.max(0, Math.trunc(input.warehouses));
  const hubs = Math.min(warehouses, Math.max(0, Math.trunc(input.hubs)));
  const gross = input.unitAmount * warehouses;
  const amountOff = Math.min(gross, Math.max(0, input.amountOff ?? 0));
  let rest = gross - amountOff;
  const percentOff = cents((rest * clampPercent(input.percentOff)) / 100);
  rest -= percentOff;
  const hubOff = warehouses === 0 ? 0 : cents((rest * (hubs / warehouses) * clampPercent(input.hubPercentOff)) / 100);
  const total = Math.max(0, rest - hubOff);
  const totalExclVat = cents(total / (1 + input.vatRate / 100));
  return { gross, amountOff, percentOff, hubOff, total, totalExclVat, vat: total - totalExclVat };
}

function clampPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** Cents → euros, for formatPrice. */
export const euros = (amountInCents: number) => amountInCents / 100;

export type AdditionPriceInput = {
  /** The subscription's own terms: its unit amount and the promo code's discounts it was bought with. */
  unitAmount: number;
  amountOff?: number | null;
  percentOff?: number | null;
  hubPercentOff?: number | null;
  vatRate: number;
  /** What the subscription costs per period today (cents). */
  currentAmount: number;
  /** The warehouses and hubs it covers today, and those to add. */
  warehouses: number;
  hubs: number;
  addWarehouses: number;
  addHubs: number;
  /** The current period; in a free trial nothing is charged before the trial ends. */
  periodStart: Date;
  periodEnd: Date;
  trialing: boolean;
  now: Date;
};

export type AdditionPrice = {
  /** The subscription's amount per period with the added warehouses, by its own terms. */
  newAmount: number;
  /** newAmount − today's amount: what the next periods cost more. */
  difference: number;
  /** The difference for the rest of the current period, charged now (0 in a trial). */
  now: number;
  nowExclVat: number;
};

/**
 * Adding warehouses to a running subscription (decision 024): the subscription's price is
 * computed again over all its warehouses with the terms it was bought with, and the difference is
 * charged now for the share of the current period still to run, to the second (Stripe's own
 * proration rule, so the figure a stocker is shown is the one their card is charged).
 */
export function additionPrice(input: AdditionPriceInput): AdditionPrice {
  const newAmount = computePrice({
    unitAmount: input.unitAmount,
    warehouses: input.warehouses + input.addWarehouses,
    hubs: input.hubs + input.addHubs,
    amountOff: input.amountOff,
    percentOff: input.percentOff,
    hubPercentOff: input.hubPercentOff,
    vatRate: input.vatRate,
  }).total;
  const difference = Math.max(0, newAmount - input.currentAmount);
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = input.periodEnd.getTime() - input.now.getTime();
  const share = input.trialing || length <= 0 ? 0 : Math.min(1, Math.max(0, left / length));
  const charged = cents(difference * share);
  return { newAmount, difference, now: charged, nowExclVat: cents(charged / (1 + input.vatRate / 100)) };
}
