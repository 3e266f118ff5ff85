// What the two registration forms share: their fields' state and errors, and the submit that
// checks the data with the schema of POST /register before sending it and shows why it was
// refused (the first wrong field gets the focus).
import { useState } from "react";
import { m } from "../../../paraglide/messages.js";
import { registerUserDataSchema, type RegisterUserData } from "../../../schemas/auth.ts";
import type { Locale } from "../../../lib/locale.ts";
import { accountFieldError, type FieldCodes } from "../../account/field-errors.ts";
import { issuesToCodes } from "../../../lib/field-codes.ts";
import { useFocusFirstInvalid } from "../../ui/useFocusFirstInvalid.ts";
import type { Consents } from "./ConsentFields.tsx";
import { sendRegistration, type RegisterOutcome } from "./submit.ts";

export function useRegistrationForm<T extends Record<string, string>>(initialTexts: T, locale: Locale) {
  const [texts, setTexts] = useState<T>(initialTexts);
  const [consents, setConsents] = useState<Consents>({ conditions: false, privacy: false, data_f: false, data_g: false });
  const [invalid, setInvalid] = useState<FieldCodes>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [pending, setPending] = useState(false);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const clear = (field: string) => invalid[field] && setInvalid((s) => ({ ...s, [field]: undefined }));
  const set = (field: keyof T & string) => (value: string) => {
    setTexts((t) => ({ ...t, [field]: value }));
    clear(field);
  };
  const setConsent = (field: keyof Consents, value: boolean) => {
    setConsents((c) => ({ ...c, [field]: value }));
    clear(field);
  };
  const err = (field: string) => accountFieldError(field, invalid[field]);

  /**
   * Checks and sends the registration; the parsed data when the server took it, else null
   * (the form then shows the errors). `explain` may give a better banner for a refusal.
   */
  async function send(
    userData: Record<string, unknown>,
    explain?: (outcome: Extract<RegisterOutcome, { ok: false }>) => string | null,
  ): Promise<RegisterUserData | null> {
    setEmailTaken(false);
    const parsed = registerUserDataSchema.safeParse(userData);
    if (!parsed.success) {
      const codes = issuesToCodes(parsed.error.issues, userData);
      setInvalid(codes);
      setBanner(Object.values(codes).includes("required") ? m.register_error_required() : m.register_error_check());
      focusFirstInvalid();
      return null;
    }
    setBanner(null);
    setPending(true);
    const outcome = await sendRegistration(userData, locale);
    if (outcome.ok) return parsed.data;
    setPending(false);
    setInvalid(outcome.fields);
    setEmailTaken(outcome.emailTaken);
    setBanner(explain?.(outcome) ?? outcome.banner);
    focusFirstInvalid();
    return null;
  }

  return { texts, consents, setConsent, banner, emailTaken, pending, set, err, formRef, send };
}
