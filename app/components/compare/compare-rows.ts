// What makes a comparison row worth a look: which cells hold the row's best value, and whether
// the row differs at all (the "only differences" view hides the rows where every warehouse says
// the same). Pure, so the table and its tests share one rule.

/**
 * The indexes of the cells holding the highest value, or none when fewer than two warehouses
 * have a value or their values are all equal (then nothing stands out).
 */
export function bestIndexes(values: readonly (number | null | undefined)[]): number[] {
  const given = values.flatMap((v, i) => (v === null || v === undefined || !Number.isFinite(v) ? [] : [{ v, i }]));
  if (given.length < 2) return [];
  const max = Math.max(...given.map((g) => g.v));
  const min = Math.min(...given.map((g) => g.v));
  if (max === min) return [];
  return given.filter((g) => g.v === max).map((g) => g.i);
}

/** Whether a row's cells are not all the same (each cell described by a comparable key). */
export function rowDiffers(keys: readonly string[]): boolean {
  return keys.some((k) => k !== keys[0]);
}
