// A back-office list's filter as a drop-down (a category, an event type…): a GET form, so the
// choice lives in the URL (?{name}=value, the other parameters kept, the page dropped) and works
// before hydration with its button; once hydrated, picking a value applies it at once.
import { Form, useLocation, useSubmit } from "react-router";
import { buttonClass, inputClass, labelClass } from "../ui/styles.ts";

type Option = { value: string; label: string };

export function FilterSelect({
  name,
  value,
  options,
  label,
  buttonLabel,
}: {
  name: string;
  value: string;
  options: Option[];
  label: string;
  buttonLabel: string;
}) {
  const { search } = useLocation();
  const submit = useSubmit();
  const others = [...new URLSearchParams(search).entries()].filter(([key]) => key !== name && key !== "page");
  const apply = (next: string) => {
    const params = new URLSearchParams(others);
    // The first option ("all") stays out of the URL: the plain address and "all" are one link.
    if (next) params.set(name, next);
    void submit(params, { method: "get", replace: true, preventScrollReset: true });
  };
  return (
    <Form
      method="get"
      className="flex items-end gap-2"
      data-testid={`filter-${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        apply(new FormData(event.currentTarget).get(name)?.toString() ?? "");
      }}
    >
      {others.map(([key, kept]) => (
        <input key={key} type="hidden" name={key} value={kept} />
      ))}
      <div className="flex flex-col">
        <label htmlFor={`filter-${name}-select`} className={labelClass}>
          {label}
        </label>
        <select id={`filter-${name}-select`} name={name} value={value} onChange={(event) => apply(event.target.value)} className={`${inputClass} min-w-56`}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {/* Needed only before hydration: afterwards a pick applies itself. */}
      <noscript>
        <button type="submit" className={buttonClass("secondary", "md")}>
          {buttonLabel}
        </button>
      </noscript>
    </Form>
  );
}
