// A subscription's lifecycle on the server: init-subscription (the price, what is refused, who may,
// an unpaid attempt replaced) and a promo code's uses across attempts (taken at init, kept once
// started, given back by one that never starts), by transfer and by card against the local Stripe
// stand-in with the real SDK. The card flows are in card.db.test.ts, the transfer's in transfers.db.test.ts.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { billingConfig, makePromo, redeemedOf, stockerWithWarehouses, useBillingPeople, useStripeStandIn } from "../../../tests/support/billing.ts";
import { action as initAction } from "../../routes/api/init-subscription.ts";
import { action as cancelAction } from "../../routes/api/cancel-subscription.ts";
import { action as paymentTypeAction } from "../../routes/api/stocker/profile.update-payment-type.ts";
import { action as webhookAction } from "../../routes/api/stripe.webhook.ts";
import { action as startAction } from "../../routes/api/admin/users.start-subscription.ts";
import { computePrice } from "../../lib/pricing.ts";
import { runBillingJobs } from "./subscriptions.service.ts";

const t = useTestDatabase();
const stripe = useStripeStandIn();
const people = useBillingPeople(t);

const counts = async () => ({
  subscriptions: Number(
    (
      await t.db
        .selectFrom("subscriptions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  links: Number(
    (
      await t.db
        .selectFrom("subscription_warehouses")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe("POST /init-subscription", () => {
  it("prices three warehouses with a hub, the yearly plan and a promo code by the spec's rule", async () => {
    const { stocker, ids } = await stockerWithWarehouses(t.db);
    const promo = await makePromo(t.db, { percent_off: 20, hub_percent_off: 50 });
    const res = await callJson(initAction, t.db, {
      actor: actorOf(stocker),
      body: { subscription: "yearly", promo_code: promo.code.toLowerCase(), w_ids: ids },
    });
    expect(res.status).toBe(200);
    // 49000 × 3 = 147000; − 20 % = 117600; − 50 % of the hub's third (19600) = 98000 cents.
    expect(res.json).toMatchObject({
      amount_off: null,
      percent_off: 20,
      hub_percent_off: 50,
      price_unit_amount: 49_000,
      client_secret: null,
      card_available: false,
      warehouses_count: 3,
      hubs_count: 1,
    });
    expect(res.json.price).toEqual(computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, percentOff: 20, hubPercentOff: 50, vatRate: 22 }));
    expect(res.json.price.total).toBe(98_000);
    expect(res.json.price.totalExclVat).toBe(80_328); // 980,00 / 1,22 = 803,28
    expect(res.json.url).toBe("http://stockspace.test/it/stocker/profile/confirm-subscription");
    const row = await t.db.selectFrom("subscriptions").selectAll().where("id", "=", res.json.subscription_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: stocker.id, stripe_status: "incomplete", plan: "yearly", amount: 98_000, hubs_count: 1, promo_code_id: promo.id });
    // Nothing is public before payment.
    expect(await redeemedOf(t.db, ids)).toEqual([false, false, false]);
  });

  it("refuses someone else's, pending or unknown warehouses, an empty list and bad promo codes, changing nothing", async () => {
    const { stocker, ids, pending } = await stockerWithWarehouses(t.db);
    const expired = await makePromo(t.db, { percent_off: 10, valid_until: new Date(Date.now() - 1000) });
    const notYet = await makePromo(t.db, { percent_off: 10, valid_from: new Date(Date.now() + 86_400_000) });
    const usedUp = await makePromo(t.db, { amount_off: 1000, max_redemptions: 3, times_redeemed: 3 });
    const inactive = await makePromo(t.db, { amount_off: 1000, active: false });
    const before = await counts();
    const call = (body: unknown) => callJson(initAction, t.db, { actor: actorOf(stocker), body, locale: "en" });
    for (const w_ids of [[...ids, people.othersWarehouse.id], [pending.id], [99_999_999]]) {
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
    for (const actor of [hunter, referent, people.admin]) {
      const res = await callJson(initAction, t.db, { actor: actorOf(actor), body: { subscription: "yearly", w_ids: [people.othersWarehouse.id] } });
      expect(res.status).toBe(403);
    }
    expect((await callJson(initAction, t.db, { body: { subscription: "yearly", w_ids: [people.othersWarehouse.id] } })).status).toBe(401);
  });

  it("replaces an unpaid attempt, and refuses a new one while a subscription runs", async () => {
    const { stocker, ids } = await stockerWithWarehouses(t.db);
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

describe("a promo code's maximum of uses", () => {
  const signedPost = (event: object) => {
    const { body, signature } = stripe.standIn.sign(event);
    return callJson(webhookAction, t.db, {
      rawBody: body,
      headers: { "Stripe-Signature": signature },
      services: stripe.services(),
      path: "/api/stripe/webhook",
    });
  };
  const usesOf = async (id: number) =>
    (await t.db.selectFrom("promo_codes").select("times_redeemed").where("id", "=", id).executeTakeFirstOrThrow()).times_redeemed;
  /** A stocker with one approved warehouse. */
  const oneWarehouseStocker = async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    return { stocker, warehouse: await makeWarehouse(t.db, { user_id: stocker.id }) };
  };

  it("20 stockers starting at once with a code limited to 3: exactly 3 discounted; the others are told why before paying, in their language", async () => {
    const promo = await makePromo(t.db, { percent_off: 90, max_redemptions: 3 });
    const stockers = await Promise.all(Array.from({ length: 20 }, oneWarehouseStocker));
    const results = await Promise.all(
      stockers.map(({ stocker, warehouse }, i) =>
        callJson(initAction, t.db, {
          actor: actorOf(stocker),
          locale: i % 2 ? "en" : "it",
          body: { subscription: "yearly", promo_code: promo.code, w_ids: [warehouse.id] },
        }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(3);
    for (const r of won) expect(r.json).toMatchObject({ percent_off: 90, price: { total: 4_900 } });
    results.forEach((r, i) => {
      if (r.status === 200) return;
      expect(r.status).toBe(422);
      expect(r.json.errors).toEqual({ promo_code: "promo_used_up" });
      expect(r.json.message).toBe(
        i % 2
          ? "This promo code has already been used the maximum number of times."
          : "Questo codice promozionale è già stato usato il numero massimo di volte.",
      );
    });
    const discounted = await t.db.selectFrom("subscriptions").select(["user_id", "percent_off", "amount"]).where("promo_code_id", "=", promo.id).execute();
    expect(discounted).toHaveLength(3);
    expect(await usesOf(promo.id)).toBe(3);

    // The three pay by transfer and are confirmed: three running discounted subscriptions, the uses still 3.
    for (const { stocker } of stockers.filter((_, i) => results[i]!.status === 200)) {
      expect((await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "transfer" } })).status).toBe(200);
      expect((await callJson(startAction, t.db, { actor: actorOf(people.admin), params: { id: String(stocker.id) }, body: {} })).status).toBe(200);
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
    const promo = await makePromo(t.db, { percent_off: 90, max_redemptions: 1 });
    const stockers = await Promise.all(Array.from({ length: 5 }, oneWarehouseStocker));
    const results = await Promise.all(
      stockers.map(({ stocker, warehouse }) =>
        callJson(initAction, t.db, {
          actor: actorOf(stocker),
          body: { subscription: "yearly", promo_code: promo.code, w_ids: [warehouse.id] },
          services: stripe.services(),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.json).toMatchObject({ percent_off: 90, card_available: true });
    expect(await usesOf(promo.id)).toBe(1);
    const row = await t.db
      .selectFrom("subscriptions")
      .select(["stripe_subscription_id"])
      .where("id", "=", winner.json.subscription_id)
      .executeTakeFirstOrThrow();
    const atStripe = await fetch(`${stripe.standIn.url}/v1/subscriptions/${row.stripe_subscription_id}`, {
      headers: { Authorization: `Bearer ${stripe.standIn.secretKey}` },
    });
    expect(((await atStripe.json()) as { items: { data: { price: { unit_amount: number } }[] } }).items.data[0]!.price.unit_amount).toBe(4_900);
    // The card is confirmed: the trial runs, the use stays counted once.
    for (const event of stripe.standIn.paySubscription(row.stripe_subscription_id!)) expect((await signedPost(event)).status).toBe(200);
    expect(
      (await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", winner.json.subscription_id).executeTakeFirstOrThrow()).stripe_status,
    ).toBe("trialing");
    expect(await usesOf(promo.id)).toBe(1);
    // A subscription that ran and ended does not give its use back.
    await callJson(cancelAction, t.db, { actor: actorOf(stockers[results.indexOf(winner)]!.stocker), services: stripe.services() });
    for (const event of stripe.standIn.endSubscription(row.stripe_subscription_id!)) expect((await signedPost(event)).status).toBe(200);
    expect(
      (await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", winner.json.subscription_id).executeTakeFirstOrThrow()).stripe_status,
    ).toBe("canceled");
    expect(await usesOf(promo.id)).toBe(1);
  });

  it("an attempt that never starts gives its use back: replaced, expired at Stripe, or left unpaid for a day", async () => {
    const promo = await makePromo(t.db, { amount_off: 10_000, max_redemptions: 1 });
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, oneWarehouseStocker));
    const init = (s: typeof a, promoCode: string | null, services = {}) =>
      callJson(initAction, t.db, { actor: actorOf(s!.stocker), body: { subscription: "yearly", promo_code: promoCode, w_ids: [s!.warehouse.id] }, services });

    expect((await init(a, promo.code)).status).toBe(200);
    expect((await init(b, promo.code)).json.errors).toEqual({ promo_code: "promo_used_up" });
    // A starts again without the code: the attempt holding the use is replaced, the use given back.
    expect((await init(a, null)).status).toBe(200);
    expect(await usesOf(promo.id)).toBe(0);
    // B takes it by card; Stripe lets the unpaid first invoice expire: the use comes back again.
    await t.db
      .insertInto("subscriptions")
      .values({
        user_id: b!.stocker.id,
        stripe_status: "canceled",
        plan: "yearly",
        payment_type: "card",
        price_unit_amount: 49_000,
        started_at: new Date(Date.now() - 400 * 86_400_000),
      })
      .execute();
    const byCard = await init(b, promo.code, stripe.services());
    expect(byCard.json).toMatchObject({ intent: "payment", amount_off: 10_000 });
    expect(await usesOf(promo.id)).toBe(1);
    const { stripe_subscription_id: expiring } = await t.db
      .selectFrom("subscriptions")
      .select("stripe_subscription_id")
      .where("id", "=", byCard.json.subscription_id)
      .executeTakeFirstOrThrow();
    for (const event of stripe.standIn.endSubscription(expiring!)) expect((await signedPost(event)).status).toBe(200);
    expect(
      (await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", byCard.json.subscription_id).executeTakeFirstOrThrow()).stripe_status,
    ).toBe("canceled");
    expect(await usesOf(promo.id)).toBe(0);
    // C takes it with a card trial, and never confirms the card: a day later the job drops the
    // attempt, here and at Stripe, and gives the use back.
    const trial = await init(c, promo.code, stripe.services());
    expect(trial.json).toMatchObject({ intent: "setup" });
    expect(await usesOf(promo.id)).toBe(1);
    expect((await init(d, promo.code)).status).toBe(422);
    const { stripe_subscription_id: waiting } = await t.db
      .selectFrom("subscriptions")
      .select("stripe_subscription_id")
      .where("id", "=", trial.json.subscription_id)
      .executeTakeFirstOrThrow();
    const waitingCopy = await (
      await fetch(`${stripe.standIn.url}/v1/subscriptions/${waiting}`, { headers: { Authorization: `Bearer ${stripe.standIn.secretKey}` } })
    ).json();
    const jobs = { config: billingConfig, origin: "http://stockspace.test", gateway: stripe.gateway };
    expect((await runBillingJobs(t.db, jobs, new Date(Date.now() + 23 * 3_600_000))).abandoned).toBe(0);
    expect((await runBillingJobs(t.db, jobs, new Date(Date.now() + 25 * 3_600_000))).abandoned).toBeGreaterThanOrEqual(1);
    expect(
      (await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", trial.json.subscription_id).executeTakeFirstOrThrow()).stripe_status,
    ).toBe("canceled");
    expect(await stripe.gateway.retrieveSubscription(waiting!)).toMatchObject({ status: "canceled" });
    expect(await usesOf(promo.id)).toBe(0);
    // Stripe's created event of the waiting trial, arriving late: the dropped attempt stays dropped.
    const late = {
      id: `evt_late_${trial.json.subscription_id}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type: "customer.subscription.created",
      data: { object: waitingCopy },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    expect((await signedPost(late)).status).toBe(200);
    expect(
      (await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", trial.json.subscription_id).executeTakeFirstOrThrow()).stripe_status,
    ).toBe("canceled");
    // Run again: nothing more is given back.
    await runBillingJobs(t.db, jobs, new Date(Date.now() + 26 * 3_600_000));
    expect(await usesOf(promo.id)).toBe(0);
    expect((await init(d, promo.code)).status).toBe(200);
    expect(await usesOf(promo.id)).toBe(1);
  });
});
