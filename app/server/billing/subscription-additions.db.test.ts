// Adding warehouses to a running subscription (decision 024): by bank transfer (an addition waits,
// the Transfers screen lists it, an administrator confirms it, audited), by card through the
// Stripe stand-in with the real SDK (charged pro rata at once; a declined card changes nothing),
// free in a trial; what is refused (someone else's, pending or covered warehouses, no running
// subscription, a cancelled one, other roles); the expiry job drops a waiting addition.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/support/stripe-stand-in.ts";
import { loadConfig } from "../config.ts";
import type { User } from "../db/types.ts";
import { action as addAction } from "../../routes/api/stocker/profile.add-subscription-warehouses.ts";
import { action as confirmAction } from "../../routes/api/admin/subscription-additions.confirm.ts";
import { loader as transfersEndpoint } from "../../routes/api/admin/transfers.ts";
import { action as initAction } from "../../routes/api/init-subscription.ts";
import { action as transfersPageAction } from "../../routes/admin/transfers.tsx";
import { additionPrice } from "../../lib/pricing.ts";
import { createBillingGateway, type BillingGateway } from "./stripe-gateway.ts";
import { applyStripeSnapshot } from "./card.service.ts";
import { runBillingJobs } from "./subscriptions.service.ts";
import { listTransfers } from "./transfers.service.ts";
import { additionView } from "./subscription-additions.service.ts";
import { countTransfers } from "./transfers.queries.ts";
import { waitingCounters } from "../admin/dashboard.queries.ts";

const t = useTestDatabase();
const config = loadConfig({ NODE_ENV: "test", ORIGIN: "http://stockspace.test" });
const DAY = 86_400_000;
let standIn: StripeStandIn;
let gateway: BillingGateway;
let admin: User;
let hunter: User;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = createBillingGateway({
    secretKey: standIn.secretKey,
    publishableKey: "pk_test_standin",
    webhookSecret: standIn.webhookSecret,
    apiBase: standIn.url,
  });
  admin = await makeUser(t.db, { role: "admin" });
  hunter = await makeUser(t.db, { role: "stock_hunter" });
});
afterAll(() => standIn?.close());

/** A stocker whose transfer subscription covers a warehouse since `daysIn` days of its year, with a hub and a plain warehouse left out, and a pending one. */
async function transferSubscriber(opts: { daysIn?: number; fields?: Record<string, unknown> } = {}) {
  const stocker = await makeUser(t.db, { role: "stocker" });
  const covered = await makeWarehouse(t.db, { user_id: stocker.id, name: `Coperto ${stocker.id}` });
  const hub = await makeWarehouse(t.db, { user_id: stocker.id, name: `Hub ${stocker.id}`, is_hub: true });
  const plain = await makeWarehouse(t.db, { user_id: stocker.id, name: `Semplice ${stocker.id}` });
  const pending = await makeWarehouse(t.db, { user_id: stocker.id, name: `In attesa ${stocker.id}`, status: "pending" });
  const start = new Date(Date.now() - (opts.daysIn ?? 100) * DAY);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 12);
  const subscriptionId = await subscribeWarehouses(t.db, stocker.id, [covered.id], {
    payment_type: "transfer",
    started_at: start,
    ends_at: end,
    amount: 49_000,
    hubs_count: 0,
    ...opts.fields,
  });
  return { stocker, covered, hub, plain, pending, subscriptionId, start, end };
}

const add = (actor: User, w_ids: unknown, services?: { billing: BillingGateway }) =>
  callJson(addAction, t.db, { actor: actorOf(actor), body: { w_ids }, ...(services ? { services } : {}) });
const redeemed = async (ids: number[]) =>
  (await t.db.selectFrom("warehouses").select(["id", "redeemed"]).where("id", "in", ids).orderBy("id").execute()).map((w) => w.redeemed);
const additionsOf = (subscriptionId: number) =>
  t.db.selectFrom("subscription_additions").selectAll().where("subscription_id", "=", subscriptionId).orderBy("id").execute();

