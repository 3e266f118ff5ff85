// /{locale}/stocker/profile/confirm-subscription: Stripe's return page after the card step — the
// loader reads the subscription's state from Stripe and the page says how it went. In the
// administrator's view (/admin/stocker/{id}/confirm-subscription) the stored state, without Stripe.
import type { Route } from "./+types/confirm-subscription";
import { m } from "../../paraglide/messages.js";
import { confirmPageLoader } from "../shared/billing-pages.server.ts";
import { ConfirmSubscription } from "../../components/billing/ConfirmSubscription.tsx";

export const loader = confirmPageLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.billp_title() }) }, { name: "robots", content: "noindex" }];
}

export default function ConfirmSubscriptionPage({ loaderData: { outcome, subscription, frame } }: Route.ComponentProps) {
  return <ConfirmSubscription outcome={outcome} subscription={subscription} base={frame.base} asAdmin={frame.asAdmin} />;
}
