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
