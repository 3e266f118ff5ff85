// The map's clusters of a view: every warehouse counted once, neighbours across a cell's edge
// together, the zoom at which a group splits, and only what the view shows.
import { describe, expect, it } from "vitest";
import { CLUSTER_OPTIONS } from "../../lib/map.ts";
import { createRandom } from "../seed/random.ts";
import { clusterGroups, mercatorX, mercatorY, toMercator, WORLD_PX, type ClusterView } from "./map-clusters.ts";

function pointsOf(positions: { lat: number; lng: number }[]) {
  const lat = Float64Array.from(positions, (p) => p.lat);
  const lng = Float64Array.from(positions, (p) => p.lng);
  return { mercator: toMercator(lat, lng, positions.length), size: positions.length };
}

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const groupsAt = (positions: { lat: number; lng: number }[], view: ClusterView) => {
  const { mercator, size } = pointsOf(positions);
  return clusterGroups(mercator, size, view);
};

/** A cell edge's longitude at a zoom (cells are twice the radius wide, in pixels). */
function cellEdgeLng(zoom: number, near: number): number {
  const perUnit = (WORLD_PX * 2 ** zoom) / (2 * CLUSTER_OPTIONS.radius);
  return (Math.round(mercatorX(near) * perUnit) / perUnit - 0.5) * 360;
}

/** Metres in pixels at a zoom, at a latitude. */
const pixels = (metres: number, zoom: number, lat: number) => (metres / (40_075_016.686 * Math.cos((lat * Math.PI) / 180))) * WORLD_PX * 2 ** zoom;

describe("clusterGroups", () => {
  const rand = createRandom(69);
  const crowd = Array.from({ length: 5_000 }, () => {
    const r = rand.next() ** 2 * 0.2;
    const a = rand.next() * 2 * Math.PI;
    return { lat: 45.46 + r * Math.sin(a), lng: 9.19 + r * 1.4 * Math.cos(a) };
  });

  it("counts every warehouse once at every zoom, each group at the mean of its warehouses", () => {
    for (let zoom = 0; zoom <= 14; zoom++) {
      const groups = groupsAt(crowd, { zoom, ...WORLD });
      expect(groups.reduce((n, g) => n + g.count, 0)).toBe(crowd.length);
      expect(new Set(groups.map((g) => g.id)).size).toBe(groups.length);
      const firsts = groups.filter((g) => g.count === 1).map((g) => g.first);
      expect(new Set(firsts).size).toBe(firsts.length);
      for (const g of groups.filter((g) => g.count === 1)) {
        // Within the Mercator unit (about a centimetre).
        expect(g.lat).toBeCloseTo(crowd[g.first]!.lat, 6);
        expect(g.lng).toBeCloseTo(crowd[g.first]!.lng, 6);
      }
    }
    // Fewer, larger groups as the map zooms out.
    const sizes = [8, 10, 12, 14].map((zoom) => groupsAt(crowd, { zoom, ...WORLD }).length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes[0]).toBeLessThan(sizes[3]!);
  });

  it("places a group at the mean position of its warehouses", () => {
    const pair = [
      { lat: 45.0, lng: 10.0 },
      { lat: 45.0002, lng: 10.0004 },
    ];
    const [group] = groupsAt(pair, { zoom: 8, ...WORLD });
    expect(group).toMatchObject({ count: 2 });
    expect(group!.lat).toBeCloseTo(45.0001, 5);
    expect(group!.lng).toBeCloseTo(10.0002, 6);
  });

  it("keeps two warehouses a few metres apart on either side of a cell's edge together, at every zoom", () => {
    for (let zoom = 6; zoom <= 14; zoom++) {
      const edge = cellEdgeLng(zoom, 9.19);
      const pair = [
        { lat: 45.46, lng: edge - 0.00005 },
        { lat: 45.46, lng: edge + 0.00005 },
      ];
      const groups = groupsAt(pair, { zoom, ...WORLD });
      expect(groups, `zoom ${zoom}`).toHaveLength(1);
      // 8 m apart: less than the radius even at the largest zoom, so the group never splits.
      expect(groups[0]).toMatchObject({ count: 2, expansionZoom: CLUSTER_OPTIONS.maxZoom + 1 });
    }
  });

  it("says the zoom at which two warehouses part, and they are one group until then", () => {
    for (const metres of [150, 900, 4_000, 20_000]) {
      const pair = [
        { lat: 45.46, lng: 9.19 },
        { lat: 45.46 + rand.float(-0.5, 0.5) * (metres / 111_000), lng: 9.19 + metres / 78_000 },
      ];
      const zoom = 6;
      const [group, ...rest] = groupsAt(pair, { zoom, ...WORLD });
      expect(rest).toHaveLength(0);
      const split = group!.expansionZoom;
      expect(split).toBeGreaterThan(zoom);
      expect(pixels(metres, split, 45.46)).toBeGreaterThan(CLUSTER_OPTIONS.radius * 0.9);
      for (let z = zoom; z <= Math.min(split - 1, 14); z++) expect(groupsAt(pair, { zoom: z, ...WORLD }), `${metres} m, zoom ${z}`).toHaveLength(1);
      if (split <= 14) expect(groupsAt(pair, { zoom: split, ...WORLD }), `${metres} m, zoom ${split}`).toHaveLength(2);
    }
  });

  it("answers the groups whose centre the view shows, each as the whole map's answer has it", () => {
    for (let zoom = 8; zoom <= 14; zoom++) {
      const world = groupsAt(crowd, { zoom, ...WORLD });
      for (let k = 0; k < 12; k++) {
        const south = 45.46 + rand.float(-0.2, 0.15);
        const west = 9.19 + rand.float(-0.3, 0.25);
        const view = { zoom, west, south, east: west + rand.float(0.01, 0.1), north: south + rand.float(0.01, 0.06) };
        const shown = world.filter((g) => g.lat >= view.south && g.lat <= view.north && g.lng >= view.west && g.lng <= view.east);
        expect(groupsAt(crowd, view), `zoom ${zoom}, view ${JSON.stringify(view)}`).toEqual(shown);
      }
    }
  });

  it("projects as the map does (Web Mercator), clamped at the poles", () => {
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorX(180)).toBe(1);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(85.0511287798)).toBeCloseTo(0, 6);
    expect(mercatorY(90)).toBe(0);
    expect(mercatorY(-90)).toBe(1);
  });
});
