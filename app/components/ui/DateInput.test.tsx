// The date field as the server renders it and the text rules it types with: day.month.year
// with dots in both languages (placeholders gg.mm.aaaa and dd.mm.yyyy), the visible field
// named for a post sent before the scripts run, and no React Aria in the first load.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import { DateInput, dateFieldText, dateProblem } from "./DateInput.tsx";
import { isoFromDateText, withDateDots } from "../../lib/date-text.ts";
import { isoDayFromText } from "../../schemas/common.ts";
import { optionalIsoDate } from "../../schemas/quote.ts";
import { crmDay } from "../../schemas/crm.ts";
import { searchQuery } from "../../schemas/search.ts";
import { formValuesFromParams } from "../../lib/search-form.ts";
import { promoCodeFormSchema } from "../../schemas/promo-codes.ts";

afterEach(() => overwriteGetLocale(() => "en"));

const render = (value: string, extra: Partial<Parameters<typeof DateInput>[0]> = {}) =>
  renderToString(<DateInput name="start_date" label="Dal" value={value} onChange={() => {}} {...extra} />);

/** The attributes of the visible (text) input. */
const visible = (html: string) => /<input([^>]*type="text"[^>]*)\/?>/.exec(html)?.[1] ?? "";

describe("DateInput on the server", () => {
  it("shows a date as day.month.year with dots, under the field's name, with the numeric keypad", () => {
    const html = render("2026-11-21");
    expect(visible(html)).toContain('value="21.11.2026"');
    expect(visible(html)).toContain('name="start_date"');
    expect(visible(html)).toContain('inputMode="numeric"');
    // The ISO twin appears only once hydrated (else the form would send the day twice).
    expect(html).not.toContain('type="hidden"');
    expect(render("2026-01-05")).toContain('value="05.01.2026"');
  });

  it("reads gg.mm.aaaa in Italian and dd.mm.yyyy in English while empty", () => {
    overwriteGetLocale(() => "it");
    expect(visible(render(""))).toContain('placeholder="gg.mm.aaaa"');
    overwriteGetLocale(() => "en");
    expect(visible(render(""))).toContain('placeholder="dd.mm.yyyy"');
  });

  it("labels the field and has a calendar button that says it opens a dialog", () => {
    const html = render("");
    const id = /id="([^"]+)"/.exec(visible(html))?.[1];
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toMatch(/<button type="button" aria-label="Choose a date" aria-haspopup="dialog" aria-expanded="false"/);
  });

  it("marks a date outside its bounds, or the caller's error, with a message in the page's language", () => {
    overwriteGetLocale(() => "it");
    const early = render("2026-11-21", { min: "2026-12-01" });
    expect(visible(early)).toContain('aria-invalid="true"');
    expect(early).toContain("Scegli una data dal 01.12.2026 in poi.");
    overwriteGetLocale(() => "en");
    expect(render("2026-11-21", { max: "2026-11-20" })).toContain("Choose a date up to 20.11.2026.");
    expect(render("2026-11-21", { error: "Required" })).toContain("Required");
    expect(visible(render("2026-11-21", { min: "2026-11-21", max: "2026-11-21" }))).not.toContain("aria-invalid");
    // Text that is no date (an address edited by hand) is shown as it is, flagged.
    const odd = render("32.13.2026");
    expect(visible(odd)).toContain('value="32.13.2026"');
    expect(odd).toContain("This is not a valid date: write it as dd.mm.yyyy");
  });

  it("leaves React Aria out of the field's module (the calendar loads on first use)", () => {
    const source = readFileSync(new URL("./DateInput.tsx", import.meta.url), "utf8");
    expect(source).not.toMatch(/from "react-aria|from "@internationalized/);
    expect(source).toContain('import("./CalendarPopover.tsx")');
  });
});

