// The Warehouses and New hubs screens render what their loaders give them (static markup,
// Italian): the hub requests with their owner and actions, the filter links keeping the search,
// the toggle's state per row, and the spec's empty text.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import AdminHubRequests from "../../routes/admin/hub-requests.tsx";
import AdminWarehouses from "../../routes/admin/warehouses.tsx";

overwriteGetLocale(() => "it");

function render(element: ReactElement, path: string): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}
const EMPTY = "Non è stato trovato alcun magazzino, modifica i parametri di ricerca.";

describe("/admin/hub-requests", () => {
  const hub = (id: number, fields: object = {}) => ({
    id,
    name: `Hub ${id}`,
    address: "Via Emilia 100",
    city: "Bologna",
    province: "BO",
    total_m2: "12000.00",
    status: "pending",
    is_hub: true,
    created_at: new Date("2030-03-04T10:00:00Z"),
    owner_id: 5,
    owner_email: "gianna@example.test",
    owner_first_name: "Gianna",
    owner_last_name: "Verdi",
    owner_company: "Verdi Logistica srl",
    ...fields,
  });
  const page = (data: object) =>
    render(
      <AdminHubRequests {...({ loaderData: data, params: {}, matches: [] } as unknown as Parameters<typeof AdminHubRequests>[0])} />,
      "/admin/hub-requests",
    );

  it("shows each request with its owner, the edit link and both actions", () => {
    const html = page({ warehouses: [hub(7)], warehouses_count: 1, search: null, waiting: "", order: { key: "created_at", dir: "asc" }, page: 1, pages: 1 });
    expect(html).toContain("Nuovi hub");
    expect(html).toContain("1 richieste hub in attesa");
    expect(html).toContain('href="/admin/warehouses/7/edit"');
    expect(html).toContain("Gianna Verdi");
    expect(html).toContain("Verdi Logistica srl");
    expect(html.replaceAll("<wbr/>", "")).toContain("gianna@example.test"); // the address may wrap before its "@"
    expect(html).toContain("04.03.2030");
    expect(html).toContain('aria-label="Approva l&#x27;hub Hub 7"');
    expect(html).toContain('aria-label="Rifiuta l&#x27;hub Hub 7"');
  });

  it("says the spec's empty text", () => {
    expect(page({ warehouses: [], warehouses_count: 0, search: "x", waiting: "", order: { key: "created_at", dir: "asc" }, page: 1, pages: 0 })).toContain(
      EMPTY,
    );
  });
});

