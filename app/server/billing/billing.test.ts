// Subscriptions end to end on the server: init-subscription, the transfer path, the card path
// against the local Stripe stand-in with the real SDK (webhooks signed with the SDK's own test
// helper), cancel and resume, the expiry job, and what a subscription makes public.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { loadConfig } from "../config.ts";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/support/stripe-stand-in.ts";
import { action as initAction } from "../../routes/api/init-subscription.ts";
import { action as cancelAction } from "../../routes/api/cancel-subscription.ts";
import { action as resumeAction } from "../../routes/api/resume-subscription.ts";
import { action as paymentTypeAction } from "../../routes/api/stocker/profile.update-payment-type.ts";
import { action as webhookAction } from "../../routes/api/stripe.webhook.ts";
import { action as startAction } from "../../routes/api/admin/users.start-subscription.ts";
import { computePrice } from "../../lib/pricing.ts";
import { createBillingGateway, type BillingGateway } from "./stripe-gateway.ts";
import { confirmSubscription } from "./card.service.ts";
import { runBillingJobs } from "./subscriptions.service.ts";
import { findPublicWarehouses } from "../warehouses/warehouses.queries.ts";
import type { User } from "../db/types.ts";

const t = useTestDatabase();
let standIn: StripeStandIn;
let gateway: BillingGateway;
let admin: User;
let otherStocker: User;
let othersWarehouse: { id: number };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = createBillingGateway({ secretKey: standIn.secretKey, publishableKey: "pk_test_standin", webhookSecret: standIn.webhookSecret, apiBase: standIn.url });
  admin = await makeUser(t.db, { role: "admin" });
  otherStocker = await makeUser(t.db, { role: "stocker" });
  othersWarehouse = await makeWarehouse(t.db, { user_id: otherStocker.id, name: "Altrui" });
});
afterAll(() => standIn?.close());

const config = loadConfig({ NODE_ENV: "test", ORIGIN: "http://stockspace.test" });
const stripeServices = () => ({ billing: gateway });

/** A stocker with three approved warehouses, one a hub, and one pending. */
async function stockerWithWarehouses(fields: Partial<User> = {}) {
  const stocker = await makeUser(t.db, { role: "stocker", ...fields });
  const a = await makeWarehouse(t.db, { user_id: stocker.id, name: `Alfa ${stocker.id}` });
  const b = await makeWarehouse(t.db, { user_id: stocker.id, name: `Beta ${stocker.id}`, is_hub: true });
  const c = await makeWarehouse(t.db, { user_id: stocker.id, name: `Gamma ${stocker.id}` });
  const pending = await makeWarehouse(t.db, { user_id: stocker.id, name: `Pending ${stocker.id}`, status: "pending" });
  return { stocker, ids: [a.id, b.id, c.id], pending };
}

