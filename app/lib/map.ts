// The map's constants and cluster colour rule, shared by the server, which clusters
// every result of a zone (app/server/search/map-clusters.ts), and the map that draws
// what it answers: clusters below zoom 14.5 and single markers from 14.5, a cluster red when its
// count exceeds the larger of 10 and the mean count of the clusters shown, else blue.

export const MAP_DEFAULT_CENTER = { lat: 45.464664, lng: 9.18854 };
export const MAP_DEFAULT_ZOOM = 12;
export const MAP_MIN_ZOOM = 6;
export const MAP_MAX_ZOOM = 15;
/**
 * The closest a search's first view comes: fitted to one result (or a few close together) at the
 * map's closest zoom, a street filled the map and the searched place was nowhere in sight; at 13
 * about 13 km of it show, the neighbourhood around the pin.
 */
export const MAP_FIT_MAX_ZOOM = 13;
/** Below this zoom the map shows clusters; from it, one marker per warehouse. */
export const MARKERS_FROM_ZOOM = 14.5;
export const CLUSTER_OPTIONS = { radius: 60, maxZoom: 16, minPoints: 2 } as const;

/** The colour rule of the spec: red above max(10, mean count of the clusters shown). */
export function clusterColor(count: number, meanCount: number): "red" | "blue" {
  return count > Math.max(10, meanCount) ? "red" : "blue";
}

// What GET /api/warehouses/search/map answers (app/server/search/search-map.service.ts).
export type MapCluster = { kind: "cluster"; id: number; lat: number; lng: number; count: number; color: "red" | "blue"; expansion_zoom: number };
export type MapMarker = { kind: "marker"; id: number; lat: number; lng: number; claimed: boolean; matches: boolean };
export type MapItem = MapCluster | MapMarker;

export type SearchMapResponse = {
  items: MapItem[];
  /** True when more markers lie in view than MAP_MARKERS_LIMIT (the nearest to the centre are answered). */
  truncated: boolean;
  /** null, or "location_not_found" when the location could not be geocoded. */
  error: string | null;
};

/**
 * Where a warehouse may stand: Italy with its islands (Lampedusa 35.5° N, Vetta d'Italia
 * 47.1° N, Otranto 18.5° E) and San Marino and the Vatican inside it. A little of the
 * neighbours' land falls inside the box; the point is to catch a pin dropped in the sea off
 * Africa or a geocoder that answered a namesake abroad.
 */
export const ITALY_BOUNDS = { minLat: 35.4, maxLat: 47.1, minLng: 6.6, maxLng: 18.6 } as const;

export function insideItaly(lat: number, lng: number): boolean {
  return lat >= ITALY_BOUNDS.minLat && lat <= ITALY_BOUNDS.maxLat && lng >= ITALY_BOUNDS.minLng && lng <= ITALY_BOUNDS.maxLng;
}
