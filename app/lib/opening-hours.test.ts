import { describe, expect, it } from "vitest";
import { openingStatus, romeWallClock, scheduleRuns, weeklySchedule, WEEKDAYS, type WeeklyHours } from "./opening-hours.ts";

type Day = { open?: string | null; close?: string | null; closed?: boolean };

/** Weekly hours from a few days; days not given are closed. */
function hours(days: Partial<Record<(typeof WEEKDAYS)[number], Day>>): WeeklyHours {
  const out: Record<string, unknown> = {};
  for (const d of WEEKDAYS) {
    const day = days[d];
    out[`is_${d}_open`] = day ? !day.closed : false;
    out[`${d}_open_time`] = day?.open ?? null;
    out[`${d}_close_time`] = day?.close ?? null;
  }
  return out as WeeklyHours;
}

const office = { open: "08:00:00", close: "18:00:00" };
const weekdaysOnly = hours({ mon: office, tue: office, wed: office, thu: office, fri: office });

// 2026-05-13 is a Wednesday; Rome is UTC+2 in May (summer time) and UTC+1 in January.
const rome = (isoLocal: string, offset = "+02:00") => new Date(`${isoLocal}${offset}`);

describe("romeWallClock", () => {
  it("reads the weekday and time in Italian time, not the server's", () => {
    expect(romeWallClock(new Date("2026-05-13T22:30:00Z"))).toEqual({ weekday: "thu", minutes: 30 }); // 00:30 Thursday in Rome
    expect(romeWallClock(new Date("2026-01-14T23:15:00Z"))).toEqual({ weekday: "thu", minutes: 15 }); // winter: UTC+1
  });
});

describe("openingStatus", () => {
  it("is open during the day's hours, with the closing time", () => {
    expect(openingStatus(weekdaysOnly, rome("2026-05-13T10:00:00"))).toEqual({
      state: "open",
      closes: { dayOffset: 0, weekday: "wed", time: "18:00" },
    });
  });

  it("is closed before opening, and opens later the same day", () => {
    expect(openingStatus(weekdaysOnly, rome("2026-05-13T07:59:00"))).toEqual({
      state: "closed",
      opens: { dayOffset: 0, weekday: "wed", time: "08:00" },
    });
  });

  it("closes exactly at the closing minute and then opens tomorrow", () => {
    expect(openingStatus(weekdaysOnly, rome("2026-05-13T18:00:00"))).toEqual({
      state: "closed",
      opens: { dayOffset: 1, weekday: "thu", time: "08:00" },
    });
  });

  it("crosses the week's end: closed on Friday evening until Monday morning", () => {
    expect(openingStatus(weekdaysOnly, rome("2026-05-15T19:00:00"))).toEqual({
      state: "closed",
      opens: { dayOffset: 3, weekday: "mon", time: "08:00" },
    });
    // Sunday evening: the next opening is Monday, the first day of the next week.
    expect(openingStatus(weekdaysOnly, rome("2026-05-17T23:00:00"))).toEqual({
      state: "closed",
      opens: { dayOffset: 1, weekday: "mon", time: "08:00" },
    });
  });

  it("keeps a night shift open after midnight (close before open)", () => {
    const night = hours({ sun: { open: "22:00", close: "06:00" } });
    // Monday 02:00 is still Sunday's shift, closing at 06:00 today.
    expect(openingStatus(night, rome("2026-05-18T02:00:00"))).toEqual({
      state: "open",
      closes: { dayOffset: 0, weekday: "mon", time: "06:00" },
    });
    // Sunday 23:00: open, closes tomorrow (Monday) at 06:00, across the week's end.
    expect(openingStatus(night, rome("2026-05-17T23:00:00"))).toEqual({
      state: "open",
      closes: { dayOffset: 1, weekday: "mon", time: "06:00" },
    });
    // Monday 07:00: closed until next Sunday 22:00.
    expect(openingStatus(night, rome("2026-05-18T07:00:00"))).toEqual({
      state: "closed",
      opens: { dayOffset: 6, weekday: "sun", time: "22:00" },
    });
  });

  it("merges a day ending at midnight with the next day starting at midnight", () => {
    const long = hours({ mon: { open: "06:00", close: "00:00" }, tue: { open: "00:00", close: "14:00" } });
    expect(openingStatus(long, rome("2026-05-18T23:30:00"))).toEqual({
      state: "open",
      closes: { dayOffset: 1, weekday: "tue", time: "14:00" },
    });
  });

  it("treats an open day without times as open all day, every day as always open", () => {
    const all = hours(Object.fromEntries(WEEKDAYS.map((d) => [d, {}])));
    expect(openingStatus(all, rome("2026-05-13T03:00:00"))).toEqual({ state: "always_open" });
  });

  it("says never open when every day is closed, and unknown without hours", () => {
    expect(openingStatus(hours({}), rome("2026-05-13T10:00:00"))).toEqual({ state: "never_open" });
    expect(openingStatus(null, new Date())).toBeNull();
  });

  it("uses Italian wall-clock time across the spring daylight-saving change", () => {
    // 29 March 2026: clocks go from 02:00 CET to 03:00 CEST. Sunday hours 02:30–10:00 do
    // not exist before 03:00; 01:30 UTC is 03:30 in Rome.
    const sunday = hours({ sun: { open: "03:00", close: "10:00" } });
    expect(openingStatus(sunday, new Date("2026-03-29T00:59:00Z"))).toEqual({
      state: "closed",
      opens: { dayOffset: 0, weekday: "sun", time: "03:00" },
    }); // 01:59 CET
    expect(openingStatus(sunday, new Date("2026-03-29T01:00:00Z"))).toEqual({
      state: "open",
      closes: { dayOffset: 0, weekday: "sun", time: "10:00" },
    }); // 03:00 CEST
    // 07:30 UTC is 09:30 in Rome after the change (it would be 08:30 in winter).
    expect(openingStatus(sunday, new Date("2026-03-29T07:30:00Z"))?.state).toBe("open");
    expect(openingStatus(sunday, new Date("2026-03-29T08:30:00Z"))?.state).toBe("closed"); // 10:30 CEST
  });

  it("uses Italian wall-clock time across the autumn change", () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET. 08:00 on Monday is 07:00 UTC.
    expect(openingStatus(weekdaysOnly, new Date("2026-10-26T06:59:00Z"))?.state).toBe("closed");
    expect(openingStatus(weekdaysOnly, new Date("2026-10-26T07:00:00Z"))?.state).toBe("open");
  });
});

