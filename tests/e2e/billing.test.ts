// Subscriptions in a real browser and over HTTP, against the built app: the stock keeper picks
// three warehouses (one a hub), the yearly plan and a promo code, and sees the spec's price to the
// cent with and without VAT; the card step says clearly that Stripe.js cannot load (it cannot
// here) and offers the transfer; choosing the transfer shows the amount, IBAN and reason code and
// e-mails the keeper and the administrators; the administrator finds the keeper under Transfers
// and confirms with a note; at that moment the three warehouses show their real names in a
// visitor's search, sheet and compare, while warehouses no subscription covers stay anonymised.
// Before and after, the keeper's area says which warehouses the search shows anonymised and
// leads from one of them to the subscription with it ticked.
// Then the keeper adds a fourth warehouse to the running subscription, on a phone: the price for
// the rest of the year, by transfer; the administrator confirms it under Transfers and it goes
// public.
// The card path over HTTP: init-subscription answers the spec's fields from the local Stripe
// stand-in; the trial starts only once the card is confirmed, by its signed webhook; a replay
// changes nothing, a badly signed one gets 400; a second warehouse joins the trial through Stripe.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import Stripe from "stripe";
import { additionPrice, computePrice } from "../../app/lib/pricing.ts";
import { formatPrice } from "../../app/lib/format.ts";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { makeUser, makeWarehouse } from "../support/factories.ts";
import { call, DEMO, DEMO_PASSWORD, jsonHeaders, loggedIn, loginAs, mailTo, newPage, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36).toUpperCase();

let keeperId = 0;
let chosen: { id: number; name: string; is_hub: boolean; lat: number; lng: number }[] = [];
let notChosen: { id: number; name: string } | undefined;

beforeAll(async () => {
  keeperId = (await app.db.selectFrom("users").select("id").where("email", "=", DEMO.keeper).executeTakeFirstOrThrow()).id;
  const own = await app.db
    .selectFrom("warehouses")
    .select(["id", "name", "is_hub", "lat", "lng", "redeemed"])
    .where("user_id", "=", keeperId)
    .where("status", "=", "approved")
    .where("deactivated", "=", false)
    .orderBy("is_hub", "desc")
    .orderBy("id")
    .execute();
  expect(own.length).toBeGreaterThanOrEqual(4);
  expect(own.every((w) => !w.redeemed)).toBe(true);
  chosen = own.slice(0, 3);
  expect(chosen.filter((w) => w.is_hub)).toHaveLength(1);
  notChosen = own[3];
});

afterAll(async () => {
  // The keeper stays the account without a subscription that the other journeys expect.
  await app.db.updateTable("subscriptions").set({ stripe_status: "canceled" }).where("user_id", "=", keeperId).execute();
});

const visitorSearch = async (at: { lat: number; lng: number }) => {
  const res = await fetch(`${inject("e2eBaseUrl")}/api/warehouses/search?lat=${at.lat}&lng=${at.lng}&radius=3`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { warehouses: { id: number; name: string; c_sub: boolean }[] }).warehouses;
};

