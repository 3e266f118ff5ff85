import { describe, it, expect } from "vitest";
import { paths, searchBackPath, switchLocalePath } from "./paths.ts";
import { readXsrfCookie, toQueryString } from "./api-client.ts";

describe("switchLocalePath", () => {
  it("swaps the locale prefix and keeps the rest of the address", () => {
    expect(switchLocalePath("en", "/it/stocks", "?location=Milano", "#map")).toBe("/en/stocks?location=Milano#map");
    expect(switchLocalePath("it", "/en")).toBe("/it");
    expect(switchLocalePath("it", "/en/")).toBe("/it");
    expect(switchLocalePath("en", "/it/warehouses/12")).toBe("/en/warehouses/12");
  });

  it("adds a prefix to a path without one", () => {
    expect(switchLocalePath("it", "/")).toBe("/it");
    expect(switchLocalePath("en", "/stocks")).toBe("/en/stocks");
  });
});

describe("searchBackPath", () => {
  it("returns the search a result's link came from, in the sheet's language", () => {
    expect(searchBackPath({ fromSearch: "/it/stocks?location=Milano&radius=25&sort=largest" }, "it")).toBe("/it/stocks?location=Milano&radius=25&sort=largest");
    expect(searchBackPath({ fromSearch: "/en/stocks" }, "en")).toBe("/en/stocks");
  });

  it("ignores anything else: no state, another language, another page, another site", () => {
    expect(searchBackPath(null, "it")).toBeNull();
    expect(searchBackPath({ fromSearch: 12 }, "it")).toBeNull();
    expect(searchBackPath({ fromSearch: "/en/stocks?location=Milano" }, "it")).toBeNull();
    expect(searchBackPath({ fromSearch: "/it/stocksx" }, "it")).toBeNull();
    expect(searchBackPath({ fromSearch: "//evil.example/it/stocks" }, "it")).toBeNull();
    expect(searchBackPath({ fromSearch: "https://evil.example/it/stocks?x" }, "it")).toBeNull();
  });
});

describe("paths", () => {
  it("builds the search address with an encoded location", () => {
    expect(paths.stocks("it", "Reggio Emilia")).toBe("/it/stocks?location=Reggio+Emilia");
    expect(paths.stocks("en")).toBe("/en/stocks");
  });
});

describe("api client helpers", () => {
  it("reads the XSRF-TOKEN cookie among others", () => {
    expect(readXsrfCookie("locale=it; XSRF-TOKEN=abc%2Bdef; sid=1")).toBe("abc+def");
    expect(readXsrfCookie("locale=it")).toBeNull();
    expect(readXsrfCookie("")).toBeNull();
  });

  it("builds query strings, leaving out empty values and writing lists with []", () => {
    expect(toQueryString({ location: "Milano", radius: 10, empty: "", none: null, ids: [1, 2] })).toBe("?location=Milano&radius=10&ids%5B%5D=1&ids%5B%5D=2");
    expect(toQueryString({})).toBe("");
  });
});
