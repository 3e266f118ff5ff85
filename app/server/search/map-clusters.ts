// The map's clusters of a zone for one view, computed for that view alone (decision 069).
//
// The world at the view's zoom is cut into square cells twice the cluster radius wide, in Web
// Mercator pixels; the warehouses of a cell form one group, and neighbouring groups whose centres
// lie within the radius of each other are merged, so that two warehouses a few metres apart on
// either side of a cell's edge do not show as two markers. A cell at zoom z + 1 is a quarter of
// one at z, so the zoom at which a group splits is read off the box its points span. That needs
// no hierarchy built per zone: one pass over the zone's points near the view, whatever the zoom.
import { CLUSTER_OPTIONS } from "../../lib/map.ts";

/** The world's width in screen pixels at zoom 0, as MapLibre draws it (tiles of 512 px). */
export const WORLD_PX = 512;
/** Cells per axis stay below this at every zoom up to the largest (cells of 2 × 60 px at zoom 16: 279,621). */
const ROW_SLOTS = 2 ** 19;
const VIEW_MARGIN_CELLS = 3;

/** Web Mercator x of a longitude, 0 at 180° W to 1 at 180° E. */
export const mercatorX = (lng: number) => lng / 360 + 0.5;

/** Web Mercator y of a latitude, 0 at the top of the world to 1 at its bottom (clamped at the poles). */
export function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}

const longitudeOf = (x: number) => (x - 0.5) * 360;
const latitudeOf = (y: number) => (360 * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180))) / Math.PI - 90;

/**
 * Whole units of a position on the Mercator square (about 9 mm at the equator): sums of a
 * million of them stay exact in a double, so a group's centre does not depend on the order its
 * warehouses come in (a zone read from PostgreSQL and one from the index hold them in different
 * orders, and must answer the same map).
 */
const MERCATOR_UNITS = 2 ** 32;

/** A zone's positions in whole Mercator units (computed once per zone, kept with it). */
export type MercatorPoints = { x: Float64Array; y: Float64Array };

/** A longitude's and a latitude's whole Mercator units (every way of computing a zone's positions goes through these). */
export const mercatorUnitsX = (lng: number) => Math.floor(mercatorX(lng) * MERCATOR_UNITS);
export const mercatorUnitsY = (lat: number) => Math.floor(mercatorY(lat) * MERCATOR_UNITS);

export function toMercator(lat: Float64Array, lng: Float64Array, size: number): MercatorPoints {
  const x = new Float64Array(size);
  const y = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    x[i] = mercatorUnitsX(lng[i]!);
    y[i] = mercatorUnitsY(lat[i]!);
  }
  return { x, y };
}

export type ClusterView = { zoom: number; west: number; south: number; east: number; north: number };

/**
 * A group of the view: `count` warehouses around `lat`, `lng` (their mean position), splitting
 * at `expansionZoom` (the largest zoom plus one when they never do); `first` is one of them (the
 * warehouse itself when alone); `id` is unique in the answer.
 */
export type ClusterGroup = { id: number; count: number; lat: number; lng: number; expansionZoom: number; first: number };

export type ClusterOptions = { radius: number; maxZoom: number };

/** Whether a position lies in the view (a view may cross the date line: west > east). */
export function inView(view: ClusterView, lat: number, lng: number): boolean {
  const inLng = view.west > view.east ? lng >= view.west || lng <= view.east : lng >= view.west && lng <= view.east;
  return inLng && lat >= view.south && lat <= view.north;
}

/**
 * The groups of the zone's points whose centre lies in the view, at the view's zoom (floored;
 * zooms above the largest cluster as the largest does). In the order of their cells: by column from
 * the west, then by row from the north.
 */
