// Place search without a vendor key: one interface, two adapters. The embedded gazetteer
// (PostgreSQL, always available, offline) is the default; a Nominatim-compatible service is
// used when GEOCODER_URL is set, with the gazetteer as fallback when it does not answer.
// The endpoints shape the answers (geocoder.service.ts), so the shapes never depend on the adapter.
import type { Locale } from "../../lib/locale.ts";

export type GeoPlace = {
  /** The locality: comune, town or city. */
  name: string;
  /** Province code (Italy: the sigla, "MI"). */
  province: string | null;
  provinceName: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  postcode: string | null;
  lat: number;
  lng: number;
  /** What a person reads in a suggestion list and gets back in the location box. */
  description: string;
  /** How exact the point is: a street address, or the locality's centre (the gazetteer's only kind). */
  precision?: "street" | "town";
};

export interface Geocoder {
  readonly name: string;
  /** Suggestions for a partly typed place, best first. */
  suggest(text: string, locale: Locale, limit?: number): Promise<GeoPlace[]>;
  /** The one place a text (typically a chosen suggestion) stands for, or null. */
  locate(text: string, locale: Locale): Promise<GeoPlace | null>;
  /** The locality at a point, or null when there is none near. */
  reverse(lat: number, lng: number, locale: Locale): Promise<GeoPlace | null>;
}

/** Thrown by an online adapter that could not get an answer (network, status, timeout). */
export class GeocoderUnavailableError extends Error {}

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** "IT" → "Italia" / "Italy". */
export function countryName(code: string, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: "region" })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Milano (MI), Italia"; "Lyon, France". */
export function describePlace(p: Pick<GeoPlace, "name" | "province" | "country">, locale: Locale): string {
  const province = p.province && p.country === "IT" ? ` (${p.province})` : "";
  return `${p.name}${province}, ${countryName(p.country, locale)}`;
}

/** Uses the primary adapter and falls back to the second when the first is unavailable. */
export function withFallback(primary: Geocoder, fallback: Geocoder, onError?: (err: unknown) => void): Geocoder {
  async function attempt<T>(run: (g: Geocoder) => Promise<T>): Promise<T> {
    try {
      return await run(primary);
    } catch (err) {
      if (!(err instanceof GeocoderUnavailableError)) throw err;
      onError?.(err);
      return run(fallback);
    }
  }
  return {
    name: `${primary.name}+${fallback.name}`,
    suggest: (text, locale, limit) => attempt((g) => g.suggest(text, locale, limit)),
    locate: (text, locale) => attempt((g) => g.locate(text, locale)),
    reverse: (lat, lng, locale) => attempt((g) => g.reverse(lat, lng, locale)),
  };
}
