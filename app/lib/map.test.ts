import { describe, expect, it } from "vitest";
import { clusterColor, CLUSTER_OPTIONS, MARKERS_FROM_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from "./map.ts";

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
