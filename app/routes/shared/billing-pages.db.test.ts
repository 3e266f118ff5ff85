// The billing pages' loaders and the data page's billing blocks, through the real area opening:
// the stocker's billable warehouses and plans, the live subscription with its transfer details,
// the administrator's read-only views (no publishable key, no call to Stripe, audited), and the
// billing blocks on a stocker's data page only.
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { pageShown, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../../server/db/types.ts";
import { billingPageLoader as loadBillingPage, confirmPageLoader as loadConfirmPage } from "./billing-pages.server.ts";
import { dataPageLoader } from "./profile-pages.server.ts";
import type { AreaRole } from "../../lib/area-paths.ts";

// The page's loader and action for one role, called as the route calls them.
const loadDataPage = (args: Parameters<typeof loadBillingPage>[0], role: AreaRole) => dataPageLoader(role)(args);

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";

function args(path: string, actor: User | null, params: Record<string, string> = {}) {
  const context = testContext(t.db, { actor: actor ? actorOf(actor) : null, locale: "en" }) as unknown as Readonly<RouterContextProvider>;
  return { request: new Request(`${ORIGIN}${path}`), params, context };
}

async function status(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (err) {
    return (err as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("the billing page's loader", () => {
  it("gives the stocker its approved warehouses, the plans, VAT and the trial, and no subscription", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const hub = await makeWarehouse(t.db, { user_id: stocker.id, name: "A Hub", is_hub: true });
    await makeWarehouse(t.db, { user_id: stocker.id, name: "B Pending", status: "pending" });
    await makeWarehouse(t.db, { user_id: stocker.id, name: "C Off", deactivated: true });
    await makeWarehouse(t.db, { name: "Someone else's" });
    const page = await loadBillingPage(args("/en/stocker/profile/billing", stocker));
    expect(page.data.warehouses.map((w) => w.name)).toEqual(["A Hub"]);
    expect(page.data.warehouses[0]).toMatchObject({ id: hub.id, is_hub: true, covered: false });
    expect(page.data.plans).toEqual({ yearly: { unit_amount: 49_000, months: 12 }, six_months: { unit_amount: 29_000, months: 6 } });
    expect(page.data).toMatchObject({ vat_rate: 22, trial_days: 30, publishable_key: null, current: null, pending_transfer: null });
    expect(page.frame).toMatchObject({ base: "/en/stocker/profile", asAdmin: false });
  });

  it("shows a subscription waiting for its transfer with what to transfer", async () => {
    const stocker = await makeUser(t.db, { role: "stocker", stockspace_code: "SS-TEST42" });
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    await subscribeWarehouses(t.db, stocker.id, [w.id], {
      stripe_status: "pending_transfer",
      payment_type: "transfer",
      amount: 59_780,
      started_at: null,
      ends_at: null,
    });
    const page = await loadBillingPage(args("/en/stocker/profile/billing", stocker));
    expect(page.data.current).toMatchObject({ stripe_status: "pending_transfer", warehouses: [{ id: w.id }] });
    expect(page.data.pending_transfer).toMatchObject({ amount: 59_780, amount_excl_vat: 49_000, reason: "SS-TEST42", warehouses_count: 1 });
  });

  it("opens only for the stocker, and read-only for an administrator (audited)", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const admin = await makeUser(t.db, { role: "admin" });
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    await subscribeWarehouses(t.db, stocker.id, [w.id]);
    expect(await status(loadBillingPage(args("/en/stocker/profile/billing", hunter)))).toBe(403);
    expect(await status(loadBillingPage(args("/en/stocker/profile/billing", null)))).toBe(401);
    const opened = args(`/admin/stocker/${stocker.id}/billing`, admin, { userId: String(stocker.id) });
    const view = await loadBillingPage(opened);
    await pageShown(opened.context);
    expect(view.frame).toMatchObject({ asAdmin: true, base: `/admin/stocker/${stocker.id}` });
    expect(view.data.publishable_key).toBeNull();
    expect(view.data.current).toMatchObject({ stripe_status: "active" });
    expect(view.data.warehouses).toMatchObject([{ id: w.id, covered: true }]);
    const audit = await t.db.selectFrom("audit_log").select(["action", "details"]).where("entity_id", "=", stocker.id).execute();
    expect(audit).toEqual([{ action: "user.area_view", details: { area: "stocker", page: "/billing" } }]);
  });
});

describe("the confirm page's loader", () => {
  it("tells the stocker the outcome of its latest subscription", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    expect((await loadConfirmPage(args("/en/stocker/profile/confirm-subscription", stocker))).outcome).toBe("none");
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    await subscribeWarehouses(t.db, stocker.id, [w.id], { stripe_status: "trialing", trial_ends_at: new Date(Date.now() + 30 * 86_400_000) });
    const page = await loadConfirmPage(args("/en/stocker/profile/confirm-subscription", stocker));
    expect(page.outcome).toBe("trialing");
    expect(page.subscription).toMatchObject({ stripe_status: "trialing", warehouses: [{ id: w.id }] });
  });

  it("shows an administrator the stored state", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const admin = await makeUser(t.db, { role: "admin" });
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    await subscribeWarehouses(t.db, stocker.id, [w.id]);
    const page = await loadConfirmPage(args(`/admin/stocker/${stocker.id}/confirm-subscription`, admin, { userId: String(stocker.id) }));
    expect(page).toMatchObject({ outcome: "active", frame: { asAdmin: true } });
  });
});

describe("the data page's billing blocks", () => {
  it("come with a stocker's data page and not with a hunter's", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    await subscribeWarehouses(t.db, stocker.id, [w.id]);
    const mine = await loadDataPage(args("/en/stocker/profile/data", stocker), "stocker");
    expect(mine.billing).toMatchObject({ active_subscription: true, has_canceled: false, subscription: { stripe_status: "active" } });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    expect((await loadDataPage(args("/en/stock-hunter/profile/data", hunter), "stock_hunter")).billing).toBeNull();
  });
});
