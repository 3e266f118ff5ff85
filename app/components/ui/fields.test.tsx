// The date and number fields as the server renders them: day.month.year with dots in both
// languages (placeholders gg.mm.aaaa and dd.mm.yyyy, the value as formatDate writes it), and
// numbers in Italian notation, with the names a plain form post and the scripts rely on.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { I18nProvider } from "react-aria-components";
import type { ReactNode } from "react";
import { DateInput, dateFieldLocale, segmentText } from "./DateInput.tsx";
import { NumberInput } from "./fields.tsx";

const render = (locale: string, node: ReactNode) => renderToString(<I18nProvider locale={locale}>{node}</I18nProvider>);

/** The text of the field's segments, in order (the date field's visible value). */
function segmentsOf(html: string): string {
  return [...html.matchAll(/<span[^>]*data-type="(\w+)"[^>]*>([^<]*)<\/span>/g)].map((match) => match[2]).join("");
}

function attributesOf(html: string, type: string): string {
  return [...html.matchAll(/<span([^>]*data-type="(\w+)"[^>]*)>/g)].find((match) => match[2] === type)?.[1] ?? "";
}

const date = (value: string) => <DateInput name="start_date" label="Dal" value={value} onChange={() => {}} />;

describe("DateInput", () => {
  it("shows a date as day.month.year with dots, with leading zeros, in Italian and English", () => {
    for (const locale of ["it-IT", "en-GB", "en-US", "en"]) {
      expect(segmentsOf(render(locale, date("2026-11-21"))), locale).toBe("21.11.2026");
      expect(segmentsOf(render(locale, date("2026-01-05"))), locale).toBe("05.01.2026");
    }
  });

  it("reads gg.mm.aaaa in Italian and dd.mm.yyyy in English while empty", () => {
    expect(segmentsOf(render("it-IT", date("")))).toBe("gg.mm.aaaa");
    expect(segmentsOf(render("en-GB", date("")))).toBe("dd.mm.yyyy");
    expect(segmentsOf(render("en-US", date("")))).toBe("dd.mm.yyyy");
  });

  it("keeps each part a named spin button and hides the dots from screen readers", () => {
    const html = render("it-IT", date("2026-11-21"));
    expect(attributesOf(html, "day")).toContain('role="spinbutton"');
    expect(attributesOf(html, "day")).toMatch(/aria-label="giorno[^"]*"/i);
    expect(attributesOf(html, "month")).toMatch(/aria-valuetext="11 . novembre"/);
    expect(attributesOf(html, "literal")).toContain('aria-hidden="true"');
    // A plain form post carries the ISO date.
    expect(html).toMatch(/<input type="text" hidden=""[^>]*name="start_date" value="2026-11-21"\/>/);
  });

  it("picks a day-month-year locale for the page's language", () => {
    expect(dateFieldLocale("it-IT")).toBe("it-IT");
    expect(dateFieldLocale("it")).toBe("it-IT");
    expect(dateFieldLocale("en-US")).toBe("en-GB");
    expect(dateFieldLocale("de-DE")).toBe("en-GB");
    expect(segmentText({ type: "literal", text: "/" })).toBe(".");
    expect(segmentText({ type: "day", text: "21" })).toBe("21");
  });
});

describe("NumberInput", () => {
  const valueOf = (html: string) => /<input[^>]*\svalue="([^"]*)"/.exec(html)?.[1];

  it("shows the text it is given, under its name, with the decimal keypad", () => {
    for (const locale of ["it-IT", "en-GB"]) {
      const html = render(locale, <NumberInput name="total_m2" label="Superficie totale (m²)" value="1.234,5" onChange={() => {}} />);
      expect(valueOf(html)).toBe("1.234,5");
      expect(html).toContain('name="total_m2"');
      expect(html).toContain('inputMode="decimal"');
      expect(html).toContain('type="text"');
    }
  });

  it("starts uncontrolled from defaultValue, integers with the numeric keypad", () => {
    const html = render("it-IT", <NumberInput name="max_redemptions" label="Utilizzi" defaultValue="1.000" integer />);
    expect(valueOf(html)).toBe("1.000");
    expect(html).toContain('inputMode="numeric"');
  });

  it("draws a unit and says it to screen readers with the label", () => {
    const html = render("en-GB", <NumberInput name="radius" label="Radius" unit="km" value="" onChange={() => {}} testId="search-radius" />);
    expect(html).toMatch(/<label[^>]*>Radius<span class="sr-only"> \(<!-- -->km<!-- -->\)<\/span><\/label>/);
    expect(html).toContain('aria-hidden="true">km</span>');
    expect(html).toContain('data-testid="search-radius"');
  });

  it("marks an error", () => {
    const html = render("it-IT", <NumberInput name="height" label="Altezza" value="abc" onChange={() => {}} error="Inserisci un numero" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Inserisci un numero");
  });
});