describe("the stock keeper subscribes by bank transfer and the administrator confirms it", () => {
  it("prices, pays by transfer, is confirmed, and the warehouses go public at once", async () => {
    const promo = `E2E${run}`;
    await app.db.insertInto("promo_codes").values({ code: promo, percent_off: 20, hub_percent_off: 50, max_redemptions: 5 }).execute();
    const expected = computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, percentOff: 20, hubPercentOff: 50, vatRate: 22 });
    const before = computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, vatRate: 22 });

    // Before: anonymised for a visitor, no sheet.
    const anonymous = (await visitorSearch(chosen[0]!)).find((w) => w.id === chosen[0]!.id);
    expect(anonymous).toMatchObject({ name: `Stocker ${chosen[0]!.id}`, c_sub: false });
    expect((await fetch(`${inject("e2eBaseUrl")}/it/warehouses/${chosen[0]!.id}`)).status).toBe(404);

    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "keeper");
    // The dashboard counts the warehouses the search shows anonymised; a warehouse's page says
    // so, has no sheet to link to, and leads to the subscription with that warehouse ticked.
    const anonymisedCount = (
      await app.db
        .selectFrom("warehouses")
        .select("id")
        .where("user_id", "=", keeperId)
        .where("status", "=", "approved")
        .where("deactivated", "=", false)
        .execute()
    ).length;
    await page.goto("/it/stocker/profile");
    expect(await page.getByTestId("anonymised-notice").textContent()).toContain(`${anonymisedCount} magazzini compaiono anonimi nella ricerca`);
    await page.goto(`/it/stocker/profile/warehouses/${chosen[0]!.id}`);
    expect(await page.getByTestId("warehouse-public-sheet").count()).toBe(0);
    await page.getByTestId("warehouse-anonymised-billing").click();
    await page.waitForURL(/\/it\/stocker\/profile\/billing\?w=/);
    await page.getByTestId("billing-page").waitFor();
    await page.waitForLoadState("networkidle");
    // Step 1: that warehouse ticked; the others picked by hand.
    expect(await page.getByTestId("billing-selected-count").textContent()).toMatch(/^Selezionati: 1 su/);
    for (const w of chosen.slice(1)) await page.getByTestId(`billing-warehouse-${w.id}`).click();
    await page.getByTestId("billing-next").click();
    // Step 2: the yearly plan, the running total without the code, then the code.
    await page.getByTestId("billing-plan-yearly").click();
    await expect.poll(() => page.getByTestId("billing-live-total").textContent()).toBe(formatPrice(before.total / 100));
    expect(await page.getByTestId("billing-live-excl").textContent()).toBe(formatPrice(before.totalExclVat / 100));
    await page.getByLabel(/codice promozionale/i).fill("NONESISTE");
    await page.getByTestId("billing-continue").click();
    await page
      .getByText(/non esiste/i)
      .first()
      .waitFor();
    await page.getByLabel(/codice promozionale/i).fill(promo.toLowerCase());
    await page.getByTestId("billing-continue").click();
    // Step 3: the server's price, to the cent, with and without VAT.
    await page.getByTestId("billing-breakdown").waitFor();
    expect(await page.getByTestId("price-total").textContent()).toBe(formatPrice(expected.total / 100));
    expect(await page.getByTestId("price-total-excl").textContent()).toBe(formatPrice(expected.totalExclVat / 100));
    expect(expected.total).toBe(98_000);

    // The card: Stripe.js cannot load here, and the page says so (and keeps the transfer).
    await page.getByTestId("billing-method-card").click();
    await page.getByTestId("card-failed").waitFor({ timeout: 20_000 });

    // The transfer: amount, IBAN, reason code; then the data page.
    await page.getByTestId("billing-method-transfer").click();
    await page.getByTestId("billing-choose-transfer").click();
    await page.waitForURL(/\/it\/stocker\/profile\/data/, { timeout: 20_000 });
    const reason = (await app.db.selectFrom("users").select("stockspace_code").where("id", "=", keeperId).executeTakeFirstOrThrow()).stockspace_code!;
    expect(reason).toMatch(/^SS-/);
    await page.getByTestId("transfer-details").waitFor();
    expect(await page.getByTestId("transfer-reason").textContent()).toContain(reason);
    expect((await page.getByTestId("transfer-iban").textContent())!.replace(/\s/g, "")).toBe("IT60X0542811101000000123456");
    expect(await page.getByTestId("profile-billing").textContent()).toContain(formatPrice(expected.total / 100));
    await context.close();

    const keeperMail = await mailTo(DEMO.keeper, { subject: /bonifico/i });
    expect(keeperMail.text).toContain(reason);
    expect(keeperMail.text).toContain(formatPrice(expected.total / 100));
    expect(keeperMail.text.replace(/\s/g, "")).toContain("IT60X0542811101000000123456");
    const adminMail = await mailTo(DEMO.admin, { subject: /bonifico/i });
    expect(adminMail.text).toContain(reason);

    // Still anonymised while the transfer waits.
    expect((await visitorSearch(chosen[0]!)).find((w) => w.id === chosen[0]!.id)?.c_sub).toBe(false);

    // The administrator finds the keeper under Transfers and confirms with a note.
    const admin = await newPage(b.browser, { locale: "it" });
    await loginAs(admin.context, "admin");
    await admin.page.goto(`/admin/transfers?search=${encodeURIComponent(reason)}`);
    await admin.page.getByTestId("admin-transfers").waitFor();
    await admin.page.waitForLoadState("networkidle");
    expect(await admin.page.getByTestId("admin-transfers").textContent()).toContain(reason);
    // The export links carry the search; the row is a link to the keeper's area.
    expect(await admin.page.getByTestId("transfers-export-xlsx").getAttribute("href")).toBe(
      `/api/admin/export-transfers?search_term=${encodeURIComponent(reason)}&format=xlsx`,
    );
    const exported = await admin.page.request.get(`/api/admin/export-transfers?search_term=${encodeURIComponent(reason)}`);
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(reason);
    // A filter that leaves it out (additions only) keeps the search, then shows the empty state.
    await admin.page.getByTestId("admin-transfers").waitFor();
    await admin.page.goto(`/admin/transfers?search=${encodeURIComponent(reason)}&kind=addition`);
    await admin.page.getByTestId("transfers-empty").waitFor();
    await admin.page.goto(`/admin/transfers?search=${encodeURIComponent(reason)}&kind=subscription&sort=amount&dir=desc`);
    await admin.page.getByTestId("admin-transfers").waitFor();
    await admin.page.waitForLoadState("networkidle");
    await admin.page
      .getByTestId("admin-transfers")
      .getByRole("button", { name: /conferma/i })
      .first()
      .click();
    await admin.page.getByTestId("confirm-transfer-form").locator("textarea[name=transfer_info]").fill(`CRO ${run}`);
    await admin.page
      .getByTestId("confirm-transfer-form")
      .getByRole("button", { name: /conferma/i })
      .click();
    await admin.page.getByTestId("transfer-confirmed").waitFor();
    await admin.context.close();
    const audit = await app.db.selectFrom("audit_log").select("details").where("action", "=", "subscription.start").where("entity_id", "=", keeperId).execute();
    expect(audit.at(-1)?.details).toMatchObject({ transfer_info: `CRO ${run}` });

    // At once: real names in a visitor's search, sheets, compare; the fourth stays anonymised.
    for (const w of chosen) {
      expect((await visitorSearch(w)).find((x) => x.id === w.id)).toMatchObject({ name: w.name, c_sub: true });
      const sheet = await fetch(`${inject("e2eBaseUrl")}/it/warehouses/${w.id}`);
      expect(sheet.status).toBe(200);
      expect(await sheet.text()).toContain(w.name.replace(/&/g, "&amp;"));
    }
    const compare = await (await fetch(`${inject("e2eBaseUrl")}/it/compare?wids=${chosen.map((w) => w.id).join(",")}`)).text();
    for (const w of chosen) expect(compare).toContain(w.name.replace(/&/g, "&amp;"));
    if (notChosen) {
      expect((await fetch(`${inject("e2eBaseUrl")}/it/warehouses/${notChosen.id}`)).status).toBe(404);
    }
    // The keeper's area now links the sheet, and counts only the warehouses still anonymised.
    const after = await newPage(b.browser, { locale: "it" });
    await loginAs(after.context, "keeper");
    await after.page.goto(`/it/stocker/profile/warehouses/${chosen[0]!.id}`);
    expect(await after.page.getByTestId("warehouse-public-sheet").getAttribute("href")).toBe(`/it/warehouses/${chosen[0]!.id}`);
    expect(await after.page.getByTestId("warehouse-anonymised-note").count()).toBe(0);
    await after.page.goto("/it/stocker/profile");
    const left = anonymisedCount - chosen.length;
    if (left === 0) expect(await after.page.getByTestId("anonymised-notice").count()).toBe(0);
    else
      expect(await after.page.getByTestId("anonymised-notice").textContent()).toContain(
        left === 1 ? "Un magazzino compare anonimo" : `${left} magazzini compaiono anonimi`,
      );
    await after.context.close();
    // Another stocker's claimed warehouse that no subscription covers: anonymised.
    const uncovered = await app.db
      .selectFrom("warehouses")
      .select(["id", "name", "lat", "lng"])
      .where("user_id", "is not", null)
      .where("user_id", "<>", keeperId)
      .where("redeemed", "=", false)
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .executeTakeFirst();
    if (uncovered) {
      expect((await visitorSearch(uncovered)).find((x) => x.id === uncovered.id)).toMatchObject({ name: `Stocker ${uncovered.id}`, c_sub: false });
      expect((await fetch(`${inject("e2eBaseUrl")}/it/warehouses/${uncovered.id}`)).status).toBe(404);
    }
    const started = await mailTo(DEMO.keeper, { subject: /attivo/i });
    expect(started.text).toMatch(/3/);
  });

  it("adds a fourth warehouse to the running subscription by transfer, pro rata; confirmed, it goes public", async () => {
    expect(notChosen).toBeDefined();
    const fourth = notChosen!;
    const keeper = await newPage(b.browser, { locale: "it", width: 375, height: 800 });
    await loginAs(keeper.context, "keeper");
    // From the warehouse's page, as before: now to the running subscription, the warehouse ticked.
    await keeper.page.goto(`/it/stocker/profile/warehouses/${fourth.id}`);
    await keeper.page.getByTestId("warehouse-anonymised-billing").click();
    await keeper.page.getByTestId("billing-uncovered").waitFor();
    expect(await keeper.page.getByTestId("billing-stepper").count()).toBe(0);
    expect(await keeper.page.getByTestId(`billing-warehouse-${fourth.id}`).locator("input").isChecked()).toBe(true);
    const sub = await app.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", keeperId)
      .where("stripe_status", "=", "active")
      .executeTakeFirstOrThrow();
    const expected = additionPrice({
      unitAmount: 49_000,
      percentOff: 20,
      hubPercentOff: 50,
      vatRate: 22,
      currentAmount: sub.amount!,
      warehouses: 3,
      hubs: 1,
      addWarehouses: 1,
      addHubs: 0,
      periodStart: new Date(new Date(sub.ends_at!).setUTCMonth(new Date(sub.ends_at!).getUTCMonth() - 12)),
      periodEnd: new Date(sub.ends_at!),
      trialing: false,
      now: new Date(),
    });
    const shown = (await keeper.page.getByTestId("billing-add-now").textContent())!;
    expect([formatPrice((expected.now - 1) / 100), formatPrice(expected.now / 100), formatPrice((expected.now + 1) / 100)]).toContain(shown);
    expect(await keeper.page.getByTestId("billing-add-next").textContent()).toContain(formatPrice(expected.newAmount / 100));
    await keeper.page.getByTestId("billing-add-submit").click();
    await keeper.page.getByTestId("billing-add-transfer-done").waitFor();
    await keeper.page.getByTestId("billing-add-pending").waitFor();
    const addition = await app.db
      .selectFrom("subscription_additions")
      .selectAll()
      .where("user_id", "=", keeperId)
      .where("status", "=", "pending_transfer")
      .executeTakeFirstOrThrow();
    expect(addition.warehouse_ids).toEqual([fourth.id]);
    expect(await keeper.page.getByTestId("billing-add-pending").getByTestId("transfer-amount").textContent()).toBe(formatPrice(addition.amount / 100));
    expect(await keeper.page.getByTestId("billing-add-pending").textContent()).toContain(fourth.name);
    await keeper.context.close();
    const instructions = await mailTo(DEMO.keeper, { subject: /aggiungere magazzini/i });
    expect(instructions.text).toContain(formatPrice(addition.amount / 100));
    // Not public before the money is verified.
    expect((await fetch(`${inject("e2eBaseUrl")}/it/warehouses/${fourth.id}`)).status).toBe(404);

    // The administrator finds it under Transfers, marked as an addition, and confirms it.
    const admin = await newPage(b.browser, { locale: "it" });
    await loginAs(admin.context, "admin");
    const reason = (await app.db.selectFrom("users").select("stockspace_code").where("id", "=", keeperId).executeTakeFirstOrThrow()).stockspace_code!;
    await admin.page.goto(`/admin/transfers?search=${encodeURIComponent(reason)}`);
    await admin.page.getByTestId("admin-transfers").waitFor();
    await admin.page.waitForLoadState("networkidle");
    const table = admin.page.getByTestId("admin-transfers");
    expect(await table.textContent()).toContain("Aggiunta magazzini");
    expect(await table.textContent()).toContain(formatPrice(addition.amount / 100));
    await table
      .getByRole("button", { name: /conferma/i })
      .first()
      .click();
    expect(await admin.page.getByTestId("confirm-transfer-form").textContent()).toContain("entrano nell'abbonamento");
    await admin.page
      .getByTestId("confirm-transfer-form")
      .getByRole("button", { name: /conferma/i })
      .click();
    await admin.page.getByTestId("transfer-confirmed").waitFor();
    expect(await admin.page.getByTestId("transfer-confirmed").textContent()).toContain("aggiunti");
    await admin.context.close();
    const audit = await app.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "subscription.extend")
      .where("entity_id", "=", keeperId)
      .execute();
    expect(audit.at(-1)?.details).toMatchObject({ addition_id: addition.id, warehouse_ids: [fourth.id] });

    const sheet = await fetch(`${inject("e2eBaseUrl")}/it/warehouses/${fourth.id}`);
    expect(sheet.status).toBe(200);
    expect((await app.db.selectFrom("subscriptions").select("amount").where("id", "=", sub.id).executeTakeFirstOrThrow()).amount).toBe(expected.newAmount);
    expect((await mailTo(DEMO.keeper, { subject: /aggiunti/i })).text).toMatch(/\(1\)/);
  });
});

