import { describe, expect, it } from "vitest";
import { parseItalianNumber } from "./quote-request.ts";
import { visitorQuoteErrors, quoteRequestDataSchema } from "../../schemas/quote.ts";

describe("parseItalianNumber", () => {
  it("reads Italian and plain notations", () => {
    expect(parseItalianNumber("1.200")).toBe("1200");
    expect(parseItalianNumber("1.200.000")).toBe("1200000");
    expect(parseItalianNumber("1.200,5")).toBe("1200.5");
    expect(parseItalianNumber("350,75")).toBe("350.75");
    expect(parseItalianNumber("12.5")).toBe("12.5");
    expect(parseItalianNumber(" 800 ")).toBe("800");
    expect(parseItalianNumber("")).toBeNull();
  });
});

describe("the quote form's rules", () => {
  const base = { business_name: "A", contact: "a@b.it", referent: "R", message: "M" };

  it("asks a visitor for conditions and privacy, and on the sheet for both consents", () => {
    expect(visitorQuoteErrors({ conditions: false, privacy: false, data_f: null, data_g: null, source: "search" })).toEqual({
      conditions: "required",
      privacy: "required",
    });
    expect(visitorQuoteErrors({ conditions: true, privacy: true, data_f: null, data_g: false, source: "sheet" })).toEqual({ data_f: "required" });
    expect(visitorQuoteErrors({ conditions: true, privacy: true, data_f: false, data_g: false, source: "sheet" })).toEqual({});
  });

  it("flags both dates when reversed and requires the telephone on the sheet", () => {
    const reversed = quoteRequestDataSchema.safeParse({ ...base, start_date: "2027-02-01", end_date: "2027-01-01" });
    const paths = reversed.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(paths).toEqual(expect.arrayContaining(["start_date:after_end", "end_date:before_start"]));
    const sheet = quoteRequestDataSchema.safeParse({ ...base, source: "sheet" });
    expect(sheet.error?.issues.map((i) => i.path[0])).toEqual(["telephone"]);
    expect(quoteRequestDataSchema.parse({ ...base, radius: "" }).radius).toBeNull();
  });
});
