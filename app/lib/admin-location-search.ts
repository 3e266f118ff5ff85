// The back office's location search (/admin/search): its radius and
// page sizes, apart from the schemas (app/schemas/admin-location-search.ts) so that the page
// checks its radius box without loading the validation library.
import { parseNumber } from "./format.ts";

/** Radius when the box is left empty. */
export const LOCATION_SEARCH_DEFAULT_RADIUS_KM = 10;
/**
 * Bounds of the radius. Wider than the public map's 300 km: an administrator may look at a
 * whole region; 500 km around any Italian city covers most of the country.
 */
export const LOCATION_SEARCH_MIN_RADIUS_KM = 1;
export const LOCATION_SEARCH_MAX_RADIUS_KM = 500;
/** Page sizes: 20 warehouses, 8 requests. */
export const LOCATION_WAREHOUSES_PAGE_SIZE = 20;
export const LOCATION_REQUESTS_PAGE_SIZE = 8;

/** Whether the radius box holds an accepted radius: blank (the default) or a number within the bounds, as typed ("12,5"). */
export function isRadiusText(text: string): boolean {
  if (text.trim() === "") return true;
  const km = parseNumber(text);
  return km !== null && km >= LOCATION_SEARCH_MIN_RADIUS_KM && km <= LOCATION_SEARCH_MAX_RADIUS_KM;
}
