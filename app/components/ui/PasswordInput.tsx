// A password field with a show/hide toggle and an optional hint under it (the spec's
// password hint). Native input and button, wired like the fields of fields.tsx: the hint and
// the error are named by aria-describedby, aria-invalid marks the error.
import { useId, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { describedBy, FieldErrorText, RequiredMark } from "./fields.tsx";
import { inputClass, labelClass } from "./styles.ts";

type PasswordInputProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "new-password" | "current-password";
  isRequired?: boolean;
  error?: string | null;
  hint?: string;
  autoFocus?: boolean;
};

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2.5 12s3.5-6.5 9.5-6.5S21.5 12 21.5 12s-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="2.8" />
      {!open && <path d="M4 20L20 4" />}
    </svg>
  );
}

export function PasswordInput({ name, label, value, onChange, autoComplete, isRequired, error, hint, autoFocus }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const ids = describedBy(id, { description: hint, error });
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className={labelClass}>
        {label}
        {isRequired && <RequiredMark />}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          // The invalid look of inputClass (data-[invalid]:…).
          data-invalid={error ? true : undefined}
          className={`${inputClass} pr-11`}
        />
        <button
          type="button"
          aria-label={visible ? m.password_hide() : m.password_show()}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
      {hint && (
        <span id={ids.descriptionId} className="mt-1 text-xs leading-relaxed text-slate-500">
          {hint}
        </span>
      )}
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}
