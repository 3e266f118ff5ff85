import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { ResultCard } from "./ResultCard.tsx";
import { viewCircle } from "./SearchMap.tsx";
import { SpecMultiSelect } from "./SpecMultiSelect.tsx";
import type { SearchResultWarehouse } from "../../lib/search-results.ts";
import type { CurrentUser } from "../../lib/root-data.ts";
import type { FavouriteFailure } from "../warehouse/FavouriteToggle.tsx";
import type { SearchPageResult } from "../../lib/search-results.ts";
import { DEFAULT_RADIUS_KM, formValuesFromParams } from "../../lib/search-form.ts";
import { MORE_CARDS, ResultList } from "./ResultList.tsx";
import { shownSort } from "./SortSelect.tsx";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import { searchRecap } from "./search-recap.ts";
import { NothingFound } from "./NothingFound.tsx";
import { freeSpacePhrase } from "./SearchSummary.tsx";
import { formatDate, todayInItaly } from "../../lib/format.ts";
import { SelectionBar } from "./SelectionBar.tsx";
import type { SearchSelection } from "./useSearchSelection.ts";

const card = (fields: Partial<SearchResultWarehouse> = {}): SearchResultWarehouse => ({
  id: 7,
  name: "Deposito Nord",
  city: "Segrate",
  address: "Via Roma 1",
  cap: "20090",
  lat: 45.48,
  lng: 9.29,
  distance: 12.345,
  is_hub: false,
  total_m2: 12345.5,
  c_sub: true,
  claimable: false,
  img: "/uploads/w/7.webp",
  specifications: [{ id: 1, value: "Picking", cat_id: 1 }],
  specifications_count: 3,
  rating_avg: 43,
  review_count: 2,
  answer_hours: null,
  answer_rate: null,
  verified: false,
  availability: null,
  on_request: false,
  unmet: [],
  missing_specifications: 0,
  ...fields,
});

const hunter: CurrentUser = {
  id: 3,
  role: "stock_hunter",
  account_type: null,
  first_name: "Sara",
  last_name: "Colombo",
  email: "hunter@test.example",
  company: null,
  telephone: null,
};

const render = (
  w: SearchResultWarehouse,
  user: CurrentUser | null = null,
  favourite = false,
  failure: FavouriteFailure | null = null,
  asked?: { m2_type: "m2" | "pallet"; quantity: number | null },
) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ul>
        <ResultCard
          w={w}
          locale="it"
          user={user}
          selected={false}
          selectionFull={false}
          onToggle={() => {}}
          onClaim={() => {}}
          highlighted={false}
          onHover={() => {}}
          favourite={favourite}
          favouritePending={false}
          favouriteFailure={(id) => (id === w.id ? failure : null)}
          onToggleFavourite={() => {}}
          asked={asked}
        />
      </ul>
    </MemoryRouter>,
  );

