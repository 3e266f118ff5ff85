import { describe, expect, it } from "vitest";
import { centsFromEuroText, euroTextFromCents, formatCents, lastSpaceDay, spacePhase, withoutRowErrors } from "./spaces.ts";

describe("euros typed, cents carried", () => {
  it("reads what people type, in whole cents, without float rounding", () => {
    expect(centsFromEuroText("5,20")).toBe(520);
    expect(centsFromEuroText("5.2")).toBe(520);
    expect(centsFromEuroText("€ 5,2")).toBe(520);
    expect(centsFromEuroText("1.250")).toBe(125_000);
    expect(centsFromEuroText("1.250,99")).toBe(125_099);
    expect(centsFromEuroText("0,07")).toBe(7);
    expect(centsFromEuroText("4,35")).toBe(435); // 4.35 * 100 is 434.99999… in floats
    expect(centsFromEuroText("  ")).toBeNull();
    expect(centsFromEuroText(null)).toBeNull();
  });

  it("passes on what is no amount, for the schema to refuse", () => {
    expect(centsFromEuroText("5,205")).toBe("5,205");
    expect(centsFromEuroText("-3")).toBe("-3");
    expect(centsFromEuroText("cinque")).toBe("cinque");
  });

  it("shows cents in Italian notation, in both languages", () => {
    expect(euroTextFromCents(520)).toBe("5,20");
    expect(euroTextFromCents(125_000)).toBe("1.250,00");
    expect(euroTextFromCents(null)).toBe("");
    expect(formatCents(520)).toBe("€\u00a05,20");
  });
});

describe("a space's period", () => {
  it("is current from its first to its last day, upcoming before, ended after", () => {
    const s = { available_from: "2026-12-01", available_until: "2027-01-31" };
    expect(spacePhase(s, "2026-11-30")).toBe("upcoming");
    expect(spacePhase(s, "2026-12-01")).toBe("current");
    expect(spacePhase(s, "2027-01-31")).toBe("current");
    expect(spacePhase(s, "2027-02-01")).toBe("ended");
    expect(spacePhase({ ...s, available_until: null }, "2040-01-01")).toBe("current");
  });

  it("the last free day of a set: none when one is open-ended or there is none", () => {
    expect(lastSpaceDay([{ available_until: "2027-01-31" }, { available_until: "2027-03-01" }])).toBe("2027-03-01");
    expect(lastSpaceDay([{ available_until: "2027-01-31" }, { available_until: null }])).toBeNull();
    expect(lastSpaceDay([])).toBeNull();
  });
});

it("a removed row takes its errors with it, the later rows' move up", () => {
  expect(
    withoutRowErrors({ "spaces.0.quantity": "required", "spaces.1.price_month": "invalid", "spaces.2.quantity": "over_surface", m2: "required" }, "spaces", 1),
  ).toEqual({
    "spaces.0.quantity": "required",
    "spaces.1.quantity": "over_surface",
    m2: "required",
  });
});
