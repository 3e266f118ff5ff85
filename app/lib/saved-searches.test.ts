// A saved search run again (the search page's address as its own form writes it), its state, its
// default name, and its criteria in words in both languages.
import { describe, expect, it } from "vitest";
import { defaultSavedSearchName, savedSearchHref, savedSearchState, SAVED_SEARCH_NAME_MAX } from "./saved-searches.ts";
import { formValuesFromParams } from "./search-form.ts";
import { savedSearchCriteria } from "../components/search/saved-search-words.ts";
import { overwriteGetLocale } from "../paraglide/runtime.js";

const verona = {
  location: "Verona (VR), Italia",
  lat: 45.4384,
  lng: 10.9916,
  radius: 30,
  start_date: "2027-03-01",
  end_date: "2027-09-30",
  m2_type: "m2" as const,
  m2_value: 500,
  specifications: [
    { id: 4, value: "Picking", cat_id: 1 },
    { id: 31, value: "Videosorveglianza", cat_id: 3 },
    { id: 77, value: "ISO 9001", cat_id: 7 },
  ],
};

describe("a saved search run again", () => {
  it("is the search page's address with its place, centre, radius, dates, quantity and each specification in its group", () => {
    const href = savedSearchHref("it", verona);
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/it/stocks");
    expect([...url.searchParams]).toEqual([
      ["location", "Verona (VR), Italia"],
      ["lat", "45.4384"],
      ["lng", "10.9916"],
      ["radius", "30"],
      ["start_date", "2027-03-01"],
      ["end_date", "2027-09-30"],
      ["m2_value", "500"],
      ["service", "4"],
      ["security", "31"],
      ["certification", "77"],
    ]);
    // The search page reads it back as the same search.
    expect(formValuesFromParams(url.searchParams)).toMatchObject({
      radius: "30",
      m2_type: "m2",
      m2_value: "500",
      service: [4],
      security: [31],
      certification: [77],
      lu: [],
    });
  });

  it("carries pallets, no dates and a point without a name as the page does", () => {
    const url = new URL(
      savedSearchHref("en", { ...verona, location: "", start_date: null, end_date: null, m2_type: "pallet", m2_value: 40, specifications: [] }),
      "http://x",
    );
    expect(url.pathname).toBe("/en/stocks");
    expect(Object.fromEntries(url.searchParams)).toEqual({ lat: "45.4384", lng: "10.9916", radius: "30", m2_type: "pallet", m2_value: "40" });
  });
});

describe("a saved search's state and name", () => {
  it("is unconfirmed without confirmation, else paused or active", () => {
    expect(savedSearchState({ confirmed_at: null, paused: false })).toBe("unconfirmed");
    expect(savedSearchState({ confirmed_at: new Date(), paused: true })).toBe("paused");
    expect(savedSearchState({ confirmed_at: "2026-11-27T10:00:00Z", paused: false })).toBe("active");
  });

  it("is named after its place, as a heading says it, within the name's length", () => {
    expect(defaultSavedSearchName("Verona (VR), Italia")).toBe("Verona (VR)");
    expect(defaultSavedSearchName("Lugano, Svizzera")).toBe("Lugano, Svizzera");
    expect(defaultSavedSearchName(null)).toBe("");
    expect(defaultSavedSearchName("x".repeat(300))).toHaveLength(SAVED_SEARCH_NAME_MAX);
  });
});

describe("a saved search's criteria in words", () => {
  it("says the place and radius, the dates, the quantity with its unit, in the page's language", () => {
    overwriteGetLocale(() => "it");
    expect(savedSearchCriteria(verona).map((c) => c.value)).toEqual(["Verona (VR), entro 30 km", "Dal 01.03.2027 al 30.09.2027", "500\u00a0m²"]);
    overwriteGetLocale(() => "en");
    expect(
      savedSearchCriteria({ ...verona, location: "", radius: 12.5, start_date: "2027-03-01", end_date: null, m2_type: "pallet", m2_value: 1200 }).map(
        (c) => c.value,
      ),
    ).toEqual(["Within 12,5 km of a point chosen on the map", "On 01.03.2027", "1.200 pallets"]);
    expect(savedSearchCriteria({ ...verona, start_date: null, end_date: "2027-09-30", m2_value: null }).map((c) => c.value)).toEqual([
      "Verona (VR), within 30 km",
      "Until 30.09.2027",
      "Any amount",
    ]);
  });
});
