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

export const hasCode = (codes: FieldCodes, code: string) => Object.values(codes).includes(code);
