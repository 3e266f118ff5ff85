// The map's clustering rules (spec §9), kept apart from MapLibre so they can be tested:
// supercluster over every result, clusters below zoom 14.5 and single markers from 14.5,
// a cluster red when its count exceeds the larger of 10 and the mean count, else blue.
import Supercluster from "supercluster";

export const MAP_DEFAULT_CENTER = { lat: 45.464664, lng: 9.18854 };
export const MAP_DEFAULT_ZOOM = 12;
export const MAP_MIN_ZOOM = 6;
export const MAP_MAX_ZOOM = 15;
/** Below this zoom the map shows clusters; from it, one marker per warehouse. */
export const MARKERS_FROM_ZOOM = 14.5;
export const CLUSTER_OPTIONS = { radius: 60, maxZoom: 16, minPoints: 2 } as const;

export type MapPoint = { id: number; lat: number; lng: number };

export type MapItem<P extends MapPoint> =
  | { kind: "marker"; point: P; lat: number; lng: number }
  | { kind: "cluster"; id: number; count: number; lat: number; lng: number; color: "red" | "blue" };

export type ClusterIndex<P extends MapPoint> = {
  /** What to draw for the visible box [west, south, east, north] at a zoom level. */
  itemsAt(bbox: [number, number, number, number], zoom: number): MapItem<P>[];
  /** The zoom at which a cluster splits. */
  expansionZoom(clusterId: number): number;
};

/** The colour rule of the spec: red above max(10, mean count of the clusters shown). */
export function clusterColor(count: number, meanCount: number): "red" | "blue" {
  return count > Math.max(10, meanCount) ? "red" : "blue";
}

export function buildClusterIndex<P extends MapPoint>(points: P[]): ClusterIndex<P> {
  const index = new Supercluster<{ i: number }, Record<string, never>>({ ...CLUSTER_OPTIONS });
  index.load(points.map((p, i) => ({ type: "Feature", properties: { i }, geometry: { type: "Point", coordinates: [p.lng, p.lat] } })));
  return {
    itemsAt(bbox, zoom) {
      const inView = (p: P) => p.lng >= bbox[0] && p.lng <= bbox[2] && p.lat >= bbox[1] && p.lat <= bbox[3];
      if (zoom >= MARKERS_FROM_ZOOM) {
        return points.filter(inView).map((point) => ({ kind: "marker" as const, point, lat: point.lat, lng: point.lng }));
      }
      const features = index.getClusters(bbox, Math.floor(zoom));
      const clusters = features.filter((f) => "cluster" in f.properties && f.properties.cluster);
      const mean = clusters.length ? clusters.reduce((sum, f) => sum + ((f.properties as { point_count: number }).point_count ?? 0), 0) / clusters.length : 0;
      return features.map((f) => {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        if ("cluster" in f.properties && f.properties.cluster) {
          const props = f.properties as unknown as { cluster_id: number; point_count: number };
          return { kind: "cluster" as const, id: props.cluster_id, count: props.point_count, lat, lng, color: clusterColor(props.point_count, mean) };
        }
        const point = points[(f.properties as { i: number }).i]!;
        return { kind: "marker" as const, point, lat: point.lat, lng: point.lng };
      });
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}
