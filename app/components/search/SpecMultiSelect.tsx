// A specification group as a multi-select: the button shows how many values are chosen, and
// the change is reported 100 ms after the last click, so ticking several values in
// a row reports once.
//
// Native parts: a disclosure button (aria-expanded, aria-controls) and, under it, a panel with
// a fieldset of checkboxes named after the group. The checkboxes are in the form whether the
// panel is open or not, so a plain form post sends the ticked values (repeated keys, as the
// search reads them). The panel closes on Escape (focus back on the button), on a click
// outside and when the focus moves out of the group.
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { m } from "../../paraglide/messages.js";
import { ChevronDownIcon } from "../ui/icons.tsx";
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
  const id = useId();
  const labelId = `${id}-label`;
  const summaryId = `${id}-summary`;
  const panelId = `${id}-panel`;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [local, setLocal] = useState<number[]>(value);
  const timer = useRef<number | undefined>(undefined);
  const report = useRef(onChange);
  report.current = onChange;

  // The URL (a new search, the back button) is the source of truth.
  useEffect(() => setLocal(value), [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A click anywhere outside the group closes the panel (the focus goes where the click put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const toggle = (optionId: number, on: boolean) => {
    const ids = on ? [...local.filter((x) => x !== optionId), optionId] : local.filter((x) => x !== optionId);
    setLocal(ids);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => report.current(ids), MULTISELECT_REPORT_MS);
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !open) return;
    // The panel takes this Escape: a dialog around the filters stays open.
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // Only a move to another element (Tab): a click outside is handled above. A press on an
    // option's text moves the focus to the nearest focusable ancestor (the page's <main>, there
    // for the skip link) before the click reaches the label: that is no move away.
    const next = event.relatedTarget;
    const root = rootRef.current;
    if (open && root && next instanceof Node && !root.contains(next) && !next.contains(root)) setOpen(false);
  }

  const chosen = options.filter((o) => local.includes(o.id));
  const count = chosen.length;

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape and leaving, for the button and the panel inside, which take the focus
    <div ref={rootRef} className="relative flex flex-col" onKeyDown={onKeyDown} onBlur={onBlur} data-testid={`search-spec-${name}`}>
      <span id={labelId} className={labelClass}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-labelledby={`${labelId} ${summaryId}`}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={options.length === 0}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-base text-slate-900 sm:text-sm shadow-sm outline-none focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/30 disabled:opacity-60"
      >
        <span id={summaryId} className="truncate">
          {count === 0 ? (
            <span className="text-slate-500">{m.search_spec_any()}</span>
          ) : count === 1 ? (
            chosen[0]!.label
          ) : (
            <span>
              <span
                className="mr-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
                data-testid="multiselect-count"
              >
                {count}
              </span>
              {m.search_spec_selected({ count: String(count) })}
            </span>
          )}
        </span>
        <ChevronDownIcon className={`h-4 w-4 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 min-w-56 overflow-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        <fieldset>
          <legend className="sr-only">{label}</legend>
          {options.map((option) => (
            <label
              key={option.id}
              className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-800 hover:bg-brand-50 has-[:focus-visible]:bg-brand-50 sm:min-h-0"
            >
              <input
                type="checkbox"
                name={name}
                value={option.id}
                checked={local.includes(option.id)}
                onChange={(event) => toggle(option.id, event.target.checked)}
                className="h-4 w-4 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
