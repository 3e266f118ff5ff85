// The end of a form: the required-fields note and the submit button (reading "Sending…" while
// the request runs), with a back button in front of them in multi-step popups.
import { m } from "../../paraglide/messages.js";
import { RequiredHint } from "./fields.tsx";
import { buttonClass } from "./styles.ts";

type Props = { submitLabel: string; pending: boolean; back?: { label: string; onPress: () => void } };

export function FormActions({ submitLabel, pending, back }: Props) {
  const submit = (
    <div className={back ? "flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4" : "flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between"}>
      <RequiredHint />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
        {pending ? m.form_sending() : submitLabel}
      </button>
    </div>
  );
  if (!back) return submit;
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      <button type="button" onClick={back.onPress} className={buttonClass("secondary", "md")}>
        {back.label}
      </button>
      {submit}
    </div>
  );
}
