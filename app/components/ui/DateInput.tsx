// A date field: a native text input showing day.month.year with dots in both languages
// (21.11.2026, like formatDate), and a button opening a calendar. Values go in and out as ISO
// 'YYYY-MM-DD' strings; min/max let two dates cap each other (start ≤ end).
//
// Typing: digits get their dots as they come ("21112026" → 21.11.2026); on leaving the field or
// pressing Enter the text is read (isoFromDateText: "21/11/2026", "21-11-26"… are taken too),
// reported and written back as 21.11.2026. A text that is no date, or a date outside
// [min, max], marks the field invalid with a message, and what was typed stays.
//
// Form posts: once hydrated, a hidden input carries the ISO day under `name` and the visible
// field has no name. Before that (or without JavaScript) the visible field itself is `name`,
// and the schemas read its "21.11.2026" (isoDayFromText), so a form sent early still works.
//
// The calendar (React Aria, with its date library) is a separate module loaded on the first
// press of the button (or when the pointer comes near it): pages with a date field do not pay
// for it up front.
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { m } from "../../paraglide/messages.js";
import { formatDate } from "../../lib/format.ts";
import { isoFromDateText, withDateDots } from "../../lib/date-text.ts";
import { labelClass } from "./styles.ts";

const loadCalendar = () => import("./CalendarPopover.tsx");
const CalendarPopover = lazy(loadCalendar);

type Props = {
  name: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  error?: string | null;
  isRequired?: boolean;
};

/** What the field shows for a value: 21.11.2026 for a date, other text as it is (to be flagged). */
export function dateFieldText(value: string): string {
  const iso = isoFromDateText(value);
  return iso ? formatDate(iso) : value;
}

type Problem = "invalid" | "before_min" | "after_max" | null;

/** What is wrong with the field's text, given the bounds (ISO days, either may be missing). */
export function dateProblem(text: string, min?: string, max?: string): Problem {
  if (text.trim() === "") return null;
  const iso = isoFromDateText(text);
  if (!iso) return "invalid";
  if (min && iso < min) return "before_min";
  if (max && iso > max) return "after_max";
  return null;
}

export function DateInput({ name, label, value, onChange, min, max, error, isRequired }: Props) {
  const id = useId();
  const inputId = `${id}-input`;
  const messageId = `${id}-message`;
  const fieldRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState(() => dateFieldText(value));
  // Checked once the text has been read (left, Enter, a pick): not while typing.
  const [checked, setChecked] = useState(() => value !== "");
  const [hydrated, setHydrated] = useState(false);
  const [calendarWanted, setCalendarWanted] = useState(false);
  const [open, setOpen] = useState(false);
  // The ISO day last given to onChange (or received): a value coming back is not written over the text.
  const reported = useRef(value);

  // A new value from outside (a reset, the back button) replaces the text.
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(dateFieldText(value));
    setChecked(value !== "");
  }, [value]);

  function report(iso: string) {
    if (iso === reported.current) return;
    reported.current = iso;
    onChange(iso);
  }

  /** Reads the text: a date is reported and written as 21.11.2026; anything else stays, flagged, and counts as no date. */
  function commit(raw: string) {
    const iso = isoFromDateText(raw);
    setChecked(true);
    if (iso) setText(formatDate(iso));
    report(iso ?? "");
  }

  useEffect(() => {
    setHydrated(true);
    // Text typed before the page was interactive: read it now.
    const typed = inputRef.current?.value ?? text;
    if (typed !== text) {
      setText(typed);
      commit(typed);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  const problem = checked ? dateProblem(text, min, max) : null;
  const message =
    problem === "invalid"
      ? m.date_error_invalid()
      : (error ??
        (problem === "before_min"
          ? m.date_error_before_min({ min: formatDate(min) })
          : problem === "after_max"
            ? m.date_error_after_max({ max: formatDate(max) })
            : null));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    commit(text);
    // A text that is no date keeps the form from being sent, so its message is seen.
    if (text.trim() !== "" && !isoFromDateText(text)) event.preventDefault();
  }

  function toggleCalendar() {
    setCalendarWanted(true);
    setOpen((o) => !o);
  }

  return (
    <div className="flex flex-col">
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <div
        ref={fieldRef}
        className={`flex items-center rounded-lg border shadow-sm transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 ${message ? "border-red-500 bg-red-50/40" : "border-slate-300 bg-white"}`}
      >
        <input
          ref={inputRef}
          id={inputId}
          name={hydrated ? undefined : name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder={m.date_placeholder()}
          value={text}
          onChange={(event) => setText((previous) => withDateDots(previous, event.target.value))}
          onBlur={() => commit(text)}
          onKeyDown={onKeyDown}
          aria-invalid={message ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={message ? messageId : undefined}
          className="min-w-0 flex-1 rounded-lg bg-transparent px-3 py-2.5 text-base tabular-nums text-slate-900 outline-none placeholder:text-slate-500 sm:text-sm"
        />
        <button
          ref={buttonRef}
          type="button"
          aria-label={m.date_pick()}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={toggleCalendar}
          onPointerEnter={() => void loadCalendar()}
          // 44 px on a phone, where a thumb presses it; the field is as tall.
          className="mr-px rounded-md p-3 text-slate-500 sm:mr-1 sm:p-2 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CalendarIcon />
        </button>
      </div>
      {hydrated && <input type="hidden" name={name} value={value} />}
      {message && (
        <p id={messageId} className="mt-1 text-sm text-red-700">
          {message}
        </p>
      )}
      {calendarWanted && (
        <Suspense fallback={null}>
          <CalendarPopover
            triggerRef={fieldRef}
            label={label}
            isOpen={open}
            onOpenChange={setOpen}
            value={isoFromDateText(text) ?? ""}
            min={min}
            max={max}
            onSelect={(iso) => {
              setText(formatDate(iso));
              setChecked(true);
              report(iso);
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="h-5 w-5" aria-hidden="true">
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
      <path d="M3 8.5h14M7 3v3M13 3v3" strokeLinecap="round" />
    </svg>
  );
}
