// Numbers are numbers: a JSON number or a form's decimal text, never an array, a boolean, an
// object or odd text that JavaScript would turn into one.
import { describe, expect, it } from "vitest";
import { numberFromText, idNumber } from "./common.ts";
import { quoteRequestDataSchema } from "./quote.ts";
import { rating } from "./feedback.ts";
import { geocodeCoordsQuery } from "./geo.ts";
import { searchCardsQuery, searchQuery } from "./search.ts";
import { idParam } from "../server/http/api.ts";

const NOT_NUMBERS: unknown[] = [[], [1], true, false, {}, { a: 1 }, "0x10", "Infinity", "-Infinity", "NaN", "1e999", "12abc", "1,5", "１２", " "];

const quote = {
  business_name: "Acme",
  contact: "a@b.it",
  referent: "Ada",
  message: "Hello",
  conditions: true,
  privacy: true,
};

describe("strict numbers", () => {
  it("reads decimal text and numbers, nothing else", () => {
    expect(numberFromText("12")).toBe(12);
    expect(numberFromText(" 12.5 ")).toBe(12.5);
    expect(numberFromText("-3e2")).toBe(-300);
    for (const value of NOT_NUMBERS.filter((v) => typeof v !== "string" || v.trim() !== "")) {
      const out = numberFromText(value);
      expect(typeof out === "number" && Number.isFinite(out), JSON.stringify(value)).toBe(false);
    }
  });
  it("refuses non-numbers for m2_value, radius, lat and lng of a quote request", () => {
    for (const field of ["m2_value", "radius", "lat", "lng"]) {
      for (const value of NOT_NUMBERS.filter((v) => v !== " ")) {
        const result = quoteRequestDataSchema.safeParse({ ...quote, [field]: value });
        expect(result.success, `${field}: ${JSON.stringify(value)}`).toBe(false);
      }
      // lat and lng go together.
      const other = field === "lat" ? { lng: 9 } : field === "lng" ? { lat: 45 } : {};
      expect(quoteRequestDataSchema.safeParse({ ...quote, ...other, [field]: "12" }).success, field).toBe(true);
      expect(quoteRequestDataSchema.safeParse({ ...quote, ...other, [field]: 12 }).success, field).toBe(true);
      expect(quoteRequestDataSchema.safeParse({ ...quote, [field]: "" }).success, field).toBe(true);
    }
  });
  it("refuses them for ids, ratings, coordinates and search filters too", () => {
    for (const value of NOT_NUMBERS) {
      const text = JSON.stringify(value);
      expect(idNumber.safeParse(value).success, text).toBe(false);
      expect(idParam.safeParse(value).success, text).toBe(false);
      expect(rating.safeParse(value).success && rating.parse(value) !== null, text).toBe(false);
      expect(geocodeCoordsQuery.safeParse({ latitude: value, longitude: 9 }).success, text).toBe(false);
      // The search form shows Italian notation, so its radius takes "1,5" (app/schemas/typed-numbers.test.ts).
      if (value !== " " && value !== "1,5") expect(searchQuery.safeParse({ location: "Milano", radius: value }).success, `radius ${text}`).toBe(false);
      // Lists flatten (`ids[]=1`, `ids=1,2` and nested arrays all mean ids), so only scalars are tried here.
      if (typeof value !== "object" && value !== "1,5")
        expect(searchCardsQuery.safeParse({ ids: [value], lat: 45, lng: 9 }).success, `ids ${text}`).toBe(false);
    }
    expect(idParam.parse("42")).toBe(42);
    expect(searchCardsQuery.parse({ ids: ["1", "2"], lat: "45", lng: "9" }).ids).toEqual([1, 2]);
  });
});
