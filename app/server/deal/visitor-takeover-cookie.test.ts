import { describe, expect, it } from "vitest";
import { readTakeover, signTakeover, TAKEOVER_TTL_SECONDS } from "./visitor-takeover-cookie.ts";

const SECRET = "s".repeat(32);

describe("the takeover cookie", () => {
  it("names the personal link it was signed for, until it expires", () => {
    const now = Date.UTC(2031, 0, 1);
    const value = signTakeover(SECRET, 42, now);
    expect(readTakeover(SECRET, value, now)).toBe(42);
    expect(readTakeover(SECRET, value, now + TAKEOVER_TTL_SECONDS * 1000)).toBeNull();
  });

  it("refuses a forged, re-pointed or malformed value", () => {
    const value = signTakeover(SECRET, 42);
    expect(readTakeover("t".repeat(32), value)).toBeNull();
    expect(readTakeover(SECRET, value.replace(/^42\./, "43."))).toBeNull();
    expect(readTakeover(SECRET, "42")).toBeNull();
    expect(readTakeover(SECRET, undefined)).toBeNull();
    expect(readTakeover(SECRET, "x".repeat(300))).toBeNull();
  });
});