async function makePromo(fields: Record<string, unknown>) {
  return t.db
    .insertInto("promo_codes")
    .values({ code: `P${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const counts = async () => ({
  subscriptions: Number((await t.db.selectFrom("subscriptions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
  links: Number((await t.db.selectFrom("subscription_warehouses").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
});

const redeemedOf = async (ids: number[]) =>
  (await t.db.selectFrom("warehouses").select(["id", "redeemed"]).where("id", "in", ids).orderBy("id").execute()).map((w) => w.redeemed);

describe("POST /init-subscription", () => {
  it("prices three warehouses with a hub, the yearly plan and a promo code by the spec's rule", async () => {
    const { stocker, ids } = await stockerWithWarehouses();
    const promo = await makePromo({ percent_off: 20, hub_percent_off: 50 });
    const res = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", promo_code: promo.code.toLowerCase(), w_ids: ids } });
    expect(res.status).toBe(200);
    // 49000 × 3 = 147000; − 20 % = 117600; − 50 % of the hub's third (19600) = 98000 cents.
    expect(res.json).toMatchObject({ amount_off: null, percent_off: 20, hub_percent_off: 50, price_unit_amount: 49_000, client_secret: null, card_available: false, warehouses_count: 3, hubs_count: 1 });
    expect(res.json.price).toEqual(computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, percentOff: 20, hubPercentOff: 50, vatRate: 22 }));
    expect(res.json.price.total).toBe(98_000);
    expect(res.json.price.totalExclVat).toBe(80_328); // 980,00 / 1,22 = 803,28
    expect(res.json.url).toBe("http://stockspace.test/it/stocker/profile/confirm-subscription");
    const row = await t.db.selectFrom("subscriptions").selectAll().where("id", "=", res.json.subscription_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: stocker.id, stripe_status: "incomplete", plan: "yearly", amount: 98_000, hubs_count: 1, promo_code_id: promo.id });
    // Nothing is public before payment.
    expect(await redeemedOf(ids)).toEqual([false, false, false]);
  });

  it("refuses someone else's, pending or unknown warehouses, an empty list and bad promo codes, changing nothing", async () => {
    const { stocker, ids, pending } = await stockerWithWarehouses();
    const expired = await makePromo({ percent_off: 10, valid_until: new Date(Date.now() - 1000) });
    const notYet = await makePromo({ percent_off: 10, valid_from: new Date(Date.now() + 86_400_000) });
    const usedUp = await makePromo({ amount_off: 1000, max_redemptions: 3, times_redeemed: 3 });
    const inactive = await makePromo({ amount_off: 1000, active: false });
    const before = await counts();
    const call = (body: unknown) => callJson(initAction, t.db, { actor: actorOf(stocker), body, locale: "en" });
    for (const w_ids of [[...ids, othersWarehouse.id], [pending.id], [99_999_999]]) {
      const res = await call({ subscription: "yearly", w_ids });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ w_ids: "invalid" });
    }
    const absurd = [
      { subscription: "yearly", w_ids: [] },
      { subscription: "monthly", w_ids: ids },
      { subscription: "yearly", w_ids: [-1] },
      { subscription: "yearly", w_ids: "1,2" },
      { subscription: "yearly", w_ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      { subscription: "yearly", w_ids: ids, promo_code: "X".repeat(5000) },
      { subscription: "yearly", w_ids: ids, promo_code: { percent_off: 100 } },
    ];
    for (const body of absurd) {
      expect((await call(body)).status).toBe(422);
    }
    const promoCases: [string, string][] = [
      ["NOPE", "promo_unknown"],
      [inactive.code, "promo_unknown"],
      [expired.code, "promo_expired"],
      [notYet.code, "promo_expired"],
      [usedUp.code, "promo_used_up"],
      ["-100%", "promo_unknown"],
      ["' OR 1=1 --", "promo_unknown"],
    ];
    for (const [code, error] of promoCases) {
      const res = await call({ subscription: "yearly", promo_code: code, w_ids: ids });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ promo_code: error });
      expect(res.json.message).toMatch(/promo code/);
    }
    expect(await counts()).toEqual(before);
  });

  it("is for stockers only", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const referent = await makeUser(t.db, { role: "referent" });
    for (const actor of [hunter, referent, admin]) {
      const res = await callJson(initAction, t.db, { actor: actorOf(actor), body: { subscription: "yearly", w_ids: [othersWarehouse.id] } });
      expect(res.status).toBe(403);
    }
    expect((await callJson(initAction, t.db, { body: { subscription: "yearly", w_ids: [othersWarehouse.id] } })).status).toBe(401);
  });

  it("replaces an unpaid attempt, and refuses a new one while a subscription runs", async () => {
    const { stocker, ids } = await stockerWithWarehouses();
    const first = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", w_ids: ids } });
    const second = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "six_months", w_ids: ids.slice(0, 1) } });
    expect(second.status).toBe(200);
    const rows = await t.db.selectFrom("subscriptions").select(["id", "stripe_status"]).where("user_id", "=", stocker.id).orderBy("id").execute();
    expect(rows).toEqual([
      { id: first.json.subscription_id, stripe_status: "canceled" },
      { id: second.json.subscription_id, stripe_status: "incomplete" },
    ]);
    await t.db.updateTable("subscriptions").set({ stripe_status: "active" }).where("id", "=", second.json.subscription_id).execute();
    const third = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", w_ids: ids } });
    expect(third.status).toBe(409);
    expect(third.json.error).toBe("already_subscribed");
  });
});

describe("the bank transfer", () => {
  it("gives the amount, IBAN and reason code, e-mails the stocker and the administrators; the admin's confirmation makes the warehouses public", async () => {
    const { stocker, ids } = await stockerWithWarehouses({ company: "Depositi Bianchi srl" });
    const promo = await makePromo({ amount_off: 5000, max_redemptions: 10 });
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", promo_code: promo.code, w_ids: ids } });
    const res = await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "transfer" } });
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(stocker.id);
    expect(res.json.transfer).toMatchObject({ amount: init.json.price.total, amount_excl_vat: init.json.price.totalExclVat, iban: config.billing.transfer.iban, beneficiary: config.billing.transfer.beneficiary, warehouses_count: 3 });
    expect(res.json.transfer.reason).toMatch(/^SS-[A-HJ-NP-Z2-9]{6}$/);
    const user = await t.db.selectFrom("users").select(["pm_type", "stockspace_code", "transfer_requested_at"]).where("id", "=", stocker.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ pm_type: "transfer", stockspace_code: res.json.transfer.reason });
    expect(user.transfer_requested_at).not.toBeNull();
    const mails = await t.db.selectFrom("mail_outbox").select(["to_address", "subject", "text"]).where("text", "like", `%${res.json.transfer.reason}%`).execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([admin.email, stocker.email].sort());
    for (const mail of mails) expect(mail.text).toContain("€\u00a01.420,00"); // 3 × 490,00 − 50,00
    expect(mails.find((m) => m.to_address === stocker.email)!.text).toContain(config.billing.transfer.iban);
    expect(await redeemedOf(ids)).toEqual([false, false, false]);

    // Someone else's confirmation is refused; the admin's starts it, audited.
    expect((await callJson(startAction, t.db, { actor: actorOf(otherStocker), params: { id: String(stocker.id) }, body: { user_data: { transfer_info: "x" } } })).status).toBe(403);
    const confirmed = await callJson(startAction, t.db, { actor: actorOf(admin), params: { id: String(stocker.id) }, body: { user_data: { transfer_info: "CRO 1234" } } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ user_id: stocker.id });
    expect(await redeemedOf(ids)).toEqual([true, true, true]);
    expect((await findPublicWarehouses(t.db, ids)).map((w) => w.name).sort()).toEqual(ids.map((_, i) => ["Alfa", "Beta", "Gamma"][i] + ` ${stocker.id}`).sort());
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "subscription.start").where("entity_id", "=", stocker.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ transfer_info: "CRO 1234", before: "pending_transfer", after: "active" });
    const promoAfter = await t.db.selectFrom("promo_codes").select("times_redeemed").where("id", "=", promo.id).executeTakeFirstOrThrow();
    expect(promoAfter.times_redeemed).toBe(1);
    const notification = await t.db.selectFrom("notifications").select("type").where("user_id", "=", stocker.id).execute();
    expect(notification.map((n) => n.type)).toContain("subscription_started");
    // Twice: nothing waits any more.
    expect((await callJson(startAction, t.db, { actor: actorOf(admin), params: { id: String(stocker.id) }, body: {} })).status).toBe(409);

    // The end date passes: the job ends it and the warehouses are anonymised again.
    const s = await t.db.selectFrom("subscriptions").select(["id", "ends_at"]).where("user_id", "=", stocker.id).where("stripe_status", "=", "active").executeTakeFirstOrThrow();
    const reminder = await runBillingJobs(t.db, { config, origin: "http://stockspace.test" }, new Date(s.ends_at!.getTime() - 3 * 86_400_000));
    expect(reminder.reminded).toBeGreaterThanOrEqual(1);
    expect((await runBillingJobs(t.db, { config, origin: "http://stockspace.test" }, new Date(s.ends_at!.getTime() - 2 * 86_400_000))).reminded).toBe(0);
    const ended = await runBillingJobs(t.db, { config, origin: "http://stockspace.test" }, new Date(s.ends_at!.getTime() + 1000));
    expect(ended.expired).toBeGreaterThanOrEqual(1);
    expect(await redeemedOf(ids)).toEqual([false, false, false]);
    expect(await findPublicWarehouses(t.db, ids)).toEqual([]);
  });

  it("needs an initialised subscription, and takes only the transfer", async () => {
    const { stocker } = await stockerWithWarehouses();
    expect((await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "transfer" } })).status).toBe(404);
    expect((await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "bitcoin" } })).status).toBe(422);
    expect((await callJson(paymentTypeAction, t.db, { actor: actorOf(await makeUser(t.db, { role: "stock_hunter" })), body: { payment_type: "transfer" } })).status).toBe(403);
  });
});

describe("card payments through Stripe (the local stand-in, the real SDK)", () => {
  const signed = (event: object, secret?: string) => {
    const { body, signature } = standIn.sign(event, secret ? { secret } : undefined);
    return { rawBody: body, headers: { "Stripe-Signature": signature } };
  };
  const post = (event: object, secret?: string) => callJson(webhookAction, t.db, { ...signed(event, secret), services: stripeServices(), path: "/api/stripe/webhook" });

  it("creates the customer and subscription, gives the client secret; signed events activate it once, in any order", async () => {
    const { stocker, ids } = await stockerWithWarehouses();
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "six_months", w_ids: ids.slice(0, 2) }, services: stripeServices() });
    expect(init.status).toBe(200);
    expect(Object.keys(init.json)).toEqual(expect.arrayContaining(["subscription_id", "client_secret", "amount_off", "percent_off", "hub_percent_off", "price_unit_amount", "url"]));
    // A first subscription starts with the free trial: the card is saved (a setup intent).
    expect(init.json).toMatchObject({ card_available: true, intent: "setup", trial_days: config.billing.trialDays });
    expect(init.json.client_secret).toMatch(/^seti_/);
    const row = await t.db.selectFrom("subscriptions").select(["stripe_subscription_id", "stripe_status"]).where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    expect(row.stripe_status).toBe("incomplete");
    const user = await t.db.selectFrom("users").select("stripe_customer_id").where("id", "=", stocker.id).executeTakeFirstOrThrow();
    expect(user.stripe_customer_id).toMatch(/^cus_/);

    const events = standIn.paySubscription(row.stripe_subscription_id!);
    // Reordered: the later event first, then the earlier one — the state stays the later one's.
    for (const event of [...events].reverse()) expect((await post(event)).status).toBe(200);
    const after = await t.db.selectFrom("subscriptions").selectAll().where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    expect(after.stripe_status).toBe("trialing");
    expect(after.trial_ends_at).not.toBeNull();
    expect(after.started_at).not.toBeNull();
    expect(await redeemedOf(ids.slice(0, 2))).toEqual([true, true]);
    expect(await redeemedOf(ids.slice(2))).toEqual([false]);
    const card = await t.db.selectFrom("users").select(["pm_type", "pm_last_four"]).where("id", "=", stocker.id).executeTakeFirstOrThrow();
    expect(card).toEqual({ pm_type: "card", pm_last_four: "4242" });

    // Replayed: acknowledged, nothing changes, no second announcement.
    const notificationsBefore = await t.db.selectFrom("notifications").select("id").where("user_id", "=", stocker.id).execute();
    for (const event of events) {
      const again = await post(event);
      expect(again.status).toBe(200);
      expect(again.json.duplicate).toBe(true);
    }
    expect(await t.db.selectFrom("notifications").select("id").where("user_id", "=", stocker.id).execute()).toHaveLength(notificationsBefore.length);

    // Badly signed: 400, nothing recorded.
    const forged = { ...events[0]!, id: "evt_forged_1" };
    expect((await post(forged, "whsec_not_ours")).status).toBe(400);
    const noSignature = await callJson(webhookAction, t.db, { rawBody: JSON.stringify(forged), services: stripeServices(), path: "/api/stripe/webhook" });
    expect(noSignature.status).toBe(400);
    expect(await t.db.selectFrom("stripe_events").select("id").where("id", "=", "evt_forged_1").execute()).toEqual([]);
  });

  /** Stripe's own copy of a subscription, as its events carry it. */
  const stripeCopy = async (id: string) => {
    const res = await fetch(`${standIn.url}/v1/subscriptions/${id}`, { headers: { Authorization: `Bearer ${standIn.secretKey}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  let eventCount = 0;
  const subscriptionEvent = (type: string, object: Record<string, unknown>) => ({
    id: `evt_local_${Date.now()}_${++eventCount}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });

  it("starts a card trial only once Stripe confirms the card: before, nothing is trialing or public", async () => {
    const { stocker, ids } = await stockerWithWarehouses();
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", w_ids: ids.slice(0, 2) }, services: stripeServices() });
    expect(init.json).toMatchObject({ intent: "setup", trial_days: config.billing.trialDays });
    const local = () => t.db.selectFrom("subscriptions").select(["stripe_status", "started_at", "stripe_subscription_id"]).where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    const stripeId = (await local()).stripe_subscription_id!;
    const ctx = { config, gateway, origin: "http://stockspace.test" };

    // Stripe already calls the subscription "trialing", its set-up intent still waiting for a card:
    // its signed created event and the confirm page (which asks Stripe) start nothing.
    const unconfirmed = await stripeCopy(stripeId);
    expect(unconfirmed).toMatchObject({ status: "trialing", default_payment_method: null, pending_setup_intent: expect.stringMatching(/^seti_/) });
    expect((await post(subscriptionEvent("customer.subscription.created", unconfirmed))).status).toBe(200);
    expect(await confirmSubscription(t.db, actorOf(stocker), ctx)).toMatchObject({ outcome: "processing" });
    expect(await local()).toMatchObject({ stripe_status: "incomplete", started_at: null });
    expect(await redeemedOf(ids.slice(0, 2))).toEqual([false, false]);
    expect(await findPublicWarehouses(t.db, ids)).toEqual([]);
    expect(await t.db.selectFrom("notifications").select("id").where("user_id", "=", stocker.id).execute()).toEqual([]);

    // The browser confirms the card (Stripe.js's call): the confirm page reads the trial from Stripe.
    const seti = String(init.json.client_secret).split("_secret_")[0];
    const confirmed = await fetch(`${standIn.url}/v1/setup_intents/${seti}/confirm`, {
      method: "POST",
      headers: { Authorization: `Bearer ${standIn.secretKey}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: String(init.json.client_secret), "payment_method_data[type]": "card" }),
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmSubscription(t.db, actorOf(stocker), ctx)).toMatchObject({ outcome: "trialing" });
    expect((await local()).stripe_status).toBe("trialing");
    expect((await local()).started_at).not.toBeNull();
    expect(await redeemedOf(ids)).toEqual([true, true, false]);
    // Stripe's event of the confirmation, arriving after: acknowledged, still trialing, announced once.
    expect((await post(subscriptionEvent("customer.subscription.updated", await stripeCopy(stripeId)))).status).toBe(200);
    expect((await local()).stripe_status).toBe("trialing");
    expect(await t.db.selectFrom("notifications").select("type").where("user_id", "=", stocker.id).execute()).toEqual([{ type: "subscription_started" }]);
  });

  it("starts a card trial from the webhook once the card is confirmed", async () => {
    const { stocker, ids } = await stockerWithWarehouses();
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "six_months", w_ids: ids }, services: stripeServices() });
    const { stripe_subscription_id: stripeId } = await t.db.selectFrom("subscriptions").select("stripe_subscription_id").where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    expect((await post(subscriptionEvent("customer.subscription.created", await stripeCopy(stripeId!)))).status).toBe(200);
    expect(await redeemedOf(ids)).toEqual([false, false, false]);
    for (const event of standIn.paySubscription(stripeId!)) expect((await post(event)).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow()).stripe_status).toBe("trialing");
    expect(await redeemedOf(ids)).toEqual([true, true, true]);
  });

  it("activates a paid subscription with invoice.paid and customer.subscription.updated; cancel and resume at the period's end; the end anonymises", async () => {
    const { stocker, ids } = await stockerWithWarehouses();
    // Not the first subscription: no trial, the card is charged now.
    await t.db.insertInto("subscriptions").values({ user_id: stocker.id, stripe_status: "canceled", plan: "yearly", payment_type: "card", price_unit_amount: 49_000, started_at: new Date(Date.now() - 400 * 86_400_000) }).execute();
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", w_ids: ids }, services: stripeServices() });
    expect(init.json).toMatchObject({ intent: "payment", trial_days: 0 });
    expect(init.json.client_secret).toMatch(/^pi_.*_secret_/);
    const { stripe_subscription_id: stripeId } = await t.db.selectFrom("subscriptions").select("stripe_subscription_id").where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    const events = standIn.paySubscription(stripeId!);
    expect(events.map((e) => e.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    for (const event of events) expect((await post(event)).status).toBe(200);
    const active = await t.db.selectFrom("subscriptions").selectAll().where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    expect(active).toMatchObject({ stripe_status: "active", has_canceled: false });
    expect(active.ends_at).not.toBeNull();
    expect(await redeemedOf(ids)).toEqual([true, true, true]);

    // Cancel at the end of the period: still running, marked; resume takes it back.
    expect((await callJson(cancelAction, t.db, { actor: actorOf(stocker), services: stripeServices() })).json).toEqual({ user_id: stocker.id });
    expect(await t.db.selectFrom("subscriptions").select(["stripe_status", "has_canceled"]).where("id", "=", active.id).executeTakeFirstOrThrow()).toEqual({ stripe_status: "active", has_canceled: true });
    expect(await redeemedOf(ids)).toEqual([true, true, true]);
    expect((await callJson(resumeAction, t.db, { actor: actorOf(stocker), services: stripeServices() })).json).toEqual({ user_id: stocker.id });
    expect((await t.db.selectFrom("subscriptions").select("has_canceled").where("id", "=", active.id).executeTakeFirstOrThrow()).has_canceled).toBe(false);
    // Another stocker cannot cancel it: they have none of their own.
    expect((await callJson(cancelAction, t.db, { actor: actorOf(otherStocker), services: stripeServices() })).status).toBe(404);
    expect((await t.db.selectFrom("subscriptions").select("has_canceled").where("id", "=", active.id).executeTakeFirstOrThrow()).has_canceled).toBe(false);

    // Cancelled, then the period ends on Stripe's side: the deleted event anonymises at once.
    await callJson(cancelAction, t.db, { actor: actorOf(stocker), services: stripeServices() });
    for (const event of standIn.endSubscription(stripeId!)) expect((await post(event)).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", active.id).executeTakeFirstOrThrow()).stripe_status).toBe("canceled");
    expect(await redeemedOf(ids)).toEqual([false, false, false]);
    // An older event arriving late does not bring it back.
    for (const event of events) {
      const late = await post({ ...event, id: `${event.id}_late` });
      expect(late.status).toBe(200);
    }
    expect(await redeemedOf(ids)).toEqual([false, false, false]);
  });

  it("a signed event for a Stripe subscription we do not hold changes nothing, whatever local id its metadata names", async () => {
    // Two subscriptions someone would like to change: a running one Stripe holds, and an unpaid attempt.
    const { stocker: runningOwner, ids: runningIds } = await stockerWithWarehouses();
    const runningId = await subscribeWarehouses(t.db, runningOwner.id, runningIds);
    await t.db.updateTable("subscriptions").set({ stripe_subscription_id: `sub_held_${runningId}` }).where("id", "=", runningId).execute();
    const { stocker: attemptOwner, ids: attemptIds } = await stockerWithWarehouses();
    const attempt = await callJson(initAction, t.db, { actor: actorOf(attemptOwner), body: { subscription: "yearly", w_ids: attemptIds } });
    const snapshot = async () => ({
      rows: await t.db.selectFrom("subscriptions").selectAll().where("id", "in", [runningId, attempt.json.subscription_id]).orderBy("id").execute(),
      redeemed: await redeemedOf([...runningIds, ...attemptIds]),
      users: await t.db.selectFrom("users").select(["id", "pm_type", "pm_last_four"]).where("id", "in", [runningOwner.id, attemptOwner.id]).orderBy("id").execute(),
    });
    const before = await snapshot();
    expect(before.redeemed).toEqual([true, true, true, false, false, false]);

    // Real Stripe subscriptions of another customer, whose metadata name those local ones: paid
    // (active, a card), then ended. Every event correctly signed.
    for (const localId of [runningId, attempt.json.subscription_id as number]) {
      const customerId = await gateway.createCustomer({ email: `stranger-${localId}@example.test`, name: "Stranger", userId: 999_999 });
      const made = await gateway.createSubscription({ customerId, amountCents: 100, plan: "yearly", trialDays: 0, localId, userId: 999_999, idempotencyKey: `stranger-${localId}-${Date.now()}` });
      expect(made.subscription.localId).toBe(localId);
      for (const event of [...standIn.paySubscription(made.subscription.id), ...standIn.endSubscription(made.subscription.id)]) {
        const res = await post(event);
        expect(res.status).toBe(200);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a transfer subscription has nothing to cancel; a demo card one without Stripe is cancelled by the app", async () => {
    const { stocker, ids } = await stockerWithWarehouses();
    await subscribeWarehouses(t.db, stocker.id, ids, { payment_type: "transfer" });
    expect((await callJson(cancelAction, t.db, { actor: actorOf(stocker) })).status).toBe(409);
    const { stocker: carded, ids: cardIds } = await stockerWithWarehouses();
    await subscribeWarehouses(t.db, carded.id, cardIds);
    expect((await callJson(cancelAction, t.db, { actor: actorOf(carded) })).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("has_canceled").where("user_id", "=", carded.id).executeTakeFirstOrThrow()).has_canceled).toBe(true);
  });
});


describe("a promo code's maximum of uses", () => {
  const signedPost = (event: object) => {
    const { body, signature } = standIn.sign(event);
    return callJson(webhookAction, t.db, { rawBody: body, headers: { "Stripe-Signature": signature }, services: stripeServices(), path: "/api/stripe/webhook" });
  };
  const usesOf = async (id: number) => (await t.db.selectFrom("promo_codes").select("times_redeemed").where("id", "=", id).executeTakeFirstOrThrow()).times_redeemed;
  /** A stocker with one approved warehouse. */
  const oneWarehouseStocker = async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    return { stocker, warehouse: await makeWarehouse(t.db, { user_id: stocker.id }) };
  };

  it("20 stockers starting at once with a code limited to 3: exactly 3 discounted; the others are told why before paying, in their language", async () => {
    const promo = await makePromo({ percent_off: 90, max_redemptions: 3 });
    const stockers = await Promise.all(Array.from({ length: 20 }, oneWarehouseStocker));
    const results = await Promise.all(
      stockers.map(({ stocker, warehouse }, i) =>
        callJson(initAction, t.db, { actor: actorOf(stocker), locale: i % 2 ? "en" : "it", body: { subscription: "yearly", promo_code: promo.code, w_ids: [warehouse.id] } }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(3);
    for (const r of won) expect(r.json).toMatchObject({ percent_off: 90, price: { total: 4_900 } });
    results.forEach((r, i) => {
      if (r.status === 200) return;
      expect(r.status).toBe(422);
      expect(r.json.errors).toEqual({ promo_code: "promo_used_up" });
      expect(r.json.message).toBe(i % 2 ? "This promo code has already been used the maximum number of times." : "Questo codice promozionale è già stato usato il numero massimo di volte.");
    });
    const discounted = await t.db.selectFrom("subscriptions").select(["user_id", "percent_off", "amount"]).where("promo_code_id", "=", promo.id).execute();
    expect(discounted).toHaveLength(3);
    expect(await usesOf(promo.id)).toBe(3);

    // The three pay by transfer and are confirmed: three running discounted subscriptions, the uses still 3.
    for (const { stocker } of stockers.filter((_, i) => results[i]!.status === 200)) {
      expect((await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "transfer" } })).status).toBe(200);
      expect((await callJson(startAction, t.db, { actor: actorOf(admin), params: { id: String(stocker.id) }, body: {} })).status).toBe(200);
    }
    const running = await t.db.selectFrom("subscriptions").select(["stripe_status", "amount"]).where("promo_code_id", "=", promo.id).execute();
    expect(running).toEqual(Array.from({ length: 3 }, () => ({ stripe_status: "active", amount: 4_900 })));
    expect(await usesOf(promo.id)).toBe(3);
    // Any of the others starts at the full price without the code.
    const [first] = stockers.filter((_, i) => results[i]!.status === 422);
    const full = await callJson(initAction, t.db, { actor: actorOf(first!.stocker), body: { subscription: "yearly", w_ids: [first!.warehouse.id] } });
    expect(full.json).toMatchObject({ percent_off: null, price: { total: 49_000 } });
  });

  it("by card too: five stockers at once with a code limited to 1, one discounted subscription at Stripe, its use kept once it runs and after it ends", async () => {
    const promo = await makePromo({ percent_off: 90, max_redemptions: 1 });
    const stockers = await Promise.all(Array.from({ length: 5 }, oneWarehouseStocker));
    const results = await Promise.all(
      stockers.map(({ stocker, warehouse }) => callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", promo_code: promo.code, w_ids: [warehouse.id] }, services: stripeServices() })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.json).toMatchObject({ percent_off: 90, card_available: true });
    expect(await usesOf(promo.id)).toBe(1);
    const row = await t.db.selectFrom("subscriptions").select(["stripe_subscription_id"]).where("id", "=", winner.json.subscription_id).executeTakeFirstOrThrow();
    const atStripe = await fetch(`${standIn.url}/v1/subscriptions/${row.stripe_subscription_id}`, { headers: { Authorization: `Bearer ${standIn.secretKey}` } });
    expect(((await atStripe.json()) as { items: { data: { price: { unit_amount: number } }[] } }).items.data[0]!.price.unit_amount).toBe(4_900);
    // The card is confirmed: the trial runs, the use stays counted once.
    for (const event of standIn.paySubscription(row.stripe_subscription_id!)) expect((await signedPost(event)).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", winner.json.subscription_id).executeTakeFirstOrThrow()).stripe_status).toBe("trialing");
    expect(await usesOf(promo.id)).toBe(1);
    // A subscription that ran and ended does not give its use back.
    await callJson(cancelAction, t.db, { actor: actorOf(stockers[results.indexOf(winner)]!.stocker), services: stripeServices() });
    for (const event of standIn.endSubscription(row.stripe_subscription_id!)) expect((await signedPost(event)).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", winner.json.subscription_id).executeTakeFirstOrThrow()).stripe_status).toBe("canceled");
    expect(await usesOf(promo.id)).toBe(1);
  });

  it("an attempt that never starts gives its use back: replaced, expired at Stripe, or left unpaid for a day", async () => {
    const promo = await makePromo({ amount_off: 10_000, max_redemptions: 1 });
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, oneWarehouseStocker));
    const init = (s: typeof a, promoCode: string | null, services = {}) =>
      callJson(initAction, t.db, { actor: actorOf(s!.stocker), body: { subscription: "yearly", promo_code: promoCode, w_ids: [s!.warehouse.id] }, services });

    expect((await init(a, promo.code)).status).toBe(200);
    expect((await init(b, promo.code)).json.errors).toEqual({ promo_code: "promo_used_up" });
    // A starts again without the code: the attempt holding the use is replaced, the use given back.
    expect((await init(a, null)).status).toBe(200);
    expect(await usesOf(promo.id)).toBe(0);
    // B takes it by card; Stripe lets the unpaid first invoice expire: the use comes back again.
    await t.db.insertInto("subscriptions").values({ user_id: b!.stocker.id, stripe_status: "canceled", plan: "yearly", payment_type: "card", price_unit_amount: 49_000, started_at: new Date(Date.now() - 400 * 86_400_000) }).execute();
    const byCard = await init(b, promo.code, stripeServices());
    expect(byCard.json).toMatchObject({ intent: "payment", amount_off: 10_000 });
    expect(await usesOf(promo.id)).toBe(1);
    const { stripe_subscription_id: expiring } = await t.db.selectFrom("subscriptions").select("stripe_subscription_id").where("id", "=", byCard.json.subscription_id).executeTakeFirstOrThrow();
    for (const event of standIn.endSubscription(expiring!)) expect((await signedPost(event)).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", byCard.json.subscription_id).executeTakeFirstOrThrow()).stripe_status).toBe("canceled");
    expect(await usesOf(promo.id)).toBe(0);
    // C takes it with a card trial, and never confirms the card: a day later the job drops the
    // attempt, here and at Stripe, and gives the use back.
    const trial = await init(c, promo.code, stripeServices());
    expect(trial.json).toMatchObject({ intent: "setup" });
    expect(await usesOf(promo.id)).toBe(1);
    expect((await init(d, promo.code)).status).toBe(422);
    const { stripe_subscription_id: waiting } = await t.db.selectFrom("subscriptions").select("stripe_subscription_id").where("id", "=", trial.json.subscription_id).executeTakeFirstOrThrow();
    const waitingCopy = await (await fetch(`${standIn.url}/v1/subscriptions/${waiting}`, { headers: { Authorization: `Bearer ${standIn.secretKey}` } })).json();
    const jobs = { config, origin: "http://stockspace.test", gateway };
    expect((await runBillingJobs(t.db, jobs, new Date(Date.now() + 23 * 3_600_000))).abandoned).toBe(0);
    expect((await runBillingJobs(t.db, jobs, new Date(Date.now() + 25 * 3_600_000))).abandoned).toBeGreaterThanOrEqual(1);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", trial.json.subscription_id).executeTakeFirstOrThrow()).stripe_status).toBe("canceled");
    expect(await gateway.retrieveSubscription(waiting!)).toMatchObject({ status: "canceled" });
    expect(await usesOf(promo.id)).toBe(0);
    // Stripe's created event of the waiting trial, arriving late: the dropped attempt stays dropped.
    const late = { id: `evt_late_${trial.json.subscription_id}`, object: "event", api_version: "2026-10-28.endive", created: Math.floor(Date.now() / 1000), type: "customer.subscription.created", data: { object: waitingCopy }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null } };
    expect((await signedPost(late)).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", trial.json.subscription_id).executeTakeFirstOrThrow()).stripe_status).toBe("canceled");
    // Run again: nothing more is given back.
    await runBillingJobs(t.db, jobs, new Date(Date.now() + 26 * 3_600_000));
    expect(await usesOf(promo.id)).toBe(0);
    expect((await init(d, promo.code)).status).toBe(200);
    expect(await usesOf(promo.id)).toBe(1);
  });
});
