// Form fields as native HTML: label, input, error text and the ARIA wiring between them.
// Validation is ours: a form decides when a field is invalid and passes `error`; the fields say
// "required" with aria-required only, so the browser never blocks a submit with its own bubble.
// Native elements rather than React Aria's fields: they do the same here, and React Aria's base
// would add about 22 kB of JavaScript to every page with a form.
import { useId, useState, type ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { settledNumberText } from "../../lib/format.ts";
import { inputClass, labelClass } from "./styles.ts";

/** The ids a field's description and error get, and the aria-describedby naming those shown. */
export function describedBy(id: string, shown: { description?: unknown; error?: unknown }) {
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const ids = [shown.description ? descriptionId : null, shown.error ? errorId : null].filter(Boolean).join(" ");
  return { descriptionId, errorId, describedBy: ids || undefined };
}

function FieldDescription({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span id={id} className="mt-1 text-xs text-slate-500">
      {children}
    </span>
  );
}

export function FieldErrorText({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <span id={id} className="mt-1 text-sm text-red-700">
      {error}
    </span>
  );
}

type TextInputProps = {
  name: string;
  label: string;
  /** Controlled: value and onChange. Uncontrolled (Conform forms): defaultValue. */
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  defaultValue?: string;
  type?: "text" | "email" | "password" | "tel" | "url";
  autoComplete?: string;
  isRequired?: boolean;
  /** Shown but not editable (greyed), e.g. an address the user may not change here. */
  isDisabled?: boolean;
  /** The error to show; a non-empty string marks the field invalid. */
  error?: string | null;
  /** A short note under the field, read with it by screen readers. */
  description?: ReactNode;
  multiline?: boolean;
  rows?: number;
  autoFocus?: boolean;
  placeholder?: string;
  className?: string;
  /** The on-screen keyboard to show, e.g. "numeric" for a code. */
  inputMode?: "text" | "numeric" | "decimal" | "email" | "tel" | "url";
};

export function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-600" aria-hidden="true">
      *
    </span>
  );
}

export function TextInput({
  name,
  label,
  value,
  onChange,
  onBlur,
  defaultValue,
  type = "text",
  autoComplete,
  isRequired,
  isDisabled,
  error,
  description,
  multiline,
  rows = 4,
  autoFocus,
  placeholder,
  className = "",
  inputMode,
}: TextInputProps) {
  const id = useId();
  const ids = describedBy(id, { description, error });
  const shared = {
    id,
    name,
    value,
    defaultValue,
    // Always a handler: a controlled field without one would be read-only (and React warns).
    onChange: (event: { target: { value: string } }) => onChange?.(event.target.value),
    onBlur,
    autoComplete,
    autoFocus,
    placeholder,
    disabled: isDisabled,
    "aria-required": isRequired || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy,
    // The invalid look of inputClass (data-[invalid]:…).
    "data-invalid": error ? true : undefined,
  };
  return (
    <div className={`flex flex-col ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {isRequired && <RequiredMark />}
      </label>
      {multiline ? (
        <textarea {...shared} rows={rows} className={`${inputClass} resize-y`} />
      ) : (
        <input
          {...shared}
          type={type}
          inputMode={inputMode}
          className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`}
        />
      )}
      {description && <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>}
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}

type NumberInputProps = {
  name: string;
  label: string;
  /** Controlled: the field's text and onChange. Uncontrolled (form posts): defaultValue. */
  value?: string;
  onChange?: (text: string) => void;
  defaultValue?: string;
  /** Decimals always shown once the field is left: 2 for euros ("4,50"). */
  minDecimals?: number;
  /** Whole numbers only (bays, pallets, counts): a keypad without the decimal key. */
  integer?: boolean;
  /** A unit drawn at the field's end ("km"); screen readers hear it with the label. */
  unit?: string;
  /** The label for screen readers only, when a visible caption beside the field already says it. */
  hideLabel?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  error?: string | null;
  description?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
  testId?: string;
};

/**
 * A number in Italian notation ("1.234,5"), typed as text: a browser's number input would
 * show and accept its own locale's notation, and without JavaScript the form posts what the
 * field shows, so the schemas read this notation (decimalText) as well as plain decimals.
 * Leaving the field writes the number back in the site's notation.
 */
export function NumberInput({
  name,
  label,
  value,
  onChange,
  defaultValue,
  minDecimals,
  integer,
  unit,
  hideLabel,
  isRequired,
  isDisabled,
  error,
  description,
  placeholder,
  autoComplete = "off",
  className = "",
  testId,
}: NumberInputProps) {
  const id = useId();
  const ids = describedBy(id, { description, error });
  const [own, setOwn] = useState(defaultValue ?? "");
  const text = value ?? own;
  const change = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  return (
    <div className={`flex flex-col ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : labelClass}>
        {label}
        {unit && <span className="sr-only"> ({unit})</span>}
        {isRequired && <RequiredMark />}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          name={name}
          value={text}
          onChange={(event) => change(event.target.value)}
          onBlur={() => {
            const settled = settledNumberText(text, { minDecimals, integer });
            if (settled !== text) change(settled);
          }}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={integer ? "numeric" : "decimal"}
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          data-invalid={error ? true : undefined}
          data-testid={testId}
          className={`${inputClass} tabular-nums disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 ${unit ? "pr-12" : ""}`}
        />
        {unit && (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500" aria-hidden="true">
            {unit}
          </span>
        )}
      </div>
      {description && <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>}
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}

type CheckboxInputProps = {
  name: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  children: ReactNode;
  isRequired?: boolean;
  error?: string | null;
};

function CheckMark() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3.5 w-3.5">
      <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A native checkbox, visually hidden, with the drawn box beside it: the box is the input's
 * next sibling, so its focus ring follows the input's keyboard focus (peer-focus-visible).
 */
export function CheckboxInput({ name, isSelected, onChange, children, isRequired, error }: CheckboxInputProps) {
  const id = useId();
  const { errorId, describedBy: errorDescribedBy } = describedBy(id, { error });
  return (
    <div>
      {/* relative: the hidden input is positioned inside the label, so focusing it does not scroll elsewhere. */}
      {/* 44 px high at the least on a phone: the whole label is the touch target. */}
      <label className="group relative flex min-h-11 cursor-pointer items-start gap-3 py-2.5 text-sm text-slate-700 sm:min-h-0 sm:py-0">
        <input
          type="checkbox"
          name={name}
          checked={isSelected}
          onChange={(event) => onChange(event.target.checked)}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorDescribedBy}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
            isSelected ? "border-brand-600 bg-brand-600 text-white" : error ? "border-red-500 bg-white" : "border-slate-400 bg-white"
          }`}
        >
          {isSelected && <CheckMark />}
        </span>
        <span>
          {children}
          {isRequired && <RequiredMark />}
        </span>
      </label>
      {error && (
        <p id={errorId} className="mt-1 pl-8 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A link inside a checkbox's label (e.g. "I have read the privacy policy"). A native label does
 * not toggle its checkbox when the click lands on a link inside it (the HTML label activation
 * rules), so the link opens and the box stays as it was.
 */
export function LabelLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="sr-only"> {m.opens_new_tab()}</span>
    </a>
  );
}

/** A form-level message: errors are announced (role alert), successes politely. */
export function FormMessage({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    info: "border-brand-200 bg-brand-50 text-brand-900",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2.5 text-sm ${styles}`}>
      {children}
    </div>
  );
}

export function RequiredHint() {
  return (
    <p className="text-xs text-slate-500">
      <span aria-hidden="true">{m.form_required_hint()}</span>
    </p>
  );
}
