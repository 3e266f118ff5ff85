// A date field with a calendar popover (React Aria DatePicker). Values go in and out as ISO
// 'YYYY-MM-DD' strings, and a plain form post gets the same string under `name`. min/max let
// two dates cap each other (start ≤ end).
//
// The spec shows dates as day.month.year in both languages, in fields as in text (21.11.2026,
// like formatDate): the field runs in it-IT on Italian pages and en-GB otherwise (both
// day-month-year, whatever locale the page's provider gives), forces leading zeros and draws
// its separators as dots. The segments stay React Aria's: typing, arrows and what a screen
// reader hears (each part's name and value) are unchanged; the separators are not read.
import { parseDate, type CalendarDate } from "@internationalized/date";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput as AriaDateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  FieldError,
  useLocale,
} from "react-aria-components";
import { m } from "../../paraglide/messages.js";
import { labelClass } from "./styles.ts";

function toDate(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

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

/** The field's locale: day-month-year in both languages (it-IT's placeholder reads gg.mm.aaaa, en-GB's dd.mm.yyyy). */
export function dateFieldLocale(pageLocale: string): "it-IT" | "en-GB" {
  return pageLocale.toLowerCase().startsWith("it") ? "it-IT" : "en-GB";
}

/** What a segment shows: the separators as dots, the rest as React Aria writes it (placeholders included). */
export function segmentText(segment: { type: string; text: string }): string {
  return segment.type === "literal" ? "." : segment.text;
}

export function DateInput(props: Props) {
  const { locale } = useLocale();
  return (
    <I18nProvider locale={dateFieldLocale(locale)}>
      <DatePickerField {...props} />
    </I18nProvider>
  );
}

function DatePickerField({ name, label, value, onChange, min, max, error, isRequired }: Props) {
  return (
    <DatePicker
      name={name}
      value={toDate(value)}
      onChange={(date) => onChange(date ? date.toString() : "")}
      minValue={toDate(min) ?? undefined}
      maxValue={toDate(max) ?? undefined}
      isInvalid={!!error}
      isRequired={isRequired}
      granularity="day"
      shouldForceLeadingZeros
      className="flex flex-col"
    >
      <Label className={labelClass}>{label}</Label>
      <Group className="flex items-center rounded-lg border border-slate-300 bg-white shadow-sm transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 data-[invalid]:border-red-500 data-[invalid]:bg-red-50/40">
        <AriaDateInput className="flex flex-1 px-3 py-2.5 text-base sm:text-sm">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums text-slate-900 outline-none data-[placeholder]:text-slate-500 data-[type=literal]:px-0 data-[focused]:bg-brand-600 data-[focused]:text-white"
            >
              {segmentText(segment)}
            </DateSegment>
          )}
        </AriaDateInput>
        <Button aria-label={m.date_pick()} className="mr-1 rounded-md p-2 text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-800 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500">
          <CalendarIcon />
        </Button>
      </Group>
      {error && <FieldError className="mt-1 text-sm text-red-700">{error}</FieldError>}
      <Popover className="rounded-xl border border-slate-200 bg-white p-3 shadow-xl outline-none">
        <Dialog className="outline-none">
          <Calendar>
            <header className="mb-2 flex items-center justify-between gap-2">
              <Button slot="previous" aria-label={m.date_previous_month()} className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500">
                ‹
              </Button>
              <Heading className="text-sm font-semibold capitalize text-slate-900" />
              <Button slot="next" aria-label={m.date_next_month()} className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500">
                ›
              </Button>
            </header>
            <CalendarGrid className="border-separate border-spacing-0.5 text-sm">
              {(date) => (
                <CalendarCell
                  date={date}
                  className="flex h-9 w-9 items-center justify-center rounded-md text-slate-800 outline-none hover:bg-brand-50 data-[outside-month]:text-slate-300 data-[selected]:bg-brand-600 data-[selected]:text-white data-[disabled]:text-slate-300 data-[unavailable]:text-slate-300 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500"
                />
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
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
