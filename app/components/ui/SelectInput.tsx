// A native <select> with our label, error and styles: the platform's own picker works best
// on phones, and screen readers know it.
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
        className={`${inputClass} appearance-none bg-[length:1.25rem] bg-[right_0.6rem_center] bg-no-repeat pr-9 ${value ? "" : "text-slate-500"}`}
        style={{ backgroundImage: "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%2364748b'%3E%3Cpath d='M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z'/%3E%3C/svg%3E\")" }}
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
