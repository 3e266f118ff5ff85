// The warehouse form's errors: { field: code }, with the field names and codes the server
// answers (app/server/http/respond.ts#fieldErrors): a field of warehouse_data is its own name
// ("name", "m2", "lat"), the opening hours are "warehouse_times.mon_open_time", and the
// lists are "specifications", "contacts", "imgs_to_delete"; a free space's field keeps its row,
// "spaces.0.quantity", in the browser and on the server alike. One difference: in the browser a
// contact's field keeps its row, "contacts.2.email", counted as the form shows the rows
// (the schema drops the rows without a name before it checks the others, so its own index
// counts only the named rows). The server's "contacts.email" is put on a row by
// placeServerErrors.
import { m } from "../../paraglide/messages.js";
import { AREA_FIELDS, COST_FIELDS } from "../../lib/warehouse-form.ts";
import { fieldName, issueCode, isBlankValue, valueAtPath, type IssueLike } from "../../lib/field-codes.ts";

export type FieldErrors = Record<string, string>;

export type { IssueLike };

/** A contact row the schema keeps (the same test as the schema's). */
export const isNamedContact = (row: unknown) =>
  row !== null &&
  typeof row === "object" &&
  typeof (row as { full_name?: unknown }).full_name === "string" &&
  (row as { full_name: string }).full_name.trim() !== "";

/** The form's row of the schema's n-th contact (the n-th named row); n itself without the rows. */
function formRowOf(input: unknown, n: number): number {
  const rows = (input as { contacts?: unknown } | null | undefined)?.contacts;
  if (!Array.isArray(rows)) return n;
  let seen = -1;
  for (let i = 0; i < rows.length; i++) {
    if (isNamedContact(rows[i]) && ++seen === n) return i;
  }
  return n;
}

/**
 * The schema's issues → { field: code }, the first issue of each field winning. `input` is the
 * payload that was checked (toPayload's): it tells a blank field ("required") from a wrong one
 * and places a contact's issue on its row of the form.
 */
export function issuesToFieldErrors(issues: readonly IssueLike[], input?: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
    let field: string;
    let inputPath = path;
    if (path[0] === "warehouse_data" && path.length > 1) {
      field = String(path[1]);
    } else if (path[0] === "contacts" && typeof path[1] === "number" && path.length > 2) {
      const row = formRowOf(input, path[1]);
      inputPath = ["contacts", row, ...path.slice(2)];
      field = ["contacts", row, ...path.slice(2).filter((p) => typeof p === "string")].join(".");
    } else {
      field = fieldName(path);
    }
    if (out[field]) continue;
    // Without the input nothing is known to be blank.
    out[field] = issueCode(issue, input === undefined ? true : valueAtPath(input, inputPath));
  }
  return out;
}

/**
 * The server's 422 errors → the form's fields. The server names a contact's field without its
 * row ("contacts.email"): it goes on the first named row with something in that field (the
 * first named row when none has).
 */
export function placeServerErrors(errors: Record<string, unknown>, contacts: readonly Record<string, unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, code] of Object.entries(errors)) {
    if (typeof code !== "string" || !code) continue;
    const contact = /^contacts\.([a-z_]+)$/.exec(field);
    if (contact) {
      const name = contact[1]!;
      const named = contacts.map((row, i) => ({ row, i })).filter(({ row }) => isNamedContact(row));
      const target = named.find(({ row }) => !isBlankValue(row[name])) ?? named[0];
      out[target ? `contacts.${target.i}.${name}` : "contacts"] ??= code;
      continue;
    }
    out[field] ??= code;
  }
  return out;
}

const NUMBER_FIELDS = new Set<string>([...AREA_FIELDS, ...COST_FIELDS]);
const isTimeField = (field: string) => /^warehouse_times\.[a-z]{3}_(open|close)_time$/.test(field);

/** The sentence shown under a field for its code, in the page's language. */
export function fieldErrorText(field: string, code: string | undefined | null): string | null {
  if (!code) return null;
  const position = field === "lat" || field === "lng";
  switch (code) {
    case "required":
      if (position) return m.wf_error_position_required();
      if (isTimeField(field)) return m.wf_error_times_pair();
      return m.wf_error_field_required();
    case "email":
      return m.wf_error_email();
    case "outside_italy":
      return m.wf_error_outside_italy();
    case "too_long":
      return m.wf_error_too_long();
    case "too_small":
      return NUMBER_FIELDS.has(field) ? m.wf_error_negative() : m.wf_error_invalid();
    case "too_big":
      return field === "contacts" ? m.wf_error_too_many_contacts() : NUMBER_FIELDS.has(field) ? m.wf_error_too_big() : m.wf_error_invalid();
    default:
      if (NUMBER_FIELDS.has(field)) return m.wf_error_number();
      if (position) return m.wf_error_position_invalid();
      return m.wf_error_invalid();
  }
}

/** True when some field is missing (the form's message then asks for the required fields). */
export const hasRequired = (errors: FieldErrors) => Object.values(errors).includes("required");

/** The errors after removing contact row `removed`: its own go, the later rows' move up one. */
export function withoutContactRow(errors: FieldErrors, removed: number): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, code] of Object.entries(errors)) {
    const row = /^contacts\.(\d+)\.(.+)$/.exec(field);
    if (!row) {
      out[field] = code;
      continue;
    }
    const index = Number(row[1]);
    if (index === removed) continue;
    out[index > removed ? `contacts.${index - 1}.${row[2]}` : field] = code;
  }
  return out;
}
