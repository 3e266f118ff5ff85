// The gateway through the real Stripe SDK against the local stand-in (tests/support/stripe-stand-in.ts):
// what it sends, what it reads back, and how it checks webhooks. No database.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/support/stripe-stand-in.ts";
import { loadConfig, type Config } from "../config.ts";
import { BillingGatewayError, createBillingGateway, STRIPE_PRODUCT_ID, WebhookSignatureError, type BillingGateway } from "./stripe-gateway.ts";

type StripeConfig = NonNullable<Config["stripe"]>;

let standIn: StripeStandIn;
let gateway: BillingGateway;
let config: StripeConfig;
/** The SDK straight at the stand-in, to read what the gateway left in "Stripe". */
let direct: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  config = { secretKey: standIn.secretKey, publishableKey: "pk_test_standin", webhookSecret: standIn.webhookSecret, apiBase: standIn.url };
  gateway = createBillingGateway(config);
  direct = new Stripe(standIn.secretKey, { host: standIn.host, port: standIn.port, protocol: "http" });
});
afterAll(() => standIn?.close());

const DAY = 86_400_000;
const lastRequest = (method: string, path: string) => standIn.requests.filter((r) => r.method === method && r.path === path).at(-1);
let keyCounter = 0;
const newKey = () => `test-checkout-${Date.now()}-${++keyCounter}`;

async function newCustomer(): Promise<string> {
  return gateway.createCustomer({ email: `stocker${++keyCounter}@example.com`, name: "Mario Rossi", userId: 42 });
}

