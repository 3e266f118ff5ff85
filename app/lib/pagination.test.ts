import { describe, expect, it } from "vitest";
import { pageCount, pageParam, pageWindow } from "./pagination.ts";
import { listParams, SEARCH_MAX_LENGTH } from "./list-params.ts";

describe("the pagination window", () => {
  it("is hidden with one page or none, and shows every page up to 7", () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps the first 7 below page 4, the last 7 within 4 of the end, and centres the rest", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(17, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it("counts pages as the total divided by the page size, rounded up, and reads ?page= safely", () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(16, 8)).toBe(2);
    for (const junk of [null, "", "0x2", "-1", "abc", "1e3", "9999999"]) expect(pageParam(junk)).toBe(1);
    expect(pageParam("3")).toBe(3);
    expect(pageParam("0")).toBe(1);
  });
});

describe("a list's URL parameters", () => {
  it("trims the search, caps it, treats blank as none, and reads the page safely", () => {
    expect(listParams(new URL("http://x/admin/stockers?search=%20Rossi%20&page=3"))).toEqual({ search: "Rossi", page: 3 });
    expect(listParams(new URL("http://x/admin/stockers?search=%20%20&page=abc"))).toEqual({ search: null, page: 1 });
    expect(listParams(new URL(`http://x/admin/stockers?search=${"a".repeat(500)}`)).search).toHaveLength(SEARCH_MAX_LENGTH);
    // Some lists name their box as the JSON call does.
    expect(listParams(new URL("http://x/admin/warehouses?search_term=Bologna&search=no"), "search_term")).toEqual({ search: "Bologna", page: 1 });
  });
});
