// The billing pages render what their loaders give them (static markup, base locale English):
// which actions the profile's subscription blocks offer in each state, what each state
// says, the billing steps' rules (at least one warehouse, plan prices without VAT, the running
// total and the server's breakdown equal to computePrice's), the card unavailable, the live
// subscription's summary, the administrator's read-only view and the confirm page's outcomes.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { computePrice, euros } from "../../lib/pricing.ts";
import { formatPrice } from "../../lib/format.ts";
import {
  canLeaveWarehouseStep,
  groupIban,
  preselectedWarehouses,
  profileBillingActions,
  selectionPrice,
  unitPriceExclVat,
  additionSelectionPrice,
  type AdditionView,
  type BillingPageView,
  type InitSubscriptionResponse,
  type ProfileBillingView,
  type SubscriptionView,
} from "../../lib/billing.ts";
import { ProfileBillingBlocks } from "./ProfileBillingBlocks.tsx";
import { BillingPage, InitSummary, PaymentStep, PlanStep, promoErrorText, WarehouseStep } from "./BillingPage.tsx";
import { ConfirmSubscription } from "./ConfirmSubscription.tsx";
import { ProfileData, type ProfilePageData } from "../area/ProfileData.tsx";

const BASE = "/en/stocker/profile";

function render(element: ReactElement, path = `${BASE}/data`): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const has = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);
/** The opening tag carrying `attr` (attribute order is React's, not the test's). */
const tagWith = (html: string, attr: string) => new RegExp(`<[a-z]+ [^>]*${attr.replace(/[[\]]/g, "\\$&")}[^>]*>`).exec(html)?.[0] ?? "";

const sub = (fields: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: 7,
  stripe_status: "active",
  plan: "yearly",
  payment_type: "card",
  amount: 98_000,
  created_at: "2030-01-10T10:00:00Z",
  started_at: "2030-01-10T10:05:00Z",
  trial_ends_at: null,
  ends_at: "2031-01-10T10:05:00Z",
  has_canceled: false,
  warehouses: [
    { id: 1, name: "Deposito Nord", city: "Milano", is_hub: true },
    { id: 2, name: "Deposito Sud", city: "Bari", is_hub: false },
  ],
  ...fields,
});

const transfer = {
  amount: 98_000,
  amount_excl_vat: 80_328,
  beneficiary: "Stockspace S.r.l.",
  iban: "IT60X0542811101000000123456",
  reason: "SS-7KQ2ZP",
  plan: "yearly" as const,
  warehouses_count: 2,
};

const billing = (fields: Partial<ProfileBillingView> = {}): ProfileBillingView => ({
  pm_type: "card",
  pm_last_four: "4242",
  stockspace_code: null,
  active_subscription: true,
  has_canceled: false,
  subscription: sub(),
  transfer: null,
  ...fields,
});

