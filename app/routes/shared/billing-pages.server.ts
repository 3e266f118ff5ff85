// The stocker's billing pages: {prefix}/billing (the three steps, or the live subscription) and
// {prefix}/confirm-subscription (where Stripe returns after the card step). Both open the
// stocker's area like every area page; an administrator's view only reads: the confirm page then
// shows the latest state without asking Stripe (confirmSubscription is the stocker's own call).
import { pageLoader } from "../../server/http/page.ts";
import { billingPage } from "../../server/billing/billing-views.service.ts";
import { confirmSubscription } from "../../server/billing/card.service.ts";
import { billingContext, storedOutcome } from "../../server/billing/subscriptions.service.ts";
import { pendingTransferDetails } from "../../server/billing/transfers.service.ts";
import { additionView } from "../../server/billing/subscription-additions.service.ts";
import type { BillingPageView, SubscriptionView } from "../../lib/billing.ts";
import { areaFrame } from "./area-pages.server.ts";

/** {prefix}/billing: the stocker's warehouses, plans, VAT, trial, Stripe's publishable key, the live subscription and what may be added to it. */
export const billingPageLoader = pageLoader({ access: { area: "stocker" } }, async ({ area, services }) => {
  const billing = await billingPage(services.db, { id: area.owner.id }, { config: services.config });
  // A subscription waiting for its transfer: the page repeats what to transfer, as the data page does.
  const pending = billing.current?.stripe_status === "pending_transfer" ? await pendingTransferDetails(services.db, area.owner.id, services.config) : null;
  // Adding warehouses to a running subscription; an administrator sees an addition waiting for its transfer.
  const addition = await additionView(services.db, area.owner.id, billingContext(services));
  const data: BillingPageView = {
    ...billing,
    // An administrator never pays for the stocker: no key reaches their page.
    publishable_key: area.asAdmin ? null : billing.publishable_key,
    pending_transfer: pending,
    addition,
  };
  return { data, frame: areaFrame(area), locale: area.locale };
});

/** {prefix}/confirm-subscription: the stocker's own view asks Stripe for the latest state. */
export const confirmPageLoader = pageLoader({ access: { area: "stocker" } }, async ({ area, services }) => {
  const { db } = services;
  if (area.asAdmin) {
    const stored = await storedOutcome(db, area.owner.id);
    return { outcome: stored.outcome, subscription: stored.subscription as SubscriptionView | null, frame: areaFrame(area), locale: area.locale };
  }
  const result = await confirmSubscription(db, area.actor, billingContext(services));
  return { outcome: result.outcome, subscription: result.subscription as SubscriptionView | null, frame: areaFrame(area), locale: area.locale };
});
