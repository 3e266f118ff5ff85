// The texts of the review and report forms' field codes.
import { m } from "../../paraglide/messages.js";

export function feedbackFieldError(code: string | undefined): string | null {
  if (!code) return null;
  if (code === "required") return m.field_required();
  if (code === "email") return m.field_email_invalid();
  if (code === "too_long") return m.quote_error_too_long();
  return m.quote_error_invalid();
}
