// The promo-code rules the browser and the server share.
import { describe, expect, it } from "vitest";
import { discountKindOf, normalisePromoCode, PROMO_CODE_PATTERN } from "./promo-codes.ts";

describe("normalisePromoCode", () => {
  it("reads a code typed in any case with spaces around as it is stored", () => {
    expect(normalisePromoCode("  estate-2026 ")).toBe("ESTATE-2026");
    expect(normalisePromoCode("Sconto_10")).toBe("SCONTO_10");
    expect(normalisePromoCode("   ")).toBe("");
    expect(PROMO_CODE_PATTERN.test(normalisePromoCode(" ok1 "))).toBe(true);
    expect(PROMO_CODE_PATTERN.test(normalisePromoCode("no way"))).toBe(false);
  });
});

describe("discountKindOf", () => {
  it("names the one discount a code has", () => {
    expect(discountKindOf({ amount_off: 500, percent_off: null, hub_percent_off: null })).toBe("amount_off");
    expect(discountKindOf({ amount_off: null, percent_off: null, hub_percent_off: 50 })).toBe("hub_percent_off");
    expect(discountKindOf({ amount_off: null, percent_off: 10, hub_percent_off: null })).toBe("percent_off");
  });
});
