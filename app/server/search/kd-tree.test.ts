import { describe, expect, it } from "vitest";
import { createRandom } from "../seed/random.ts";
import { kdOrder, kdRange, type Box } from "./kd-tree.ts";

/** Points clustered like towns, some sharing a position, laid out in the tree's order. */
function laidOut(n: number, seed: number) {
  const random = createRandom(seed).next;
  const lngIn = new Int32Array(n);
  const latIn = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (i > 0 && random() < 0.05) {
      lngIn[i] = lngIn[i - 1]!;
      latIn[i] = latIn[i - 1]!;
      continue;
    }
    const town = Math.floor(random() * 8);
    lngIn[i] = Math.round((7 + town + random() * random() * 0.8) * 1e6);
    latIn[i] = Math.round((40 + town * 0.6 + random() * random() * 0.6) * 1e6);
  }
  const order = kdOrder(lngIn, latIn, n);
  const lng = Int32Array.from(order, (k) => lngIn[k]!);
  const lat = Int32Array.from(order, (k) => latIn[k]!);
  return { lng, lat, random };
}

function byScan(lng: Int32Array, lat: Int32Array, box: Box, flags: Uint8Array, skip: number): number[] {
  const found: number[] = [];
  for (let i = 0; i < lng.length; i++)
    if (lng[i]! >= box.minLng && lng[i]! <= box.maxLng && lat[i]! >= box.minLat && lat[i]! <= box.maxLat && !(flags[i]! & skip)) found.push(i);
  return found;
}

describe("the search index's KD-tree", () => {
  it("finds in a box what a scan of every point finds, whole nodes and leaves alike, skipping the flagged", () => {
    for (const n of [0, 1, 2, 64, 65, 1000, 30_000]) {
      const { lng, lat, random } = laidOut(n, n + 3);
      const flags = Uint8Array.from({ length: n }, () => (random() < 0.1 ? 128 : random() < 0.5 ? 1 : 0));
      const out = new Int32Array(n);
      const boxes: Box[] = [
        // The whole world, nothing, a point's own position, and boxes of every size.
        { minLng: -180e6, maxLng: 180e6, minLat: -90e6, maxLat: 90e6 },
        { minLng: 0, maxLng: 1, minLat: 0, maxLat: 1 },
        ...(n ? [{ minLng: lng[0]!, maxLng: lng[0]!, minLat: lat[0]!, maxLat: lat[0]! }] : []),
      ];
      for (let k = 0; k < 60; k++) {
        const w = random() * random() * 4e6;
        const h = random() * random() * 3e6;
        const x = 7e6 + random() * 8e6;
        const y = 40e6 + random() * 5e6;
        boxes.push({ minLng: Math.round(x), maxLng: Math.round(x + w), minLat: Math.round(y), maxLat: Math.round(y + h) });
      }
      for (const box of boxes) {
        for (const skip of [128, 0]) {
          const count = kdRange(lng, lat, n, box, out, flags, skip);
          expect([...out.subarray(0, count)].sort((a, b) => a - b)).toEqual(byScan(lng, lat, box, flags, skip));
        }
      }
    }
  });

  it("takes the whole of a box that covers every point without missing the last ones", () => {
    const { lng, lat } = laidOut(5000, 9);
    const out = new Int32Array(5000);
    const count = kdRange(lng, lat, 5000, { minLng: 0, maxLng: 20e6, minLat: 30e6, maxLat: 50e6 }, out, new Uint8Array(5000), 128);
    expect(count).toBe(5000);
    expect(new Set(out).size).toBe(5000);
  });
});
