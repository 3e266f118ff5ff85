// Zod issues → { field: code }: one mapping for the server's 422 answers
// (app/server/http/respond.ts) and for the browser, which marks fields before sending with the
// same schemas. The codes: a custom refinement's message, required (blank), too_small,
// too_long (text) / too_big, email, else invalid. Each form turns them into sentences in the
// user's language; a code a form has no sentence for reads as "invalid".

export type FieldCodes = Record<string, string | undefined>;

/** What the mapping reads of a Zod issue (Zod 4's $ZodIssue fits). */
export type IssueLike = {
  readonly path: readonly PropertyKey[];
  readonly code: string;
  readonly message: string;
  readonly origin?: string;
  readonly minimum?: unknown;
  readonly format?: string;
};

export const isBlankValue = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** The value at a Zod issue's path inside the parsed input (undefined when it is not there). */
export function valueAtPath(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * One issue's code, given the field's input value: a blank value is "required" whatever rule
 * failed on it (Zod 4 issues do not carry the input, hence the value), except a list too long.
 */
export function issueCode(issue: IssueLike, value: unknown): string {
  if (issue.code === "custom") return issue.message || "invalid";
  if (issue.code !== "too_big" && isBlankValue(value)) return "required";
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string" && issue.minimum === 1 ? "required" : "too_small";
    case "too_big":
      return issue.origin === "string" ? "too_long" : "too_big";
    case "invalid_format":
      return issue.format === "email" ? "email" : "invalid";
    default:
      return "invalid";
  }
}

/**
 * The lists whose rows a form shows exactly as they are sent, so a row's field is named with its
 * row ("spaces.0.quantity"). The other lists' fields are named without it ("contacts.email": the
 * contacts without a name are dropped before the check, so the index is not the form's row).
 */
const ROW_NAMED_LISTS: ReadonlySet<string> = new Set(["spaces"]);

/**
 * A field's name as the API answers it: the path's names joined by dots, without the spec's
 * wrapper object (user_data, request_data, warehouse_data…): "email", "warehouse_times.mon_open_time",
 * and a row's field of a list in ROW_NAMED_LISTS with its row, "spaces.0.quantity".
 */
export function fieldName(path: readonly PropertyKey[]): string {
  const keys = path.filter((p): p is string | number => typeof p !== "symbol");
  const named = keys.length > 1 && typeof keys[0] === "string" && keys[0].endsWith("_data") ? keys.slice(1) : keys;
  if (typeof named[0] === "string" && ROW_NAMED_LISTS.has(named[0])) return named.join(".");
  return named.filter((p) => typeof p === "string").join(".") || "body";
}

/** Issues → { field: code }, the first issue of each field winning. `input` is what was parsed. */
export function issuesToCodes(issues: readonly IssueLike[], input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldName(issue.path);
    if (out[field]) continue;
    out[field] = issueCode(issue, valueAtPath(input, issue.path));
  }
  return out;
}
