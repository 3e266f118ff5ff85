// The end of a form: the required-fields note and the submit button (reading "Sending…" while
// the request runs), with a back button in front of them in multi-step popups. The row is laid
// out by its own width (a container query), not the window's: in a narrow card or popup the note
// goes above a full-width button instead of squeezing it onto two lines. In a popup the row stays
// at the window's bottom edge while the form is longer than the window (app.css,
// [data-form-actions]), so the submit button is always in sight.
import { m } from "../../paraglide/messages.js";
import { RequiredHint } from "./fields.tsx";
import { buttonClass } from "./styles.ts";

type Props = { submitLabel: string; pending: boolean; back?: { label: string; onPress: () => void } };

export function FormActions({ submitLabel, pending, back }: Props) {
  const submitButton = (extra: string) => (
    <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", extra)}>
      {pending ? m.form_sending() : submitLabel}
    </button>
  );
  if (back) {
    // Narrow: the note on its own line, then Back and the submit side by side (the submit takes
    // the rest of the row). Wide: Back at the start, the note and the submit at the end.
    return (
      <div data-form-actions className="@container">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 whitespace-nowrap @lg:gap-x-4">
          {/* Narrow: a little less padding, so "Indietro" and "Invia la richiesta" share the row on a phone. */}
          <button type="button" onClick={back.onPress} className={buttonClass("secondary", "lg", "@max-lg:px-4")}>
            {back.label}
          </button>
          <div className="order-first w-full @lg:order-none @lg:ml-auto @lg:w-auto">
            <RequiredHint />
          </div>
          {submitButton("flex-1 @max-lg:px-4 @lg:flex-none")}
        </div>
      </div>
    );
  }
  return (
    <div data-form-actions className="@container">
      <div className="flex flex-col gap-3 pt-1 @md:flex-row @md:items-center @md:justify-between">
        <RequiredHint />
        {submitButton("w-full @md:w-auto")}
      </div>
    </div>
  );
}