export function clusterGroups(points: MercatorPoints, size: number, view: ClusterView, options: ClusterOptions = CLUSTER_OPTIONS): ClusterGroup[] {
  const zoom = Math.max(0, Math.min(Math.floor(view.zoom), options.maxZoom));
  const cellPx = 2 * options.radius;
  const cellsPerWorld = (WORLD_PX * 2 ** zoom) / cellPx;
  const cellsPerUnit = cellsPerWorld / MERCATOR_UNITS;
  // The cells the view touches and three more on each side: a group shown spans the cell of its
  // centre and those next to it, and whether each of them joins it depends on the cells next to
  // those (below), so the view's answer is the whole map's, cut to the view.
  const crossesDateLine = view.west > view.east;
  const colFrom = crossesDateLine ? -Infinity : Math.floor(mercatorX(view.west) * cellsPerWorld) - VIEW_MARGIN_CELLS;
  const colTo = crossesDateLine ? Infinity : Math.floor(mercatorX(view.east) * cellsPerWorld) + VIEW_MARGIN_CELLS;
  const rowFrom = Math.floor(mercatorY(view.north) * cellsPerWorld) - VIEW_MARGIN_CELLS;
  const rowTo = Math.floor(mercatorY(view.south) * cellsPerWorld) + VIEW_MARGIN_CELLS;

  // One slot per occupied cell, in parallel arrays: its count, the sums of its positions and
  // the box they span.
  const slotOf = new Map<number, number>();
  const key: number[] = [];
  const count: number[] = [];
  const sumX: number[] = [];
  const sumY: number[] = [];
  const first: number[] = [];
  const minX: number[] = [];
  const maxX: number[] = [];
  const minY: number[] = [];
  const maxY: number[] = [];
  const { x, y } = points;
  for (let i = 0; i < size; i++) {
    const px = x[i]!;
    const py = y[i]!;
    const col = Math.floor(px * cellsPerUnit);
    const row = Math.floor(py * cellsPerUnit);
    if (col < colFrom || col > colTo || row < rowFrom || row > rowTo) continue;
    const cell = col * ROW_SLOTS + row;
    let slot = slotOf.get(cell);
    if (slot === undefined) {
      slot = key.length;
      slotOf.set(cell, slot);
      key.push(cell);
      count.push(1);
      sumX.push(px);
      sumY.push(py);
      first.push(i);
      minX.push(px);
      maxX.push(px);
      minY.push(py);
      maxY.push(py);
      continue;
    }
    count[slot]! += 1;
    sumX[slot]! += px;
    sumY[slot]! += py;
    if (px < minX[slot]!) minX[slot] = px;
    if (px > maxX[slot]!) maxX[slot] = px;
    if (py < minY[slot]!) minY[slot] = py;
    if (py > maxY[slot]!) maxY[slot] = py;
  }

  // A cell joins its largest neighbour (by count, then the smaller cell number) among those
  // larger than itself whose centre lies within the radius of its own, when that neighbour joins
  // none: one step, decided by the cells around it alone, so a group is the same in every view
  // that shows it.
  const ranksAbove = (a: number, b: number) => count[a]! > count[b]! || (count[a] === count[b] && key[a]! < key[b]!);
  const radiusUnits = (options.radius / (WORLD_PX * 2 ** zoom)) * MERCATOR_UNITS;
  const joins = new Int32Array(key.length).fill(-1);
  for (let s = 0; s < key.length; s++) {
    const col = Math.floor(key[s]! / ROW_SLOTS);
    const row = key[s]! % ROW_SLOTS;
    const cx = sumX[s]! / count[s]!;
    const cy = sumY[s]! / count[s]!;
    for (let dc = -1; dc <= 1; dc++) {
      for (let dr = -1; dr <= 1; dr++) {
        const n = slotOf.get((col + dc) * ROW_SLOTS + row + dr);
        if (n === undefined || n === s || !ranksAbove(n, s)) continue;
        if (joins[s] !== -1 && !ranksAbove(n, joins[s]!)) continue;
        if (Math.hypot(sumX[n]! / count[n]! - cx, sumY[n]! / count[n]! - cy) > radiusUnits) continue;
        joins[s] = n;
      }
    }
  }
  const merged = new Uint8Array(key.length);
  const counts = count.slice();
  for (let s = 0; s < key.length; s++) {
    const into = joins[s]!;
    if (into === -1 || joins[into] !== -1) continue;
    merged[s] = 1;
    counts[into]! += count[s]!;
    sumX[into]! += sumX[s]!;
    sumY[into]! += sumY[s]!;
    minX[into] = Math.min(minX[into]!, minX[s]!);
    maxX[into] = Math.max(maxX[into]!, maxX[s]!);
    minY[into] = Math.min(minY[into]!, minY[s]!);
    maxY[into] = Math.max(maxY[into]!, maxY[s]!);
  }

  const groups: ClusterGroup[] = [];
  for (let s = 0; s < key.length; s++) {
    if (merged[s]) continue;
    const lat = latitudeOf(sumY[s]! / counts[s]! / MERCATOR_UNITS);
    const lng = longitudeOf(sumX[s]! / counts[s]! / MERCATOR_UNITS);
    if (!inView(view, lat, lng)) continue;
    groups.push({
      id: key[s]!,
      count: counts[s]!,
      lat,
      lng,
      expansionZoom: splitZoom(zoom, options, minX[s]!, maxX[s]!, minY[s]!, maxY[s]!),
      first: first[s]!,
    });
  }
  return groups.sort((a, b) => a.id - b.id);
}

/**
 * The first zoom after `zoom` at which a group spanning this box splits into groups of its own:
 * its points fall in more than one cell there, and the box is wider than the radius (closer
 * points lie in neighbouring cells whose centres are within the radius, which merge). Exact for
 * two points; for more, the zoom the map should go to on a click.
 */
function splitZoom(zoom: number, options: ClusterOptions, minX: number, maxX: number, minY: number, maxY: number): number {
  const spread = Math.hypot(maxX - minX, maxY - minY);
  for (let z = zoom + 1; z <= options.maxZoom; z++) {
    const perUnit = (WORLD_PX * 2 ** z) / (2 * options.radius) / MERCATOR_UNITS;
    const cellsSplit = Math.floor(minX * perUnit) !== Math.floor(maxX * perUnit) || Math.floor(minY * perUnit) !== Math.floor(maxY * perUnit);
    if (cellsSplit && (spread / MERCATOR_UNITS) * WORLD_PX * 2 ** z > options.radius) return z;
  }
  return options.maxZoom + 1;
}
