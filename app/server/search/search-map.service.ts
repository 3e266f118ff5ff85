// The search's map: what to draw for the visible part of it, from the zone of every result.
// Below zoom 14.5 supercluster's clusters (and the warehouses that stay alone) of the whole
// zone; from 14.5 one marker per warehouse. The cluster colour follows the spec: red above the
// larger of 10 and the mean count of the clusters answered.
import type { Locale } from "../../lib/locale.ts";
import type { SearchMapQuery } from "../../schemas/search.ts";
import { clusterColor, MARKERS_FROM_ZOOM, type MapItem, type MapMarker, type SearchMapResponse } from "../../lib/map.ts";
import { resolveSearchZone, type SearchDeps } from "./search.service.ts";
import { zoneCacheFor, type Zone } from "./zones.ts";

/** Most single markers one answer carries (a browser draws a few thousand DOM markers smoothly at most). */
export const MAP_MARKERS_LIMIT = 2000;

export type MapViewBox = { zoom: number; west: number; south: number; east: number; north: number };

function marker(zone: Zone, matches: Uint8Array, i: number): MapMarker {
  return { kind: "marker", id: zone.ids[i]!, lat: zone.lat[i]!, lng: zone.lng[i]!, claimed: zone.claimed[i] === 1, matches: matches[i] === 1 };
}

/** What to draw of a zone in a view. */
export function mapItems(zone: Zone, matches: Uint8Array, view: MapViewBox): { items: MapItem[]; truncated: boolean } {
  if (view.zoom >= MARKERS_FROM_ZOOM) {
    const items: MapItem[] = [];
    const crossesDateLine = view.west > view.east;
    for (let i = 0; i < zone.size; i++) {
      const lat = zone.lat[i]!;
      const lng = zone.lng[i]!;
      const inLng = crossesDateLine ? lng >= view.west || lng <= view.east : lng >= view.west && lng <= view.east;
      if (!inLng || lat < view.south || lat > view.north) continue;
      if (items.length >= MAP_MARKERS_LIMIT) return { items, truncated: true };
      items.push(marker(zone, matches, i));
    }
    return { items, truncated: false };
  }
  const index = zone.clusters();
  const features = index.getClusters([view.west, view.south, view.east, view.north], Math.floor(view.zoom));
  let clusters = 0;
  let clustered = 0;
  for (const f of features) {
    if (f.properties && "cluster" in f.properties && f.properties.cluster) {
      clusters += 1;
      clustered += (f.properties as unknown as { point_count: number }).point_count;
    }
  }
  const mean = clusters ? clustered / clusters : 0;
  const items = features.map((f): MapItem => {
    const props = f.properties as unknown as { cluster?: boolean; cluster_id: number; point_count: number; i: number };
    if (props.cluster) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      return {
        kind: "cluster",
        id: props.cluster_id,
        lat: Math.round(lat * 1e6) / 1e6,
        lng: Math.round(lng * 1e6) / 1e6,
        count: props.point_count,
        color: clusterColor(props.point_count, mean),
        expansion_zoom: index.getClusterExpansionZoom(props.cluster_id),
      };
    }
    return marker(zone, matches, props.i);
  });
  return { items, truncated: false };
}

/** GET /api/warehouses/search/map (the filters already validated by searchMapQuery). */
export async function searchMap(deps: SearchDeps, q: SearchMapQuery, locale: Locale): Promise<SearchMapResponse> {
  const found = await resolveSearchZone(deps, q, locale);
  if (!found) return { items: [], truncated: false, error: "location_not_found" };
  const answer = mapItems(found.zone, found.matches, q);
  // The zone may have just built its clusters: keep the cache within its memory budget.
  zoneCacheFor(deps.db).evict();
  return { ...answer, error: null };
}
