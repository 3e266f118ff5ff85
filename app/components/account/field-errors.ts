// The field codes of the account calls (app/schemas/auth.ts and the server's errors.field)
// → the sentence shown under the field, in the page's language.
import { m } from "../../paraglide/messages.js";
import type { FieldCodes } from "../../lib/field-codes.ts";

export type { FieldCodes };

const PASSWORD_FIELDS = new Set(["password", "confirm_password"]);

export function accountFieldError(field: string, code: string | undefined | null): string | null {
  if (!code) return null;
  switch (code) {
    case "required":
      if (field === "conditions") return m.register_conditions_required();
      if (field === "privacy") return m.field_privacy_required();
      return m.field_required();
    case "email":
      return m.field_email_invalid();
    case "taken":
      return m.register_error_email();
    case "too_short":
      return m.password_error_too_short();
    case "too_long":
      return PASSWORD_FIELDS.has(field) ? m.password_error_too_long() : m.register_error_too_long();
    case "password_common":
      return m.password_error_common();
    case "mismatch":
      return m.password_error_mismatch();
    case "unavailable":
      return m.register_error_warehouse();
    case "expired":
      return m.confirm_error_expired();
    case "locked":
      return m.confirm_error_locked();
    default:
      if (field === "telephone") return m.register_error_telephone();
      if (field === "website") return m.register_error_website();
      if (field === "code") return m.confirm_error1();
      if (field === "request_warehouse_id") return m.register_error_warehouse();
      return m.register_error_field_invalid();
  }
}

/**
 * Zod issues (parsed in the browser) → { field: code }, like the server's errors. `input` is
 * what was parsed: a blank value is "required" whatever the rule that failed on it.
 */
export function codesOf(
  issues: readonly { path: PropertyKey[]; code: string; message: string; origin?: string; minimum?: unknown; format?: string }[],
  input: unknown,
): FieldCodes {
  const out: FieldCodes = {};
  for (const issue of issues) {
    const field = String(issue.path[issue.path.length - 1] ?? "");
    if (!field || out[field]) continue;
    const value = valueAt(input, issue.path);
    let code = "invalid";
    if (issue.code === "custom") code = issue.message;
    else if (issue.code === "too_big" && issue.origin === "string") code = "too_long";
    else if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) code = "required";
    else if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) code = "required";
    else if (issue.code === "invalid_format" && issue.format === "email") code = "email";
    out[field] = code;
  }
  return out;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

export const hasCode = (codes: FieldCodes, code: string) => Object.values(codes).includes(code);
