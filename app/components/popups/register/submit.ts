// Sending a registration (POST /register) and reading the answer, for both forms.
import { postJson } from "../../../lib/api-client.ts";
import { m } from "../../../paraglide/messages.js";
import type { FieldCodes } from "../../account/field-errors.ts";

export type RegisterOutcome = { ok: true; userId: number } | { ok: false; fields: FieldCodes; banner: string; emailTaken: boolean };

export async function sendRegistration(userData: Record<string, unknown>, lang: string): Promise<RegisterOutcome> {
  const result = await postJson<{ user_id?: number }>("/register", { user_data: userData, lang });
  if (result.ok && result.data.user_id) return { ok: true, userId: result.data.user_id };
  const fields: FieldCodes = result.status === 422 ? (result.data.errors ?? {}) : {};
  if (fields.email === "taken" || fields.email === "email")
    return { ok: false, fields, banner: m.register_error_email(), emailTaken: fields.email === "taken" };
  if (result.status === 422) {
    const required = Object.values(fields).includes("required");
    return { ok: false, fields, banner: required ? m.register_error_required() : m.register_error_check(), emailTaken: false };
  }
  // 429, 403 (already logged in), 419: the server's sentence is in the page's language.
  const banner = result.status && result.status < 500 && result.data.message ? result.data.message : m.register_error_general();
  return { ok: false, fields: {}, banner, emailTaken: false };
}