describe("weeklySchedule", () => {
  it("lists each day's hours, null when closed", () => {
    const schedule = weeklySchedule(hours({ mon: office, sun: { open: "22:00", close: "06:00" } }));
    expect(schedule[0]).toEqual({ day: "mon", open: "08:00", close: "18:00", allDay: false });
    expect(schedule[1]).toEqual({ day: "tue", open: null, close: null, allDay: false });
    expect(schedule[6]).toEqual({ day: "sun", open: "22:00", close: "06:00", allDay: false });
  });

  it("marks a day open around the clock (no times, or 00:00–00:00) so it reads as words, not as 00:00–00:00", () => {
    const schedule = weeklySchedule(hours({ mon: { open: "00:00", close: "00:00" }, tue: {}, wed: { open: "00:00", close: "23:59" }, thu: { closed: true } }));
    expect(schedule.map((d) => d.allDay)).toEqual([true, true, false, false, false, false, false]);
    expect(schedule[3]).toEqual({ day: "thu", open: null, close: null, allDay: false });
  });
});

describe("scheduleRuns", () => {
  it("joins consecutive days with the same hours, in the week's order", () => {
    const saturday = { open: "08:00", close: "12:00" };
    expect(scheduleRuns(weeklySchedule(hours({ mon: office, tue: office, wed: office, thu: office, fri: office, sat: saturday })))).toEqual([
      { from: "mon", to: "fri", open: "08:00", close: "18:00", allDay: false },
      { from: "sat", to: "sat", open: "08:00", close: "12:00", allDay: false },
      { from: "sun", to: "sun", open: null, close: null, allDay: false },
    ]);
  });

  it("keeps days apart when the same hours are not consecutive, and says a whole open week in one run", () => {
    const runs = scheduleRuns(weeklySchedule(hours({ mon: office, wed: office })));
    expect(runs.map((r) => `${r.from}-${r.to}:${r.open ?? "closed"}`)).toEqual(["mon-mon:08:00", "tue-tue:closed", "wed-wed:08:00", "thu-sun:closed"]);
    const always = Object.fromEntries(WEEKDAYS.map((d) => [d, {}]));
    expect(scheduleRuns(weeklySchedule(hours(always)))).toMatchObject([{ from: "mon", to: "sun", allDay: true }]);
  });
});
