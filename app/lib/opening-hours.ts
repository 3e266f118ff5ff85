// Open or closed now, from a warehouse's weekly opening hours. Pure: takes the hours and an
// instant, so it can be tested with fixed dates. Hours are Italian wall-clock times, so the
// instant is first turned into a weekday and minutes in Europe/Rome; working on wall-clock
// minutes makes daylight-saving changes a non-issue (08:00 is 08:00 either side of them).
//
// Rules (the spec's data model): a day with is_{day}_open false is closed; an open day with no
// times is open all day; a close time before (or equal to) the open time means the warehouse
// closes after midnight, on the next day.
// Shared by the server (warehouses.service.ts computes the status) and the sheet page, which
// names the weekdays; so it lives here, in code that may reach the browser.

export type Weekday = "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";

export const WEEKDAYS: readonly Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
export const TIME_ZONE = "Europe/Rome";

const DAY = 24 * 60;
const WEEK = 7 * DAY;

/** The warehouse_times row's shape (times as 'HH:MM' or 'HH:MM:SS'). */
export type WeeklyHours = {
  [K in Weekday as `is_${K}_open`]: boolean;
} & {
  [K in Weekday as `${K}_open_time`]: string | null;
} & {
  [K in Weekday as `${K}_close_time`]: string | null;
};

/** A moment relative to now: which day (0 today, 1 tomorrow…), its weekday, and the time 'HH:MM'. */
export type WallMoment = { dayOffset: number; weekday: Weekday; time: string };

export type OpeningStatus =
  /** Open every hour of every day. */
  | { state: "always_open" }
  /** Closed every day (or no usable hours). */
  | { state: "never_open" }
  | { state: "open"; closes: WallMoment }
  | { state: "closed"; opens: WallMoment };

/** The weekday and minutes since midnight of an instant in Italian time. */
export function romeWallClock(now: Date): { weekday: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: TIME_ZONE,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = get("weekday").toLowerCase().slice(0, 3) as Weekday;
  if (!WEEKDAYS.includes(weekday)) throw new Error(`unexpected weekday ${get("weekday")}`);
  return { weekday, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

function parseTime(value: string | null): number | null {
  if (!value) return null;
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes >= 0 && minutes <= DAY ? minutes : null;
}

function formatMinutes(minutes: number): string {
  const m = ((minutes % DAY) + DAY) % DAY;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** The opening interval of one weekday in minutes from that day's midnight, or null when closed. */
export function dayInterval(hours: WeeklyHours, day: Weekday): { start: number; end: number } | null {
  if (!hours[`is_${day}_open`]) return null;
  const open = parseTime(hours[`${day}_open_time`]) ?? 0;
  const rawClose = parseTime(hours[`${day}_close_time`]);
  // No close time: open until midnight. A close at or before the opening hour: after midnight.
  const close = rawClose === null ? DAY : rawClose <= open ? rawClose + DAY : rawClose;
  return { start: open, end: close };
}

/** Open or closed at `now`, with the closing time or the next opening. Null hours → null (unknown). */
export function openingStatus(hours: WeeklyHours | null, now: Date): OpeningStatus | null {
  if (!hours) return null;
  const { weekday, minutes } = romeWallClock(now);
  const today = WEEKDAYS.indexOf(weekday);

  // Intervals from yesterday (which may run past midnight) to a week ahead, in minutes from
  // today's midnight, merged where they touch (23:00 close and 00:00 open the next day).
  const raw: { start: number; end: number }[] = [];
  for (let offset = -1; offset <= 8; offset++) {
    const day = WEEKDAYS[(((today + offset) % 7) + 7) % 7]!;
    const interval = dayInterval(hours, day);
    if (interval) raw.push({ start: offset * DAY + interval.start, end: offset * DAY + interval.end });
  }
  if (raw.length === 0) return { state: "never_open" };
  raw.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const interval of raw) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }

  const moment = (at: number): WallMoment => {
    const dayOffset = Math.floor(at / DAY);
    return { dayOffset, weekday: WEEKDAYS[(((today + dayOffset) % 7) + 7) % 7]!, time: formatMinutes(at) };
  };

  const current = merged.find((i) => i.start <= minutes && minutes < i.end);
  if (current) {
    if (current.end - minutes >= WEEK) return { state: "always_open" };
    return { state: "open", closes: moment(current.end) };
  }
  const next = merged.find((i) => i.start > minutes);
  // Every day has hours within the next week, so a next opening always exists here.
  return next ? { state: "closed", opens: moment(next.start) } : { state: "never_open" };
}

/** The hours of each weekday for display: 'HH:MM–HH:MM', or null when closed. */
export function weeklySchedule(hours: WeeklyHours): { day: Weekday; open: string | null; close: string | null; allDay: boolean }[] {
  return WEEKDAYS.map((day) => {
    const interval = dayInterval(hours, day);
    if (!interval) return { day, open: null, close: null, allDay: false };
    // Open for the whole day (no times, or 00:00–00:00): said in words, not as "00:00–00:00".
    return { day, open: formatMinutes(interval.start), close: formatMinutes(interval.end), allDay: interval.end - interval.start >= DAY };
  });
}

export type ScheduleDay = ReturnType<typeof weeklySchedule>[number];

/**
 * The week in a few lines, for a narrow column (the comparison): consecutive days with the same
 * hours joined, Monday to Sunday ("mon–fri 08:00–18:00", "sat 08:00–12:00", "sun closed").
 */
export function scheduleRuns(schedule: readonly ScheduleDay[]): { from: Weekday; to: Weekday; open: string | null; close: string | null; allDay: boolean }[] {
  const runs: { from: Weekday; to: Weekday; open: string | null; close: string | null; allDay: boolean }[] = [];
  for (const day of schedule) {
    const last = runs.at(-1);
    const same = last && last.allDay === day.allDay && (day.allDay || (last.open === day.open && last.close === day.close));
    if (last && same) last.to = day.day;
    else runs.push({ from: day.day, to: day.day, open: day.open, close: day.close, allDay: day.allDay });
  }
  return runs;
}
