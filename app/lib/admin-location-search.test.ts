// The page's radius check must agree with the schema the server reads the radius with.
import { describe, expect, it } from "vitest";
import { isRadiusText } from "./admin-location-search.ts";
import { radiusKm } from "../schemas/admin-location-search.ts";
import { decimalText } from "./format.ts";

describe("isRadiusText", () => {
  const cases = ["", "  ", "10", "1", "500", "12,5", "12.5", "0,5", "0", "501", "1.000", "abc", "-5", "10km", "2,5e1"];
  it.each(cases)("agrees with the schema on %j", (text) => {
    expect(isRadiusText(text)).toBe(radiusKm.safeParse(decimalText(text)).success);
  });

  it("accepts blank (the default radius) and Italian decimals, refuses out-of-range and words", () => {
    expect(isRadiusText("")).toBe(true);
    expect(isRadiusText("12,5")).toBe(true);
    expect(isRadiusText("501")).toBe(false);
    expect(isRadiusText("dieci")).toBe(false);
  });
});
