// POST /api/stripe/webhook: Stripe's events about our subscriptions (decision 009). The body is
// read raw and its Stripe-Signature checked with STRIPE_WEBHOOK_SECRET before anything else (400
// otherwise); each event is applied once (stripe_events), in whatever order it arrives. Exempt
// from the CSRF check (app/server/http/middleware.ts): the signature proves the sender.
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "../../server/context.ts";
import { jsonError } from "../../server/http/respond.ts";
import { methodNotAllowed } from "../../server/http/api.ts";
import { applyStripeEvent } from "../../server/billing/card.service.ts";
import { billingContext } from "../../server/billing/subscriptions.service.ts";
import { WebhookSignatureError } from "../../server/billing/stripe-gateway.ts";

export async function action({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<Response> {
  const services = context.get(servicesContext);
  if (request.method !== "POST") return methodNotAllowed({ context });
  // Without Stripe keys there is nothing to receive.
  if (!services.billing) return jsonError(404, "not_found", "en");
  const raw = await request.text();
  let event;
  try {
    event = await services.billing.parseWebhook(raw, request.headers.get("Stripe-Signature"));
  } catch (err) {
    if (err instanceof WebhookSignatureError) return jsonError(400, "invalid_signature", "en");
    services.log.warn({ err }, "stripe webhook: unreadable event");
    return jsonError(400, "invalid", "en");
  }
  try {
    const result = await applyStripeEvent(services.db, event, billingContext(services));
    return Response.json({ received: true, duplicate: !result.applied });
  } catch (err) {
    // Stripe retries an event that was not acknowledged: nothing of it was kept.
    services.log.error({ err, eventId: event.id }, "stripe webhook: could not apply the event");
    return jsonError(503, "server_error", "en");
  }
}

export const loader = methodNotAllowed;
