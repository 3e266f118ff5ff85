// The details of an audit log entry as readable rows (the /admin/audit screen): the services
// write them in a few shapes (auditAdminAction's callers), all made of fields, values and
// { before, after } pairs.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type DetailRow = { field: string; change: true; before: Json; after: Json } | { field: string; change: false; value: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);
const isPair = (v: unknown): v is { before?: Json; after?: Json } =>
  isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k === "before" || k === "after");

/**
 * The details as rows: a { before, after } pair (at any depth, as changedFields() writes them)
 * is one change; { before: {…}, after: {…} } of whole records becomes one change per field;
 * anything else is a field and its value. Wrapping keys (changes, before, after) are left out
 * of the field's name.
 */
export function detailRows(details: Record<string, Json>): DetailRow[] {
  const rows: DetailRow[] = [];
  const walk = (path: string[], value: Json) => {
    const field = path.filter((p) => p !== "changes" && p !== "before" && p !== "after").join(".") || path.join(".");
    if (isPair(value)) {
      const b = value.before ?? null;
      const a = value.after ?? null;
      if (isObject(b) || isObject(a)) {
        // Whole records before and after: their fields, one change each.
        const bo = isObject(b) ? b : {};
        const ao = isObject(a) ? a : {};
        for (const key of new Set([...Object.keys(bo), ...Object.keys(ao)])) {
          const bv = bo[key] ?? null;
          const av = ao[key] ?? null;
          // { after: changedFields(…) }: the record already holds its pairs.
          if (bv === null && isPair(av)) walk([...path, key], av);
          else if (JSON.stringify(bv) !== JSON.stringify(av) || !isObject(b)) walkChange([...path, key], bv, av);
        }
        return;
      }
      rows.push({ field, change: true, before: b, after: a });
      return;
    }
    if (isObject(value) && Object.keys(value).length > 0) {
      for (const [key, inner] of Object.entries(value)) walk([...path, key], inner);
      return;
    }
    rows.push({ field, change: false, value });
  };
  const walkChange = (path: string[], before: Json, after: Json) => {
    rows.push({ field: path.filter((p) => p !== "changes" && p !== "before" && p !== "after").join("."), change: true, before, after });
  };
  // A top-level { before, after, ...rest }: the pair first, then the rest.
  const { before, after, ...rest } = details;
  if (before !== undefined || after !== undefined) walk([], { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) });
  for (const [key, value] of Object.entries(rest)) walk([key], value);
  return rows;
}
