// A back-office list's filter bar, declared once: the search box and the list's filters (drop-downs
// or rows of links), each described by its URL name, label, options and current value. A new
// search keeps every filter that is set (not its default) and the list's order (not the default
// one), and starts again at page 1; a filter keeps the other parameters itself (FilterSelect,
// FilterLinks), so the bar adds nothing to the URL that the list does not read.
import { m } from "../../paraglide/messages.js";
import { orderKept, WAITING_DAYS, YES_NO } from "../../lib/admin-lists.ts";
import type { ListOrder, ListOrderSpec } from "../../lib/admin-lists.ts";
import { SearchBox } from "./SearchBox.tsx";
import { FilterSelect } from "./FilterSelect.tsx";
import { FilterLinks } from "./FilterLinks.tsx";

type Option = { value: string; label: string };

/** One filter of a list: a drop-down (its first option, "", is "any") or a row of links with a default. */
export type ListFilter =
  | { kind: "select"; name: string; label: string; value: string; options: Option[] }
  | { kind: "links"; name: string; label: string; value: string; options: Option[]; defaultValue: string };

/** A yes/no drop-down (?{name}=yes|no), "any" when absent. */
export function yesNoFilter(name: string, label: string, value: string, words?: { yes: string; no: string }): ListFilter {
  return {
    kind: "select",
    name,
    label,
    value,
    options: [
      { value: "", label: m.admlist_any() },
      ...YES_NO.map((v) => ({ value: v, label: v === "yes" ? (words?.yes ?? m.admlist_yes()) : (words?.no ?? m.admlist_no()) })),
    ],
  };
}

/** The "waiting for at least N days" drop-down of the queues (?waiting=1|3|7). */
export function waitingFilter(value: string): ListFilter {
  return {
    kind: "select",
    name: "waiting",
    label: m.admlist_waiting_label(),
    value,
    options: [{ value: "", label: m.admlist_waiting_any() }, ...WAITING_DAYS.map((days) => ({ value: days, label: m.admlist_waiting_days({ days }) }))],
  };
}

/** What a new search keeps: the filters that are set (not at their default) and a non-default order. */
export function searchKeeps<K extends string>(filters: ListFilter[], spec: ListOrderSpec<K>, order: ListOrder<K>): Record<string, string | null> {
  const kept: Record<string, string | null> = {};
  for (const f of filters) kept[f.name] = f.value && !(f.kind === "links" && f.value === f.defaultValue) ? f.value : null;
  return { ...kept, ...orderKept(spec, order) };
}

export function ListFilters<K extends string>({
  search,
  filters,
  orderSpec,
  order,
  keep,
  className = "mt-6 flex flex-wrap items-end gap-4",
}: {
  /** The search box: its URL name (search or search_term), current text and words. */
  search: { name: string; value: string; label: string; buttonLabel: string };
  filters: ListFilter[];
  orderSpec: ListOrderSpec<K>;
  order: ListOrder<K>;
  /** Other URL parameters a new search keeps, set by a form outside the bar (the requests' dates); null or "" ones are left out. */
  keep?: Record<string, string | null>;
  className?: string;
}) {
  return (
    <div className={className}>
      <SearchBox
        name={search.name}
        value={search.value}
        label={search.label}
        buttonLabel={search.buttonLabel}
        keep={{ ...keep, ...searchKeeps(filters, orderSpec, order) }}
      />
      {filters.map((f) =>
        f.kind === "select" ? (
          <FilterSelect key={f.name} name={f.name} value={f.value} label={f.label} buttonLabel={m.admlist_filter_apply()} options={f.options} />
        ) : (
          <FilterLinks key={f.name} name={f.name} value={f.value} label={f.label} defaultValue={f.defaultValue} options={f.options} />
        ),
      )}
    </div>
  );
}
