// The warehouse form's building blocks: a section card and a text field. The field is the
// site's TextInput (React Aria's TextField, our styles) with what this form needs besides:
// blur (the address moves the pin), decimal keyboards, a note, read-only.
import type { ReactNode } from "react";
import { FieldError, Input, Label, Text, TextField } from "react-aria-components";
import { RequiredMark } from "../ui/fields.tsx";
import { inputClass, labelClass } from "../ui/styles.ts";

export function FormSection({ id, title, description, children, testId }: { id: string; title: string; description?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid={testId}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

type FieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: "text" | "email" | "tel" | "url";
  inputMode?: "text" | "decimal" | "numeric" | "email" | "tel" | "url";
  autoComplete?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The error to show; a non-empty string marks the field invalid. */
  error?: string | null;
  /** A short note under the field. */
  description?: ReactNode;
  placeholder?: string;
  className?: string;
};

export function FormField({ name, label, value, onChange, onBlur, type = "text", inputMode, autoComplete, isRequired, isDisabled, error, description, placeholder, className = "" }: FieldProps) {
  return (
    <TextField
      name={name}
      type={type}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      autoComplete={autoComplete}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
      className={`flex flex-col ${className}`}
    >
      <Label className={labelClass}>
        {label}
        {isRequired && <RequiredMark />}
      </Label>
      <Input inputMode={inputMode} placeholder={placeholder} className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`} />
      {description && (
        <Text slot="description" className="mt-1 text-xs text-slate-500">
          {description}
        </Text>
      )}
      <FieldError className="mt-1 text-sm text-red-700">{error}</FieldError>
    </TextField>
  );
}

/** An error under a group of controls (a section, a row), read by screen readers with it. */
export function GroupError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-2 text-sm text-red-700">
      {children}
    </p>
  );
}
