// The town at a point, as GET /api/geocode/coords names it (the locality becomes the
// search's location): used by "use my position" and by "search this area".
import { getJson } from "./api-client.ts";

type CoordsAnswer = { status?: string; results?: { address_components?: { long_name: string; types: string[] }[] }[] };

/** The locality at lat/lng (6 decimals as text), or null when none is known or the call failed (logged). */
export async function localityAt(lat: string, lng: string): Promise<string | null> {
  const res = await getJson<CoordsAnswer>("/api/geocode/coords", { latitude: lat, longitude: lng });
  if (!res.ok) console.warn("reverse geocoding failed", res.status);
  const components = res.ok && res.data.status === "OK" ? (res.data.results?.[0]?.address_components ?? []) : [];
  return components.find((c) => c.types.includes("locality"))?.long_name ?? null;
}
