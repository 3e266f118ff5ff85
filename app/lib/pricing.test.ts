import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computePrice } from "./pricing.ts";
import { formatPrice } from "./format.ts";

describe("the subscription's price (spec §9, decision 009)", () => {
  it("takes the fixed discount, then the percentage, then the hubs' share of the hub discount", () => {
    // 3 warehouses at € 490,00, one a hub; € 50,00 off, then 20 %, then 50 % of the hub's third.
    const p = computePrice({ unitAmount: 49_000, warehouses: 3, hubs: 1, amountOff: 5_000, percentOff: 20, hubPercentOff: 50, vatRate: 22 });
    expect(p).toEqual({ gross: 147_000, amountOff: 5_000, percentOff: 28_400, hubOff: 18_933, total: 94_667, totalExclVat: 77_596, vat: 17_071 });
    expect(formatPrice(p.total / 100)).toBe("€ 946,67");
    expect(formatPrice(p.totalExclVat / 100)).toBe("€ 775,96");
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
