// A radio group of native radios, each visually hidden inside its own drawn option (a card,
// a star, a dot, a segment), so the browser gives what radios should: Tab to the chosen one,
// arrows to move and choose, Space to choose, the value in a plain form post. The parts mirror
// the React Aria ones they replace, so callers keep their layout:
//
//   <RadioGroupInput name="m2_type" value={type} onChange={setType}>
//     <RadioGroupLabel className={labelClass}>Space</RadioGroupLabel>
//     <RadioOption value="m2" className="data-[selected]:bg-brand-600 has-focus-visible:ring-2">m²</RadioOption>
//     …
//   </RadioGroupInput>
//
// An option's label carries data-selected, data-disabled and data-invalid for styling; its
// keyboard focus shows through has-focus-visible: on the option, or peer-focus-visible: on a
// drawn part (the input comes first in the option, so every drawn part is its later sibling).
// Validation is the form's: `error` marks the group invalid (aria-invalid) and shows the text,
// `isRequired` says so with aria-required only, so the browser never blocks a submit itself.
import { createContext, useContext, useId, type ReactNode } from "react";

type GroupState = {
  name: string;
  value: string | null;
  onChange: (value: string) => void;
  isDisabled: boolean;
  isInvalid: boolean;
  labelId: string;
};

const RadioGroupContext = createContext<GroupState | null>(null);

function useGroup(part: string): GroupState {
  const group = useContext(RadioGroupContext);
  if (!group) throw new Error(`${part} must be inside a RadioGroupInput`);
  return group;
}

type RadioGroupInputProps = {
  /** The name a form post sends the value under; without one the radios still form one group. */
  name?: string;
  /** The chosen option's value; null (or a value no option has) while nothing is chosen. */
  value: string | null;
  onChange: (value: string) => void;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The error to show under the options; a non-empty string marks the group invalid. */
  error?: string | null;
  /** The group's name for screen readers when it has no visible RadioGroupLabel. */
  "aria-label"?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
};

export function RadioGroupInput({
  name,
  value,
  onChange,
  isRequired,
  isDisabled = false,
  error,
  "aria-label": ariaLabel,
  className,
  testId,
  children,
}: RadioGroupInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  // Native radios move with the arrows only among radios sharing a name.
  const group: GroupState = { name: name ?? `${id}-radio`, value, onChange, isDisabled, isInvalid: !!error, labelId };
  return (
    <div
      role="radiogroup"
      aria-label={ariaLabel}
      aria-labelledby={ariaLabel ? undefined : labelId}
      aria-required={isRequired || undefined}
      aria-invalid={error ? true : undefined}
      aria-disabled={isDisabled || undefined}
      aria-describedby={error ? errorId : undefined}
      className={className}
      data-testid={testId}
    >
      <RadioGroupContext.Provider value={group}>{children}</RadioGroupContext.Provider>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The group's visible name (the radiogroup is labelled by it). */
export function RadioGroupLabel({ className, children }: { className?: string; children: ReactNode }) {
  const { labelId } = useGroup("RadioGroupLabel");
  return (
    <span id={labelId} className={className}>
      {children}
    </span>
  );
}

export type RadioOptionState = { isSelected: boolean; isDisabled: boolean; isInvalid: boolean };

type RadioOptionProps = {
  value: string;
  /** The option's name for screen readers when its drawing has no text (a star). */
  "aria-label"?: string;
  className?: string | ((state: RadioOptionState) => string);
  children: ReactNode | ((state: RadioOptionState) => ReactNode);
};

export function RadioOption({ value, "aria-label": ariaLabel, className, children }: RadioOptionProps) {
  const group = useGroup("RadioOption");
  const state: RadioOptionState = { isSelected: group.value === value, isDisabled: group.isDisabled, isInvalid: group.isInvalid };
  const classes = typeof className === "function" ? className(state) : (className ?? "");
  return (
    // relative: the hidden input is positioned inside its option, so focusing it scrolls nowhere else.
    <label
      className={`relative ${classes}`}
      data-selected={state.isSelected || undefined}
      data-disabled={state.isDisabled || undefined}
      data-invalid={state.isInvalid || undefined}
    >
      <input
        type="radio"
        name={group.name}
        value={value}
        checked={state.isSelected}
        onChange={() => group.onChange(value)}
        disabled={group.isDisabled}
        aria-label={ariaLabel}
        className="peer sr-only"
      />
      {typeof children === "function" ? children(state) : children}
    </label>
  );
}
