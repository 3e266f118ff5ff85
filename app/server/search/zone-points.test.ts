import { describe, expect, it } from "vitest";
import { createRandom } from "../seed/random.ts";
import { distanceM, nearestFirst, pointsInCircle, smallestSorted } from "./zone-points.ts";

describe("a zone's order", () => {
  it("puts warehouses at the same distance (to the millimetre) in id order, whatever order they came in", () => {
    const ids = [50, 7, 31, 2];
    const distance = Float64Array.from([1000.0001, 500, 1000.0003, 1000.0002]);
    const order = nearestFirst(Int32Array.from([0, 1, 2, 3]), distance, ids);
    expect([...order].map((k) => ids[k])).toEqual([7, 2, 31, 50]);
  });

  it("keeps the points within the radius on their published position, nearest first, with their bounds", () => {
    const centre = { lat: 45.4642, lng: 9.19, radiusM: 2000 };
    const cand = {
      ids: [3, 1, 2, 4],
      latE6: [45_474_200, 45_464_200, 45_464_200, 45_500_000],
      lngE6: [9_190_000, 9_190_000, 9_190_000, 9_190_000],
      claimed: [1, 0, 1, 1],
    };
    const { points, candidate } = pointsInCircle(centre, 4, cand);
    expect([...points.ids]).toEqual([1, 2, 3]);
    expect([...points.claimed]).toEqual([0, 1, 1]);
    expect([...candidate]).toEqual([1, 2, 0]);
    expect(points.distance[2]).toBeCloseTo(distanceM(45.4642, 9.19, 45.4742, 9.19), 6);
    expect(points.bounds).toEqual({ min_lat: 45.4642, max_lat: 45.4742, min_lng: 9.19, max_lng: 9.19 });
  });
});

describe("the first of a list", () => {
  it("are the smallest keys, ascending, as a sort of the whole list gives them", () => {
    const random = createRandom(7).next;
    for (const [n, limit] of [
      [0, 100],
      [1, 100],
      [100, 100],
      [101, 100],
      [5000, 100],
      [5000, 1],
      [20000, 250],
    ] as const) {
      const keys = new Float64Array(n);
      const seen = new Set<number>();
      for (let j = 0; j < n; j++) {
        let key: number;
        do key = Math.floor(random() * 2 ** 40);
        while (seen.has(key));
        seen.add(key);
        keys[j] = key;
      }
      const before = keys.slice();
      const expected = keys.slice().sort().subarray(0, Math.min(limit, n));
      expect([...smallestSorted(keys, limit)]).toEqual([...expected]);
      expect(keys).toEqual(before);
    }
  });

  it("works on keys already in order and in reverse order", () => {
    const ascending = Float64Array.from({ length: 1000 }, (_, j) => j * 3);
    expect([...smallestSorted(ascending, 5)]).toEqual([0, 3, 6, 9, 12]);
    expect([...smallestSorted(ascending.slice().reverse(), 5)]).toEqual([0, 3, 6, 9, 12]);
  });
});
