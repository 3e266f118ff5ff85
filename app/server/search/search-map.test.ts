// What the search's map draws, over a zone built from known points (no database needed).
import { describe, expect, it } from "vitest";
import { clusterColor } from "../../lib/map.ts";
import { mapItems, MAP_MARKERS_LIMIT } from "./search-map.service.ts";
import type { MapCluster, MapMarker } from "../../lib/map.ts";
import { distanceM, packZonePoints, zoneFromPoints, type ZonePoint } from "./zones.ts";
import { createRandom } from "../seed/random.ts";

/** `n` points on a grid of about 30 m around a place. */
function around(lat: number, lng: number, n: number, firstId: number, claimed = true): ZonePoint[] {
  return Array.from({ length: n }, (_, i) => ({ id: firstId + i, lat: lat + ((i % 7) - 3) * 0.0003, lng: lng + (Math.floor(i / 7) - 3) * 0.0003, claimed }));
}

const centre = { lat: 45.0, lng: 10.0 };
const big = around(45.3, 9.2, 40, 1);
const small = around(44.6, 10.8, 5, 100, false);
const lonely: ZonePoint[] = [{ id: 500, lat: 45.0, lng: 10.0, claimed: true }];
const far: ZonePoint[] = [{ id: 900, lat: 47.5, lng: 10.0, claimed: true }]; // outside the 150 km circle
const zone = zoneFromPoints({ ...centre, radiusM: 150_000 }, packZonePoints([...big, ...small, ...lonely, ...far]));
const matches = new Uint8Array(zone.size).map((_, i) => (zone.ids[i]! % 2 === 0 ? 1 : 0));
const ITALY = { west: 6, south: 36, east: 19, north: 47.9 };

describe("a zone", () => {
  it("keeps the warehouses within the radius, with their bounds", () => {
    expect(zone.size).toBe(46);
    expect([...zone.ids]).not.toContain(900);
    const expected = { min_lat: 44.5991, max_lat: 45.3009, min_lng: 9.1991, max_lng: 10.7991 };
    for (const [key, value] of Object.entries(expected)) expect(zone.bounds![key as keyof typeof expected]).toBeCloseTo(value, 6);
  });
});

describe("mapItems", () => {
  it("clusters every warehouse of the zone below zoom 14.5: counts of 2 or more, colours by the mean, lone ones as markers", () => {
    const { items } = mapItems(zone, matches, { zoom: 8, ...ITALY });
    const clusters = items.filter((i): i is MapCluster => i.kind === "cluster");
    expect(clusters.map((c) => c.count).sort((a, b) => a - b)).toEqual([5, 40]);
    const mean = (40 + 5) / 2;
    for (const c of clusters) expect(c.color).toBe(clusterColor(c.count, mean));
    expect(clusters.find((c) => c.count === 40)?.color).toBe("red");
    expect(clusters.find((c) => c.count === 5)?.color).toBe("blue");
    for (const c of clusters) expect(c.expansion_zoom).toBeGreaterThan(8);
    const markers = items.filter((i): i is MapMarker => i.kind === "marker");
    expect(markers).toEqual([{ kind: "marker", id: 500, lat: 45, lng: 10, claimed: true, matches: true }]);
    expect(items.reduce((n, i) => n + (i.kind === "cluster" ? i.count : 1), 0)).toBe(46);
  });

  it("still clusters at zoom 14.4 and shows one marker per warehouse from 14.5, with its kind", () => {
    expect(mapItems(zone, matches, { zoom: 14.4, ...ITALY }).items.some((i) => i.kind === "cluster")).toBe(true);
    const { items } = mapItems(zone, matches, { zoom: 14.5, ...ITALY });
    expect(items.every((i) => i.kind === "marker")).toBe(true);
    expect(items).toHaveLength(46);
    const unclaimed = items.find((i) => i.id === 101) as MapMarker;
    expect(unclaimed).toMatchObject({ claimed: false, matches: false });
    expect((items.find((i) => i.id === 100) as MapMarker).matches).toBe(true);
  });

  it("keeps to the visible box", () => {
    const nearBig = { west: 9.1, south: 45.2, east: 9.3, north: 45.4 };
    const { items } = mapItems(zone, matches, { zoom: 10, ...nearBig });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "cluster", count: 40 });
    expect(mapItems(zone, matches, { zoom: 15, ...nearBig }).items).toHaveLength(40);
  });

  it("answers the same map whatever order the zone holds its warehouses in", () => {
    const points = [...big, ...small, ...lonely, ...far];
    const shuffled = zoneFromPoints({ ...centre, radiusM: 150_000 }, packZonePoints(createRandom(5).shuffle([...points])));
    const shuffledMatches = new Uint8Array(shuffled.size).map((_, i) => (shuffled.ids[i]! % 2 === 0 ? 1 : 0));
    for (const zoom of [6, 8, 10, 12, 13, 14, 14.5, 15])
      expect(mapItems(shuffled, shuffledMatches, { zoom, ...ITALY }), `zoom ${zoom}`).toEqual(mapItems(zone, matches, { zoom, ...ITALY }));
  });

  it("answers at most MAP_MARKERS_LIMIT markers, the nearest to the centre, and says so", () => {
    const crowd = zoneFromPoints(
      { ...centre, radiusM: 10_000 },
      packZonePoints(
        Array.from({ length: MAP_MARKERS_LIMIT + 10 }, (_, i) => ({
          id: i + 1,
          lat: 45 + (i % 50) * 0.0001,
          lng: 10 + Math.floor(i / 50) * 0.0001,
          claimed: true,
        })),
      ),
    );
    const { items, truncated } = mapItems(crowd, new Uint8Array(crowd.size), { zoom: 15, west: 9, south: 44, east: 11, north: 46 });
    expect(items).toHaveLength(MAP_MARKERS_LIMIT);
    expect(truncated).toBe(true);
    // The crowd spreads north and east of the centre: the farthest ten are left out, and the rest come nearest first.
    const mm = (p: { lat: number; lng: number }) => Math.round(distanceM(45, 10, p.lat, p.lng) * 1000);
    const expected = Array.from({ length: crowd.size }, (_, i) => ({ id: crowd.ids[i]!, mm: mm({ lat: crowd.lat[i]!, lng: crowd.lng[i]! }) }))
      .sort((a, b) => a.mm - b.mm || a.id - b.id)
      .slice(0, MAP_MARKERS_LIMIT)
      .map((p) => p.id);
    expect(items.map((i) => i.id)).toEqual(expected);
  });
});
