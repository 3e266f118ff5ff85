// Zod issues → { field: code } in the browser, with the codes the server's error mapping
// (app/server/http/respond.ts) answers: required, email, too_long, a custom refinement's
// message, else invalid. Forms use it to mark fields before sending.

export type FieldCodes = Record<string, string | undefined>;

type Issue = { path: PropertyKey[]; code: string; message: string; input?: unknown; origin?: string; minimum?: unknown; format?: string };

export function issuesToCodes(issues: readonly unknown[]): FieldCodes {
  const out: FieldCodes = {};
  for (const raw of issues) {
    const issue = raw as Issue;
    const field = String(issue.path[0] ?? "");
    if (!field || out[field]) continue;
    let code = "invalid";
    if (issue.code === "custom") code = issue.message;
    else if (issue.input === undefined || issue.input === null || issue.input === "") code = "required";
    else if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) code = "required";
    else if (issue.code === "too_big" && issue.origin === "string") code = "too_long";
    else if (issue.code === "invalid_format" && issue.format === "email") code = "email";
    out[field] = code;
  }
  return out;
}
