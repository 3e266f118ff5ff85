// Zod issues → { field: code } in the browser, with the codes the server's error mapping
// (app/server/http/respond.ts) answers: required, email, too_long, a custom refinement's
// message, else invalid. Forms use it to mark fields before sending.

export type FieldCodes = Record<string, string | undefined>;

type Issue = { path: PropertyKey[]; code: string; message: string; input?: unknown; origin?: string; minimum?: unknown; format?: string };

/** One issue's code. `missing` says the field had no value (form parsers turn "" into undefined). */
export function issueCode(raw: unknown, missing = false): string {
  const issue = raw as Issue;
  if (issue.code === "custom") return issue.message;
  if (issue.code === "too_big") return issue.origin === "string" ? "too_long" : "invalid";
  if (missing) return "required";
  if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) return "required";
  if (issue.code === "invalid_format" && issue.format === "email") return "email";
  return "invalid";
}

/**
 * Issues → { field: code }. Zod 4 issues do not carry the input, so pass the parsed values
 * to tell a missing field ("required") from a wrong one.
 */
export function issuesToCodes(issues: readonly unknown[], values?: Record<string, unknown>): FieldCodes {
  const out: FieldCodes = {};
  for (const raw of issues) {
    const field = String((raw as Issue).path[0] ?? "");
    if (!field || out[field]) continue;
    const value = values?.[field];
    const missing = values !== undefined && (value === undefined || value === null || (typeof value === "string" && value.trim() === ""));
    out[field] = issueCode(raw, missing);
  }
  return out;
}

/** What the shared helpers read of a Zod issue (Zod 4's $ZodIssue fits). */
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
 * One issue's code as the API answers it (app/server/http/respond.ts), given the field's input
 * value: a custom refinement's message, required (blank), too_small, too_long / too_big,
 * email, else invalid. The browser uses the same function to mark fields before sending.
 */
export function apiIssueCode(issue: IssueLike, value: unknown): string {
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
