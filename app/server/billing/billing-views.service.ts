// What the stocker's billing pages are handed (the shapes are app/lib/billing.ts's): the billing
// page's warehouses, plans and running subscription (billingPage; routes/shared/billing-pages.server.ts
// adds the transfer waiting and what may be added), and the profile's subscription and
// payment-method blocks (profileBilling).
import type { Database } from "../db/database.ts";
import type { Config } from "../config.ts";
import type { BillingPageView, ProfileBillingView } from "../../lib/billing.ts";
import { plansOffer, trialDays } from "./plans.service.ts";
import { subscriptionSummary, type BillingContext } from "./subscriptions.service.ts";
import { pendingTransferDetails } from "./transfers.service.ts";
import { billableWarehouses, findLatestSubscription, findLiveSubscription, hasStartedBefore, paymentFacts, RUNNING_STATUSES } from "./subscriptions.queries.ts";

export type BillingPageData = Omit<BillingPageView, "pending_transfer" | "addition">;

export async function billingPage(db: Database, owner: { id: number }, ctx: Pick<BillingContext, "config">): Promise<BillingPageData> {
  const { config } = ctx;
  const [rows, live, startedBefore] = await Promise.all([billableWarehouses(db, owner.id), findLiveSubscription(db, owner.id), hasStartedBefore(db, owner.id)]);
  const current = live && live.stripe_status !== "incomplete" ? await subscriptionSummary(db, live) : null;
  const covered = new Set(current?.warehouses.map((w) => w.id) ?? []);
  return {
    warehouses: rows.map((w) => ({
      id: w.id,
      name: w.name,
      city: w.city,
      province: w.province,
      address: w.address,
      is_hub: w.is_hub,
      total_m2: w.total_m2 === null ? null : Number(w.total_m2),
      covered: covered.has(w.id),
    })),
    plans: plansOffer(config),
    vat_rate: config.billing.vatRate,
    trial_days: trialDays(config, startedBefore),
    publishable_key: config.stripe?.publishableKey ?? null,
    transfer: { beneficiary: config.billing.transfer.beneficiary, iban: config.billing.transfer.iban },
    current,
  };
}

export type ProfileBilling = ProfileBillingView;

export async function profileBilling(db: Database, userId: number, config: Config): Promise<ProfileBilling> {
  const [user, latest] = await Promise.all([paymentFacts(db, userId), findLatestSubscription(db, userId)]);
  const shown = latest && latest.stripe_status !== "incomplete" ? latest : null;
  const active = shown !== null && [...RUNNING_STATUSES, "past_due"].includes(shown.stripe_status);
  return {
    pm_type: user.pm_type,
    pm_last_four: user.pm_last_four,
    stockspace_code: user.stockspace_code,
    active_subscription: active,
    has_canceled: active && shown!.has_canceled,
    subscription: shown ? await subscriptionSummary(db, shown) : null,
    transfer: shown?.stripe_status === "pending_transfer" ? await pendingTransferDetails(db, userId, config) : null,
  };
}
