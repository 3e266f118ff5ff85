import { describe, it, expect } from "vitest";
import { paths, switchLocalePath } from "./paths.ts";
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
    expect(toQueryString({ location: "Milano", radius: 10, empty: "", none: null, ids: [1, 2] })).toBe(
      "?location=Milano&radius=10&ids%5B%5D=1&ids%5B%5D=2",
    );
    expect(toQueryString({})).toBe("");
  });
});
