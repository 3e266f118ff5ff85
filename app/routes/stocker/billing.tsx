// {stocker_prefix}/billing: the subscription — pick warehouses, then plan and promo code, then pay
// by card or choose bank transfer; with a live subscription, its summary. Also
// the administrator's read-only view at /admin/stocker/{id}/billing.
import type { Route } from "./+types/billing";
import { m } from "../../paraglide/messages.js";
import { billingPageLoader } from "../shared/billing-pages.server.ts";
import { BillingPage } from "../../components/billing/BillingPage.tsx";

export const loader = billingPageLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.billp_title() }) }, { name: "robots", content: "noindex" }];
}

export default function Billing({ loaderData: { data, frame } }: Route.ComponentProps) {
  return <BillingPage data={data} base={frame.base} asAdmin={frame.asAdmin} />;
}
