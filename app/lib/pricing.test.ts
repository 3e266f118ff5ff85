import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { additionPrice, computePrice } from "./pricing.ts";
import { formatPrice } from "./format.ts";

describe("the subscription's price (decision 009)", () => {
  it("takes the fixed discount, then the percentage, then the hubs' share of the hub discount", () => {
    // 3 warehouses at € 490,00, one a hub; € 50,00 off, then 20 %, then 50 % of the hub's third.
    const p = computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, amountOff: 5_000, percentOff: 20, hubPercentOff: 50, vatRate: 22 });
    expect(p).toEqual({ gross: 147_000, amountOff: 5_000, percentOff: 28_400, hubOff: 18_933, total: 94_667, totalExclVat: 77_596, vat: 17_071 });
    expect(formatPrice(p.total / 100)).toBe("€\u00a0946,67");
    expect(formatPrice(p.totalExclVat / 100)).toBe("€\u00a0775,96");
  });

  it("gives no hub discount without hubs, and none of any kind without a code", () => {
    expect(computePrice({ unitAmount: 29_000, warehouses: 2, hubs: 0, hubPercentOff: 50, vatRate: 22 }).total).toBe(58_000);
    const plain = computePrice({ unitAmount: 49_000, warehouses: 1, hubs: 0, vatRate: 22 });
    expect(plain).toMatchObject({ total: 49_000, totalExclVat: 40_164 }); // 490,00 / 1,22 = 401,639…
  });

  it("never goes below zero, whatever the discounts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.option(fc.integer({ min: -1_000_000, max: 100_000_000 })),
        fc.option(fc.double({ min: -500, max: 500, noNaN: true })),
        fc.option(fc.double({ min: -500, max: 500, noNaN: true })),
        (unitAmount, warehouses, hubs, amountOff, percentOff, hubPercentOff) => {
          const p = computePrice({ unitAmount, warehouses, hubs, amountOff, percentOff, hubPercentOff, vatRate: 22 });
          expect(p.total).toBeGreaterThanOrEqual(0);
          expect(p.total).toBeLessThanOrEqual(p.gross);
          expect(Number.isInteger(p.total) && Number.isInteger(p.totalExclVat)).toBe(true);
          expect(p.totalExclVat + p.vat).toBe(p.total);
        },
      ),
    );
  });
});

describe("adding warehouses to a running subscription (additionPrice)", () => {
  const year = { periodStart: new Date("2030-01-01T00:00:00Z"), periodEnd: new Date("2031-01-01T00:00:00Z") };
  const base = { unitAmount: 49_000, vatRate: 22, currentAmount: 98_000, warehouses: 2, hubs: 0, addWarehouses: 1, addHubs: 0, trialing: false, ...year };

  it("charges the difference for the share of the period still to run, to the second", () => {
    // Half the year (182.5 of 365 days) left: half of the 49,000 more.
    const half = additionPrice({ ...base, now: new Date("2030-07-02T12:00:00Z") });
    expect(half).toMatchObject({ newAmount: 147_000, difference: 49_000, now: 24_500 });
    expect(half.nowExclVat).toBe(20_082); // 245,00 / 1,22 = 200,819…
    expect(additionPrice({ ...base, now: year.periodStart }).now).toBe(49_000);
    expect(additionPrice({ ...base, now: year.periodEnd }).now).toBe(0);
    // Outside the period (a clock a little off): never more than the difference, never below zero.
    expect(additionPrice({ ...base, now: new Date("2029-12-31T00:00:00Z") }).now).toBe(49_000);
    expect(additionPrice({ ...base, now: new Date("2031-02-01T00:00:00Z") }).now).toBe(0);
  });

  it("prices the whole subscription again by its own terms: its promo code, its hub share", () => {
    // 2 warehouses with 20 % off and 50 % off the hubs' share; a hub joins: 3 warehouses, 1 hub.
    const terms = { unitAmount: 49_000, percentOff: 20, hubPercentOff: 50, vatRate: 22 };
    const current = computePrice({ ...terms, warehouses: 2, hubs: 0 }).total;
    const p = additionPrice({ ...base, ...terms, currentAmount: current, addHubs: 1, now: year.periodStart });
    expect(p.newAmount).toBe(computePrice({ ...terms, warehouses: 3, hubs: 1 }).total);
    expect(p.newAmount).toBe(98_000);
    expect(p.difference).toBe(98_000 - 78_400);
    // A fixed amount off stays taken off once per period.
    const fixed = additionPrice({ ...base, amountOff: 10_000, currentAmount: 88_000, now: year.periodStart });
    expect(fixed).toMatchObject({ newAmount: 137_000, difference: 49_000 });
  });

  it("charges nothing now in a free trial; the new amount applies from its end", () => {
    const trial = additionPrice({ ...base, trialing: true, now: new Date("2030-01-10T00:00:00Z") });
    expect(trial).toMatchObject({ newAmount: 147_000, difference: 49_000, now: 0, nowExclVat: 0 });
  });
});
