// The stocker's billing in the browser (decision 009): what the billing page, the
// confirm page and the profile's subscription blocks are handed, and the rules they show by.
// The shapes are defined here once and app/server/billing/'s services answer with them (browser
// code may not import the server: lib/browser-boundary.test.ts); dates are Date on the
// server, ISO text after serialisation. Prices come from app/lib/pricing.ts, the same rule the
// server charges by.
import { additionPrice, computePrice, type AdditionPrice, type PlanName, type PriceBreakdown } from "./pricing.ts";

type DateValue = Date | string;

export type SubscriptionStatus = "incomplete" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "pending_transfer";
export type PaymentType = "card" | "paypal" | "transfer";

export type SubscriptionView = {
  id: number;
  stripe_status: SubscriptionStatus;
  plan: PlanName;
  payment_type: PaymentType;
  /** Cents per period, VAT included. */
  amount: number | null;
  created_at: DateValue;
  started_at: DateValue | null;
  trial_ends_at: DateValue | null;
  ends_at: DateValue | null;
  has_canceled: boolean;
  warehouses: { id: number; name: string; city: string; is_hub: boolean }[];
};

/** What a bank transfer needs (cents). */
export type TransferView = {
  amount: number;
  amount_excl_vat: number;
  beneficiary: string;
  iban: string;
  reason: string;
  plan: PlanName;
  warehouses_count: number;
};

export type BillingWarehouseView = {
  id: number;
  name: string;
  city: string;
  province: string;
  address: string;
  is_hub: boolean;
  total_m2: number | null;
  covered: boolean;
};

/** The billing page's data (billingPage, plus the transfer details of a subscription waiting for its transfer). */
export type BillingPageView = {
  warehouses: BillingWarehouseView[];
  plans: Record<PlanName, { unit_amount: number; months: number }>;
  vat_rate: number;
  trial_days: number;
  publishable_key: string | null;
  transfer: { beneficiary: string; iban: string };
  current: SubscriptionView | null;
  pending_transfer: TransferView | null;
  /** Adding warehouses to the running subscription; null when none runs. */
  addition: AdditionView | null;
};

/**
 * What the billing page needs to add warehouses to a running subscription (decision 024): how it
 * is paid (the subscription's card through Stripe, or a bank transfer), the subscription's terms
 * for additionPrice, and an addition waiting for its transfer. `blocked` when the subscription is
 * set to end: the stocker resumes it first.
 */
export type AdditionView = {
  payment: "card" | "transfer";
  card_last_four: string | null;
  blocked: "canceled" | null;
  terms: {
    unit_amount: number;
    amount_off: number | null;
    percent_off: number | null;
    hub_percent_off: number | null;
    vat_rate: number;
    current_amount: number;
    warehouses: number;
    hubs: number;
    period_start: DateValue;
    period_end: DateValue;
    trialing: boolean;
  };
  pending: { id: number; amount: number; created_at: DateValue; warehouses: { id: number; name: string; city: string }[]; transfer: TransferView } | null;
  /** The moment the page prices a selection at: the same on the server's render and in the browser. */
  priced_at: DateValue;
};

/** POST /api/stocker/profile/add-subscription-warehouses's answer: added at once (card, or nothing to pay), or waiting for a transfer. */
export type AddWarehousesResponse = {
  user_id: number;
  status: "confirmed" | "pending_transfer";
  amount: number;
  warehouses_count: number;
  transfer: TransferView | null;
};

/** The profile's subscription and payment-method blocks (profileBilling). */
export type ProfileBillingView = {
  pm_type: PaymentType | null;
  pm_last_four: string | null;
  stockspace_code: string | null;
  active_subscription: boolean;
  has_canceled: boolean;
  subscription: SubscriptionView | null;
  transfer: TransferView | null;
};

/** POST /init-subscription's answer. */
export type InitSubscriptionResponse = {
  subscription_id: number;
  client_secret: string | null;
  intent: "payment" | "setup" | null;
  amount_off: number | null;
  percent_off: number | null;
  hub_percent_off: number | null;
  price_unit_amount: number;
  url: string;
  price: PriceBreakdown;
  warehouses_count: number;
  hubs_count: number;
  trial_days: number;
  card_available: boolean;
};

export type ConfirmOutcome = "active" | "trialing" | "processing" | "failed" | "none";

/** A plan's price for one warehouse without VAT, as the spec shows the plans. */
export function unitPriceExclVat(unitAmount: number, vatRate: number): number {
  return computePrice({ unitAmount, warehouses: 1, hubs: 0, vatRate }).totalExclVat;
}