/** The profile's states, with what each must and must not offer. */
const STATES: { name: string; billing: ProfileBillingView; shows: string[]; hides: string[] }[] = [
  { name: "active by card", billing: billing(), shows: ["subscription-cancel", "profile-billing-link"], hides: ["subscription-resume", "payment-method-edit"] },
  {
    name: "active by card, cancelled",
    billing: billing({ has_canceled: true, subscription: sub({ has_canceled: true }) }),
    shows: ["subscription-resume", "subscription-canceled-note"],
    hides: ["subscription-cancel", "payment-method-edit"],
  },
  {
    name: "free trial by card",
    billing: billing({ subscription: sub({ stripe_status: "trialing", trial_ends_at: "2030-02-09T10:05:00Z" }) }),
    shows: ["subscription-cancel"],
    hides: ["subscription-resume", "payment-method-edit"],
  },
  {
    name: "active by transfer",
    billing: billing({ pm_type: "transfer", pm_last_four: null, stockspace_code: "SS-7KQ2ZP", subscription: sub({ payment_type: "transfer" }) }),
    shows: ["payment-reason"],
    hides: ["subscription-cancel", "subscription-resume", "payment-method-edit"],
  },
  {
    name: "waiting for the transfer",
    billing: billing({
      pm_type: "transfer",
      pm_last_four: null,
      stockspace_code: "SS-7KQ2ZP",
      active_subscription: false,
      subscription: sub({ stripe_status: "pending_transfer", payment_type: "transfer", started_at: null, ends_at: null }),
      transfer,
    }),
    shows: ["transfer-details", "payment-method-edit"],
    hides: ["subscription-cancel", "subscription-resume"],
  },
  {
    name: "past due",
    billing: billing({ subscription: sub({ stripe_status: "past_due" }) }),
    shows: [],
    hides: ["subscription-cancel", "subscription-resume", "payment-method-edit"],
  },
  {
    name: "ended",
    billing: billing({ active_subscription: false, subscription: sub({ stripe_status: "canceled" }) }),
    shows: ["payment-method-edit"],
    hides: ["subscription-cancel", "subscription-resume"],
  },
  {
    name: "none",
    billing: billing({ pm_type: null, pm_last_four: null, active_subscription: false, subscription: null }),
    shows: ["payment-method-edit", "subscription-none"],
    hides: ["subscription-cancel", "subscription-resume"],
  },
];

describe("the profile's subscription blocks", () => {
  for (const state of STATES) {
    it(`${state.name}: offers exactly the actions the spec allows`, () => {
      const html = render(<ProfileBillingBlocks billing={state.billing} base={BASE} asAdmin={false} />);
      for (const id of state.shows) expect(has(html, id), `${id} shown`).toBe(true);
      for (const id of state.hides) expect(has(html, id), `${id} hidden`).toBe(false);
      // The billing page is always one link away.
      expect(html).toContain(`href="${BASE}/billing"`);
    });

    it(`${state.name}: in an administrator's view, shows the blocks without any action`, () => {
      const html = render(<ProfileBillingBlocks billing={state.billing} base="/admin/stocker/5" asAdmin />, "/admin/stocker/5/data");
      expect(has(html, "profile-subscription")).toBe(true);
      for (const id of ["subscription-cancel", "subscription-resume", "payment-method-edit"]) expect(has(html, id), id).toBe(false);
      expect(html).not.toContain('href="/en/');
    });
  }

  it("follows one rule (lib/billing.ts#profileBillingActions)", () => {
    expect(profileBillingActions(billing(), false)).toEqual({ cancel: true, resume: false, editPaymentMethod: false });
    expect(profileBillingActions(billing({ has_canceled: true }), false)).toEqual({ cancel: false, resume: true, editPaymentMethod: false });
    expect(profileBillingActions(billing({ pm_type: "transfer" }), false)).toEqual({ cancel: false, resume: false, editPaymentMethod: false });
    expect(profileBillingActions(billing({ active_subscription: false, subscription: null }), false)).toEqual({
      cancel: false,
      resume: false,
      editPaymentMethod: true,
    });
    expect(profileBillingActions(billing(), true)).toEqual({ cancel: false, resume: false, editPaymentMethod: false });
  });

  it("says 'free trial' and the trial's end, or 'subscription' and the activation date", () => {
    const trial = render(
      <ProfileBillingBlocks
        billing={billing({ subscription: sub({ stripe_status: "trialing", trial_ends_at: "2030-02-09T10:05:00Z" }) })}
        base={BASE}
        asAdmin={false}
      />,
    );
    expect(trial).toContain("Free trial");
    expect(trial).toContain("Free trial until 09.02.2030");
    const active = render(<ProfileBillingBlocks billing={billing()} base={BASE} asAdmin={false} />);
    expect(active).toContain(">Subscription<");
    expect(active).toContain("Active since 10.01.2030");
    expect(active).toContain("Renews on");
    expect(active).toContain("•••• 4242");
    expect(active).toContain("€\u00a0980,00");
  });

  it("shows what to transfer while it waits, and invites to renew an ended one", () => {
    const waiting = render(<ProfileBillingBlocks billing={STATES[4]!.billing} base={BASE} asAdmin={false} />);
    expect(waiting).toContain("Waiting for the bank transfer");
    expect(waiting).toContain("IT60 X054 2811 1010 0000 0123 456");
    expect(waiting).toContain("SS-7KQ2ZP");
    expect(waiting).toContain("Stockspace S.r.l.");
    expect(waiting).toContain("€\u00a0980,00");
    expect(waiting).toContain("€\u00a0803,28");
    expect(waiting).toContain("Bank transfer");
    const ended = render(<ProfileBillingBlocks billing={STATES[6]!.billing} base={BASE} asAdmin={false} />);
    expect(ended).toContain("Your subscription expired on 10.01.2031.");
    expect(ended).toContain("Renew the subscription");
  });

  it("appear on a stocker's data page, and only there", () => {
    const data: ProfilePageData = {
      profile: {
        first_name: "Ada",
        last_name: "L",
        company: null,
        business_name: null,
        email: "ada@test.example",
        telephone: null,
        market_id: null,
        market: null,
        website: null,
        created_at: "2030-03-01T10:00:00Z",
      },
      markets: [],
      pendingEmail: null,
      required: [],
      billing: billing(),
      emailPreferences: { requests: true, deal: true, reminders: true, alerts: true, news: true },
      frame: { base: BASE },
    };
    expect(has(render(<ProfileData data={data} role="stocker" asAdmin={false} />), "profile-billing")).toBe(true);
    expect(has(render(<ProfileData data={{ ...data, billing: null }} role="stock_hunter" asAdmin={false} />), "profile-billing")).toBe(false);
  });
});