describe("adding warehouses by bank transfer", () => {
  it("waits for the transfer, with the pro-rata amount, the reason code and the e-mails; the administrator's confirmation adds them", async () => {
    const w = await transferSubscriber({ daysIn: 100 });
    const res = await add(w.stocker, [w.hub.id, w.plain.id]);
    expect(res.status).toBe(200);
    // 3 warehouses at 49,000 = 147,000 a year (no promo code): 98,000 more, for what is left of the year.
    const expected = additionPrice({
      unitAmount: 49_000,
      vatRate: 22,
      currentAmount: 49_000,
      warehouses: 1,
      hubs: 0,
      addWarehouses: 2,
      addHubs: 1,
      periodStart: w.start,
      periodEnd: w.end,
      trialing: false,
      now: new Date(),
    });
    expect(expected.newAmount).toBe(147_000);
    expect(Math.abs(res.json.amount - expected.now)).toBeLessThanOrEqual(5);
    expect(res.json.amount).toBeLessThan(98_000);
    expect(res.json).toMatchObject({ user_id: w.stocker.id, status: "pending_transfer", warehouses_count: 2 });
    expect(res.json.transfer).toMatchObject({ amount: res.json.amount, plan: "yearly", warehouses_count: 2, iban: config.billing.transfer.iban });
    expect(res.json.transfer.reason).toMatch(/^SS-[A-Z2-9]{6}$/);
    // Nothing public yet, the subscription unchanged.
    expect(await redeemed([w.hub.id, w.plain.id])).toEqual([false, false]);
    const sub = await t.db.selectFrom("subscriptions").select(["amount"]).where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.amount).toBe(49_000);
    const mails = await t.db
      .selectFrom("mail_outbox")
      .select(["to_address", "template", "subject", "text"])
      .where("template", "in", ["transfer_instructions", "transfer_requested_admin"])
      .where("text", "like", `%${res.json.transfer.reason}%`)
      .execute();
    const toStocker = mails.find((m) => m.to_address === w.stocker.email)!;
    expect(toStocker.template).toBe("transfer_instructions");
    expect(toStocker.subject).toMatch(/aggiungere magazzini|add warehouses/);
    expect(toStocker.text).toContain("(2)");
    const toAdmin = mails.find((m) => m.to_address === admin.email)!;
    expect(toAdmin.template).toBe("transfer_requested_admin");
    expect(toAdmin.text).toMatch(/aggiungere magazzini|add warehouses/);

    // The page shows what waits; the Transfers screen and the badge count it.
    const view = await additionView(t.db, w.stocker.id, { config, gateway: null });
    expect(view).toMatchObject({
      payment: "transfer",
      blocked: null,
      pending: { amount: res.json.amount, warehouses: [{ id: w.hub.id }, { id: w.plain.id }] },
    });
    // Through the list's JSON call, so its answer is checked against its description with an addition's row.
    const listed = await callJson(transfersEndpoint, t.db, {
      actor: actorOf(admin),
      method: "GET",
      path: `/api/admin/transfers?search_term=${encodeURIComponent(res.json.transfer.reason)}`,
    });
    expect(listed.status).toBe(200);
    expect(listed.json.transfers).toHaveLength(1);
    const row = listed.json.transfers[0]!;
    expect(row).toMatchObject({ user_id: w.stocker.id, subscription_id: w.subscriptionId, amount: res.json.amount, warehouses_count: 2 });
    expect(row.addition_id).toBeGreaterThan(0);
    expect((await waitingCounters(t.db)).transfers).toBe(await countTransfers(t.db, { search: null }));

    // A second request replaces the first.
    const again = await add(w.stocker, [w.plain.id]);
    expect(again.json).toMatchObject({ status: "pending_transfer", warehouses_count: 1, transfer: { reason: res.json.transfer.reason } });
    expect((await additionsOf(w.subscriptionId)).map((a) => a.status)).toEqual(["canceled", "pending_transfer"]);
    const waiting = (await additionsOf(w.subscriptionId))[1]!;

    // Only an administrator confirms, and only what waits.
    for (const actor of [w.stocker, hunter]) {
      expect((await callJson(confirmAction, t.db, { actor: actorOf(actor), params: { id: String(waiting.id) }, body: {} })).status).toBe(403);
    }
    expect((await callJson(confirmAction, t.db, { actor: actorOf(admin), params: { id: String(row.addition_id) }, body: {} })).status).toBe(409);
    const confirmed = await callJson(confirmAction, t.db, {
      actor: actorOf(admin),
      params: { id: String(waiting.id) },
      body: { user_data: { transfer_info: "CRO 123" } },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ user_id: w.stocker.id, addition_id: waiting.id });
    expect(await redeemed([w.hub.id, w.plain.id])).toEqual([false, true]);
    const after = await t.db.selectFrom("subscriptions").select(["amount", "hubs_count"]).where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(after).toEqual({ amount: 98_000, hubs_count: 0 });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "subscription.extend").where("entity_id", "=", w.stocker.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      addition_id: waiting.id,
      warehouse_ids: [w.plain.id],
      transfer_info: "CRO 123",
      before: { amount: 49_000, warehouses: 1 },
      after: { amount: 98_000, warehouses: 2 },
    });
    const told = await t.db
      .selectFrom("notifications")
      .select("type")
      .where("user_id", "=", w.stocker.id)
      .where("type", "=", "subscription_extended")
      .execute();
    expect(told).toHaveLength(1);
    expect(
      await t.db.selectFrom("mail_outbox").select("id").where("template", "=", "subscription_extended").where("to_address", "=", w.stocker.email).execute(),
    ).toHaveLength(1);
    // Twice: nothing waits any more.
    expect((await callJson(confirmAction, t.db, { actor: actorOf(admin), params: { id: String(waiting.id) }, body: {} })).status).toBe(409);
    expect((await listTransfers(t.db, { filters: { search: res.json.transfer.reason }, limit: 20, page: 0 })).transfers).toHaveLength(0);
  });

  it("is confirmed from the Transfers screen's popup too", async () => {
    const w = await transferSubscriber();
    const res = await add(w.stocker, [w.hub.id]);
    const row = (await listTransfers(t.db, { filters: { search: res.json.transfer.reason }, limit: 20, page: 0 })).transfers[0]!;
    const form = new FormData();
    form.set("user_id", String(w.stocker.id));
    form.set("addition_id", String(row.addition_id));
    form.set("transfer_info", "");
    const request = new Request("http://stockspace.test/admin/transfers", { method: "POST", body: form });
    const answer = await transfersPageAction({ request, params: {}, context: testContext(t.db, { actor: actorOf(admin) }) } as never);
    expect(answer).toEqual({ ok: true, user_id: w.stocker.id });
    expect(await redeemed([w.hub.id])).toEqual([true]);
    const after = await t.db.selectFrom("subscriptions").select(["amount", "hubs_count"]).where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(after).toEqual({ amount: 98_000, hubs_count: 1 });
  });

  it("is dropped when the subscription ends first", async () => {
    const w = await transferSubscriber({ daysIn: 364 });
    const res = await add(w.stocker, [w.plain.id]);
    expect(res.json.status).toBe("pending_transfer");
    await runBillingJobs(t.db, { config, origin: "http://stockspace.test" }, new Date(w.end.getTime() + 60_000));
    expect((await additionsOf(w.subscriptionId)).map((a) => a.status)).toEqual(["canceled"]);
    expect(await additionView(t.db, w.stocker.id, { config, gateway: null })).toBeNull();
  });
});

