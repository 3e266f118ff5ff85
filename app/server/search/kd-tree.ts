// The search index's static KD-tree (search-index.ts), over positions laid out in the tree's own
// order: kdbush sorts them once, the index then keeps its arrays in that order, and a box query
// walks the tree over those arrays. Each node of the tree is a run of consecutive positions, so a
// node whose whole region lies in the box is taken as a run without looking at its points (most
// of a large zone's), and the answer goes into a buffer the caller reuses: a 50 km zone's
// 190,000 candidates cost neither a comparison each nor a growing array on the heap.
import KDBush from "kdbush";

/** Points per leaf: kdbush's default, which the walk below must share with the sort. */
export const KD_NODE_SIZE = 64;

/**
 * The tree's order of `count` points: element j is the point that goes to position j. Laid out in
 * that order, the points form the tree kdRange walks.
 */
export function kdOrder(lng: ArrayLike<number>, lat: ArrayLike<number>, count: number): Uint32Array {
  if (count === 0) return new Uint32Array(0);
  const kd = new KDBush(count, KD_NODE_SIZE, Int32Array);
  for (let i = 0; i < count; i++) kd.add(lng[i]!, lat[i]!);
  kd.finish();
  return kd.ids as Uint32Array;
}

export type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/** The walk's stack: per node its first and last position, its axis, and the region it spans. */
let stack = new Float64Array(7 * 64);

/**
 * The positions below `count` whose point lies in the box (bounds included), written to `out`
 * from 0 (it must hold `count`), skipping those where `flags & skip`; returns how many. The
 * points must be in kdOrder's order. In no particular order.
 */
export function kdRange(
  lng: ArrayLike<number>,
  lat: ArrayLike<number>,
  count: number,
  box: Box,
  out: Int32Array,
  flags: ArrayLike<number>,
  skip: number,
): number {
  if (count === 0) return 0;
  const { minLat, maxLat, minLng, maxLng } = box;
  let found = 0;
  let sp = 0;
  const push = (left: number, right: number, axis: number, x0: number, x1: number, y0: number, y1: number) => {
    if (sp + 7 > stack.length) {
      const bigger = new Float64Array(stack.length * 2);
      bigger.set(stack);
      stack = bigger;
    }
    stack[sp++] = left;
    stack[sp++] = right;
    stack[sp++] = axis;
    stack[sp++] = x0;
    stack[sp++] = x1;
    stack[sp++] = y0;
    stack[sp++] = y1;
  };
  push(0, count - 1, 0, -Infinity, Infinity, -Infinity, Infinity);
  while (sp > 0) {
    const y1 = stack[--sp]!;
    const y0 = stack[--sp]!;
    const x1 = stack[--sp]!;
    const x0 = stack[--sp]!;
    const axis = stack[--sp]!;
    const right = stack[--sp]!;
    const left = stack[--sp]!;
    if (x0 >= minLng && x1 <= maxLng && y0 >= minLat && y1 <= maxLat) {
      // Every point of the node lies within its region, so within the box.
      for (let i = left; i <= right; i++) if (!(flags[i]! & skip)) out[found++] = i;
      continue;
    }
    if (right - left <= KD_NODE_SIZE) {
      for (let i = left; i <= right; i++) {
        const x = lng[i]!;
        const y = lat[i]!;
        if (x >= minLng && x <= maxLng && y >= minLat && y <= maxLat && !(flags[i]! & skip)) out[found++] = i;
      }
      continue;
    }
    // The middle point splits the node: those before it lie at or below it on the axis, those
    // after it at or above.
    const m = (left + right) >> 1;
    const x = lng[m]!;
    const y = lat[m]!;
    if (x >= minLng && x <= maxLng && y >= minLat && y <= maxLat && !(flags[m]! & skip)) out[found++] = m;
    if (axis === 0) {
      if (minLng <= x) push(left, m - 1, 1, x0, x, y0, y1);
      if (maxLng >= x) push(m + 1, right, 1, x, x1, y0, y1);
    } else {
      if (minLat <= y) push(left, m - 1, 0, x0, x1, y0, y);
      if (maxLat >= y) push(m + 1, right, 0, x0, x1, y, y1);
    }
  }
  return found;
}
