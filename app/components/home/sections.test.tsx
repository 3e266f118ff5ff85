// The home page's example of a request shows a period still ahead, whatever today is.
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { ExampleRequest } from "./sections.tsx";

afterEach(() => vi.useRealTimers());

describe("the example request on the home page", () => {
  it("asks for six months starting three months from now, in day.month.year", () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z") });
    expect(renderToString(<ExampleRequest />)).toContain("01.02.2027 – 31.07.2027");
    vi.setSystemTime(new Date("2027-05-10T10:00:00Z"));
    expect(renderToString(<ExampleRequest />)).toContain("01.08.2027 – 31.01.2028");
  });
});
