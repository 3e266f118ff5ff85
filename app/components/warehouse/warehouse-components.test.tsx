import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Gallery } from "./Gallery.tsx";
import { wrapIndex } from "./GallerySlider.tsx";
import { SpecificationGroups } from "./SpecificationGroups.tsx";
import { OpeningStatus } from "./OpeningStatus.tsx";
import { RatingBreakdown } from "./RatingBreakdown.tsx";
import { FreeSpaces } from "./FreeSpaces.tsx";
import { runWithLocale } from "../../server/i18n.server.ts";

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("wrapIndex", () => {
  it("wraps around at both ends", () => {
    expect(wrapIndex(0, -1, 6)).toBe(5);
    expect(wrapIndex(5, 1, 6)).toBe(0);
    expect(wrapIndex(2, 1, 6)).toBe(3);
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe("Gallery", () => {
  const images = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, src: `/img/${i}.webp`, width: 800, height: 600 }));

  it("shows the first 3 images and a +N counter for the rest", () => {
    const html = renderToStaticMarkup(<Gallery images={images(7)} name="Deposito" />);
    expect(count(html, "<img")).toBe(3);
    expect(html).toContain("+4");
  });

  it("has no counter with 3 images or fewer, and a placeholder with none", () => {
    expect(renderToStaticMarkup(<Gallery images={images(3)} name="Deposito" />)).not.toContain('data-testid="gallery-more"');
    expect(count(renderToStaticMarkup(<Gallery images={images(2)} name="Deposito" />), "<img")).toBe(2);
    expect(renderToStaticMarkup(<Gallery images={[]} name="Deposito" />)).not.toContain("<img");
  });
});

describe("SpecificationGroups", () => {
  const group = (n: number, cat_id = 1) => ({
    cat_id,
    category: `Category ${cat_id}`,
    values: Array.from({ length: n }, (_, i) => ({ id: cat_id * 100 + i, value: `Value ${i}`, description: null })),
  });

  it("collapses a list of more than 5 values to 5 with a show-all toggle", () => {
    const html = renderToStaticMarkup(<SpecificationGroups groups={[group(7)]} />);
    expect(count(html, "<li")).toBe(5);
    expect(html).toContain("Show all (7)");
    expect(html).toContain('aria-expanded="false"');
  });

  it("shows a list of 5 or fewer whole, without a toggle", () => {
    const html = renderToStaticMarkup(<SpecificationGroups groups={[group(5, 2), group(2, 3)]} />);
    expect(count(html, "<li")).toBe(7);
    expect(html).not.toContain("aria-expanded");
  });
});

describe("OpeningStatus", () => {
  it("says open with the closing time, or closed with the next opening", () => {
    expect(renderToStaticMarkup(<OpeningStatus status={{ state: "open", closes: { dayOffset: 0, weekday: "wed", time: "18:00" } }} />)).toContain(
      "Closes at 18:00",
    );
    const closed = renderToStaticMarkup(<OpeningStatus status={{ state: "closed", opens: { dayOffset: 3, weekday: "mon", time: "08:00" } }} />);
    expect(closed).toContain("Closed now");
    expect(closed).toContain("Opens Monday at 08:00");
    expect(renderToStaticMarkup(<OpeningStatus status={{ state: "closed", opens: { dayOffset: 1, weekday: "thu", time: "08:00" } }} />)).toContain(
      "Opens tomorrow at 08:00",
    );
    expect(renderToStaticMarkup(<OpeningStatus status={null} />)).toBe("");
  });
});

describe("RatingBreakdown", () => {
  it("shows the average, the count and each rated criterion with its bar, in Italian notation", () => {
    const html = renderToStaticMarkup(
      <RatingBreakdown
        rating={{ avg_value: 36, count: 12 }}
        criteria={[
          { key: "reliability_value", avg_value: 45, count: 12 },
          { key: "structure_value", avg_value: 20, count: 3 },
        ]}
      />,
    );
    expect(html).toContain('id="sheet-ratings"');
    expect(html).toContain(">3,6<");
    expect(html).toContain("out of 5 · 12 reviews");
    expect(html).toMatch(/Reliability<\/span><span[^>]*>4,5<\/span>/);
    expect(html).toMatch(/Structure<\/span><span[^>]*>2,0<\/span>/);
    // Criteria nobody rated are left out; a bar is the mean's share of 5.
    expect(html).not.toContain("Communication");
    expect(html).toContain("width:90%");
    expect(html).toContain("width:40%");
    expect(
      renderToStaticMarkup(<RatingBreakdown rating={{ avg_value: 50, count: 1 }} criteria={[{ key: "services_value", avg_value: 50, count: 1 }]} />),
    ).toContain("out of 5 · 1 review");
  });

  it("shows nothing before the first rated review", () => {
    expect(renderToStaticMarkup(<RatingBreakdown rating={null} criteria={[]} />)).toBe("");
  });
});

describe("FreeSpaces", () => {
  const spaces = [
    { m2_type: "m2" as const, quantity: 1200, available_from: "2026-11-01", available_until: null, min_term_months: 6, price_month: 520 },
    { m2_type: "pallet" as const, quantity: 80, available_from: "2026-12-01", available_until: "2027-06-30", min_term_months: 1, price_month: null },
  ];
  const render = (locale: "it" | "en") => runWithLocale(locale, () => renderToStaticMarkup(<FreeSpaces spaces={spaces} today="2026-11-27" />));

  it("shows quantity and unit, the period, the minimum term and a public price in Italian format, in English", () => {
    const html = render("en");
    expect(html).toContain("1.200\u00a0m²");
    expect(html).toContain("available now · open-ended");
    expect(html).toContain("minimum term 6 months");
    expect(html).toContain("€\u00a05,20 /m² per month, VAT excl.");
    expect(html).toContain("80 pallet positions");
    expect(html).toContain("from 01.12.2026 · until 30.06.2027");
    expect(html).toContain("minimum term 1 month");
    expect(html).toContain("Price on request");
  });

  it("and in Italian", () => {
    const html = render("it");
    expect(html).toContain("Spazio disponibile");
    expect(html).toContain("disponibile ora · senza scadenza");
    expect(html).toContain("€\u00a05,20 /m² al mese, IVA esclusa");
    expect(html).toContain("80 posti pallet");
    expect(html).toContain("dal 01.12.2026 · fino al 30.06.2027");
  });

  it("draws nothing without a space", () => {
    expect(renderToStaticMarkup(<FreeSpaces spaces={[]} />)).toBe("");
  });
});
