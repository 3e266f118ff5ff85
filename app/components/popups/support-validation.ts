// The support form's client check (spec: first name, last name, business name, e-mail and
// message required after trimming; privacy ticked).
export const SUPPORT_TEXT_FIELDS = ["first_name", "last_name", "business_name", "email", "message"] as const;
export type SupportField = (typeof SUPPORT_TEXT_FIELDS)[number];
export type SupportValues = Record<SupportField, string> & { privacy: boolean };
/** field → error code ("required", "email"). */
export type SupportInvalid = Partial<Record<SupportField | "privacy", string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSupport(values: SupportValues): SupportInvalid {
  const invalid: SupportInvalid = {};
  for (const field of SUPPORT_TEXT_FIELDS) if (!values[field].trim()) invalid[field] = "required";
  if (!invalid.email && !EMAIL.test(values.email.trim())) invalid.email = "email";
  if (!values.privacy) invalid.privacy = "required";
  return invalid;
}
