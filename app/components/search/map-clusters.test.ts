import { describe, expect, it } from "vitest";
import { buildClusterIndex, clusterColor, CLUSTER_OPTIONS, MARKERS_FROM_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from "./map-clusters.ts";

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** `n` points scattered within about 200 m of a place. */
function around(lat: number, lng: number, n: number, firstId: number) {
  return Array.from({ length: n }, (_, i) => ({ id: firstId + i, lat: lat + ((i % 7) - 3) * 0.0003, lng: lng + (Math.floor(i / 7) - 3) * 0.0003 }));
}

describe("the map's constants", () => {
  it("are the spec's", () => {
    expect(MAP_DEFAULT_CENTER).toEqual({ lat: 45.464664, lng: 9.18854 });
    expect(MAP_DEFAULT_ZOOM).toBe(12);
    expect([MAP_MIN_ZOOM, MAP_MAX_ZOOM]).toEqual([6, 15]);
    expect(MARKERS_FROM_ZOOM).toBe(14.5);
    expect(CLUSTER_OPTIONS).toEqual({ radius: 60, maxZoom: 16, minPoints: 2 });
  });
});

describe("clusterColor", () => {
  it("is red above the larger of 10 and the mean count, blue otherwise", () => {
    expect(clusterColor(11, 4)).toBe("red");
    expect(clusterColor(10, 4)).toBe("blue");
    expect(clusterColor(30, 40)).toBe("blue");
    expect(clusterColor(41, 40)).toBe("red");
  });
});

describe("buildClusterIndex", () => {
  const milano = around(45.4642, 9.19, 40, 1);
  const bologna = around(44.4949, 11.3426, 5, 100);
  const lonely = [{ id: 500, lat: 41.9, lng: 12.5 }];
  const index = buildClusterIndex([...milano, ...bologna, ...lonely]);

  it("clusters every result below zoom 14.5, with counts of 2 or more and colours by the mean", () => {
    const items = index.itemsAt(WORLD, 8);
    const clusters = items.filter((i) => i.kind === "cluster");
    expect(clusters.map((c) => c.count).sort((a, b) => a - b)).toEqual([5, 40]);
    const mean = (40 + 5) / 2;
    for (const c of clusters) expect(c.color).toBe(clusterColor(c.count, mean));
    expect(clusters.find((c) => c.count === 40)?.color).toBe("red");
    expect(clusters.find((c) => c.count === 5)?.color).toBe("blue");
    // A lone warehouse is a marker, never a cluster of one.
    expect(items.filter((i) => i.kind === "marker").map((i) => (i.kind === "marker" ? i.point.id : 0))).toEqual([500]);
    expect(items.reduce((n, i) => n + (i.kind === "cluster" ? i.count : 1), 0)).toBe(46);
  });

  it("still clusters at zoom 14.4 and shows one marker per warehouse from 14.5", () => {
    expect(index.itemsAt(WORLD, 14.4).some((i) => i.kind === "cluster")).toBe(true);
    const markers = index.itemsAt(WORLD, 14.5);
    expect(markers.every((i) => i.kind === "marker")).toBe(true);
    expect(markers).toHaveLength(46);
  });

  it("keeps to the visible box and splits a cluster at its expansion zoom", () => {
    const nearMilano: [number, number, number, number] = [9.1, 45.4, 9.3, 45.5];
    const items = index.itemsAt(nearMilano, 10);
    expect(items).toHaveLength(1);
    const cluster = items[0]!;
    expect(cluster.kind).toBe("cluster");
    if (cluster.kind === "cluster") expect(index.expansionZoom(cluster.id)).toBeGreaterThan(10);
  });
});
