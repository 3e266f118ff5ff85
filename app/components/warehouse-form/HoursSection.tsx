// Section 5: the opening hours, one row per weekday: open or closed, and from/to times. An
// open day without times is open all day; both times or neither (the schema says so).
import type { WarehouseFormValues } from "../../lib/warehouse-form.ts";
import { WEEKDAYS, type Weekday } from "../../lib/opening-hours.ts";
import { m } from "../../paraglide/messages.js";
import { buttonClass, inputClass } from "../ui/styles.ts";
import { FormSection } from "./FormParts.tsx";

type Times = WarehouseFormValues["times"];
type Day = Times[Weekday];

export function dayName(day: Weekday): string {
  switch (day) {
    case "mon":
      return m.wf_day_mon();
    case "tue":
      return m.wf_day_tue();
    case "wed":
      return m.wf_day_wed();
    case "thu":
      return m.wf_day_thu();
    case "fri":
      return m.wf_day_fri();
    case "sat":
      return m.wf_day_sat();
    default:
      return m.wf_day_sun();
  }
}

/** Monday's opening and times on Tuesday to Friday. */
export function copyMondayToWeekdays(times: Times): Times {
  const next = { ...times };
  for (const d of ["tue", "wed", "thu", "fri"] as const) next[d] = { ...times.mon };
  return next;
}

function TimeInput({
  id,
  label,
  fullLabel,
  value,
  onChange,
  error,
  errorId,
}: {
  id: string;
  label: string;
  fullLabel: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  errorId: string;
}) {
  return (
    <label htmlFor={id} className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-slate-600 sm:flex-row sm:items-center sm:gap-2 sm:text-sm">
      <span className="shrink-0">{label}</span>
      <input
        id={id}
        type="time"
        aria-label={fullLabel}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} min-w-0 py-2 ${error ? "border-red-500 bg-red-50/40" : ""}`}
      />
    </label>
  );
}

export function HoursSection({
  times,
  onChange,
  onCopyMonday,
  errorOf,
}: {
  times: Times;
  onChange: (day: Weekday, patch: Partial<Day>) => void;
  onCopyMonday: () => void;
  errorOf: (field: string) => string | null;
}) {
  return (
    <FormSection id="wf-hours" title={m.wf_section_hours()} description={m.wf_hours_hint()} testId="wf-section-hours">
      <ul className="divide-y divide-slate-100">
        {WEEKDAYS.map((day) => {
          const value = times[day];
          const name = dayName(day);
          const openError = errorOf(`warehouse_times.${day}_open_time`);
          const closeError = errorOf(`warehouse_times.${day}_close_time`);
          const error = openError ?? closeError;
          const errorId = `wf-${day}-hours-error`;
          return (
            <li key={day} className="py-3 first:pt-0 last:pb-0" data-testid={`hours-${day}`}>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
                <div className="flex items-center justify-between gap-3 sm:w-56 sm:shrink-0">
                  <span className="font-medium text-slate-900">{name}</span>
                  {/* A native checkbox with the switch role: Space toggles it, the label's click too;
                      it is visually hidden and the track beside it shows its state and focus. */}
                  <label className="relative flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700 sm:min-h-0">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={value.open}
                      onChange={(event) => onChange(day, { open: event.target.checked })}
                      aria-label={m.wf_hours_open_day({ day: name })}
                      className="peer sr-only"
                    />
                    <span
                      aria-hidden="true"
                      className={`flex h-6 w-10 shrink-0 items-center rounded-full p-0.5 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
                        value.open ? "bg-brand-600" : "bg-slate-300"
                      }`}
                    >
                      <span
                        className={`h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${value.open ? "translate-x-4" : ""}`}
                      />
                    </span>
                    <span aria-hidden="true">{m.wf_hours_open()}</span>
                  </label>
                </div>
                {value.open ? (
                  <div className="flex flex-1 items-center gap-3">
                    <TimeInput
                      id={`wf-${day}-from`}
                      label={m.wf_hours_from()}
                      fullLabel={m.wf_hours_from_day({ day: name })}
                      value={value.from}
                      onChange={(from) => onChange(day, { from })}
                      error={openError}
                      errorId={errorId}
                    />
                    <TimeInput
                      id={`wf-${day}-to`}
                      label={m.wf_hours_to()}
                      fullLabel={m.wf_hours_to_day({ day: name })}
                      value={value.to}
                      onChange={(to) => onChange(day, { to })}
                      error={closeError}
                      errorId={errorId}
                    />
                  </div>
                ) : (
                  <p className="flex-1 text-sm text-slate-500">{m.wf_hours_closed_day()}</p>
                )}
              </div>
              {error && (
                <p id={errorId} className="mt-1 text-sm text-red-700 sm:pl-60">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={onCopyMonday} className={buttonClass("secondary", "sm", "mt-4")}>
        {m.wf_hours_copy_monday()}
      </button>
    </FormSection>
  );
}
