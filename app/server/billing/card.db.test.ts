// Card payments through Stripe on the server, against the local stand-in with the real SDK
// (webhooks signed with the SDK's own test helper): the customer and subscription created at
// init-subscription, signed events applied once in any order, a card trial started once the card
// is confirmed, the confirm page, cancel and resume, and what a subscription makes public.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { billingConfig, redeemedOf, stockerWithWarehouses, useBillingPeople, useStripeStandIn } from "../../../tests/support/billing.ts";
import { action as initAction } from "../../routes/api/init-subscription.ts";
import { action as cancelAction } from "../../routes/api/cancel-subscription.ts";
import { action as resumeAction } from "../../routes/api/resume-subscription.ts";
import { action as webhookAction } from "../../routes/api/stripe.webhook.ts";
import { confirmSubscription } from "./card.service.ts";
import { findPublicWarehouses } from "../warehouses/warehouses.queries.ts";

const t = useTestDatabase();
const stripe = useStripeStandIn();
const people = useBillingPeople(t);

describe("card payments through Stripe (the local stand-in, the real SDK)", () => {
  const signed = (event: object, secret?: string) => {
    const { body, signature } = stripe.standIn.sign(event, secret ? { secret } : undefined);
    return { rawBody: body, headers: { "Stripe-Signature": signature } };
  };
  const post = (event: object, secret?: string) =>
    callJson(webhookAction, t.db, { ...signed(event, secret), services: stripe.services(), path: "/api/stripe/webhook" });

  it("creates the customer and subscription, gives the client secret; signed events activate it once, in any order", async () => {
    const { stocker, ids } = await stockerWithWarehouses(t.db);
    const init = await callJson(initAction, t.db, {
      actor: actorOf(stocker),
      body: { subscription: "six_months", w_ids: ids.slice(0, 2) },
      services: stripe.services(),
    });
    expect(init.status).toBe(200);
    expect(Object.keys(init.json)).toEqual(
      expect.arrayContaining(["subscription_id", "client_secret", "amount_off", "percent_off", "hub_percent_off", "price_unit_amount", "url"]),
    );
    // A first subscription starts with the free trial: the card is saved (a setup intent).
    expect(init.json).toMatchObject({ card_available: true, intent: "setup", trial_days: billingConfig.billing.trialDays });
    expect(init.json.client_secret).toMatch(/^seti_/);
    const row = await t.db
      .selectFrom("subscriptions")
      .select(["stripe_subscription_id", "stripe_status"])
      .where("id", "=", init.json.subscription_id)
      .executeTakeFirstOrThrow();
    expect(row.stripe_status).toBe("incomplete");
    const user = await t.db.selectFrom("users").select("stripe_customer_id").where("id", "=", stocker.id).executeTakeFirstOrThrow();
    expect(user.stripe_customer_id).toMatch(/^cus_/);

    const events = stripe.standIn.paySubscription(row.stripe_subscription_id!);
    // Reordered: the later event first, then the earlier one — the state stays the later one's.
    for (const event of [...events].reverse()) expect((await post(event)).status).toBe(200);
    const after = await t.db.selectFrom("subscriptions").selectAll().where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    expect(after.stripe_status).toBe("trialing");
    expect(after.trial_ends_at).not.toBeNull();
    expect(after.started_at).not.toBeNull();
    expect(await redeemedOf(t.db, ids.slice(0, 2))).toEqual([true, true]);
    expect(await redeemedOf(t.db, ids.slice(2))).toEqual([false]);
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
    const noSignature = await callJson(webhookAction, t.db, { rawBody: JSON.stringify(forged), services: stripe.services(), path: "/api/stripe/webhook" });
    expect(noSignature.status).toBe(400);
    expect(await t.db.selectFrom("stripe_events").select("id").where("id", "=", "evt_forged_1").execute()).toEqual([]);
  });

  /** Stripe's own copy of a subscription, as its events carry it. */
  const stripeCopy = async (id: string) => {
    const res = await fetch(`${stripe.standIn.url}/v1/subscriptions/${id}`, { headers: { Authorization: `Bearer ${stripe.standIn.secretKey}` } });
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
    const { stocker, ids } = await stockerWithWarehouses(t.db);
    const init = await callJson(initAction, t.db, {
      actor: actorOf(stocker),
      body: { subscription: "yearly", w_ids: ids.slice(0, 2) },
      services: stripe.services(),
    });
    expect(init.json).toMatchObject({ intent: "setup", trial_days: billingConfig.billing.trialDays });
    const local = () =>
      t.db
        .selectFrom("subscriptions")
        .select(["stripe_status", "started_at", "stripe_subscription_id"])
        .where("id", "=", init.json.subscription_id)
        .executeTakeFirstOrThrow();
    const stripeId = (await local()).stripe_subscription_id!;
    const ctx = { config: billingConfig, gateway: stripe.gateway, origin: "http://stockspace.test" };

    // Stripe already calls the subscription "trialing", its set-up intent still waiting for a card:
    // its signed created event and the confirm page (which asks Stripe) start nothing.
    const unconfirmed = await stripeCopy(stripeId);
    expect(unconfirmed).toMatchObject({ status: "trialing", default_payment_method: null, pending_setup_intent: expect.stringMatching(/^seti_/) });
    expect((await post(subscriptionEvent("customer.subscription.created", unconfirmed))).status).toBe(200);
    expect(await confirmSubscription(t.db, actorOf(stocker), ctx)).toMatchObject({ outcome: "processing" });
    expect(await local()).toMatchObject({ stripe_status: "incomplete", started_at: null });
    expect(await redeemedOf(t.db, ids.slice(0, 2))).toEqual([false, false]);
    expect(await findPublicWarehouses(t.db, ids)).toEqual([]);
    expect(await t.db.selectFrom("notifications").select("id").where("user_id", "=", stocker.id).execute()).toEqual([]);

    // The browser confirms the card (Stripe.js's call): the confirm page reads the trial from Stripe.
    const seti = String(init.json.client_secret).split("_secret_")[0];
    const confirmed = await fetch(`${stripe.standIn.url}/v1/setup_intents/${seti}/confirm`, {
      method: "POST",
      headers: { Authorization: `Bearer ${stripe.standIn.secretKey}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: String(init.json.client_secret), "payment_method_data[type]": "card" }),
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmSubscription(t.db, actorOf(stocker), ctx)).toMatchObject({ outcome: "trialing" });
    expect((await local()).stripe_status).toBe("trialing");
    expect((await local()).started_at).not.toBeNull();
    expect(await redeemedOf(t.db, ids)).toEqual([true, true, false]);
    // Stripe's event of the confirmation, arriving after: acknowledged, still trialing, announced once.
    expect((await post(subscriptionEvent("customer.subscription.updated", await stripeCopy(stripeId)))).status).toBe(200);
    expect((await local()).stripe_status).toBe("trialing");
    expect(await t.db.selectFrom("notifications").select("type").where("user_id", "=", stocker.id).execute()).toEqual([{ type: "subscription_started" }]);
  });

  it("starts a card trial from the webhook once the card is confirmed", async () => {
    const { stocker, ids } = await stockerWithWarehouses(t.db);
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "six_months", w_ids: ids }, services: stripe.services() });
    const { stripe_subscription_id: stripeId } = await t.db
      .selectFrom("subscriptions")
      .select("stripe_subscription_id")
      .where("id", "=", init.json.subscription_id)
      .executeTakeFirstOrThrow();
    expect((await post(subscriptionEvent("customer.subscription.created", await stripeCopy(stripeId!)))).status).toBe(200);
    expect(await redeemedOf(t.db, ids)).toEqual([false, false, false]);
    for (const event of stripe.standIn.paySubscription(stripeId!)) expect((await post(event)).status).toBe(200);
    expect(
      (await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow()).stripe_status,
    ).toBe("trialing");
    expect(await redeemedOf(t.db, ids)).toEqual([true, true, true]);
  });

  it("activates a paid subscription with invoice.paid and customer.subscription.updated; cancel and resume at the period's end; the end anonymises", async () => {
    const { stocker, ids } = await stockerWithWarehouses(t.db);
    // Not the first subscription: no trial, the card is charged now.
    await t.db
      .insertInto("subscriptions")
      .values({
        user_id: stocker.id,
        stripe_status: "canceled",
        plan: "yearly",
        payment_type: "card",
        price_unit_amount: 49_000,
        started_at: new Date(Date.now() - 400 * 86_400_000),
      })
      .execute();
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", w_ids: ids }, services: stripe.services() });
    expect(init.json).toMatchObject({ intent: "payment", trial_days: 0 });
    expect(init.json.client_secret).toMatch(/^pi_.*_secret_/);
    const { stripe_subscription_id: stripeId } = await t.db
      .selectFrom("subscriptions")
      .select("stripe_subscription_id")
      .where("id", "=", init.json.subscription_id)
      .executeTakeFirstOrThrow();
    const events = stripe.standIn.paySubscription(stripeId!);
    expect(events.map((e) => e.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    for (const event of events) expect((await post(event)).status).toBe(200);
    const active = await t.db.selectFrom("subscriptions").selectAll().where("id", "=", init.json.subscription_id).executeTakeFirstOrThrow();
    expect(active).toMatchObject({ stripe_status: "active", has_canceled: false });
    expect(active.ends_at).not.toBeNull();
    expect(await redeemedOf(t.db, ids)).toEqual([true, true, true]);

    // Cancel at the end of the period: still running, marked; resume takes it back.
    expect((await callJson(cancelAction, t.db, { actor: actorOf(stocker), services: stripe.services() })).json).toEqual({ user_id: stocker.id });
    expect(await t.db.selectFrom("subscriptions").select(["stripe_status", "has_canceled"]).where("id", "=", active.id).executeTakeFirstOrThrow()).toEqual({
      stripe_status: "active",
      has_canceled: true,
    });
    expect(await redeemedOf(t.db, ids)).toEqual([true, true, true]);
    expect((await callJson(resumeAction, t.db, { actor: actorOf(stocker), services: stripe.services() })).json).toEqual({ user_id: stocker.id });
    expect((await t.db.selectFrom("subscriptions").select("has_canceled").where("id", "=", active.id).executeTakeFirstOrThrow()).has_canceled).toBe(false);
    // Another stocker cannot cancel it: they have none of their own.
    expect((await callJson(cancelAction, t.db, { actor: actorOf(people.otherStocker), services: stripe.services() })).status).toBe(404);
    expect((await t.db.selectFrom("subscriptions").select("has_canceled").where("id", "=", active.id).executeTakeFirstOrThrow()).has_canceled).toBe(false);

    // Cancelled, then the period ends on Stripe's side: the deleted event anonymises at once.
    await callJson(cancelAction, t.db, { actor: actorOf(stocker), services: stripe.services() });
    for (const event of stripe.standIn.endSubscription(stripeId!)) expect((await post(event)).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", active.id).executeTakeFirstOrThrow()).stripe_status).toBe(
      "canceled",
    );
    expect(await redeemedOf(t.db, ids)).toEqual([false, false, false]);
    // An older event arriving late does not bring it back.
    for (const event of events) {
      const late = await post({ ...event, id: `${event.id}_late` });
      expect(late.status).toBe(200);
    }
    expect(await redeemedOf(t.db, ids)).toEqual([false, false, false]);
  });

  it("a signed event for a Stripe subscription we do not hold changes nothing, whatever local id its metadata names", async () => {
    // Two subscriptions someone would like to change: a running one Stripe holds, and an unpaid attempt.
    const { stocker: runningOwner, ids: runningIds } = await stockerWithWarehouses(t.db);
    const runningId = await subscribeWarehouses(t.db, runningOwner.id, runningIds);
    await t.db
      .updateTable("subscriptions")
      .set({ stripe_subscription_id: `sub_held_${runningId}` })
      .where("id", "=", runningId)
      .execute();
    const { stocker: attemptOwner, ids: attemptIds } = await stockerWithWarehouses(t.db);
    const attempt = await callJson(initAction, t.db, { actor: actorOf(attemptOwner), body: { subscription: "yearly", w_ids: attemptIds } });
    const snapshot = async () => ({
      rows: await t.db.selectFrom("subscriptions").selectAll().where("id", "in", [runningId, attempt.json.subscription_id]).orderBy("id").execute(),
      redeemed: await redeemedOf(t.db, [...runningIds, ...attemptIds]),
      users: await t.db
        .selectFrom("users")
        .select(["id", "pm_type", "pm_last_four"])
        .where("id", "in", [runningOwner.id, attemptOwner.id])
        .orderBy("id")
        .execute(),
    });
    const before = await snapshot();
    expect(before.redeemed).toEqual([true, true, true, false, false, false]);

    // Real Stripe subscriptions of another customer, whose metadata name those local ones: paid
    // (active, a card), then ended. Every event correctly signed.
    for (const localId of [runningId, attempt.json.subscription_id as number]) {
      const customerId = await stripe.gateway.createCustomer({ email: `stranger-${localId}@example.test`, name: "Stranger", userId: 999_999 });
      const made = await stripe.gateway.createSubscription({
        customerId,
        amountCents: 100,
        plan: "yearly",
        trialDays: 0,
        localId,
        userId: 999_999,
        idempotencyKey: `stranger-${localId}-${Date.now()}`,
      });
      expect(made.subscription.localId).toBe(localId);
      for (const event of [...stripe.standIn.paySubscription(made.subscription.id), ...stripe.standIn.endSubscription(made.subscription.id)]) {
        const res = await post(event);
        expect(res.status).toBe(200);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a transfer subscription has nothing to cancel; a demo card one without Stripe is cancelled by the app", async () => {
    const { stocker, ids } = await stockerWithWarehouses(t.db);
    await subscribeWarehouses(t.db, stocker.id, ids, { payment_type: "transfer" });
    expect((await callJson(cancelAction, t.db, { actor: actorOf(stocker) })).status).toBe(409);
    const { stocker: carded, ids: cardIds } = await stockerWithWarehouses(t.db);
    await subscribeWarehouses(t.db, carded.id, cardIds);
    expect((await callJson(cancelAction, t.db, { actor: actorOf(carded) })).status).toBe(200);
    expect((await t.db.selectFrom("subscriptions").select("has_canceled").where("user_id", "=", carded.id).executeTakeFirstOrThrow()).has_canceled).toBe(true);
  });
});
