// A form's values and its fields' error codes (from the browser's own check or from the
// server's answer), for the forms that send JSON from the browser: the account pages, the
// profile popups and the support popup. Editing a field clears its error, so a message never
// outlives the value it was about.
import { useState } from "react";
import type { FieldCodes } from "./field-codes.ts";

export function useFormFields<Values extends Record<string, unknown>>(initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [invalid, setInvalid] = useState<FieldCodes>({});
  /** A field's new value; the field's error, if any, goes. */
  const set = <K extends keyof Values & string>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((codes) => (codes[field] === undefined ? codes : { ...codes, [field]: undefined }));
  };
  return { values, setValues, invalid, setInvalid, set };
}
