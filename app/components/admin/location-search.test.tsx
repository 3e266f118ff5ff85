// The /admin/search screen renders what its loader gives it (static markup, Italian): the prompt
// before a search, the form kept after an unknown place, the tabs with their counts and the
// export of the open tab, the warehouse rows opening their edit page, the request cards, and
// the spec's empty texts word for word.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import AdminSearch, { type SearchPageData } from "../../routes/admin/search.tsx";

overwriteGetLocale(() => "it");

function page(data: SearchPageData, path = "/admin/search"): string {
  const Stub = createRoutesStub([
    {
      path: "/admin/search",
      Component: () => <AdminSearch {...({ loaderData: data, params: {}, matches: [] } as unknown as Parameters<typeof AdminSearch>[0])} />,
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const form = { location: "Milano", radius: "" };
const warehouse = (id: number, fields: object = {}) => ({
  id,
  name: `Magazzino Reale ${id}`,
  address: "Via Roma 1",
  cap: "20100",
  city: "Milano",
  province: "MI",
  total_m2: 12000,
  is_hub: false,
  status: "approved" as const,
  deactivated: false,
  claimed: false,
  redeemed: false,
  owner: null,
  distance_km: 2.345,
  created_at: new Date("2026-11-21T10:00:00Z"),
  ...fields,
});
const request = (id: number) => ({
  id,
  business_name: "Logistica Nord srl",
  referent: "Mario Rossi",
  contact: "mario@example.test",
  telephone: "+39 02 1234567",
  message: "Cerchiamo 500 m2 per sei mesi.",
  location: "Milano",
  radius: 20,
  m2_type: "m2" as const,
  m2_value: 1500,
  start_date: "2027-01-10",
  end_date: "2027-06-30",
  created_at: new Date("2026-11-21T10:00:00Z"),
  specifications: [],
  distance_km: 4.05,
  warehouses_count: 3,
});
const results = (fields: Partial<Extract<SearchPageData, { state: "results" }>> = {}): SearchPageData => ({
  state: "results",
  form,
  errors: {},
  tab: "warehouses",
  page: 1,
  place: "Milano (MI), Italia",
  lat: 45.4642,
  lng: 9.19,
  radius: 10,
  warehouses: [],
  warehouses_count: 0,
  warehouse_requests: [],
  warehouse_requests_count: 0,
  pages: 0,
  ...fields,
});

describe("/admin/search", () => {
  it("asks for a place before the first search, with the radius' placeholder and Cerca", () => {
    const html = page({ state: "prompt", form: { location: "", radius: "" }, errors: {} });
    expect(html).toContain("Ricerca");
    expect(html).toContain('data-testid="search-prompt"');
    expect(html).toContain("Raggio (km)");
    expect(html).toMatch(/name="radius"[^>]*placeholder="10"|placeholder="10"[^>]*name="radius"/);
    expect(html).toContain(">Cerca</button>");
    expect(html).not.toContain('data-testid="search-tabs"');
  });

  it("keeps the form after a place it cannot find, with a quiet hint and no results", () => {
    const html = page({ state: "not_found", form: { location: "Qwxyzzy", radius: "25" }, errors: {} });
    expect(html).toContain('data-testid="search-not-found"');
    expect(html).toContain('value="Qwxyzzy"');
    expect(html).toContain('value="25"');
    expect(html).not.toContain('data-testid="search-tabs"');
    expect(html).not.toContain('data-testid="search-prompt"');
  });

  it("shows both counts, the warehouses with real names opening their edit page, and the export of the selection", () => {
    const owner = { id: 5, email: "gianna@example.test", name: "Verdi Logistica srl", role: "stocker" };
    const html = page(
      results({
        warehouses: [warehouse(7, { is_hub: true, claimed: true, redeemed: true, owner }), warehouse(8, { deactivated: true })],
        warehouses_count: 2,
        warehouse_requests_count: 1234,
      }),
      "/admin/search?location=Milano",
    );
    expect(html).toContain("Entro 10 km da Milano (MI), Italia");
    expect(html).toMatch(/data-testid="search-tab-warehouses"[^>]*aria-current="page"|aria-current="page"[^>]*data-testid="search-tab-warehouses"/);
    expect(html).toMatch(/data-testid="search-count-warehouses">2</);
    expect(html).toMatch(/data-testid="search-count-requests">1\.234</);
    expect(html).toContain('href="/admin/search?location=Milano&amp;tab=requests"');
    expect(html).toContain(
      'href="/api/admin/export-location-search-warehouses?filters%5Blocation%5D=Milano&amp;filters%5Bradius%5D=10&amp;lat=45.4642&amp;lng=9.19"',
    );
    expect(html).toContain('href="/admin/warehouses/7/edit"');
    expect(html).toContain("Magazzino Reale 7");
    expect(html).toContain("STK0000007");
    expect(html).toContain("2,3 km");
    expect(html).toContain("12.000\u00a0m²");
    expect(html).toContain("Verdi Logistica srl");
    expect(html).toContain('href="/admin/stocker/5"');
    expect(html).toContain("In abbonamento");
    expect(html).toContain("Non riscattato");
    expect(html).toContain('data-status="deactivated"');
  });

  it("shows the requests as cards, Italian formats", () => {
    const html = page(
      results({ tab: "requests", warehouse_requests: [request(42)], warehouse_requests_count: 1, warehouses_count: 3 }),
      "/admin/search?location=Milano&tab=requests",
    );
    expect(html).toMatch(/data-testid="search-tab-requests"[^>]*aria-current="page"|aria-current="page"[^>]*data-testid="search-tab-requests"/);
    expect(html).toContain("Richiesta n. 0000000042");
    expect(html).toContain("Logistica Nord srl");
    expect(html).toContain("Mario Rossi");
    expect(html).toContain('href="mailto:mario@example.test"');
    expect(html).toContain("Milano, entro 20 km");
    expect(html).toContain("1.500\u00a0m²");
    expect(html).toContain("10.01.2027 – 30.06.2027");
    expect(html).toContain("Ricevuta il 21.11.2026");
    expect(html).toContain("a 4,1 km dal centro");
    expect(html).toContain("Inviata a 3 magazzini");
    expect(html).toContain('href="/api/admin/export-location-search-requests?');
  });

  it("says the spec's empty texts word for word", () => {
    expect(page(results())).toContain("Non è stato trovato alcun magazzino, modifica i parametri di ricerca.");
    expect(page(results({ tab: "requests" }))).toContain("Non è stata trovata alcuna richiesta, modifica i parametri di ricerca.");
  });
});