describe("ResultCard", () => {
  const space = { m2_type: "m2" as const, quantity: 1000, available_from: "2099-12-01", available_until: "2100-05-31", min_term_months: 3, price_month: 450 };

  it("shows the free space that answers the search, its term and its public price", () => {
    const html = render(card({ availability: space }));
    expect(html).toContain("1.000\u00a0m² free from 01.12.2099 · until 31.05.2100 · minimum 3 months");
    expect(html).toContain("€\u00a04,50 per m² per month, VAT excl.");
    expect(
      render(card({ availability: { ...space, available_from: "2020-01-01", available_until: null, min_term_months: 0, price_month: null } })),
    ).not.toContain('data-testid="result-price"');
  });

  it("says what a warehouse of the second list misses, in the asked unit", () => {
    const small = render(
      card({ availability: { ...space, quantity: 300 }, unmet: ["quantity", "specifications"], missing_specifications: 2 }),
      null,
      false,
      null,
      { m2_type: "m2", quantity: 800 },
    );
    expect(small).toContain("300\u00a0m² free of the 800\u00a0m² you asked");
    expect(small).toContain("Misses 2 of the services you asked");
    expect(small).not.toContain('data-testid="result-availability"');
    expect(render(card({ unmet: ["dates"] }))).toContain("No free space declared for your dates");
    expect(render(card({ unmet: ["dates", "quantity"], on_request: true }), null, false, null, { m2_type: "pallet", quantity: 40 })).toContain(
      "Availability on request: no free space declared",
    );
  });

  it("gives an anonymised warehouse a line of its town, size and type of goods", () => {
    const html = render(card({ c_sub: false, name: "Stocker 9", specifications: [{ id: 5, value: "Food", cat_id: 2 }] }));
    expect(html).toContain("Segrate · 12.345,5\u00a0m² · Food");
    expect(html).not.toContain('data-testid="result-area"');
  });

  it("leads with the photo, the space and the distance in Italian notation, the rating and the specifications", () => {
    const html = render(card());
    expect(html).toContain('src="/uploads/w/7.webp"');
    expect(html).toContain("12.345,5\u00a0m²");
    expect(html).toContain("12,3");
    expect(html).toContain("4,3");
    expect(html).toContain("Picking");
    expect(html).toContain("+2");
    expect(html).toContain('href="/it/warehouses/7"');
    expect(html).not.toContain('data-testid="result-anonymous-note"');
  });

  it("shows the trust figures: the rating with its count, the answer time and rate once there are enough, the Verified mark explained", () => {
    const plain = render(card());
    expect(plain).toContain("4,3 · 2 reviews");
    expect(plain).not.toContain('data-testid="warehouse-answers"');
    expect(plain).not.toContain('data-testid="warehouse-verified"');
    const trusted = render(card({ review_count: 1234, answer_hours: 4, answer_rate: 90, verified: true }));
    expect(trusted).toContain("4,3 · 1.234 reviews");
    expect(trusted).toContain("Usually answers within 4 hours");
    expect(trusted).toContain("Answers 90% of requests");
    expect(trusted).toContain("Verified");
    expect(trusted).toContain("checked and approved the company");
    expect(render(card({ answer_hours: 1, answer_rate: 100 }))).toContain("Usually answers within an hour");
    expect(render(card({ answer_hours: 49, answer_rate: 100 }))).toContain("Usually answers within 3 days");
    overwriteGetLocale(() => "it");
    try {
      const italian = render(card({ answer_hours: 20, answer_rate: 75, verified: true }));
      expect(italian).toContain("4,3 · 2 recensioni");
      expect(italian).toContain("Di solito risponde entro 20 ore");
      expect(render(card({ answer_hours: 30, answer_rate: 75 }))).toContain("Di solito risponde entro 2 giorni");
      expect(italian).toContain("Risponde a 75 richieste su 100");
      expect(italian).toContain("Verificato");
    } finally {
      overwriteGetLocale(() => "en");
    }
  });

  it("shows an anonymised warehouse with the shared illustration, its town only, and says why its details are closed", () => {
    const html = render(card({ c_sub: false, name: "Stocker 7", address: "Segrate", img: null, is_hub: true }));
    expect(html).not.toContain("<img");
    expect(html).toContain("<svg");
    expect(html).not.toContain("Via Roma");
    expect(html).toContain('data-testid="result-anonymous-note"');
    expect(html).not.toContain('href="/it/warehouses/7"');
    // The disabled link is reachable and described by its reason.
    expect(html).toMatch(/data-testid="result-detail-disabled"/);
    expect(html).toMatch(/aria-disabled="true" tabindex="0" aria-describedby="[^"]+"/);
    expect(html).toContain("Hub");
  });

  it("gives a stock hunter the favourite toggle on a claimed warehouse's card, as on the map's card", () => {
    expect(render(card(), hunter, true)).toMatch(/aria-pressed="true"[^>]*data-testid="result-favourite"/);
    expect(render(card(), hunter)).toMatch(/aria-pressed="false"[^>]*data-testid="result-favourite"/);
    expect(render(card({ c_sub: false }), hunter)).not.toContain("result-favourite");
    expect(render(card())).not.toContain("result-favourite");
    expect(render(card(), { ...hunter, role: "stocker" })).not.toContain("result-favourite");
  });

  it("says beside the heart why a press changed nothing: the session ended, or try again", () => {
    expect(render(card(), hunter)).not.toContain("result-favourite-failed");
    const login = render(card(), hunter, false, "login");
    expect(login).toMatch(/role="alert"[^>]*data-testid="result-favourite-failed"[^>]*>Your session has ended: log in again to save favourites\.</);
    expect(render(card(), hunter, true, "failed")).toContain("Not saved: try again.");
  });

  it("never shows a photo of an anonymised warehouse, even if one were sent", () => {
    expect(render(card({ c_sub: false, img: "/uploads/w/secret.webp" }))).not.toContain("secret");
  });
});

