// A native <select> with our label, error and styles: the platform's own picker works best
// on phones, and screen readers know it (its chevron is every select's, in app.css).
import { useId } from "react";
import { RequiredMark } from "./fields.tsx";
import { inputClass, labelClass } from "./styles.ts";

type Option = { value: string; label: string };

export function SelectInput({
  name,
  label,
  value,
  onChange,
  options,
  placeholder,
  isRequired,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Option[];
  placeholder: string;
  isRequired?: boolean;
  error?: string | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className={labelClass}>
        {label}
        {isRequired && <RequiredMark />}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={isRequired || undefined}
        className={`${inputClass} ${value ? "" : "text-slate-500"}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} className="text-slate-900">
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
