// For a page form checked by the server alone (no schema in the browser, so the page loads no
// validation library): the server's error on a field is hidden once the visitor edits that
// field, until the next answer, so a corrected field does not stay red.
import { useEffect, useState, type FormEvent } from "react";

export function useEditedFields(answer: unknown) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => setEdited(new Set()), [answer]);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name === "string" && name && !edited.has(name)) setEdited(new Set(edited).add(name));
  };
  return { edited, onInput };
}
