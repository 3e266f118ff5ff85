// Numbers people type in forms reach the schemas in Italian notation when a form is sent
// without JavaScript ("1.234,5"): the search's radius and space, the promo codes' values.
// The address and the JSON calls keep plain decimals.
import { describe, expect, it } from "vitest";
import { typedNumberFromText } from "./common.ts";
import { searchQuery } from "./search.ts";
import { addressNumber, addressValues, fieldValues, formValuesFromParams, paramsFromFormValues } from "../lib/search-form.ts";
import { promoCodeFormSchema } from "./promo-codes.ts";

describe("typedNumberFromText", () => {
  it("reads Italian notation and plain decimals, and leaves the rest for the schema to refuse", () => {
    expect(typedNumberFromText("1.234,5")).toBe(1234.5);
    expect(typedNumberFromText("1.500")).toBe(1500);
    expect(typedNumberFromText("2,5")).toBe(2.5);
    expect(typedNumberFromText("12.5")).toBe(12.5);
    expect(typedNumberFromText("-3e2")).toBe(-300);
    expect(typedNumberFromText(7)).toBe(7);
    for (const value of ["abc", "0x10", "Infinity", "1.2.3", " ", "1,234.5"]) expect(typeof typedNumberFromText(value), value).toBe("string");
  });
});

describe("the search's numbers", () => {
  const base = { location: "Milano" };

  it("takes radius and space in Italian notation (the form sent without JavaScript)", () => {
    const q = searchQuery.parse({ ...base, radius: "12,5", m2_value: "1.234,5" });
    expect(q.radius).toBe(12.5);
    expect(q.m2_value).toBe(1234.5);
    expect(searchQuery.parse({ ...base, m2_value: "1.500" }).m2_value).toBe(1500);
    expect(searchQuery.parse({ ...base, radius: "7.5", m2_value: "800" })).toMatchObject({ radius: 7.5, m2_value: 800 });
    expect(searchQuery.safeParse({ ...base, m2_value: "1,2,3" }).success).toBe(false);
  });

  it("writes plain decimals into the address, two at most, so they never read as Italian thousands", () => {
    expect(addressNumber("1.234,5")).toBe("1234.5");
    expect(addressNumber("1,234")).toBe("1.23");
    expect(addressNumber("12")).toBe("12");
    expect(addressNumber(" ")).toBe("");
    expect(addressNumber("abc")).toBe("abc");
    const values = formValuesFromParams(new URLSearchParams("location=Milano&radius=12%2C5&m2_value=1.234%2C5"));
    expect(values).toMatchObject({ radius: "12.5", m2_value: "1234.5" });
    expect(paramsFromFormValues({ ...values, m2_value: "2.000" }).toString()).toBe("location=Milano&radius=12.5&m2_value=2000");
  });

  it("shows them in the fields in Italian notation and back", () => {
    const values = formValuesFromParams(new URLSearchParams("location=Milano&radius=12.5&m2_value=1234.5"));
    const shown = fieldValues(values);
    expect(shown).toMatchObject({ radius: "12,5", m2_value: "1.234,5" });
    expect(addressValues(shown)).toMatchObject({ radius: "12.5", m2_value: "1234.5" });
    expect(fieldValues({ ...values, m2_value: "abc" }).m2_value).toBe("abc");
    // No radius in the address: the field holds the 10 km the search uses.
    expect(fieldValues(formValuesFromParams(new URLSearchParams("location=Milano"))).radius).toBe("10");
  });
});

describe("the promo codes' numbers", () => {
  const parse = (fields: Record<string, string>) =>
    promoCodeFormSchema.safeParse({ code: "PROVA", discount_kind: "amount_off", discount_value: "10", ...fields });

  it("takes euros and counts in Italian notation", () => {
    expect(parse({ discount_value: "1.500,50" }).data?.discount_value).toBe(1500.5);
    expect(parse({ discount_value: "12,50" }).data?.discount_value).toBe(12.5);
    expect(parse({ discount_value: "12.50" }).data?.discount_value).toBe(12.5);
    expect(parse({ max_redemptions: "1.000" }).data?.max_redemptions).toBe(1000);
  });
});
