import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { ResultCard } from "./ResultCard.tsx";
import { viewCircle } from "./SearchMap.tsx";
import { SpecMultiSelect } from "./SpecMultiSelect.tsx";
import type { SearchResultWarehouse } from "../../lib/search-results.ts";
import type { CurrentUser } from "../../lib/root-data.ts";
import type { FavouriteFailure } from "../warehouse/FavouriteToggle.tsx";

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
  rating: { avg_value: 43, count: 2 },
  ...fields,
});

const hunter: CurrentUser = { id: 3, role: "stock_hunter", account_type: null, first_name: "Sara", last_name: "Colombo", email: "hunter@test.example", company: null, telephone: null };

const render = (w: SearchResultWarehouse, user: CurrentUser | null = null, favourite = false, failure: FavouriteFailure | null = null) =>
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
        />
      </ul>
    </MemoryRouter>,
  );

describe("ResultCard", () => {
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
  const render = (value: number[], opts = options) => renderToStaticMarkup(<SpecMultiSelect name="security" label="Sicurezza" options={opts} value={value} onChange={() => {}} />);

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
    expect(boxes).toEqual([["3", false], ["5", true], ["8", true]]);
    expect(html).not.toMatch(/<select|role="listbox"/);
  });

  it("shows Any, the one value chosen, or how many", () => {
    expect(render([])).toContain("Any");
    expect(render([5])).toContain(">Vigilanza</span>");
    expect(render([3, 5, 8])).toMatch(/data-testid="multiselect-count">3<\/span>selected/);
    expect(render([], [])).toMatch(/<button[^>]*disabled=""/);
  });
});
