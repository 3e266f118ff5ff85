// "Open now · closes at 18:00" / "Closed · opens tomorrow at 08:00". The status is computed
// on the server at request time (Europe/Rome) and passed in, so the server-rendered text and
// the hydrated one are the same.
import type { OpeningStatus as Status, WallMoment, Weekday } from "../../lib/opening-hours.ts";
import { m } from "../../paraglide/messages.js";

export function weekdayName(day: Weekday): string {
  switch (day) {
    case "mon":
      return m.sheet_day_mon();
    case "tue":
      return m.sheet_day_tue();
    case "wed":
      return m.sheet_day_wed();
    case "thu":
      return m.sheet_day_thu();
    case "fri":
      return m.sheet_day_fri();
    case "sat":
      return m.sheet_day_sat();
    case "sun":
      return m.sheet_day_sun();
  }
}

function opensText(at: WallMoment): string {
  if (at.dayOffset === 0) return m.sheet_opens_today({ time: at.time });
  if (at.dayOffset === 1) return m.sheet_opens_tomorrow({ time: at.time });
  return m.sheet_opens_on({ day: weekdayName(at.weekday), time: at.time });
}

function closesText(at: WallMoment): string {
  // Closing within the next day reads as a time ("closes at 02:00"); open for days on end needs the day.
  if (at.dayOffset <= 1) return m.sheet_closes_at({ time: at.time });
  return m.sheet_closes_on({ day: weekdayName(at.weekday), time: at.time });
}

export function OpeningStatus({ status }: { status: Status | null }) {
  if (!status) return null;
  const open = status.state === "open" || status.state === "always_open";
  const detail =
    status.state === "open"
      ? closesText(status.closes)
      : status.state === "closed"
        ? opensText(status.opens)
        : status.state === "always_open"
          ? m.sheet_always_open()
          : null;
  return (
    <p className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="opening-status" data-state={status.state}>
      <span
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset ${
          open ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-red-50 text-red-800 ring-red-200"
        }`}
      >
        <span className={`h-2 w-2 rounded-full ${open ? "bg-emerald-500" : "bg-red-500"}`} aria-hidden="true" />
        {open ? m.sheet_open_now() : m.sheet_closed_now()}
      </span>
      {detail && <span className="text-slate-700">{detail}</span>}
    </p>
  );
}
