// The search form's location box, with its label, place suggestions (usePlaceSuggestions), the
// hint on how suggestions work and the field's error.
import { useId } from "react";
import { m } from "../../paraglide/messages.js";
import { inputClass, labelClass } from "../ui/styles.ts";
import { PinIcon } from "../ui/icons.tsx";
import { AUTOCOMPLETE_MIN_CHARS, usePlaceSuggestions } from "./usePlaceSuggestions.tsx";

type Props = {
  value: string;
  onChange: (text: string) => void;
  /** A code from the server or the form's own check ("required", "not_found"…). */
  error: string | null;
};

export function LocationField({ value, onChange, error }: Props) {
  const id = useId();
  const { inputProps, listbox } = usePlaceSuggestions({ id, value, onChange });

  const message =
    error === "required"
      ? m.search_error_location_required()
      : error === "not_found"
        ? m.search_error_no_results()
        : error
          ? m.search_error_location_invalid()
          : null;

  // How suggestions work, while they cannot come yet: gone once a place is typed or chosen.
  const showHint = value.trim().length <= AUTOCOMPLETE_MIN_CHARS;

  return (
    <div className="flex flex-col">
      <label htmlFor={`${id}-input`} className={labelClass}>
        {m.search_location_label()}
      </label>
      <div className="relative">
        <PinIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-brand-600" />
        <input
          {...inputProps}
          id={`${id}-input`}
          name="location"
          type="text"
          aria-invalid={message ? true : undefined}
          aria-describedby={[showHint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(" ") || undefined}
          className={`${inputClass} pl-10`}
          placeholder={m.search_location_placeholder()}
          data-testid="search-location"
          maxLength={200}
          value={value}
        />
        {listbox}
      </div>
      {showHint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {m.search_location_hint()}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid="search-location-error">
          {message}
        </p>
      )}
    </div>
  );
}