describe("what is refused, changing nothing", () => {
  it("someone else's, pending, covered or unknown warehouses; no running subscription; a cancelled one; other roles", async () => {
    const w = await transferSubscriber();
    const other = await transferSubscriber();
    for (const ids of [[other.plain.id], [w.pending.id], [w.covered.id], [w.plain.id, 999_999_999]]) {
      const res = await add(w.stocker, ids);
      expect(res.status, String(ids)).toBe(422);
      expect(res.json.errors).toEqual({ w_ids: "invalid" });
    }
    for (const body of [[], ["x"], [0], "1"]) expect((await add(w.stocker, body)).status).toBe(422);
    expect((await add(hunter, [w.plain.id])).status).toBe(403);
    expect((await add(admin, [w.plain.id])).status).toBe(403);
    expect((await callJson(addAction, t.db, { actor: null, body: { w_ids: [w.plain.id] } })).status).toBe(401);

    const none = await makeUser(t.db, { role: "stocker" });
    const mine = await makeWarehouse(t.db, { user_id: none.id });
    const noSub = await add(none, [mine.id]);
    expect(noSub.status).toBe(409);
    expect(noSub.json).toMatchObject({ error: "no_running_subscription" });
    // Waiting for its own first transfer: nothing to add to yet.
    const starting = await makeUser(t.db, { role: "stocker" });
    const a = await makeWarehouse(t.db, { user_id: starting.id });
    const b = await makeWarehouse(t.db, { user_id: starting.id });
    await subscribeWarehouses(t.db, starting.id, [a.id], { stripe_status: "pending_transfer", payment_type: "transfer", started_at: null, ends_at: null });
    expect((await add(starting, [b.id])).json.error).toBe("no_running_subscription");
    // Set to end with the period: resumed first.
    const ending = await transferSubscriber({ fields: { payment_type: "card", has_canceled: true } });
    const cancelled = await add(ending.stocker, [ending.plain.id]);
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.error).toBe("subscription_canceled");
    expect(cancelled.json.message).toMatch(/riattivalo/);

    expect(await additionsOf(w.subscriptionId)).toEqual([]);
    expect(await additionsOf(ending.subscriptionId)).toEqual([]);
    expect(await redeemed([w.plain.id, other.plain.id, ending.plain.id])).toEqual([false, false, false]);
  });
});

