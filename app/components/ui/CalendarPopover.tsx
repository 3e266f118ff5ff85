// The date field's calendar, in its own module: DateInput loads it on the first press of its
// button, so React Aria's calendar and date library are not in the pages' first load. A
// popover dialog anchored under the field, month and day names in the page's language, weeks
// from Monday (the Italian calendar, in both languages), days outside [min, max] disabled.
// Escape or a click outside closes it and React Aria's focus scope gives the focus back to the
// button that opened it; a picked day does the same through DateInput.
//
// Only the days that can be picked are controls: the days of the months around are blank, and
// those outside [min, max] are plain struck-through numbers, with a note under the grid saying the
// range (it also describes the month arrows when they are disabled): a disabled control must
// say why, and a day cell cannot carry a description.
import { useContext, useId, type RefObject } from "react";
import { isSameMonth, parseDate, type CalendarDate } from "@internationalized/date";
import { Button, Calendar, CalendarCell, CalendarGrid, CalendarStateContext, Dialog, Heading, Popover } from "react-aria-components";
import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { AriaLocale } from "./AriaLocale.tsx";

function toDate(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

type Props = {
  /** The field the popover hangs under. */
  triggerRef: RefObject<HTMLElement | null>;
  /** The field's label: the dialog's name. */
  label: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** ISO day shown as chosen, or "". */
  value: string;
  min?: string;
  max?: string;
  onSelect: (iso: string) => void;
};

export default function CalendarPopover({ triggerRef, label, isOpen, onOpenChange, value, min, max, onSelect }: Props) {
  const noteId = useId();
  const note = [min ? m.date_error_before_min({ min: formatDate(min) }) : null, max ? m.date_error_after_max({ max: formatDate(max) }) : null]
    .filter(Boolean)
    .join(" ");
  const arrowClass =
    "flex h-11 w-11 items-center justify-center rounded-md text-slate-600 sm:h-auto sm:w-auto sm:px-3 sm:py-1.5 hover:bg-slate-100 data-[disabled]:opacity-40 data-[disabled]:hover:bg-transparent data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600";
  return (
    <AriaLocale>
      <Popover
        triggerRef={triggerRef}
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        placement="bottom end"
        offset={4}
        className="rounded-xl border border-slate-200 bg-white p-3 shadow-xl outline-none"
      >
        <Dialog aria-label={label} className="outline-none">
          <Calendar
            aria-label={label}
            value={toDate(value)}
            onChange={(date) => onSelect(date.toString())}
            minValue={toDate(min) ?? undefined}
            maxValue={toDate(max) ?? undefined}
            firstDayOfWeek="mon"
            autoFocus
          >
            <header className="mb-2 flex items-center justify-between gap-2">
              <Button slot="previous" aria-label={m.date_previous_month()} aria-describedby={note ? noteId : undefined} className={arrowClass}>
                ‹
              </Button>
              <Heading className="text-sm font-semibold capitalize text-slate-900" />
              <Button slot="next" aria-label={m.date_next_month()} aria-describedby={note ? noteId : undefined} className={arrowClass}>
                ›
              </Button>
            </header>
            <CalendarGrid className="border-separate border-spacing-0.5 text-sm">{(date) => <Day date={date} />}</CalendarGrid>
            {note && (
              <p id={noteId} className="mt-2 max-w-64 text-xs text-slate-600">
                {note}
              </p>
            )}
          </Calendar>
        </Dialog>
      </Popover>
    </AriaLocale>
  );
}

/** A day of the grid: blank outside the month shown, a plain number outside [min, max], else a day to pick. */
function Day({ date }: { date: CalendarDate }) {
  // Days are 44 px on a phone (a thumb's target: seven fit in 375 px), 36 px from sm up.
  const state = useContext(CalendarStateContext);
  if (state && !isSameMonth(date, state.visibleRange.start)) return <td />;
  if (state?.isInvalid(date)) {
    return (
      <td>
        <span className="flex h-11 w-11 items-center justify-center text-slate-500 line-through sm:h-9 sm:w-9 decoration-slate-400">{date.day}</span>
      </td>
    );
  }
  return (
    <CalendarCell
      date={date}
      className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-md sm:h-9 sm:w-9 text-slate-800 outline-none hover:bg-brand-50 data-[selected]:bg-brand-600 data-[selected]:text-white data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600"
    />
  );
}
