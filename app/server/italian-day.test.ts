import { describe, expect, it } from "vitest";
import { italianDay } from "./italian-day.ts";

// 10:00 UTC on 14 May 2030 is noon in Italy; 22:30 UTC on 14 May is 00:30 on the 15th there.
const MAY_14 = Date.parse("2030-05-14T10:00:00Z");
const MAY_15_ROME = Date.parse("2030-05-14T22:30:00Z");

describe("the day in Italy of an instant", () => {
  it("is the Italian calendar day, across midnight and the changes of offset", () => {
    expect(italianDay(MAY_14)).toBe("2030-05-14");
    expect(italianDay(MAY_15_ROME)).toBe("2030-05-15");
    // Winter: UTC+1. 23:00 UTC on 31 December is midnight of 1 January in Rome.
    expect(italianDay(Date.parse("2030-12-31T22:59:59Z"))).toBe("2030-12-31");
    expect(italianDay(Date.parse("2030-12-31T23:00:00Z"))).toBe("2031-01-01");
    // The cache of the current second answers the same day again.
    expect(italianDay(Date.parse("2030-12-31T23:00:00.900Z"))).toBe("2031-01-01");
  });

  it("turns at Rome's midnight, in winter and in summer, whatever was asked before", () => {
    const cases: [string, string][] = [
      ["2026-11-29T22:59:59.999Z", "2026-11-29"],
      ["2026-11-29T23:00:00.000Z", "2026-11-30"],
      ["2026-07-01T21:59:59.999Z", "2026-07-01"],
      ["2026-07-01T22:00:00.000Z", "2026-07-02"],
      // The night the clocks go back: midnight is 22:00 UTC, the next day's starts at 23:00 UTC.
      ["2026-10-24T21:59:00.000Z", "2026-10-24"],
      ["2026-10-24T22:00:00.000Z", "2026-10-25"],
      ["2026-10-25T22:59:59.000Z", "2026-10-25"],
      ["2026-10-25T23:00:00.000Z", "2026-10-26"],
    ];
    // Asked in order, then backwards, then twice each: the day kept for a minute is that minute's.
    for (const list of [cases, [...cases].reverse(), cases.flatMap((c) => [c, c])]) for (const [at, day] of list) expect(italianDay(new Date(at))).toBe(day);
  });
});