describe("the card path over HTTP, against the local Stripe stand-in", () => {
  const stripe = new Stripe("sk_unused");

  it("init-subscription answers the spec's fields; a signed webhook activates it once; a badly signed one is refused", async () => {
    const email = `card-${run.toLowerCase()}@e2e.test`;
    const stocker = await makeUser(app.db, {
      role: "stocker",
      email,
      password_hash: await hashPassword(DEMO_PASSWORD),
      approval_status: "approved",
      has_confirmed_code: true,
    });
    const w = await makeWarehouse(app.db, { user_id: stocker.id, name: `Carta ${run}` });
    const j = await loggedIn(email);
    const init = await call(j, "/init-subscription", {
      method: "POST",
      headers: jsonHeaders(j),
      body: JSON.stringify({ subscription: "yearly", w_ids: [w.id] }),
    });
    expect(init.status).toBe(200);
    const body = (await init.json()) as Record<string, unknown>;
    for (const key of ["subscription_id", "client_secret", "amount_off", "percent_off", "hub_percent_off", "price_unit_amount", "url"])
      expect(body).toHaveProperty(key);
    expect(body).toMatchObject({ price_unit_amount: 49_000, card_available: true, intent: "setup" });
    expect(String(body.client_secret)).toMatch(/^seti_/);
    expect(String(body.url)).toMatch(/\/it\/stocker\/profile\/confirm-subscription$/);
    // Someone else's warehouse: refused, nothing created.
    const other = await app.db.selectFrom("warehouses").select("id").where("user_id", "=", keeperId).executeTakeFirstOrThrow();
    expect(
      (await call(j, "/init-subscription", { method: "POST", headers: jsonHeaders(j), body: JSON.stringify({ subscription: "yearly", w_ids: [other.id] }) }))
        .status,
    ).toBe(422);

    // The subscription as Stripe holds it, in its events.
    const row = await app.db
      .selectFrom("subscriptions")
      .select(["stripe_subscription_id"])
      .where("id", "=", Number(body.subscription_id))
      .executeTakeFirstOrThrow();
    const stripeAuth = { Authorization: `Bearer ${inject("e2eStripeSecretKey")}` };
    const stored = async () =>
      (await (await fetch(`${inject("e2eStripeUrl")}/v1/subscriptions/${row.stripe_subscription_id}`, { headers: stripeAuth })).json()) as Record<
        string,
        unknown
      >;
    const eventOf = (type: string, subscription: Record<string, unknown>) =>
      JSON.stringify({
        id: `evt_e2e_${type}_${run}`,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        api_version: "2026-10-28.endive",
        data: { object: subscription },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
    const postEvent = (payload: string, signature: string) =>
      fetch(`${inject("e2eBaseUrl")}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
    const statusNow = async () =>
      (await app.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", Number(body.subscription_id)).executeTakeFirstOrThrow()).stripe_status;
    const redeemedNow = async () => (await app.db.selectFrom("warehouses").select("redeemed").where("id", "=", w.id).executeTakeFirstOrThrow()).redeemed;

    // Stripe says "trialing" at once, before the card is confirmed: that starts nothing.
    const waiting = await stored();
    expect(waiting).toMatchObject({ status: "trialing", default_payment_method: null });
    const created = eventOf("customer.subscription.created", waiting);
    expect((await postEvent(created, stripe.webhooks.generateTestHeaderString({ payload: created, secret: inject("e2eStripeWebhookSecret") }))).status).toBe(
      200,
    );
    expect(await statusNow()).toBe("incomplete");
    expect(await redeemedNow()).toBe(false);

    // The browser confirms the card (what Stripe.js does with the client secret); Stripe's event follows.
    const confirmed = await fetch(`${inject("e2eStripeUrl")}/v1/setup_intents/${String(body.client_secret).split("_secret_")[0]}/confirm`, {
      method: "POST",
      headers: { ...stripeAuth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: String(body.client_secret), "payment_method_data[type]": "card" }),
    });
    expect(confirmed.status).toBe(200);
    const payload = eventOf("customer.subscription.updated", await stored());
    const post = (signature: string) => postEvent(payload, signature);
    const bad = await post(stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }));
    expect(bad.status).toBe(400);
    expect(await statusNow()).toBe("incomplete");
    const good = await post(stripe.webhooks.generateTestHeaderString({ payload, secret: inject("e2eStripeWebhookSecret") }));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true, duplicate: false });
    expect(
      (await app.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", Number(body.subscription_id)).executeTakeFirstOrThrow()).stripe_status,
    ).toBe("trialing");
    expect((await app.db.selectFrom("warehouses").select("redeemed").where("id", "=", w.id).executeTakeFirstOrThrow()).redeemed).toBe(true);
    const replay = await post(stripe.webhooks.generateTestHeaderString({ payload, secret: inject("e2eStripeWebhookSecret") }));
    expect(await replay.json()).toEqual({ received: true, duplicate: true });

    // The confirm page, where Stripe returns: the trial and its end.
    const confirm = await call(j, "/it/stocker/profile/confirm-subscription");
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toMatch(/prova gratuita/i);

    // A second warehouse joins the trial at once, free until the trial ends, through Stripe.
    const second = await makeWarehouse(app.db, { user_id: stocker.id, name: `Carta due ${run}` });
    const added = await call(j, "/api/stocker/profile/add-subscription-warehouses", {
      method: "POST",
      headers: jsonHeaders(j),
      body: JSON.stringify({ w_ids: [second.id] }),
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ status: "confirmed", amount: 0, warehouses_count: 1 });
    expect((await app.db.selectFrom("warehouses").select("redeemed").where("id", "=", second.id).executeTakeFirstOrThrow()).redeemed).toBe(true);
    // Someone else's warehouse: refused.
    expect(
      (
        await call(j, "/api/stocker/profile/add-subscription-warehouses", {
          method: "POST",
          headers: jsonHeaders(j),
          body: JSON.stringify({ w_ids: [other.id] }),
        })
      ).status,
    ).toBe(422);
    await app.db.updateTable("subscriptions").set({ stripe_status: "canceled" }).where("user_id", "=", stocker.id).execute();
  });
});