describe("customers", () => {
  it("creates a customer with the user's e-mail, name and id", async () => {
    const id = await gateway.createCustomer({ email: "mario@example.com", name: "Mario Rossi", userId: 42 });
    expect(id).toMatch(/^cus_/);
    const request = lastRequest("POST", "/v1/customers");
    expect(request?.body).toEqual({ email: "mario@example.com", name: "Mario Rossi", metadata: { user_id: "42" } });
  });

  it("reports a wrong API key as a clear error", async () => {
    const wrong = createBillingGateway({ ...config, secretKey: "sk_test_wrong_key_0000" });
    const error = await wrong.createCustomer({ email: "x@example.com", name: "X", userId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingGatewayError);
    expect((error as BillingGatewayError).statusCode).toBe(401);
    expect((error as Error).message).toMatch(/creating the customer failed: Stripe refused the secret key \(check STRIPE_SECRET_KEY\)/);
  });

  it("reaches the stand-in through STRIPE_API_BASE", async () => {
    const fromEnv = loadConfig({
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.url,
    }).stripe;
    expect(fromEnv?.apiBase).toBe(standIn.url);
    await expect(createBillingGateway(fromEnv!).createCustomer({ email: "env@example.com", name: "Env", userId: 3 })).resolves.toMatch(/^cus_/);
  });
});

describe("subscriptions", () => {
  it("creates a yearly subscription priced inline, waiting for the browser's payment", async () => {
    const customerId = await newCustomer();
    const key = newKey();
    const before = Date.now();
    const { subscription, clientSecret, intent } = await gateway.createSubscription({
      customerId,
      amountCents: 49_000,
      plan: "yearly",
      trialDays: 0,
      localId: 17,
      userId: 42,
      idempotencyKey: key,
    });
    expect(intent).toBe("payment");
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(subscription).toMatchObject({ customerId, status: "incomplete", cancelAtPeriodEnd: false, trialEnd: null, endedAt: null, card: null, localId: 17 });
    expect(subscription.id).toMatch(/^sub_/);
    const yearLater = new Date(before);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(Math.abs(subscription.currentPeriodEnd!.getTime() - yearLater.getTime())).toBeLessThan(5_000);
    expect(Math.abs(subscription.startedAt!.getTime() - before)).toBeLessThan(5_000);

    const request = lastRequest("POST", "/v1/subscriptions");
    expect(request?.idempotencyKey).toBe(key);
    expect(request?.body).toMatchObject({
      customer: customerId,
      items: [{ price_data: { currency: "eur", product: STRIPE_PRODUCT_ID, unit_amount: "49000", recurring: { interval: "year", interval_count: "1" } } }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { subscription_id: "17", user_id: "42" },
      expand: ["latest_invoice.confirmation_secret", "pending_setup_intent", "default_payment_method"],
    });
    expect(request?.body).not.toHaveProperty("trial_period_days");
  });

  it("creates the product once, when it is missing, and remembers it", async () => {
    const productCalls = standIn.requests.filter((r) => r.path.startsWith("/v1/products"));
    expect(productCalls.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/products/${STRIPE_PRODUCT_ID}`, "POST /v1/products"]);
    expect(productCalls[1]?.body).toMatchObject({ id: STRIPE_PRODUCT_ID, name: "Stockspace – warehouse listing" });
    await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 100,
      plan: "yearly",
      trialDays: 0,
      localId: 1,
      userId: 1,
      idempotencyKey: newKey(),
    });
    expect(standIn.requests.filter((r) => r.path.startsWith("/v1/products"))).toHaveLength(2);
  });

  it("finds an existing product from another process and brings back an archived one", async () => {
    // A second gateway is a fresh process: it reads the product the first one created.
    const other = createBillingGateway(config);
    const Stripe = (await import("stripe")).default;
    const direct = new Stripe(standIn.secretKey, { host: standIn.host, port: standIn.port, protocol: "http" });
    await direct.products.update(STRIPE_PRODUCT_ID, { active: false });
    const count = standIn.requests.length;
    await other.createSubscription({
      customerId: await newCustomer(),
      amountCents: 100,
      plan: "yearly",
      trialDays: 0,
      localId: 2,
      userId: 1,
      idempotencyKey: newKey(),
    });
    const productCalls = standIn.requests.slice(count).filter((r) => r.path.startsWith("/v1/products"));
    expect(productCalls.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/products/${STRIPE_PRODUCT_ID}`, `POST /v1/products/${STRIPE_PRODUCT_ID}`]);
    expect((await direct.products.retrieve(STRIPE_PRODUCT_ID)).active).toBe(true);
  });

  it("starts a six-month subscription with a trial: the browser saves the card through a set-up intent", async () => {
    const customerId = await newCustomer();
    const before = Date.now();
    const { subscription, clientSecret, intent } = await gateway.createSubscription({
      customerId,
      amountCents: 29_000,
      plan: "six_months",
      trialDays: 30,
      localId: 18,
      userId: 42,
      idempotencyKey: newKey(),
    });
    expect(intent).toBe("setup");
    expect(clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    // Trialing at Stripe at once, but no card is confirmed yet.
    expect(subscription).toMatchObject({ status: "trialing", card: null, cardConfirmed: false, localId: 18 });
    expect(Math.abs(subscription.trialEnd!.getTime() - (before + 30 * DAY))).toBeLessThan(5_000);
    expect(subscription.currentPeriodEnd?.getTime()).toBe(subscription.trialEnd?.getTime());
    const request = lastRequest("POST", "/v1/subscriptions");
    expect(request?.body).toMatchObject({
      items: [{ price_data: { currency: "eur", unit_amount: "29000", recurring: { interval: "month", interval_count: "6" } } }],
      trial_period_days: "30",
      metadata: { subscription_id: "18", user_id: "42" },
    });
  });

  it("answers a repeated checkout with the same subscription (idempotency key)", async () => {
    const customerId = await newCustomer();
    const args = { customerId, amountCents: 49_000, plan: "yearly" as const, trialDays: 0, localId: 19, userId: 42, idempotencyKey: newKey() };
    const first = await gateway.createSubscription(args);
    const second = await gateway.createSubscription(args);
    expect(second.subscription.id).toBe(first.subscription.id);
    expect(second.clientSecret).toBe(first.clientSecret);
    // The same key with another amount is refused, never a second subscription.
    const error = await gateway.createSubscription({ ...args, amountCents: 29_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingGatewayError);
    expect((error as Error).message).toMatch(/idempotency key was already used/);
  });

  it("retrieves a subscription, and says so when Stripe has none", async () => {
    const { subscription } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 49_000,
      plan: "yearly",
      trialDays: 0,
      localId: 20,
      userId: 42,
      idempotencyKey: newKey(),
    });
    await expect(gateway.retrieveSubscription(subscription.id)).resolves.toEqual(subscription);
    expect(lastRequest("GET", `/v1/subscriptions/${subscription.id}`)?.body).toEqual({ expand: ["default_payment_method"] });
    const error = await gateway.retrieveSubscription("sub_missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingGatewayError);
    expect(error).toMatchObject({ code: "resource_missing", statusCode: 404 });
    expect((error as Error).message).toMatch(/reading the subscription failed: Stripe has no such object/);
  });

  it("becomes active with the card once paid, then cancels at the period's end and resumes", async () => {
    const { subscription } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 49_000,
      plan: "yearly",
      trialDays: 0,
      localId: 21,
      userId: 42,
      idempotencyKey: newKey(),
    });
    const events = standIn.paySubscription(subscription.id);
    expect(events.map((e) => e.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(events[1]!.created).toBeGreaterThan(events[0]!.created);

    const paid = await gateway.retrieveSubscription(subscription.id);
    expect(paid).toMatchObject({ status: "active", card: { last4: "4242" }, cancelAtPeriodEnd: false, localId: 21 });

    const cancelling = await gateway.setCancelAtPeriodEnd(subscription.id, true);
    expect(cancelling).toMatchObject({ status: "active", cancelAtPeriodEnd: true, card: { last4: "4242" } });
    expect(lastRequest("POST", `/v1/subscriptions/${subscription.id}`)?.body).toMatchObject({ cancel_at_period_end: "true" });
    const resumed = await gateway.setCancelAtPeriodEnd(subscription.id, false);
    expect(resumed).toMatchObject({ status: "active", cancelAtPeriodEnd: false });

    await gateway.setCancelAtPeriodEnd(subscription.id, true);
    const [ended] = standIn.endSubscription(subscription.id);
    expect(ended?.type).toBe("customer.subscription.deleted");
    const { body, signature } = standIn.sign(ended!);
    const parsed = await gateway.parseWebhook(body, signature);
    expect(parsed.subscription).toMatchObject({ id: subscription.id, status: "canceled", localId: 21 });
    expect(parsed.subscription?.endedAt).toBeInstanceOf(Date);
  });

  it("keeps a trial trialing once the card is saved", async () => {
    const { subscription } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 29_000,
      plan: "six_months",
      trialDays: 14,
      localId: 22,
      userId: 42,
      idempotencyKey: newKey(),
    });
    const events = standIn.paySubscription(subscription.id);
    expect(events.map((e) => e.type)).toEqual(["customer.subscription.updated"]);
    await expect(gateway.retrieveSubscription(subscription.id)).resolves.toMatchObject({ status: "trialing", card: { last4: "4242" }, cardConfirmed: true });
    const [trialOver] = standIn.endSubscription(subscription.id);
    const signed = standIn.sign(trialOver!);
    const parsed = await gateway.parseWebhook(signed.body, signed.signature);
    expect(parsed.subscription).toMatchObject({ status: "active", card: { last4: "4242" } });
  });

  it("tells a trial whose card the browser confirmed (Stripe.js's set-up intent confirmation) from one still waiting", async () => {
    const { subscription, clientSecret } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 29_000,
      plan: "six_months",
      trialDays: 30,
      localId: 24,
      userId: 42,
      idempotencyKey: newKey(),
    });
    const setupIntentId = clientSecret!.split("_secret_")[0]!;
    // An event of the waiting trial: parsed as trialing, the card not confirmed.
    const waiting = standIn.sign({
      id: `evt_waiting_${keyCounter}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type: "customer.subscription.created",
      data: { object: await direct.subscriptions.retrieve(subscription.id) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    await expect(gateway.parseWebhook(waiting.body, waiting.signature)).resolves.toMatchObject({
      subscription: { status: "trialing", cardConfirmed: false, card: null },
    });
    const confirmed = await direct.setupIntents.confirm(setupIntentId, { payment_method_data: { type: "card" } } as Stripe.SetupIntentConfirmParams);
    expect(confirmed).toMatchObject({ status: "succeeded", payment_method: expect.stringMatching(/^pm_/) });
    await expect(gateway.retrieveSubscription(subscription.id)).resolves.toMatchObject({ status: "trialing", cardConfirmed: true, card: { last4: "4242" } });
    // Confirmed once: a second confirmation is refused.
    await expect(
      direct.setupIntents.confirm(setupIntentId, { payment_method_data: { type: "card" } } as Stripe.SetupIntentConfirmParams),
    ).rejects.toMatchObject({ code: "setup_intent_unexpected_state" });
  });

  it("cancels an abandoned incomplete subscription, and takes a second try or an unknown id calmly", async () => {
    const { subscription } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 49_000,
      plan: "yearly",
      trialDays: 0,
      localId: 23,
      userId: 42,
      idempotencyKey: newKey(),
    });
    await gateway.cancelNow(subscription.id);
    await expect(gateway.retrieveSubscription(subscription.id)).resolves.toMatchObject({ status: "canceled" });
    await expect(gateway.cancelNow(subscription.id)).resolves.toBeUndefined();
    await expect(gateway.cancelNow("sub_missing")).resolves.toBeUndefined();
  });
});

describe("changing the amount", () => {
  /** A yearly subscription whose first invoice the browser paid: active, with a card. */
  async function activeYearly(amountCents: number, localId: number) {
    const customerId = await newCustomer();
    const { subscription } = await gateway.createSubscription({
      customerId,
      amountCents,
      plan: "yearly",
      trialDays: 0,
      localId,
      userId: 42,
      idempotencyKey: newKey(),
    });
    standIn.paySubscription(subscription.id);
    return { customerId, subscription };
  }

  const itemOf = async (id: string) => (await direct.subscriptions.retrieve(id)).items.data[0]!;

  it("raises an active subscription's amount and charges the prorated difference now on the card", async () => {
    const { subscription } = await activeYearly(49_000, 40);
    const itemId = (await itemOf(subscription.id)).id;
    const key = newKey();
    const { subscription: updated, chargedCents } = await gateway.updateSubscriptionAmount({
      id: subscription.id,
      amountCents: 69_000,
      plan: "yearly",
      idempotencyKey: key,
    });

    // Paid a moment ago: nearly the whole year is left, so nearly the whole difference is due.
    expect(chargedCents).toBeGreaterThan(19_900);
    expect(chargedCents).toBeLessThanOrEqual(20_000);
    expect(updated).toMatchObject({ id: subscription.id, status: "active", card: { last4: "4242" }, cancelAtPeriodEnd: false, localId: 40 });
    expect(updated.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);

    const sub = await direct.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(sub.items.data).toHaveLength(1);
    expect(sub.items.data[0]).toMatchObject({
      id: itemId,
      price: { unit_amount: 69_000, currency: "eur", product: STRIPE_PRODUCT_ID, recurring: { interval: "year", interval_count: 1 } },
    });
    expect(sub.latest_invoice).toMatchObject({ billing_reason: "subscription_update", status: "paid", amount_paid: chargedCents });

    const request = lastRequest("POST", `/v1/subscriptions/${subscription.id}`);
    expect(request?.idempotencyKey).toBe(key);
    expect(request?.body).toEqual({
      items: [
        { id: itemId, price_data: { currency: "eur", product: STRIPE_PRODUCT_ID, unit_amount: "69000", recurring: { interval: "year", interval_count: "1" } } },
      ],
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
      expand: ["latest_invoice", "default_payment_method"],
    });
  });

  it("charges nothing when the update makes no invoice, even after an earlier change made one", async () => {
    const { subscription } = await activeYearly(49_000, 41);
    const raised = await gateway.updateSubscriptionAmount({ id: subscription.id, amountCents: 59_000, plan: "yearly", idempotencyKey: newKey() });
    expect(raised.chargedCents).toBeGreaterThan(0);
    // A lower amount makes no invoice: the latest one is still the raise's.
    const lowered = await gateway.updateSubscriptionAmount({ id: subscription.id, amountCents: 39_000, plan: "yearly", idempotencyKey: newKey() });
    expect(lowered.chargedCents).toBe(0);
    expect(lowered.subscription.status).toBe("active");
    expect((await itemOf(subscription.id)).price.unit_amount).toBe(39_000);
  });

  it("in a trial charges nothing, and the new amount is what the trial's end bills", async () => {
    const { subscription } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 29_000,
      plan: "six_months",
      trialDays: 30,
      localId: 43,
      userId: 42,
      idempotencyKey: newKey(),
    });
    standIn.paySubscription(subscription.id);
    const before = await direct.subscriptions.retrieve(subscription.id);

    const { subscription: updated, chargedCents } = await gateway.updateSubscriptionAmount({
      id: subscription.id,
      amountCents: 39_000,
      plan: "six_months",
      idempotencyKey: newKey(),
    });
    expect(chargedCents).toBe(0);
    expect(updated).toMatchObject({ status: "trialing", trialEnd: subscription.trialEnd, card: { last4: "4242" } });
    const after = await direct.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]?.price).toMatchObject({ unit_amount: 39_000, recurring: { interval: "month", interval_count: 6 } });
    expect(after.latest_invoice).toBe(before.latest_invoice);
    expect(lastRequest("POST", `/v1/subscriptions/${subscription.id}`)?.body).toMatchObject({
      items: [{ price_data: { unit_amount: "39000", recurring: { interval: "month", interval_count: "6" } } }],
    });

    standIn.endSubscription(subscription.id);
    const billed = await direct.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(billed.latest_invoice).toMatchObject({ billing_reason: "subscription_cycle", amount_paid: 39_000 });
  });

  it("refuses the change when the card is declined, and leaves the subscription as it was", async () => {
    const { customerId, subscription } = await activeYearly(49_000, 44);
    const before = await direct.subscriptions.retrieve(subscription.id);
    standIn.declineCardsOf(customerId);
    const args = { id: subscription.id, amountCents: 69_000, plan: "yearly" as const, idempotencyKey: newKey() };

    const error = await gateway.updateSubscriptionAmount(args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingGatewayError);
    expect(error).toMatchObject({ statusCode: 402, code: "card_declined" });
    expect((error as Error).message).toMatch(/changing the subscription's amount failed: the card was declined/);

    const after = await direct.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]?.price).toMatchObject({ id: before.items.data[0]!.price.id, unit_amount: 49_000 });
    expect(after.latest_invoice).toBe(before.latest_invoice);
    expect(after.status).toBe("active");

    // Stripe keeps a declined answer under its key: the same key declines again, a new one goes through.
    standIn.declineCardsOf(customerId, false);
    await expect(gateway.updateSubscriptionAmount(args)).rejects.toMatchObject({ statusCode: 402, code: "card_declined" });
    const retried = await gateway.updateSubscriptionAmount({ ...args, idempotencyKey: newKey() });
    expect(retried.chargedCents).toBeGreaterThan(0);
    expect((await itemOf(subscription.id)).price.unit_amount).toBe(69_000);
  });
});

describe("webhooks", () => {
  async function paidSubscriptionEvents() {
    const { subscription } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 49_000,
      plan: "yearly",
      trialDays: 0,
      localId: 30,
      userId: 42,
      idempotencyKey: newKey(),
    });
    const [invoicePaid, updated] = standIn.paySubscription(subscription.id);
    return { subscription, invoicePaid: invoicePaid!, updated: updated! };
  }

  it("parses a signed subscription event into a snapshot, the card resolved", async () => {
    const { subscription, updated } = await paidSubscriptionEvents();
    const { body, signature } = standIn.sign(updated);
    const event = await gateway.parseWebhook(body, signature);
    expect(event).toMatchObject({ id: updated.id, type: "customer.subscription.updated", subscriptionId: subscription.id });
    expect(event.created.getTime()).toBe(updated.created * 1000);
    expect(event.subscription).toMatchObject({ id: subscription.id, status: "active", card: { last4: "4242" }, localId: 30 });
    // The event carries the payment method's id only: the gateway read the card.
    expect(lastRequest("GET", `/v1/payment_methods/${updated.data.object.default_payment_method as string}`)).toBeDefined();
  });

  it("gives the subscription of an invoice event, for the caller to re-read", async () => {
    const { subscription, invoicePaid } = await paidSubscriptionEvents();
    const { body, signature } = standIn.sign(invoicePaid);
    await expect(gateway.parseWebhook(body, signature)).resolves.toMatchObject({
      id: invoicePaid.id,
      type: "invoice.paid",
      subscriptionId: subscription.id,
      subscription: null,
    });
  });

  it("passes other event types through with no subscription", async () => {
    const { body, signature } = standIn.sign({
      id: "evt_other",
      object: "event",
      type: "customer.created",
      created: 1_700_000_000,
      data: { object: { id: "cus_x", object: "customer" } },
    });
    await expect(gateway.parseWebhook(body, signature)).resolves.toEqual({
      id: "evt_other",
      type: "customer.created",
      created: new Date(1_700_000_000_000),
      subscriptionId: null,
      subscription: null,
    });
  });

  it("refuses a tampered body, a missing header, another secret and a stale timestamp", async () => {
    const { updated } = await paidSubscriptionEvents();
    const { body, signature } = standIn.sign(updated);
    await expect(gateway.parseWebhook(body.replace('"active"', '"canceled"'), signature)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.parseWebhook(body, null)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.parseWebhook(body, "")).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.parseWebhook(body, "t=1,v1=deadbeef")).rejects.toBeInstanceOf(WebhookSignatureError);
    const other = standIn.sign(updated, { secret: "whsec_someone_else" });
    await expect(gateway.parseWebhook(other.body, other.signature)).rejects.toBeInstanceOf(WebhookSignatureError);
    // The SDK's default tolerance is 300 seconds.
    const stale = standIn.sign(updated, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    await expect(gateway.parseWebhook(stale.body, stale.signature)).rejects.toBeInstanceOf(WebhookSignatureError);
    const recent = standIn.sign(updated, { timestamp: Math.floor(Date.now() / 1000) - 60 });
    await expect(gateway.parseWebhook(recent.body, recent.signature)).resolves.toMatchObject({ id: updated.id });
  });
});

describe("the stand-in", () => {
  it("answers Stripe's error shapes: no key, an unknown route, an unknown parameter, a bad expansion", async () => {
    const noKey = await fetch(`${standIn.url}/v1/customers/cus_x`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringMatching(/API key/) } });

    const auth = { Authorization: `Bearer ${standIn.secretKey}` };
    const unknown = await fetch(`${standIn.url}/v1/charges`, { headers: auth });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: { type: "invalid_request_error", message: expect.stringMatching(/Unrecognized request URL \(GET: \/v1\/charges\)/) },
    });

    const form = { ...auth, "Content-Type": "application/x-www-form-urlencoded" };
    const unknownParam = await fetch(`${standIn.url}/v1/customers`, { method: "POST", headers: form, body: "emial=x%40example.com" });
    expect(unknownParam.status).toBe(400);
    expect(await unknownParam.json()).toMatchObject({ error: { type: "invalid_request_error", code: "parameter_unknown", param: "emial" } });

    const badExpand = await fetch(`${standIn.url}/v1/customers`, { method: "POST", headers: form, body: "email=x%40example.com&expand[]=subscriptions" });
    expect(badExpand.status).toBe(400);
    expect(await badExpand.json()).toMatchObject({ error: { message: "This property cannot be expanded (subscriptions)." } });

    const missingProduct = await fetch(`${standIn.url}/v1/products/prod_none`, { headers: auth });
    expect(missingProduct.status).toBe(404);
    expect(await missingProduct.json()).toMatchObject({ error: { type: "invalid_request_error", code: "resource_missing" } });
  });

  it("refuses an item change it cannot apply: an unknown item, an item param it does not model, an incomplete subscription", async () => {
    const { subscription } = await gateway.createSubscription({
      customerId: await newCustomer(),
      amountCents: 49_000,
      plan: "yearly",
      trialDays: 0,
      localId: 50,
      userId: 42,
      idempotencyKey: newKey(),
    });
    const priceData = { currency: "eur", product: STRIPE_PRODUCT_ID, unit_amount: 59_000, recurring: { interval: "year" as const, interval_count: 1 } };
    // Still incomplete: its items may not change yet.
    await expect(direct.subscriptions.update(subscription.id, { items: [{ id: "si_any", price_data: priceData }] })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      param: "items",
    });
    standIn.paySubscription(subscription.id);
    const itemId = (await direct.subscriptions.retrieve(subscription.id)).items.data[0]!.id;

    const unknown = await direct.subscriptions.update(subscription.id, { items: [{ id: "si_missing", price_data: priceData }] }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ statusCode: 400, code: "resource_missing", param: "items[0][id]", message: "No such subscription item: 'si_missing'" });

    await expect(direct.subscriptions.update(subscription.id, { items: [{ id: itemId, deleted: true }] })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "items[0][deleted]",
    });
    await expect(
      direct.subscriptions.update(subscription.id, { items: [{ id: itemId, price_data: { ...priceData, product: "prod_none" } }] }),
    ).rejects.toMatchObject({
      code: "resource_missing",
      param: "items[0][price_data][product]",
    });
    // None of these changed anything.
    expect((await direct.subscriptions.retrieve(subscription.id)).items.data[0]?.price.unit_amount).toBe(49_000);
  });

  it("with allow_incomplete, applies a change whose card is declined and leaves the invoice open, past due", async () => {
    const customerId = await newCustomer();
    const { subscription } = await gateway.createSubscription({
      customerId,
      amountCents: 49_000,
      plan: "yearly",
      trialDays: 0,
      localId: 51,
      userId: 42,
      idempotencyKey: newKey(),
    });
    standIn.paySubscription(subscription.id);
    const item = (await direct.subscriptions.retrieve(subscription.id)).items.data[0]!;
    standIn.declineCardsOf(customerId);
    const sub = await direct.subscriptions.update(subscription.id, {
      items: [
        { id: item.id, price_data: { currency: "eur", product: STRIPE_PRODUCT_ID, unit_amount: 59_000, recurring: { interval: "year", interval_count: 1 } } },
      ],
      proration_behavior: "always_invoice",
      payment_behavior: "allow_incomplete",
      // Half the period left: half the difference.
      proration_date: Math.round((item.current_period_start + item.current_period_end) / 2),
      expand: ["latest_invoice"],
    });
    expect(sub.status).toBe("past_due");
    expect(sub.items.data[0]).toMatchObject({ price: { unit_amount: 59_000 }, current_period_end: item.current_period_end });
    expect(sub.latest_invoice).toMatchObject({ billing_reason: "subscription_update", status: "open", amount_due: 5_000, amount_paid: 0, attempted: true });
  });
});
