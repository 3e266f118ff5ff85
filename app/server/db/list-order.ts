// A back-office list in the order its URL asks for: one whitelisted SQL expression per sortable
// column (never text from the request), ties broken by the row's id in the same direction, so
// the order is stable and a page and an export's keyset page are one range of an index on
// (expression, id). An export reads the list page after page from the last row's (value, id).
import { sql, type AliasedRawBuilder, type RawBuilder } from "kysely";

export type SortDirection = "asc" | "desc";

/** Where an export's next keyset page starts: the last row's sort value and id. */
export type Keyset = { value: unknown; id: number };

/** The rows after `after` in the order (key, id) `dir`: a row comparison, which an index on (…, key, id) reads as a range. */
export function keysetAfter(key: RawBuilder<unknown>, idColumn: string, dir: SortDirection, after: Keyset): RawBuilder<boolean> {
  const past = dir === "asc" ? sql`>` : sql`<`;
  return sql<boolean>`(${key}, ${sql.ref(idColumn)}) ${past} (${after.value}, ${after.id})`;
}

/** The next page's start, from a row that selected its sort value as `sort_value`. */
export const keysetOf = (row: { sort_value: unknown; id: number }): Keyset => ({ value: row.sort_value, id: row.id });

/**
 * One term of a list's order: a whitelisted SQL expression and its direction. `cast` names the
 * value's SQL type when it must travel as text between two keyset pages (a timestamptz keeps its
 * microseconds that way; a JS Date would round them off and repeat or skip rows).
 */
export type OrderTerm = { expr: RawBuilder<unknown>; dir: SortDirection; cast?: "timestamptz" };

/** `order by` of the terms, in turn. */
export function orderByTerms(terms: readonly OrderTerm[]): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => sql`${t.expr} ${sql.raw(t.dir)}`),
    sql`, `,
  );
}

/** Each term's value as a row selects it for the next keyset page (sort_0, sort_1, …). */
export function termValues(terms: readonly OrderTerm[]): AliasedRawBuilder<unknown, string>[] {
  return terms.map((t, i) => (t.cast ? sql<unknown>`(${t.expr})::text` : t.expr).as(`sort_${i}`));
}

/** The values a row selected with termValues, in the terms' order. */
export const termKeyset = (row: Record<string, unknown>, terms: readonly OrderTerm[]): unknown[] => terms.map((_, i) => row[`sort_${i}`]);

/**
 * The rows after `values` in the terms' order. All in one direction: a row comparison, which an
 * index on the same columns reads as a range. Mixed directions: the lexicographic comparison
 * spelled out, with `is not distinct from` so that equal nulls (an empty name) tie.
 */
export function afterTerms(terms: readonly OrderTerm[], values: readonly unknown[]): RawBuilder<boolean> {
  const value = (t: OrderTerm, v: unknown) => (t.cast ? sql`cast(${v} as ${sql.raw(t.cast)})` : sql`${v}`);
  const past = (dir: SortDirection) => (dir === "asc" ? sql`>` : sql`<`);
  if (terms.every((t) => t.dir === terms[0]!.dir) && values.every((v) => v !== null)) {
    return sql<boolean>`(${sql.join(terms.map((t) => t.expr))}) ${past(terms[0]!.dir)} (${sql.join(terms.map((t, i) => value(t, values[i])))})`;
  }
  const alternatives = terms.map((t, i) =>
    sql.join(
      [...terms.slice(0, i).map((p, j) => sql`${p.expr} is not distinct from ${value(p, values[j])}`), sql`${t.expr} ${past(t.dir)} ${value(t, values[i])}`],
      sql` and `,
    ),
  );
  return sql<boolean>`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` or `,
  )})`;
}
