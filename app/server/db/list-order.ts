// A back-office list in the order its URL asks for: one whitelisted SQL expression per sortable
// column (never text from the request), ties broken by the row's id in the same direction, so
// the order is stable and a page and an export's keyset page are one range of an index on
// (expression, id). An export reads the list page after page from the last row's (value, id).
import { sql, type RawBuilder } from "kysely";

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
