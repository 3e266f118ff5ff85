// The embedded adapter: answers from the gazetteer tables (gazetteer.ts loads them).
// Prefix search is accent-, case- and punctuation-insensitive and ranked by population.
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import { normalizePlaceName } from "./gazetteer-source.ts";
import { ITALIAN_COUNTRIES, nearestPlace, searchPlacesByPrefix, type PlaceRow } from "./gazetteer.queries.ts";
import { countryName, describePlace, type GeoPlace, type Geocoder } from "./geocoder.ts";

/** A point farther than this from every known place centre has no locality. */
const REVERSE_MAX_KM = 30;
const MIN_PREFIX = 2;

function toGeoPlace(row: PlaceRow, locale: Locale): GeoPlace {
  return {
    name: row.name,
    province: row.province,
    provinceName: row.province_name,
    region: row.region,
    country: row.country,
    postcode: row.caps[0] ?? null,
    lat: row.lat,
    lng: row.lng,
    description: describePlace(row, locale),
  };
}

// Country names in both languages → code, to read "…, Italia" / "…, France" back.
let countryCodes: Map<string, string> | null = null;
function countryCode(text: string): string | null {
  if (!countryCodes) {
    countryCodes = new Map();
    const codes =
      "AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SK SM UA VA XK".split(
        " ",
      );
    for (const code of codes) {
      for (const locale of ["it", "en"] as const) countryCodes.set(normalizePlaceName(countryName(code, locale)), code);
      countryCodes.set(code.toLowerCase(), code);
    }
  }
  return countryCodes.get(normalizePlaceName(text)) ?? null;
}

/** "Milano (MI), Italia" → { name: "Milano", province: "MI", country: "IT" }. */
export function parseDescription(text: string): { name: string; province: string | null; country: string | null; rest: string[] } {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const head = parts[0] ?? "";
  const m = /^(.*?)\s*\(([A-Za-z]{2})\)$/.exec(head);
  const name = m ? m[1]! : head;
  const province = m ? m[2]!.toUpperCase() : null;
  const last = parts.length > 1 ? parts[parts.length - 1]! : null;
  const country = last ? countryCode(last) : null;
  return { name, province, country, rest: parts.slice(1, country ? -1 : undefined) };
}

export function gazetteerGeocoder(db: Database): Geocoder {
  async function locate(text: string, locale: Locale): Promise<GeoPlace | null> {
    const { name, province, country, rest } = parseDescription(text);
    const key = normalizePlaceName(name);
    if (!key) return null;
    const tries = [
      { prefix: key, exact: true, province, country },
      { prefix: key, exact: true },
      // "Via Roma 1, Milano": a later part may be the locality.
      ...rest.map((part) => ({ prefix: normalizePlaceName(part), exact: true })),
      { prefix: normalizePlaceName(text), exact: false },
      { prefix: key, exact: false },
    ];
    for (const t of tries) {
      if (t.prefix.length < MIN_PREFIX) continue;
      const [row] = await searchPlacesByPrefix(db, { ...t, limit: 1 });
      if (row) return toGeoPlace(row, locale);
    }
    return null;
  }

  return {
    name: "gazetteer",

    async suggest(text, locale, limit = 5) {
      const prefix = normalizePlaceName(text);
      if (prefix.length < MIN_PREFIX) return [];
      // The marketplace is Italian: Italian places first, and foreign ones only when no Italian
      // place matches ("Milan" is Milano, not Milanów; "Lyon" is still Lyon). A country typed
      // after a comma ("Lyon, Francia") is read by locate() below.
      const italian = await searchPlacesByPrefix(db, { prefix, limit, countries: ITALIAN_COUNTRIES });
      const rows = italian.length > 0 ? italian : await searchPlacesByPrefix(db, { prefix, limit });
      if (rows.length > 0 || (!text.includes(",") && !text.includes("("))) return rows.map((r) => toGeoPlace(r, locale));
      // A whole description typed or pasted back ("Milano (MI), Italia"): suggest its place.
      const place = await locate(text, locale);
      return place ? [place] : [];
    },

    locate,

    async reverse(lat, lng, locale) {
      const row = await nearestPlace(db, { lat, lng, maxKm: REVERSE_MAX_KM });
      return row ? toGeoPlace(row, locale) : null;
    },
  };
}
