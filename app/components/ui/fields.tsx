// Form fields built on React Aria Components: label, input, error text and the ARIA wiring
// between them. Validation is ours (validationBehavior "aria"): a form decides when a field
// is invalid and passes `error`.
import { useState, type ReactNode } from "react";
import { Checkbox, FieldError, Input, Label, Text, TextArea, TextField } from "react-aria-components";
import { m } from "../../paraglide/messages.js";
import { settledNumberText } from "../../lib/format.ts";
import { inputClass, labelClass } from "./styles.ts";

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
  return (
    <TextField
      name={name}
      type={multiline ? undefined : type}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      defaultValue={defaultValue}
      autoComplete={autoComplete}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
      autoFocus={autoFocus}
      className={`flex flex-col ${className}`}
    >
      <Label className={labelClass}>
        {label}
        {isRequired && <RequiredMark />}
      </Label>
      {multiline ? (
        <TextArea rows={rows} placeholder={placeholder} className={`${inputClass} resize-y`} />
      ) : (
        <Input placeholder={placeholder} inputMode={inputMode} className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`} />
      )}
      {description && (
        <Text slot="description" className="mt-1 text-xs text-slate-500">
          {description}
        </Text>
      )}
      <FieldError className="mt-1 text-sm text-red-700">{error}</FieldError>
    </TextField>
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
  const [own, setOwn] = useState(defaultValue ?? "");
  const text = value ?? own;
  const change = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  return (
    <TextField
      name={name}
      value={text}
      onChange={change}
      onBlur={() => {
        const settled = settledNumberText(text, { minDecimals, integer });
        if (settled !== text) change(settled);
      }}
      autoComplete={autoComplete}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
      className={`flex flex-col ${className}`}
    >
      <Label className={hideLabel ? "sr-only" : labelClass}>
        {label}
        {unit && <span className="sr-only"> ({unit})</span>}
        {isRequired && <RequiredMark />}
      </Label>
      <div className="relative">
        <Input
          placeholder={placeholder}
          inputMode={integer ? "numeric" : "decimal"}
          data-testid={testId}
          className={`${inputClass} tabular-nums disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 ${unit ? "pr-12" : ""}`}
        />
        {unit && (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500" aria-hidden="true">
            {unit}
          </span>
        )}
      </div>
      {description && (
        <Text slot="description" className="mt-1 text-xs text-slate-500">
          {description}
        </Text>
      )}
      <FieldError className="mt-1 text-sm text-red-700">{error}</FieldError>
    </TextField>
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

export function CheckboxInput({ name, isSelected, onChange, children, isRequired, error }: CheckboxInputProps) {
  const errorId = `${name}-error`;
  return (
    <div>
      <Checkbox
        name={name}
        isSelected={isSelected}
        onChange={onChange}
        isRequired={isRequired}
        isInvalid={!!error}
        validationBehavior="aria"
        aria-describedby={error ? errorId : undefined}
        className="group flex cursor-pointer items-start gap-3 text-sm text-slate-700"
      >
        {({ isSelected: selected, isFocusVisible, isInvalid }) => (
          <>
            <span
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 transition-colors ${
                selected ? "border-brand-600 bg-brand-600 text-white" : isInvalid ? "border-red-500 bg-white" : "border-slate-400 bg-white"
              } ${isFocusVisible ? "outline-2 outline-offset-2 outline-brand-600" : ""}`}
            >
              {selected && <CheckMark />}
            </span>
            <span>
              {children}
              {isRequired && <RequiredMark />}
            </span>
          </>
        )}
      </Checkbox>
      {error && (
        <p id={errorId} className="mt-1 pl-8 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A link inside a checkbox's label (e.g. "I have read the privacy policy"). React Aria's
 * checkbox treats any press on its label as a toggle; stopping the press events here lets
 * the link open without ticking the box.
 */
export function LabelLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={className}
      onPointerDown={stop}
      onPointerUp={stop}
      onMouseDown={stop}
      onMouseUp={stop}
      onClick={stop}
      onKeyDown={stop}
      onKeyUp={stop}
    >
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
