// Where a warehouse stands, from its address: the form places its pin with it, and a save
// without a pin is placed with it. With GEOCODER_URL (a Nominatim-compatible service) the
// street address is tried first; the built-in gazetteer knows localities only, so without it
// (or when the street is not found) the pin goes to the town's centre and the owner drags it
// onto the building. A place outside Italy is no answer: warehouses are listed in Italy only.
import type { Locale } from "../../lib/locale.ts";
import { insideItaly } from "../../lib/map.ts";
import type { Geocoder } from "./geocoder.ts";

export type AddressParts = { address?: string | null; cap?: string | null; city?: string | null; province?: string | null; country?: string | null };
export type LocatedAddress = { lat: number; lng: number; precision: "street" | "town"; description: string };

const clean = (v: string | null | undefined) => (v ?? "").replace(/\s+/g, " ").trim();

export async function locateAddress(geocoder: Geocoder, parts: AddressParts, opts: { locale: Locale; streetLevel: boolean }): Promise<LocatedAddress | null> {
  const city = clean(parts.city);
  if (!city) return null;
  const country = clean(parts.country) || "Italia";
  const province = clean(parts.province);
  const queries: { text: string; street: boolean }[] = [];
  const street = clean(parts.address);
  if (opts.streetLevel && street) queries.push({ text: `${street}, ${clean(parts.cap)} ${city}, ${country}`.replace(/\s+,/g, ","), street: true });
  // "Milano (MI), Italia" is the gazetteer's own description format: the province picks the right namesake.
  queries.push({ text: /^[A-Za-z]{2}$/.test(province) ? `${city} (${province.toUpperCase()}), ${country}` : `${city}, ${country}`, street: false });
  for (const query of queries) {
    const place = await geocoder.locate(query.text, opts.locale);
    if (!place || !insideItaly(place.lat, place.lng)) continue;
    // A street query the fallback gazetteer answered with some locality is no street answer.
    if (query.street && place.precision !== "street") continue;
    return { lat: place.lat, lng: place.lng, precision: place.precision === "street" ? "street" : "town", description: place.description };
  }
  return null;
}
