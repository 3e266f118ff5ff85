import { inputClass } from "../ui/styles.ts";

/**
 * The box of a back-office warehouse picker (its search: useWarehouseSearch). The search runs as
 * one types, so Enter in the box does not send the form around it (which saves or approves),
 * unless `enterSubmits`.
 */
export function WarehouseSearchInput({
  id,
  label,
  labelClassName,
  placeholder,
  value,
  onChange,
  invalid = false,
  enterSubmits = false,
  testId,
}: {
  id: string;
  label: string;
  labelClassName: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  invalid?: boolean;
  enterSubmits?: boolean;
  testId?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        placeholder={placeholder}
        value={value}
        maxLength={120}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={
          enterSubmits
            ? undefined
            : (e) => {
                if (e.key === "Enter") e.preventDefault();
              }
        }
        data-testid={testId}
      />
    </>
  );
}
