// A password field with a show/hide toggle and an optional hint under it (the spec's
// password hint), wired to the input with aria-describedby by React Aria.
import { useState } from "react";
import { Button, FieldError, Group, Input, Label, Text, TextField } from "react-aria-components";
import { m } from "../../paraglide/messages.js";
import { RequiredMark } from "./fields.tsx";
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
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2.5 12s3.5-6.5 9.5-6.5S21.5 12 21.5 12s-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="2.8" />
      {!open && <path d="M4 20L20 4" />}
    </svg>
  );
}

export function PasswordInput({ name, label, value, onChange, autoComplete, isRequired, error, hint, autoFocus }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      name={name}
      type={visible ? "text" : "password"}
      value={value}
      onChange={onChange}
      autoComplete={autoComplete}
      isRequired={isRequired}
      isInvalid={!!error}
      validationBehavior="aria"
      autoFocus={autoFocus}
      className="flex flex-col"
    >
      <Label className={labelClass}>
        {label}
        {isRequired && <RequiredMark />}
      </Label>
      <Group className="relative">
        <Input className={`${inputClass} pr-11`} spellCheck={false} autoCapitalize="none" autoCorrect="off" />
        <Button
          aria-label={visible ? m.password_hide() : m.password_show()}
          aria-pressed={visible}
          onPress={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600"
        >
          <EyeIcon open={!visible} />
        </Button>
      </Group>
      {hint && (
        <Text slot="description" className="mt-1 text-xs leading-relaxed text-slate-500">
          {hint}
        </Text>
      )}
      <FieldError className="mt-1 text-sm text-red-700">{error}</FieldError>
    </TextField>
  );
}
