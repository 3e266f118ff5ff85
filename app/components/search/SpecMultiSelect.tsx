// A specification group as a multi-select: the button shows how many values are chosen, and
// the change is reported 100 ms after the last click (spec §2), so ticking several values in
// a row reports once. The hidden native select submits the values with the form.
import { useEffect, useRef, useState, type Key } from "react";
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { m } from "../../paraglide/messages.js";
import { CheckIcon, ChevronDownIcon } from "../ui/icons.tsx";
import { labelClass } from "../ui/styles.ts";

export const MULTISELECT_REPORT_MS = 100;

type Option = { id: number; label: string };

type Props = {
  name: string;
  label: string;
  options: Option[];
  value: number[];
  /** Called 100 ms after the last change. */
  onChange: (ids: number[]) => void;
};

export function SpecMultiSelect({ name, label, options, value, onChange }: Props) {
  const [local, setLocal] = useState<number[]>(value);
  const timer = useRef<number | undefined>(undefined);
  const report = useRef(onChange);
  report.current = onChange;

  // The URL (a new search, the back button) is the source of truth.
  useEffect(() => setLocal(value), [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (keys: Key[]) => {
    const ids = keys.map(Number).filter((n) => Number.isInteger(n));
    setLocal(ids);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => report.current(ids), MULTISELECT_REPORT_MS);
  };

  return (
    <Select<Option, "multiple">
      selectionMode="multiple"
      name={name}
      value={local}
      onChange={change}
      className="flex flex-col"
      isDisabled={options.length === 0}
      data-testid={`search-spec-${name}`}
    >
      <Label className={labelClass}>{label}</Label>
      <Button className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-sm text-slate-900 shadow-sm outline-none data-[focus-visible]:border-brand-500 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500/30 data-[disabled]:opacity-60">
        <SelectValue<Option> className="truncate">
          {({ selectedItems, isPlaceholder }) => {
            const count = selectedItems.filter(Boolean).length;
            if (isPlaceholder || count === 0) return <span className="text-slate-500">{m.search_spec_any()}</span>;
            if (count === 1) return selectedItems[0]!.label;
            return (
              <span>
                <span className="mr-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white" data-testid="multiselect-count">
                  {count}
                </span>
                {m.search_spec_selected({ count: String(count) })}
              </span>
            );
          }}
        </SelectValue>
        <ChevronDownIcon className="h-4 w-4 shrink-0 text-slate-500" />
      </Button>
      <Popover className="w-(--trigger-width) min-w-56 overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg" offset={4}>
        <ListBox items={options} className="max-h-80 p-1 outline-none">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              className="group flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-brand-50"
            >
              {({ isSelected }) => (
                <>
                  <span
                    className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border ${isSelected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-400 bg-white"}`}
                    aria-hidden="true"
                  >
                    {isSelected && <CheckIcon className="h-3 w-3" />}
                  </span>
                  {option.label}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