describe("/admin/warehouses", () => {
  const row = (id: number, deactivated: boolean) => ({
    id,
    name: `Magazzino ${id}`,
    city: "Milano",
    province: "MI",
    status: "approved",
    deactivated,
    is_hub: false,
    created_at: new Date("2030-03-04T10:00:00Z"),
    owner_email: null,
    owner_id: null,
    owner_role: null,
    redeemed: false,
    total_m2: 1200,
    free_m2: null,
    free_pallets: null,
    images_count: 0,
  });
  const NO_FILTERS = { status: null, hub: null, redeemed: null, sub: null, province: null, photos: null, free_space: null };
  const page = (data: object, path = "/admin/warehouses") =>
    render(
      <AdminWarehouses
        {...({
          loaderData: { filters: NO_FILTERS, order: { key: "created", dir: "desc" }, provinces: [{ province: "MI", province_name: "Milano" }], ...data },
          params: {},
          matches: [],
        } as unknown as Parameters<typeof AdminWarehouses>[0])}
      />,
      path,
    );

  it("shows a switch per row in its state, and the filter links keeping the search", () => {
    const html = page(
      { warehouses: [row(1, false), row(2, true)], warehouses_count: 2, search: "Milano", deactivated: "all", page: 1, pages: 1 },
      "/admin/warehouses?search_term=Milano&page=2",
    );
    expect(html).toMatch(/role="switch" aria-checked="true" aria-label="Disattiva Magazzino 1"/);
    expect(html).toMatch(/role="switch" aria-checked="false" aria-label="Attiva Magazzino 2"/);
    expect(html).toContain('href="/admin/warehouses?search_term=Milano&amp;deactivated=act"');
    expect(html).toContain('href="/admin/warehouses?search_term=Milano&amp;deactivated=deact"');
    expect(html).toMatch(
      /href="\/admin\/warehouses\?search_term=Milano"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/admin\/warehouses\?search_term=Milano"/,
    );
  });

  it("keeps the filter in the search form, and says the spec's empty text", () => {
    const html = page({ warehouses: [], warehouses_count: 0, search: null, deactivated: "deact", page: 1, pages: 0 }, "/admin/warehouses?deactivated=deact");
    expect(html).toContain('<input type="hidden" name="deactivated" value="deact"/>');
    expect(html).toContain(EMPTY);
  });

  it("opens the warehouse from the whole row, its other controls above the row's link", () => {
    const html = page({
      warehouses: [
        {
          ...row(3, false),
          owner_email: "owner@example.com",
          owner_id: 9,
          owner_role: "stocker",
          redeemed: true,
          free_m2: 500,
          free_pallets: 40,
          images_count: 2,
        },
      ],
      warehouses_count: 1,
      search: null,
      deactivated: "all",
      page: 1,
      pages: 1,
    });
    expect(html).toMatch(
      /<a[^>]*class="row-link [^"]*"[^>]*href="\/admin\/warehouses\/3\/edit"|<a[^>]*href="\/admin\/warehouses\/3\/edit"[^>]*class="row-link /,
    );
    expect(html).toMatch(/class="relative z-10 [^"]*"[^>]*title="[^"]+"|<a[^>]*class="relative z-10/);
    expect(html).toContain('<div class="relative z-10"><form');
    expect(html).toContain("500 m²");
    expect(html).toContain("40 posti pallet");
    expect(html).toContain("Riscattato");
  });

  it("keeps the filters and the order in the search, the sort links and the export links", () => {
    const html = page(
      {
        warehouses: [row(1, false)],
        warehouses_count: 1,
        search: "Lodi",
        deactivated: "act",
        filters: { ...NO_FILTERS, hub: "1", redeemed: "0", province: "MI" },
        order: { key: "name", dir: "asc" },
        page: 1,
        pages: 1,
      },
      "/admin/warehouses?search_term=Lodi&deactivated=act&hub=1&redeemed=0&province=MI&sort=name&dir=asc",
    );
    for (const [name, value] of [
      ["deactivated", "act"],
      ["hub", "1"],
      ["redeemed", "0"],
      ["province", "MI"],
      ["sort", "name"],
      ["dir", "asc"],
    ])
      expect(html).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    const query =
      "search_term=Lodi&amp;filters%5Bdeactivated%5D=act&amp;filters%5Bhub%5D=1&amp;filters%5Bredeemed%5D=0&amp;filters%5Bprovince%5D=MI&amp;order%5Bkey%5D=name&amp;order%5Bdir%5D=asc";
    expect(html).toContain(`href="/api/admin/export-warehouses?${query}&amp;format=csv"`);
    expect(html).toContain(`href="/api/admin/export-warehouses?${query}&amp;format=xlsx"`);
    // The current column reverses; another starts in its own direction, the page dropped.
    expect(html).toContain('href="/admin/warehouses?search_term=Lodi&amp;deactivated=act&amp;hub=1&amp;redeemed=0&amp;province=MI&amp;sort=name&amp;dir=desc"');
    expect(html).toContain('href="/admin/warehouses?search_term=Lodi&amp;deactivated=act&amp;hub=1&amp;redeemed=0&amp;province=MI&amp;sort=size&amp;dir=desc"');
    expect(html).toMatch(/aria-sort="ascending"/);
    expect(html).toContain('<option value="MI" selected="">Milano (MI)</option>');
  });
});