describe("typed dates", () => {
  it("reads day.month.year with dots, slashes or dashes, two-digit years as 20yy, eight digits and ISO", () => {
    for (const text of ["21.11.2026", "21/11/2026", "21-11-2026", "21.11.26", " 21.11.2026 ", "21112026", "2026-11-21"]) {
      expect(isoFromDateText(text), text).toBe("2026-11-21");
    }
    expect(isoFromDateText("1.2.2027")).toBe("2027-02-01");
    expect(isoFromDateText("29.02.2028")).toBe("2028-02-29");
  });

  it("refuses what is no real date or no accepted form", () => {
    for (const text of ["", "30.02.2026", "32.01.2026", "21.13.2026", "2026.11.21", "21.11.202", "21 11 2026", "21.11", "abc", "2026-02-30", "11/21/2026"]) {
      expect(isoFromDateText(text), text).toBeNull();
    }
  });

  it("puts the dots in while digits are typed at the end, and nowhere else", () => {
    const typeAll = (keys: string) => [...keys].reduce((text, key) => withDateDots(text, text + key), "");
    expect(typeAll("21112026")).toBe("21.11.2026");
    expect(typeAll("1.2.2027")).toBe("1.2.2027");
    expect(typeAll("1.122027")).toBe("1.12.2027");
    expect(typeAll("21/11/2026")).toBe("21.11.2026");
    // Deleting and pasting are left alone.
    expect(withDateDots("21.1", "21.")).toBe("21.");
    expect(withDateDots("", "21112026")).toBe("21112026");
  });

  it("shows and checks a field's text", () => {
    expect(dateFieldText("2026-11-21")).toBe("21.11.2026");
    expect(dateFieldText("")).toBe("");
    expect(dateProblem("", "2026-01-01")).toBeNull();
    expect(dateProblem("31.02.2026")).toBe("invalid");
    expect(dateProblem("21.11.2026", "2026-11-22")).toBe("before_min");
    expect(dateProblem("21.11.2026", undefined, "2026-11-20")).toBe("after_max");
    expect(dateProblem("21/11/26", "2026-11-21", "2026-11-21")).toBeNull();
  });
});

describe("the schemas read the field's text (a form sent without JavaScript)", () => {
  it("turns a typed day into ISO and leaves the rest to be refused", () => {
    expect(isoDayFromText("21.11.2026")).toBe("2026-11-21");
    expect(isoDayFromText("2026-11-21")).toBe("2026-11-21");
    expect(isoDayFromText("31.02.2026")).toBe("31.02.2026");
    expect(isoDayFromText(7)).toBe(7);
    expect(optionalIsoDate.parse("05.01.2027")).toBe("2027-01-05");
    expect(optionalIsoDate.parse("")).toBeNull();
    expect(optionalIsoDate.safeParse("31.02.2027").success).toBe(false);
    expect(crmDay.parse(" 21/11/2026 ")).toBe("2026-11-21");
  });

  it("searches with the dates as the fields sent them, and puts them back in the form as ISO days", () => {
    const query = searchQuery.parse({ location: "Milano", start_date: "21.11.2027", end_date: "05/01/28" });
    expect(query).toMatchObject({ start_date: "2027-11-21", end_date: "2028-01-05" });
    expect(searchQuery.safeParse({ location: "Milano", start_date: "05.01.2028", end_date: "21.11.2027" }).success).toBe(false);
    const form = formValuesFromParams(new URLSearchParams("location=Milano&start_date=21.11.2027&end_date=nope"));
    expect(form).toMatchObject({ start_date: "2027-11-21", end_date: "nope" });
  });

  it("takes a promotion's window as the fields show it", () => {
    const parsed = promoCodeFormSchema.safeParse({
      code: "PROVA",
      discount_kind: "percent_off",
      discount_value: "10",
      valid_from: "01.12.2026",
      valid_until: "31.12.2026",
    });
    expect(parsed.success && [parsed.data.valid_from, parsed.data.valid_until]).toEqual(["2026-12-01", "2026-12-31"]);
  });
});