// ---------------------------------------------------------------- the billing page

const page = (fields: Partial<BillingPageView> = {}): BillingPageView => ({
  warehouses: [
    { id: 1, name: "Deposito Nord", city: "Milano", province: "MI", address: "Via Roma 1", is_hub: true, total_m2: 12_000, covered: false },
    { id: 2, name: "Deposito Sud", city: "Bari", province: "BA", address: "Via Bari 2", is_hub: false, total_m2: 4_500, covered: false },
    { id: 3, name: "Deposito Est", city: "Venezia", province: "VE", address: "Via Est 3", is_hub: false, total_m2: null, covered: false },
  ],
  plans: { yearly: { unit_amount: 49_000, months: 12 }, six_months: { unit_amount: 29_000, months: 6 } },
  vat_rate: 22,
  trial_days: 30,
  publishable_key: "pk_test_123",
  transfer: { beneficiary: "Stockspace S.r.l.", iban: "IT60X0542811101000000123456" },
  current: null,
  pending_transfer: null,
  addition: null,
  ...fields,
});

// The issue's sample: 3 warehouses, 1 hub, yearly 49,000 cents, 20% off, 50% off the hubs, VAT 22%.
const SAMPLE = computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, percentOff: 20, hubPercentOff: 50, vatRate: 22 });
const init = (fields: Partial<InitSubscriptionResponse> = {}): InitSubscriptionResponse => ({
  subscription_id: 11,
  client_secret: "seti_secret_x",
  intent: "setup",
  amount_off: null,
  percent_off: 20,
  hub_percent_off: 50,
  price_unit_amount: 49_000,
  url: "http://stockspace.test/en/stocker/profile/confirm-subscription",
  price: SAMPLE,
  warehouses_count: 3,
  hubs_count: 1,
  trial_days: 30,
  card_available: true,
  ...fields,
});
const noop = () => {};

