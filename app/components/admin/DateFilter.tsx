// A back-office list's filter on one day (the CRM's date…): a calendar field whose choice lives
// in the URL (?{name}=YYYY-MM-DD, the other parameters kept, the page dropped), applied as soon
// as a whole date is picked or typed, with a link that clears it. A GET form with a button for
// before hydration, like FilterSelect.
import { useEffect, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { DateInput } from "../ui/DateInput.tsx";
import { buttonClass } from "../ui/styles.ts";

type Props = { name: string; value: string | null; label: string; buttonLabel: string; clearLabel: string };

export function DateFilter({ name, value, label, buttonLabel, clearLabel }: Props) {
  const { search } = useLocation();
  const submit = useSubmit();
  const [day, setDay] = useState(value ?? "");
  // Back and forward change the URL under the field: show that day.
  useEffect(() => setDay(value ?? ""), [value]);
  const others = [...new URLSearchParams(search).entries()].filter(([key]) => key !== name && key !== "page");
  const apply = (next: string) => {
    const params = new URLSearchParams(others);
    if (next) params.set(name, next);
    void submit(params, { method: "get", replace: true, preventScrollReset: true });
  };
  const clearHref = (() => {
    const text = new URLSearchParams(others).toString();
    return text ? `?${text}` : "?";
  })();
  return (
    <Form
      method="get"
      className="flex items-end gap-2"
      data-testid={`filter-${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        apply(day);
      }}
    >
      {others.map(([key, kept]) => (
        <input key={key} type="hidden" name={key} value={kept} />
      ))}
      <DateInput
        name={name}
        label={label}
        value={day}
        onChange={(iso) => {
          setDay(iso);
          // A whole date (or none) applies at once; a half-typed one waits.
          if (iso !== (value ?? "")) apply(iso);
        }}
      />
      {value && (
        <Link to={clearHref} preventScrollReset className={buttonClass("ghost", "md")} data-testid={`filter-${name}-clear`}>
          {clearLabel}
        </Link>
      )}
      <noscript>
        <button type="submit" className={buttonClass("secondary", "md")}>
          {buttonLabel}
        </button>
      </noscript>
    </Form>
  );
}
