// The search's map: what to draw for the visible part of it, from the zone of every result.
// Below zoom 14.5 the clusters of the zone's warehouses around the view (map-clusters.ts), and
// the warehouses that stay alone; from 14.5 one marker per warehouse. The cluster colour follows
// the spec: red above the larger of 10 and the mean count of the clusters answered.
import type { Locale } from "../../lib/locale.ts";
import type { SearchMapQuery } from "../../schemas/search.ts";
import { clusterColor, CLUSTER_OPTIONS, MARKERS_FROM_ZOOM, type MapItem, type MapMarker, type SearchMapResponse } from "../../lib/map.ts";
import { resolveSearchZone, type SearchDeps } from "./search.service.ts";
import { clusterGroups, inView, type ClusterView } from "./map-clusters.ts";
import type { Zone } from "./zones.ts";
import { closer, firstByOrder } from "./zone-points.ts";

/** Most single markers one answer carries (a browser draws a few thousand DOM markers smoothly at most). */
export const MAP_MARKERS_LIMIT = 2000;

export type MapViewBox = ClusterView;

function marker(zone: Zone, matches: Uint8Array, i: number): MapMarker {
  return { kind: "marker", id: zone.ids[i]!, lat: zone.lat[i]!, lng: zone.lng[i]!, claimed: zone.claimed[i] === 1, matches: matches[i] === 1 };
}

const round6 = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** What to draw of a zone in a view. */
export function mapItems(zone: Zone, matches: Uint8Array, view: MapViewBox): { items: MapItem[]; truncated: boolean } {
  if (view.zoom >= MARKERS_FROM_ZOOM) {
    const shown: number[] = [];
    for (let i = 0; i < zone.size; i++) if (inView(view, zone.lat[i]!, zone.lng[i]!)) shown.push(i);
    // The nearest to the centre when they are too many; nearest first either way.
    const nearest = firstByOrder(shown, MAP_MARKERS_LIMIT, closer(zone));
    return { items: nearest.map((i) => marker(zone, matches, i)), truncated: shown.length > nearest.length };
  }
  const groups = clusterGroups(zone.mercator(), zone.size, view);
  let clusters = 0;
  let clustered = 0;
  for (const g of groups) {
    if (g.count < CLUSTER_OPTIONS.minPoints) continue;
    clusters += 1;
    clustered += g.count;
  }
  const mean = clusters ? clustered / clusters : 0;
  const items = groups.map((g): MapItem => {
    if (g.count < CLUSTER_OPTIONS.minPoints) return marker(zone, matches, g.first);
    return {
      kind: "cluster",
      id: g.id,
      lat: round6(g.lat),
      lng: round6(g.lng),
      count: g.count,
      color: clusterColor(g.count, mean),
      expansion_zoom: g.expansionZoom,
    };
  });
  return { items, truncated: false };
}

/** GET /api/warehouses/search/map (the filters already validated by searchMapQuery). */
export async function searchMap(deps: SearchDeps, q: SearchMapQuery, locale: Locale): Promise<SearchMapResponse> {
  const found = await resolveSearchZone(deps, q, locale);
  if (!found) return { items: [], truncated: false, error: "location_not_found" };
  return { ...mapItems(found.zone, found.matches, q), error: null };
}