describe("the billing steps", () => {
  it("1: lists the warehouses as checkable cards and holds Next until one is picked, saying why", () => {
    const none = render(
      <WarehouseStep warehouses={page().warehouses} selected={new Set()} newWarehouseHref={`${BASE}/warehouses/new`} onChange={noop} onNext={noop} />,
      `${BASE}/billing`,
    );
    expect(none.match(/type="checkbox"/g)).toHaveLength(3);
    expect(none).toContain("Deposito Nord");
    expect(none).toContain("Hub");
    expect(none).toContain("12.000\u00a0m²");
    expect(tagWith(none, 'data-testid="billing-next"')).toContain('disabled=""');
    expect(none).toContain("Select at least one warehouse to continue.");
    expect(canLeaveWarehouseStep(new Set())).toBe(false);

    const one = render(
      <WarehouseStep warehouses={page().warehouses} selected={new Set([2])} newWarehouseHref={`${BASE}/warehouses/new`} onChange={noop} onNext={noop} />,
      `${BASE}/billing`,
    );
    expect(tagWith(one, 'data-testid="billing-next"')).not.toContain('disabled=""');
    expect(one).not.toContain("Select at least one warehouse to continue.");
    expect(one).toContain("Selected: 1 of 3");
    expect(canLeaveWarehouseStep(new Set([2]))).toBe(true);
  });

  it("1: without approved warehouses, links to adding one", () => {
    const html = render(<BillingPage data={page({ warehouses: [] })} base={BASE} asAdmin={false} />, `${BASE}/billing`);
    expect(html).toContain("You have no approved warehouses yet");
    expect(html).toContain(`href="${BASE}/warehouses/new"`);
    expect(has(html, "billing-next")).toBe(false);
  });

  it("2: shows each plan per warehouse without VAT and the selection's total with and without VAT, by the pricing rule", () => {
    const selected = new Set([1, 2, 3]);
    const html = render(
      <PlanStep data={page()} selected={selected} plan="yearly" promo="" onPlan={noop} onPromo={noop} onBack={noop} onInitialised={noop} />,
      `${BASE}/billing`,
    );
    // 49,000 / 1.22 and 29,000 / 1.22, rounded to the cent.
    expect(unitPriceExclVat(49_000, 22)).toBe(40_164);
    expect(html).toContain('data-testid="billing-plan-yearly-price">€\u00a0401,64<');
    expect(html).toContain('data-testid="billing-plan-six_months-price">€\u00a0237,70<');
    const live = computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, vatRate: 22 });
    expect(selectionPrice(page(), "yearly", selected)).toMatchObject({ ...live, warehouses: 3, hubs: 1 });
    expect(html).toContain(`data-testid="billing-live-total">${formatPrice(euros(live.total))}<`);
    expect(html).toContain(`data-testid="billing-live-excl">${formatPrice(euros(live.totalExclVat))}<`);
    expect(html).toContain("€\u00a01.470,00");
    expect(html).toContain("Warehouses: 3 (hubs: 1)");
    expect(html).toContain("free trial of 30 days");
  });

  it("2: shows the server's own sentence for a refused promo code, a general one otherwise", () => {
    expect(promoErrorText("promo_expired", "This promo code has expired or is not valid yet.")).toBe("This promo code has expired or is not valid yet.");
    expect(promoErrorText("too_long", "Some fields are not valid")).toBe("This promo code cannot be used.");
    expect(promoErrorText(undefined)).toBe("This promo code cannot be used.");
  });

  it("2→3: shows the server's breakdown, equal to computePrice's for the sample, and the trial", () => {
    expect(SAMPLE).toMatchObject({ gross: 147_000, percentOff: 29_400, hubOff: 19_600, total: 98_000, totalExclVat: 80_328 });
    const html = render(<InitSummary init={init()} plan="yearly" vatRate={22} />, `${BASE}/billing`);
    expect(html).toContain(`data-testid="price-total">${formatPrice(euros(SAMPLE.total))}<`);
    expect(html).toContain('data-testid="price-total">€\u00a0980,00<');
    expect(html).toContain('data-testid="price-total-excl">€\u00a0803,28<');
    expect(html).toContain("Discount 20%");
    expect(html).toContain("− €\u00a0294,00");
    expect(html).toContain("Hub discount 50%");
    expect(html).toContain("− €\u00a0196,00");
    expect(html).toContain("€\u00a01.470,00");
    expect(html).toContain("free trial of 30 days");
    expect(has(render(<InitSummary init={init({ trial_days: 0 })} plan="yearly" vatRate={22} />), "billing-trial")).toBe(false);
  });

  it("3: offers the card (Stripe loads only in the browser, after a loading state) and the transfer", () => {
    const html = render(<PaymentStep data={page()} init={init()} plan="yearly" base={BASE} onBack={noop} />, `${BASE}/billing`);
    expect(has(html, "card-payment")).toBe(true);
    expect(has(html, "card-loading")).toBe(true);
    expect(tagWith(html, 'value="card"')).toContain('checked=""');
    expect(has(html, "billing-method-transfer")).toBe(true);
    // The pay button comes with the card form, once Stripe.js has loaded.
    expect(html).not.toContain('type="submit"');
  });

  it("3: says why the card is unavailable and still offers the transfer", () => {
    for (const [data, reason] of [
      [page({ publishable_key: null }), "Card payment is not available on Stockspace at the moment."],
      [page(), "We could not prepare the card payment right now."],
    ] as const) {
      const html = render(
        <PaymentStep data={data} init={init({ client_secret: null, intent: null, card_available: false })} plan="yearly" base={BASE} onBack={noop} />,
        `${BASE}/billing`,
      );
      expect(html).toContain(reason);
      expect(has(html, "card-payment")).toBe(false);
      expect(tagWith(html, 'value="card"')).toContain('disabled=""');
      expect(html).toContain("Pay €\u00a0980,00 by bank transfer");
    }
  });

  it("1: starts with the warehouses a link names ticked (?w=, from a warehouse's page), those of its list only", () => {
    const html = render(<BillingPage data={page()} base={BASE} asAdmin={false} />, `${BASE}/billing?w=2&w=99&w=x`);
    expect(html).toContain("Selected: 1 of 3");
    expect(tagWith(html, 'data-testid="billing-next"')).not.toContain('disabled=""');
    expect(preselectedWarehouses(page(), new URLSearchParams("w=3&w=1&w=99"))).toEqual(new Set([1, 3]));
    expect(preselectedWarehouses(page(), new URLSearchParams(""))).toEqual(new Set());
  });

  it("starts at step 1 of a clear stepper", () => {
    const html = render(<BillingPage data={page()} base={BASE} asAdmin={false} />, `${BASE}/billing`);
    expect(has(html, "billing-stepper")).toBe(true);
    expect(html).toMatch(/<li aria-current="step">[\s\S]*?Warehouses/);
    expect(html.split('aria-current="step"').length - 1).toBe(1);
    expect(has(html, "billing-step-1")).toBe(true);
  });

  it("with a live subscription, shows its summary instead of the steps", () => {
    const html = render(<BillingPage data={page({ current: sub() })} base={BASE} asAdmin={false} />, `${BASE}/billing`);
    expect(has(html, "subscription-summary")).toBe(true);
    expect(has(html, "billing-stepper")).toBe(false);
    expect(html).toContain("Deposito Nord");
    expect(html).toContain("Active since 10.01.2030");
    expect(html).toContain(`href="${BASE}/data"`);
    const waiting = render(
      <BillingPage
        data={page({ current: sub({ stripe_status: "pending_transfer", payment_type: "transfer", started_at: null }), pending_transfer: transfer })}
        base={BASE}
        asAdmin={false}
      />,
      `${BASE}/billing`,
    );
    expect(waiting).toContain("SS-7KQ2ZP");
    expect(waiting).toContain(groupIban(transfer.iban));
  });

  it("with a live subscription, lists the approved warehouses it leaves out and says how to include them", () => {
    const partly = page({ current: sub(), warehouses: page().warehouses.map((w) => ({ ...w, covered: w.id === 1 })) });
    // Waiting to start (no addition offered): the warehouses are listed, to be added once it runs.
    const html = render(<BillingPage data={partly} base={BASE} asAdmin={false} />, `${BASE}/billing`);
    const list = html.slice(html.indexOf('data-testid="billing-uncovered"'));
    expect(list).toContain("Not covered by the subscription: 2");
    expect(has(list, "billing-add-later")).toBe(true);
    expect(list).not.toContain('type="checkbox"');
    const all = page({ current: sub(), warehouses: page().warehouses.map((w) => ({ ...w, covered: true })) });
    expect(has(render(<BillingPage data={all} base={BASE} asAdmin={false} />, `${BASE}/billing`), "billing-uncovered")).toBe(false);
  });

  // A yearly subscription of 2 warehouses (1 hub) at 49,000 cents, 20% off, half its period to run.
  const terms = (fields: Partial<AdditionView["terms"]> = {}): AdditionView["terms"] => ({
    unit_amount: 49_000,
    amount_off: null,
    percent_off: 20,
    hub_percent_off: null,
    vat_rate: 22,
    current_amount: 78_400,
    warehouses: 2,
    hubs: 1,
    period_start: new Date(Date.now() - 182.5 * 86_400_000).toISOString(),
    period_end: new Date(Date.now() + 182.5 * 86_400_000).toISOString(),
    trialing: false,
    ...fields,
  });
  const addition = (fields: Partial<AdditionView> = {}): AdditionView => ({
    payment: "card",
    card_last_four: "4242",
    blocked: null,
    terms: terms(),
    pending: null,
    priced_at: new Date().toISOString(),
    ...fields,
  });
  const partlyCovered = (extra: Partial<BillingPageView>) =>
    page({ current: sub(), warehouses: page().warehouses.map((w) => ({ ...w, covered: w.id === 1 })), ...extra });

  it("adds warehouses to a running subscription: the ones left out as checkable cards, the price by the server's rule", () => {
    const html = render(<BillingPage data={partlyCovered({ addition: addition() })} base={BASE} asAdmin={false} />, `${BASE}/billing?w=2`);
    const section = html.slice(html.indexOf('data-testid="billing-uncovered"'));
    expect(section).toContain("Add warehouses to the subscription");
    expect(section.match(/type="checkbox"/g)).toHaveLength(2);
    expect(section).not.toContain("Deposito Nord");
    // ?w=2 ticks Deposito Sud: the difference (39,200 cents a year) for about half a year, on the card.
    const expected = additionSelectionPrice(partlyCovered({}), terms(), new Set([2]));
    expect(expected.newAmount).toBe(117_600);
    expect(expected.now).toBeGreaterThan(19_500);
    expect(expected.now).toBeLessThan(19_700);
    expect(section).toContain("Charged now on the card ending 4242");
    expect(section).toContain(`Add and pay ${formatPrice(euros(expected.now))}`);
    expect(section).toContain(`${formatPrice(euros(117_600))} · Yearly`);
    // Nothing ticked: the button waits and says why.
    const none = render(<BillingPage data={partlyCovered({ addition: addition() })} base={BASE} asAdmin={false} />, `${BASE}/billing`);
    expect(tagWith(none, 'data-testid="billing-add-submit"')).toMatch(/disabled=""/);
    expect(none).toContain("Pick the warehouses to add");
  });

  it("adds by bank transfer, free in a trial, not while cancelled, and shows a transfer still awaited", () => {
    const byTransfer = render(
      <BillingPage data={partlyCovered({ addition: addition({ payment: "transfer", card_last_four: null }) })} base={BASE} asAdmin={false} />,
      `${BASE}/billing?w=3`,
    );
    expect(byTransfer).toContain("To pay now by bank transfer");
    expect(byTransfer).toMatch(/by bank transfer<\/button>/);
    const trial = render(
      <BillingPage data={partlyCovered({ addition: addition({ terms: terms({ trialing: true }) }) })} base={BASE} asAdmin={false} />,
      `${BASE}/billing?w=3`,
    );
    expect(trial).toContain("Nothing to pay during the free trial");
    expect(trial).toContain(`${formatPrice(euros(0))}`);
    const blocked = render(
      <BillingPage data={partlyCovered({ addition: addition({ blocked: "canceled" }) })} base={BASE} asAdmin={false} />,
      `${BASE}/billing`,
    );
    expect(has(blocked, "billing-add-blocked")).toBe(true);
    expect(blocked).not.toContain('type="checkbox"');
    const pending = {
      id: 4,
      amount: 24_500,
      created_at: "2030-03-01T09:00:00Z",
      warehouses: [{ id: 3, name: "Deposito Est", city: "Venezia" }],
      transfer: { ...transfer, amount: 24_500, warehouses_count: 1 },
    };
    const waiting = render(
      <BillingPage data={partlyCovered({ addition: addition({ payment: "transfer", pending }) })} base={BASE} asAdmin={false} />,
      `${BASE}/billing`,
    );
    const box = waiting.slice(waiting.indexOf('data-testid="billing-add-pending"'));
    expect(box).toContain("Requested on 01.03.2030");
    expect(box).toContain("Deposito Est");
    expect(box).toContain(formatPrice(euros(24_500)));
    expect(box).toContain("SS-7KQ2ZP");
    // An administrator reads what waits, and where it is confirmed; nothing to press here.
    const admin = render(
      <BillingPage data={partlyCovered({ addition: addition({ payment: "transfer", pending }) })} base="/admin/stocker/5" asAdmin />,
      "/admin/stocker/5/billing",
    );
    expect(admin).toContain(`Waiting for a transfer of ${formatPrice(euros(24_500))} to add warehouses to the subscription (1).`);
    expect(admin).toContain('href="/admin/transfers?search=SS-7KQ2ZP"');
    expect(admin).not.toContain('type="checkbox"');
    expect(admin).not.toMatch(/<button/);
  });

  it("in an administrator's view, only reads: the summary or none, the warehouses, no button that acts", () => {
    for (const current of [null, sub()]) {
      const html = render(<BillingPage data={page({ current, publishable_key: null })} base="/admin/stocker/5" asAdmin />, "/admin/stocker/5/billing");
      expect(has(html, "billing-stepper")).toBe(false);
      expect(has(html, "billing-admin-warehouses")).toBe(true);
      expect(html).not.toMatch(/<button/);
      expect(html).not.toContain('type="checkbox"');
    }
  });
});

