import { describe, it, expect } from "vitest";
import { italianTownsStats, loadEuropeanTowns, loadItalianTowns, normalizePlaceName } from "./gazetteer-source.ts";

// Roughly Italy, islands included (Lampedusa 35.5 N, Vetta d'Italia 47.1 N, Otranto 18.5 E).
const ITALY = { minLat: 35.4, maxLat: 47.1, minLng: 6.6, maxLng: 18.6 };

function find(name: string, province?: string) {
  return loadItalianTowns().filter((t) => t.name === name && (!province || t.province === province));
}

describe("normalizePlaceName", () => {
  it("ignores accents, case and punctuation", () => {
    expect(normalizePlaceName("Forlì")).toBe("forli");
    expect(normalizePlaceName("Sant'Agata  de' Goti")).toBe("sant agata de goti");
    expect(normalizePlaceName("CORIGLIANO-ROSSANO")).toBe("corigliano rossano");
  });
});

describe("loadItalianTowns", () => {
  it("gives coordinates to almost every comune", () => {
    const stats = italianTownsStats();
    expect(stats.comuni).toBe(7904);
    // Measured: 7,652 of 7,904 (the rest are mostly comuni merged after GeoNames named its places).
    expect(stats.matched).toBeGreaterThanOrEqual(7600);
    expect(loadItalianTowns()).toHaveLength(stats.matched);
  });

  it("finds Milano under its Italian name, in MI, at the city centre", () => {
    const [milano] = find("Milano");
    expect(milano).toMatchObject({ province: "MI", province_name: "Milano", region: "Lombardia", istat: "015146" });
    expect(milano!.lat).toBeCloseTo(45.46, 1);
    expect(milano!.lng).toBeCloseTo(9.19, 1);
    expect(milano!.caps).toContain("20121");
    expect(milano!.population).toBeGreaterThan(1_000_000);
  });

  it("keeps accents in names and still matches them", () => {
    const [forli] = find("Forlì");
    expect(forli).toMatchObject({ province: "FC" });
    expect(forli!.lat).toBeCloseTo(44.22, 1);
    expect(forli!.lng).toBeCloseTo(12.04, 1);
  });

  it("tells homonyms apart by province", () => {
    // The data has no comune called just "San Vittore" (only San Vittore Olona MI and San Vittore
    // del Lazio FR); Castro exists in Bergamo and in Lecce.
    const bergamo = find("Castro", "BG")[0]!;
    const lecce = find("Castro", "LE")[0]!;
    expect(bergamo.lat).toBeGreaterThan(45.5);
    expect(lecce.lat).toBeLessThan(40.5);
    expect(find("San Vittore Olona")[0]!.province).toBe("MI");
    expect(find("San Vittore del Lazio")[0]!.province).toBe("FR");
  });

  it("matches comuni merged after GeoNames named its places by one of their parts", () => {
    const [town] = find("Corigliano-Rossano");
    expect(town?.province).toBe("CS");
  });

  it("puts every town inside Italy and in a real province", () => {
    for (const t of loadItalianTowns()) {
      expect(t.lat).toBeGreaterThan(ITALY.minLat);
      expect(t.lat).toBeLessThan(ITALY.maxLat);
      expect(t.lng).toBeGreaterThan(ITALY.minLng);
      expect(t.lng).toBeLessThan(ITALY.maxLng);
      expect(t.province).toMatch(/^[A-Z]{2}$/);
      expect(t.caps.length).toBeGreaterThan(0);
    }
  });

  it("returns the cached list on the second call", () => {
    expect(loadItalianTowns()).toBe(loadItalianTowns());
  });
});

describe("loadEuropeanTowns", () => {
  it("lists towns of Europe outside Italy", () => {
    const towns = loadEuropeanTowns();
    expect(towns.length).toBeGreaterThan(30_000);
    expect(towns.some((t) => t.country === "IT")).toBe(false);
    const lyon = towns.find((t) => t.name === "Lyon" && t.country === "FR");
    expect(lyon?.lat).toBeCloseTo(45.75, 1);
    expect(towns.find((t) => t.name === "Lugano")?.country).toBe("CH");
  });

  it("drops towns of unknown population above GeoNames' own 1,000 threshold", () => {
    expect(loadEuropeanTowns(1000).length).toBe(loadEuropeanTowns().length);
    expect(loadEuropeanTowns(50_000)).toEqual([]);
  });
});
