// The geocoding endpoints' answers, in the shapes the spec's pages read (Google-style status,
// predictions[].description, results[].geometry.location, results[].address_components),
// whichever adapter answers.
import type { AppServices } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { countryName, withFallback, type GeoPlace, type Geocoder } from "./geocoder.ts";
import { gazetteerGeocoder } from "./geocoder.gazetteer.ts";
import { nominatimGeocoder } from "./geocoder.nominatim.ts";
import { locateAddress, type AddressParts } from "./address.ts";

export type GeoStatus = "OK" | "ZERO_RESULTS";

export type AddressComponent = { long_name: string; short_name: string; types: string[] };

export type PlacesResponse = {
  status: GeoStatus;
  predictions: { description: string; place_id: string; structured_formatting: { main_text: string; secondary_text: string }; types: string[] }[];
};

export type GeocodeResult = {
  formatted_address: string;
  place_id: string;
  types: string[];
  geometry: { location: { lat: number; lng: number } };
  address_components: AddressComponent[];
};

export type GeocodeResponse = { status: GeoStatus; results: GeocodeResult[] };

const geocoders = new WeakMap<AppServices, Geocoder>();

/** The app's geocoder: the gazetteer, or the online service at GEOCODER_URL backed by it. */
export function geocoderFor(services: Pick<AppServices, "db" | "config" | "log">): Geocoder {
  const key = services as AppServices;
  let geocoder = geocoders.get(key);
  if (!geocoder) {
    const embedded = gazetteerGeocoder(services.db);
    geocoder = services.config.geocoderUrl
      ? withFallback(nominatimGeocoder(services.config.geocoderUrl), embedded, (err) =>
          services.log.warn({ err }, "online geocoder unavailable, using the gazetteer"),
        )
      : embedded;
    geocoders.set(key, geocoder);
  }
  return geocoder;
}

function placeId(p: GeoPlace): string {
  return `${p.country}:${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
}

export function addressComponents(p: GeoPlace, locale: Locale): AddressComponent[] {
  const out: AddressComponent[] = [{ long_name: p.name, short_name: p.name, types: ["locality", "political"] }];
  if (p.provinceName || p.province) {
    out.push({ long_name: p.provinceName ?? p.province!, short_name: p.province ?? p.provinceName!, types: ["administrative_area_level_2", "political"] });
  }
  if (p.region) out.push({ long_name: p.region, short_name: p.region, types: ["administrative_area_level_1", "political"] });
  if (p.country) out.push({ long_name: countryName(p.country, locale), short_name: p.country, types: ["country", "political"] });
  if (p.postcode) out.push({ long_name: p.postcode, short_name: p.postcode, types: ["postal_code"] });
  return out;
}

function result(p: GeoPlace, locale: Locale): GeocodeResult {
  return {
    formatted_address: p.description,
    place_id: placeId(p),
    types: ["locality", "political"],
    geometry: { location: { lat: p.lat, lng: p.lng } },
    address_components: addressComponents(p, locale),
  };
}

/** GET /api/places: suggestions for a partly typed location. */
export async function placePredictions(geocoder: Geocoder, text: string, locale: Locale): Promise<PlacesResponse> {
  const places = await geocoder.suggest(text, locale, 5);
  return {
    status: places.length ? "OK" : "ZERO_RESULTS",
    predictions: places.map((p) => ({
      description: p.description,
      place_id: placeId(p),
      structured_formatting: { main_text: p.name, secondary_text: p.description.slice(p.description.indexOf(p.name) + p.name.length).replace(/^[\s,]+/, "") },
      types: ["locality", "political"],
    })),
  };
}

/** GET /api/geocode/location: the coordinates of a location text. */
export async function geocodeLocation(geocoder: Geocoder, text: string, locale: Locale): Promise<GeocodeResponse> {
  const place = await geocoder.locate(text, locale);
  return place ? { status: "OK", results: [result(place, locale)] } : { status: "ZERO_RESULTS", results: [] };
}

/** GET /api/geocode/coords: the locality at a point (the page puts it in the location box). */
export async function geocodeCoords(geocoder: Geocoder, lat: number, lng: number, locale: Locale): Promise<GeocodeResponse> {
  const place = await geocoder.reverse(lat, lng, locale);
  return place ? { status: "OK", results: [result(place, locale)] } : { status: "ZERO_RESULTS", results: [] };
}

export type AddressGeocodeResponse = {
  status: GeoStatus;
  results: { formatted_address: string; precision: "street" | "town"; geometry: { location: { lat: number; lng: number } } }[];
};

/** GET /api/geocode/address: where a warehouse's address is, for the form's pin (street-level with GEOCODER_URL). */
export async function geocodeAddress(
  services: Pick<AppServices, "db" | "config" | "log">,
  parts: AddressParts,
  locale: Locale,
): Promise<AddressGeocodeResponse> {
  const found = await locateAddress(geocoderFor(services), parts, { locale, streetLevel: Boolean(services.config.geocoderUrl) });
  if (!found) return { status: "ZERO_RESULTS", results: [] };
  return {
    status: "OK",
    results: [{ formatted_address: found.description, precision: found.precision, geometry: { location: { lat: found.lat, lng: found.lng } } }],
  };
}
