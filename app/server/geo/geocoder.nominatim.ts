// The online adapter: any Nominatim-compatible service (a self-hosted Nominatim, Photon's
// Nominatim mode, a commercial host) at GEOCODER_URL. Network failures, error statuses and
// timeouts raise GeocoderUnavailableError so the caller can fall back to the gazetteer.
import type { Locale } from "../../lib/locale.ts";
import { GeocoderUnavailableError, type GeoPlace, type Geocoder } from "./geocoder.ts";

type NominatimAddress = Record<string, string | undefined>;
type NominatimItem = {
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  address?: NominatimAddress;
};

const TIMEOUT_MS = 4000;

function locality(a: NominatimAddress, fallback: string | undefined): string | null {
  return a.city ?? a.town ?? a.village ?? a.municipality ?? a.hamlet ?? a.suburb ?? a.county ?? fallback ?? null;
}

/** "IT-MI" (ISO3166-2-lvl6) → "MI". */
function provinceCode(a: NominatimAddress): string | null {
  const iso = a["ISO3166-2-lvl6"] ?? a["ISO3166-2-lvl5"] ?? a["ISO3166-2-lvl4"];
  const code = iso?.split("-")[1];
  return code ?? null;
}

export function toGeoPlace(item: NominatimItem): GeoPlace | null {
  const lat = Number(item.lat);
  const lng = Number(item.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const a = item.address ?? {};
  const name = locality(a, item.name);
  if (!name) return null;
  return {
    name,
    province: provinceCode(a),
    provinceName: a.county ?? a.province ?? null,
    region: a.state ?? a.region ?? null,
    country: (a.country_code ?? "").toUpperCase(),
    postcode: a.postcode ?? null,
    lat,
    lng,
    description: item.display_name ?? name,
    precision: a.road || a.house_number || a.pedestrian || a.industrial ? "street" : "town",
  };
}

export function nominatimGeocoder(baseUrl: string, opts: { fetch?: typeof fetch; userAgent?: string } = {}): Geocoder {
  const doFetch = opts.fetch ?? fetch;
  const base = baseUrl.replace(/\/+$/, "");

  async function get(path: string, params: Record<string, string>, locale: Locale): Promise<unknown> {
    const url = new URL(`${base}/${path}`);
    for (const [k, v] of Object.entries({ format: "jsonv2", addressdetails: "1", "accept-language": locale, ...params })) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { Accept: "application/json", "User-Agent": opts.userAgent ?? "Stockspace geocoder" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new GeocoderUnavailableError(`geocoder unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!response.ok) throw new GeocoderUnavailableError(`geocoder answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new GeocoderUnavailableError("geocoder answered something that is not JSON");
    }
  }

  const list = (data: unknown): GeoPlace[] => (Array.isArray(data) ? (data as NominatimItem[]) : []).map(toGeoPlace).filter((p): p is GeoPlace => p !== null);

  return {
    name: "nominatim",
    async suggest(text, locale, limit = 5) {
      return list(await get("search", { q: text, limit: String(limit) }, locale));
    },
    async locate(text, locale) {
      return list(await get("search", { q: text, limit: "1" }, locale))[0] ?? null;
    },
    async reverse(lat, lng, locale) {
      const data = (await get("reverse", { lat: String(lat), lon: String(lng), zoom: "10" }, locale)) as NominatimItem & { error?: string };
      if (!data || typeof data !== "object" || data.error) return null;
      return toGeoPlace(data);
    },
  };
}