describe("adding warehouses by card (Stripe stand-in, real SDK)", () => {
  const services = () => ({ billing: gateway });

  /** A stocker with a card subscription Stripe holds, paid (or in its trial), covering one warehouse. */
  async function cardSubscriber(opts: { trial: boolean }) {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const first = await makeWarehouse(t.db, { user_id: stocker.id });
    const second = await makeWarehouse(t.db, { user_id: stocker.id, is_hub: true });
    // Not the first subscription: no trial, the card is charged at once.
    if (!opts.trial)
      await t.db
        .insertInto("subscriptions")
        .values({
          user_id: stocker.id,
          stripe_status: "canceled",
          plan: "yearly",
          payment_type: "card",
          price_unit_amount: 49_000,
          started_at: new Date(Date.now() - 400 * DAY),
        })
        .execute();
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", w_ids: [first.id] }, services: services() });
    expect(init.status).toBe(200);
    const row = await t.db
      .selectFrom("subscriptions")
      .select(["id", "stripe_subscription_id"])
      .where("id", "=", init.json.subscription_id)
      .executeTakeFirstOrThrow();
    standIn.paySubscription(row.stripe_subscription_id!);
    // The confirm page's fresh read applies Stripe's state (the webhooks are tested in billing.test.ts).
    await applyStripeSnapshot(t.db, await gateway.retrieveSubscription(row.stripe_subscription_id!), {
      fresh: true,
      ctx: { origin: "http://stockspace.test" },
    });
    const customer = (await t.db.selectFrom("users").select("stripe_customer_id").where("id", "=", stocker.id).executeTakeFirstOrThrow()).stripe_customer_id!;
    return { stocker, first, second, subscriptionId: row.id, stripeId: row.stripe_subscription_id!, customer };
  }

  it("charges the pro-rata difference on the saved card at once and adds the warehouse", async () => {
    const c = await cardSubscriber({ trial: false });
    const view = await additionView(t.db, c.stocker.id, { config, gateway });
    expect(view).toMatchObject({ payment: "card", card_last_four: "4242", blocked: null });
    const res = await add(c.stocker, [c.second.id], services());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "confirmed", warehouses_count: 1, transfer: null });
    // Almost a whole year left: close to the full 49,000 more.
    expect(res.json.amount).toBeGreaterThan(48_500);
    expect(res.json.amount).toBeLessThanOrEqual(49_000);
    expect(await redeemed([c.second.id])).toEqual([true]);
    const sub = await t.db.selectFrom("subscriptions").select(["amount", "hubs_count"]).where("id", "=", c.subscriptionId).executeTakeFirstOrThrow();
    expect(sub).toEqual({ amount: 98_000, hubs_count: 1 });
    const [addition] = await additionsOf(c.subscriptionId);
    expect(addition).toMatchObject({ status: "confirmed", payment_type: "card", amount: res.json.amount, new_amount: 98_000, warehouse_ids: [c.second.id] });
    const update = standIn.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${c.stripeId}` && r.body.items);
    expect(update).toHaveLength(1);
    expect(update[0]!.idempotencyKey).toBe(`stockspace-addition-${addition!.id}`);
    expect(update[0]!.body).toMatchObject({ proration_behavior: "always_invoice", payment_behavior: "error_if_incomplete" });
    expect(
      await t.db.selectFrom("notifications").select("id").where("user_id", "=", c.stocker.id).where("type", "=", "subscription_extended").execute(),
    ).toHaveLength(1);
  });

  it("a declined card changes nothing, here or at Stripe", async () => {
    const c = await cardSubscriber({ trial: false });
    standIn.declineCardsOf(c.customer);
    const res = await add(c.stocker, [c.second.id], services());
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("card_declined");
    expect(res.json.message).toMatch(/rifiutata/);
    expect(await additionsOf(c.subscriptionId)).toEqual([]);
    expect(await redeemed([c.second.id])).toEqual([false]);
    const sub = await t.db.selectFrom("subscriptions").select(["amount"]).where("id", "=", c.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.amount).toBe(49_000);
    const atStripe = await gateway.retrieveSubscription(c.stripeId);
    expect(atStripe.status).toBe("active");
    standIn.declineCardsOf(c.customer, false);
  });

  it("in the free trial, adds at once and charges nothing; the new price applies from the trial's end", async () => {
    const c = await cardSubscriber({ trial: true });
    const view = await additionView(t.db, c.stocker.id, { config, gateway });
    expect(view?.terms.trialing).toBe(true);
    const res = await add(c.stocker, [c.second.id], services());
    expect(res.json).toMatchObject({ status: "confirmed", amount: 0 });
    expect(await redeemed([c.second.id])).toEqual([true]);
    const sub = await t.db.selectFrom("subscriptions").select(["amount"]).where("id", "=", c.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.amount).toBe(98_000);
  });
});
