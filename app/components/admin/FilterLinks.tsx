// A back-office list's filter as a row of links (active, deactivated, all; pending, refused…):
// the choice lives in the URL (?{name}=value, the other parameters kept, the page dropped), so a
// reload or a shared link keeps it and it works before hydration.
import { Link, useLocation } from "react-router";

type Option = { value: string; label: string };

export function FilterLinks({
  name,
  value,
  options,
  label,
  defaultValue,
}: {
  name: string;
  value: string;
  options: Option[];
  label: string;
  defaultValue: string;
}) {
  const { search } = useLocation();
  const hrefFor = (option: string) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    // The default stays out of the URL: the plain address and the default choice are one link.
    if (option === defaultValue) params.delete(name);
    else params.set(name, option);
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 text-sm" data-testid={`filter-${name}`}>
      <span className="font-medium text-slate-600">{label}:</span>
      <ul className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {options.map((o) => (
          <li key={o.value}>
            <Link
              to={hrefFor(o.value)}
              aria-current={o.value === value ? "page" : undefined}
              preventScrollReset
              className={`flex min-h-11 items-center rounded-lg px-3 py-1.5 font-medium sm:min-h-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                o.value === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
              }`}
            >
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