describe("viewCircle", () => {
  it("covers the view from its centre to its corner, in whole kilometres between 1 and the limit", () => {
    // 0.1° of latitude is about 11,1 km.
    expect(viewCircle({ lat: 45, lng: 9 }, { lat: 45.1, lng: 9 }, 300)).toEqual({ lat: 45, lng: 9, radiusKm: 12 });
    expect(viewCircle({ lat: 45, lng: 9 }, { lat: 45.0001, lng: 9 }, 300).radiusKm).toBe(1);
    expect(viewCircle({ lat: 45, lng: 9 }, { lat: 50, lng: 15 }, 300).radiusKm).toBe(300);
    expect(viewCircle({ lat: 45.1234567, lng: 9.7654321 }, { lat: 45.2, lng: 9.9 }, 300)).toMatchObject({ lat: 45.123457, lng: 9.765432 });
  });
});

describe("SpecMultiSelect", () => {
  const options = [
    { id: 3, label: "Allarme" },
    { id: 5, label: "Vigilanza" },
    { id: 8, label: "Telecamere" },
  ];
  const render = (value: number[], opts = options) =>
    renderToStaticMarkup(<SpecMultiSelect name="security" label="Sicurezza" options={opts} value={value} onChange={() => {}} />);

  it("is a closed disclosure over native checkboxes named after the group, the chosen ones ticked for a plain post", () => {
    const html = render([5, 8]);
    expect(html).toMatch(/<button type="button" aria-labelledby="[^"]+" aria-expanded="false" aria-controls="([^"]+)"/);
    const panel = /aria-controls="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`<div id="${panel}" hidden=""`);
    expect(html).toContain("<legend");
    const boxes = [...html.matchAll(/<input([^>]*)>/g)]
      .map((b) => b[1]!)
      .filter((attributes) => attributes.includes('type="checkbox"') && attributes.includes('name="security"'))
      .map((attributes) => [/value="(\d+)"/.exec(attributes)?.[1], attributes.includes('checked=""')]);
    expect(boxes).toEqual([
      ["3", false],
      ["5", true],
      ["8", true],
    ]);
    expect(html).not.toMatch(/<select|role="listbox"/);
  });

  it("shows Any, the one value chosen, or how many", () => {
    expect(render([])).toContain("Any");
    expect(render([5])).toContain(">Vigilanza</span>");
    expect(render([3, 5, 8])).toMatch(/data-testid="multiselect-count">3<\/span>selected/);
    expect(render([], [])).toMatch(/<button[^>]*disabled=""/);
  });
});

describe("the search page's parts", () => {
  const answer = (fields: Partial<SearchPageResult> = {}): SearchPageResult => ({
    warehouses: [card()],
    other_warehouses: [],
    min_lat: 45.4,
    max_lat: 45.5,
    min_lng: 9.1,
    max_lng: 9.3,
    error: null,
    location: "Milano",
    lat: 45.46,
    lng: 9.19,
    radius: 20,
    total_warehouses: 30,
    total_other_warehouses: 0,
    truncated: false,
    sort: "relevance",
    wider: null,
    relax: null,
    unredeemed_warehouses: 0,
    unredeemed_other_warehouses: 0,
    warehouse_ids: Array.from({ length: 30 }, (_, i) => i + 1),
    other_warehouse_ids: [],
    ...fields,
  });

  it("a list shows its count, its first cards and how many more a press brings; skeletons while a search runs", () => {
    const list = (pending: boolean) =>
      renderToStaticMarkup(
        <ResultList
          title="Trovati"
          testId="found-list"
          items={[card()]}
          ids={answer().warehouse_ids}
          total={30}
          pending={pending}
          render={(w) => <li key={w.id}>{w.name}</li>}
          loadCards={async () => null}
        />,
      );
    const html = list(false);
    expect(html).toContain('data-testid="found-list-count"');
    expect(html).toContain("(30)");
    expect(html).toContain("Deposito Nord");
    expect(html).toContain(`Show ${MORE_CARDS} more`);
    const loading = list(true);
    expect(loading).not.toContain("Deposito Nord");
    expect(loading).toContain('aria-busy="true"');
  });

  it("the order shown is the answer's, or the one on its way", () => {
    expect(shownSort("space", null)).toBe("space");
    expect(shownSort("distance", new URLSearchParams("location=Lodi&sort=rating"))).toBe("rating");
    expect(shownSort("rating", new URLSearchParams("location=Lodi"))).toBe("relevance");
    expect(shownSort("rating", new URLSearchParams("location=Lodi&sort=cheapest"))).toBe("relevance");
    // The orders of earlier addresses.
    expect(shownSort("rating", new URLSearchParams("location=Lodi&sort=nearest"))).toBe("distance");
    expect(shownSort("rating", new URLSearchParams("location=Lodi&sort=largest"))).toBe("space");
  });

  it("the recap and the quote request carry the dates, the space and the services' names", () => {
    const values = { ...formValuesFromParams(new URLSearchParams("location=Lodi&start_date=2026-03-01&m2_type=pallet&m2_value=40")), service: [2] };
    const groups = [{ key: "service" as const, options: [{ id: 2, label: "Scaffalature" }] }];
    const { recap, quoteSearch } = searchRecap(values, groups, answer());
    expect(recap).toBe("01.03.2026 – … · 40 pallets · Scaffalature");
    expect(quoteSearch).toMatchObject({
      location: "Milano",
      radius: 20,
      lat: 45.46,
      lng: 9.19,
      start_date: "2026-03-01",
      end_date: null,
      m2_type: "pallet",
      m2_value: 40,
      specification_ids: [2],
      specification_labels: ["Scaffalature"],
    });
    // Before any answer: the place as typed and the default radius.
    expect(searchRecap(values, groups, null).quoteSearch).toMatchObject({ location: "Lodi", radius: DEFAULT_RADIUS_KM, lat: null });
  });

  it("nothing found offers the wider radius that finds some, and the filters", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <NothingFound
          result={answer({ warehouses: [], total_warehouses: 0, wider: { radius: 50, count: 3 } })}
          editHref="/it/stocks?edit=1"
          widerHref={(r) => `/it/stocks?radius=${r}`}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/it/stocks?radius=50"');
    expect(html).toContain('data-testid="search-empty-edit"');
  });

  it("the selection bar with nothing picked says how to pick and keeps the quote closed", () => {
    const selection: SearchSelection = { items: [], has: () => false, toggle: () => {}, remove: () => {}, clear: () => {}, refresh: () => {}, full: false };
    const html = renderToStaticMarkup(<SelectionBar selection={selection} compareHref={null} compareReason="Scegli due magazzini" onQuote={() => {}} />);
    expect(html).toContain("Selected: 0");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="selection-hint"[^>]*data-testid="quote-open"/);
  });
});

describe("freeSpacePhrase", () => {
  const ask = (values: Partial<Parameters<typeof freeSpacePhrase>[0]>) =>
    freeSpacePhrase({ start_date: "", end_date: "", m2_type: "m2", m2_value: "", ...values });

  it("names the period the search judges: both days, one day, or from today to the end", () => {
    overwriteGetLocale(() => "en");
    expect(ask({})).toBeNull();
    expect(ask({ m2_value: "800" })).toBe("with 800\u00a0m² free today");
    expect(ask({ start_date: "2999-12-01", end_date: "3000-05-31", m2_value: "800" })).toBe("with 800\u00a0m² free from 01.12.2999 to 31.05.3000");
    // Only a start: that one day, not "from X to X".
    expect(ask({ start_date: "2999-12-01" })).toBe("with space free on 01.12.2999");
    // Only an end: from today.
    const today = todayInItaly();
    expect(ask({ end_date: "2999-12-01", m2_value: "800" })).toBe(`with 800\u00a0m² free from ${formatDate(today)} to 01.12.2999`);
    overwriteGetLocale(() => "it");
    expect(ask({ start_date: "2999-12-01", m2_value: "800" })).toBe("con 800\u00a0m² liberi il 01.12.2999");
  });
});