/**
 * The warehouses a link asks the billing page to start with ticked (`?w=13&w=14`, from a
 * warehouse's page): those of the page's list only.
 */
export function preselectedWarehouses(page: Pick<BillingPageView, "warehouses">, params: URLSearchParams): Set<number> {
  const asked = new Set(params.getAll("w").map(Number));
  return new Set(page.warehouses.filter((w) => asked.has(w.id)).map((w) => w.id));
}

/** The running total of a selection before any promo code (the server adds the code's discounts). */
export function selectionPrice(
  page: Pick<BillingPageView, "warehouses" | "plans" | "vat_rate">,
  plan: PlanName,
  selected: ReadonlySet<number>,
): PriceBreakdown & { warehouses: number; hubs: number } {
  const chosen = page.warehouses.filter((w) => selected.has(w.id));
  const hubs = chosen.filter((w) => w.is_hub).length;
  const price = computePrice({ unitAmount: page.plans[plan].unit_amount, warehouses: chosen.length, hubs, vatRate: page.vat_rate });
  return { ...price, warehouses: chosen.length, hubs };
}

/** The spec's rule: at least one warehouse before the plan step. */
export const canLeaveWarehouseStep = (selected: ReadonlySet<number>) => selected.size > 0;

/** An IBAN in groups of four, as printed on bank documents: "IT60 X054 2811 …". */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * Where a subscription stands, for what the blocks say: a free trial, running (past_due too,
 * while Stripe retries the payment), waiting for a bank transfer, ended, or none.
 */
export type SubscriptionPhase = "trial" | "active" | "past_due" | "pending_transfer" | "ended" | "none";

export function subscriptionPhase(subscription: Pick<SubscriptionView, "stripe_status"> | null): SubscriptionPhase {
  switch (subscription?.stripe_status) {
    case undefined:
    case "incomplete":
      return "none";
    case "trialing":
      return "trial";
    case "active":
      return "active";
    case "past_due":
      return "past_due";
    case "pending_transfer":
      return "pending_transfer";
    default:
      return "ended";
  }
}

/**
 * Which actions the profile's blocks offer: cancel — or resume once cancelled — only
 * with an active subscription not paid by bank transfer (and only in a state the server can
 * change: trialing or active); editing the payment method only without an active subscription.
 * An administrator's view offers none of them.
 */
export function profileBillingActions(billing: ProfileBillingView, asAdmin: boolean): { cancel: boolean; resume: boolean; editPaymentMethod: boolean } {
  if (asAdmin) return { cancel: false, resume: false, editPaymentMethod: false };
  const s = billing.subscription;
  const changeable =
    billing.active_subscription &&
    s !== null &&
    (s.stripe_status === "active" || s.stripe_status === "trialing") &&
    s.payment_type !== "transfer" &&
    billing.pm_type !== "transfer";
  return {
    cancel: changeable && !billing.has_canceled,
    resume: changeable && billing.has_canceled,
    editPaymentMethod: !billing.active_subscription,
  };
}

/** The price of adding warehouses (how many, how many hubs) to the running subscription, now, by its terms: the server charges by this. */
export function additionPriceFor(terms: AdditionView["terms"], add: { warehouses: number; hubs: number }, now = new Date()): AdditionPrice {
  return additionPrice({
    unitAmount: terms.unit_amount,
    amountOff: terms.amount_off,
    percentOff: terms.percent_off,
    hubPercentOff: terms.hub_percent_off,
    vatRate: terms.vat_rate,
    currentAmount: terms.current_amount,
    warehouses: terms.warehouses,
    hubs: terms.hubs,
    addWarehouses: add.warehouses,
    addHubs: add.hubs,
    periodStart: new Date(terms.period_start),
    periodEnd: new Date(terms.period_end),
    trialing: terms.trialing,
    now,
  });
}

/** The same for a selection of the page's warehouses (those already covered do not count). */
export function additionSelectionPrice(
  page: Pick<BillingPageView, "warehouses">,
  terms: AdditionView["terms"],
  selected: ReadonlySet<number>,
  now = new Date(),
): AdditionPrice & { warehouses: number; hubs: number } {
  const chosen = page.warehouses.filter((w) => selected.has(w.id) && !w.covered);
  const hubs = chosen.filter((w) => w.is_hub).length;
  return { ...additionPriceFor(terms, { warehouses: chosen.length, hubs }, now), warehouses: chosen.length, hubs };
}
