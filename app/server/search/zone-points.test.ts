import { describe, expect, it } from "vitest";
import { createRandom } from "../seed/random.ts";
import { closer, cosLatitude, distanceM, firstByOrder, pointsInCircle } from "./zone-points.ts";

describe("a zone", () => {
  it("puts warehouses at the same distance (to the millimetre) in id order, whatever order they came in", () => {
    const ids = [50, 7, 31, 2];
    const distance = Float64Array.from([1000.0001, 500, 1000.0003, 1000.0002]);
    const order = closer({ ids: Int32Array.from(ids), distance });
    for (const given of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
    ])
      expect(firstByOrder(given, 10, order).map((k) => ids[k])).toEqual([7, 2, 31, 50]);
  });

  it("keeps the points within the radius on their published position, in the candidates' order, with their bounds", () => {
    const centre = { lat: 45.4642, lng: 9.19, radiusM: 2000 };
    const cand = {
      ids: [3, 1, 2, 4],
      latE6: [45_474_200, 45_464_200, 45_464_200, 45_500_000],
      lngE6: [9_190_000, 9_190_000, 9_190_000, 9_190_000],
      // Other bits of a flag say other things: only the redeemed bit counts.
      flags: [5, 4, 1, 1],
      redeemed: 1,
    };
    const { points, rows } = pointsInCircle(centre, 4, cand);
    expect([...points.ids]).toEqual([3, 1, 2]);
    expect([...points.claimed]).toEqual([1, 0, 1]);
    expect([...rows]).toEqual([0, 1, 2]);
    expect(points.distance[0]).toBeCloseTo(distanceM(45.4642, 9.19, 45.4742, 9.19), 6);
    expect(points.bounds).toEqual({ min_lat: 45.4642, max_lat: 45.4742, min_lng: 9.19, max_lng: 9.19 });
    // Read through rows: the candidates are rows 3, 2 and 0, in that order.
    const through = pointsInCircle(centre, 3, cand, [3, 2, 0]);
    expect([...through.points.ids]).toEqual([2, 3]);
    expect([...through.rows]).toEqual([2, 0]);
  });

  it("measures each distance to the same bits as distanceM, with the rows' cosines kept or not", () => {
    const random = createRandom(11).next;
    const n = 5000;
    const centre = { lat: 45.45, lng: 9.19, radiusM: 60_000 };
    const latE6 = Int32Array.from({ length: n }, () => Math.round((44.9 + random() * 1.1) * 1e6));
    const lngE6 = Int32Array.from({ length: n }, () => Math.round((8.4 + random() * 1.6) * 1e6));
    const cand = { ids: Int32Array.from({ length: n }, (_, k) => k + 1), latE6, lngE6, flags: new Uint8Array(n), redeemed: 1 };
    const cosLat = Float64Array.from(latE6, (l) => cosLatitude(l / 1e6));
    const plain = pointsInCircle(centre, n, cand);
    const kept = pointsInCircle(centre, n, { ...cand, cosLat });
    expect(plain.points.size).toBeGreaterThan(1000);
    expect(plain.points.size).toBeLessThan(n);
    expect([...kept.rows]).toEqual([...plain.rows]);
    for (let i = 0; i < plain.points.size; i++) {
      const row = plain.rows[i]!;
      const expected = distanceM(centre.lat, centre.lng, latE6[row]! / 1e6, lngE6[row]! / 1e6);
      expect(plain.points.distance[i]).toBe(expected);
      expect(kept.points.distance[i]).toBe(expected);
    }
  });
});

describe("the first of a list", () => {
  const byValue = (values: ArrayLike<number>) => (a: number, b: number) => values[a]! - values[b]! || a - b;

  it("are the first in the order, first first, as a sort of the whole list gives them", () => {
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
      // Values with ties: the order breaks them by index.
      const values = Float64Array.from({ length: n }, () => Math.floor(random() * n * 0.7));
      const indexes = Int32Array.from({ length: n }, (_, j) => j);
      const order = byValue(values);
      const expected = [...indexes].sort(order).slice(0, limit);
      expect(firstByOrder(indexes, limit, order)).toEqual(expected);
      // Whatever order the indexes come in.
      const shuffled = createRandom(n).shuffle([...indexes]);
      expect(firstByOrder(shuffled, limit, order)).toEqual(expected);
    }
  });

  it("works on indexes already in order and in reverse order, and takes none for a limit of 0", () => {
    const values = Float64Array.from({ length: 1000 }, (_, j) => j * 3);
    const ascending = Array.from({ length: 1000 }, (_, j) => j);
    expect(firstByOrder(ascending, 5, byValue(values))).toEqual([0, 1, 2, 3, 4]);
    expect(firstByOrder(ascending.slice().reverse(), 5, byValue(values))).toEqual([0, 1, 2, 3, 4]);
    expect(firstByOrder(ascending, 0, byValue(values))).toEqual([]);
  });
});