describe("the confirm page", () => {
  it("says how the card step went, with the links that fit", () => {
    const active = render(<ConfirmSubscription outcome="active" subscription={sub()} base={BASE} asAdmin={false} />);
    expect(active).toContain("Your subscription is active");
    expect(active).toContain(`href="${BASE}/data"`);
    const trial = render(
      <ConfirmSubscription
        outcome="trialing"
        subscription={sub({ stripe_status: "trialing", trial_ends_at: "2030-02-09T10:05:00Z" })}
        base={BASE}
        asAdmin={false}
      />,
    );
    expect(trial).toContain("The trial ends on 09.02.2030");
    const processing = render(<ConfirmSubscription outcome="processing" subscription={sub({ stripe_status: "incomplete" })} base={BASE} asAdmin={false} />);
    expect(has(processing, "confirm-reload")).toBe(true);
    expect(processing).toContain(`href="${BASE}/confirm-subscription"`);
    const failed = render(<ConfirmSubscription outcome="failed" subscription={sub({ stripe_status: "past_due" })} base={BASE} asAdmin={false} />);
    expect(failed).toContain("The payment did not go through");
    expect(failed).toContain(`href="${BASE}/billing"`);
    const none = render(<ConfirmSubscription outcome="none" subscription={null} base={BASE} asAdmin={false} />);
    expect(none).toContain("No subscription to confirm");
    expect(has(none, "confirm-data")).toBe(true);
  });
});
