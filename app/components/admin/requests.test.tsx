// The Requests screen renders what its loader gives it (static markup, Italian): cards collapsed to
// their summary, the open one (?open=id) with the request's details, its export and the panel of
// contacted warehouses ("Vai alla scheda" for a redeemed one, "Modifica scheda" otherwise, both in a
// new tab), the order links, the answered and requester filters and the export links, the search
// and date filters keeping each other, and the two empty texts (no requests at all; none found).
import { describe, expect, it } from "vitest";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import { renderAll } from "../../../tests/support/render.ts";
import AdminRequests from "../../routes/admin/requests.tsx";
import type { AdminRequestItem, AdminRequestWarehouse } from "../../lib/admin-requests.ts";

overwriteGetLocale(() => "it");

// renderAll: the open card's conversation is a lazy chunk, which renderToString gives up on.
function render(element: ReactElement, path: string): Promise<string> {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderAll(<Stub initialEntries={[path]} />);
}

const warehouse = (id: number, fields: Partial<AdminRequestWarehouse> = {}): AdminRequestWarehouse => ({
  link_id: id * 10,
  id,
  name: `Deposito ${id}`,
  city: "Milano",
  address: "Via Roma 1",
  state: "pending",
  is_hub: false,
  redeemed: false,
  listed: true,
  handler: null,
  created_at: "2030-03-04T10:00:00.000Z",
  ...fields,
});

const item = (id: number, fields: Partial<AdminRequestItem> = {}): AdminRequestItem => ({
  id,
  user_id: null,
  answered_count: 0,
  business_name: `Trasporti ${id} srl`,
  referent: "Giulia Neri",
  contact: `ufficio-${id}@example.test`,
  telephone: "+39 02 1234567",
  message: "Cerchiamo spazio per sei mesi.",
  location: "Piacenza",
  radius: 10,
  m2_type: "m2",
  m2_value: 1250,
  start_date: "2030-04-01",
  end_date: null,
  created_at: "2030-03-04T10:00:00.000Z",
  specifications: [],
  warehouses: [],
  ...fields,
});

const base = {
  search: null,
  order: { key: "created_at", dir: "desc" },
  answered: "",
  requester: "",
  page: 1,
  pages: 1,
  open: null,
  filters: { from: "", to: "" },
  filterErrors: {},
  dated: false,
  filtered: false,
  exportSearch: "?",
};

const page = (data: object, path = "/admin/requests") =>
  render(<AdminRequests {...({ loaderData: { ...base, ...data }, params: {}, matches: [] } as unknown as Parameters<typeof AdminRequests>[0])} />, path);

describe("/admin/requests", () => {
  const requests = [
    item(42, {
      warehouses: [
        warehouse(7, { redeemed: true, state: "confirmed", handler: { kind: "referent", name: "Rita Referente", email: "rita@example.test" } }),
        warehouse(8, { created_at: "2030-03-06T09:00:00.000Z" }),
        // Redeemed but switched off: it has no public sheet now.
        warehouse(9, { redeemed: true, listed: false }),
      ],
    }),
    item(41, { m2_type: "pallet", m2_value: 30, warehouses: [warehouse(7)] }),
  ];

  it("shows collapsed cards with their summary, each a link that opens it", async () => {
    const html = await page({ warehouse_requests: requests, warehouse_requests_count: 2 });
    expect(html).toContain("Richieste");
    expect(html).toContain("2 richieste");
    expect(html).toContain("Richiesta n. 0000000042");
    expect(html).toContain("Trasporti 42 srl");
    expect(html).toContain("04.03.2030");
    expect(html).toContain("Piacenza");
    expect(html).toMatch(/1\.250\s?m²/);
    expect(html).toContain("30 posti pallet");
    expect(html).toContain("Magazzini contattati (3)");
    expect(html).toContain('href="/admin/requests?open=42"');
    expect(html).toContain('aria-expanded="false"');
    // Closed: no panel, no export.
    expect(html).not.toContain('data-testid="request-panel"');
    expect(html).not.toContain("/api/admin/warehouse-requests/42/export");
  });

  it("opens one card: details, export, and the panel of contacted warehouses with their sheets in a new tab", async () => {
    const html = await page({ warehouse_requests: requests, warehouse_requests_count: 2, open: 42 }, "/admin/requests?open=42");
    expect(html).toContain('aria-expanded="true"');
    // The open card's link closes it; the other opens itself (one open at a time).
    expect(html).toMatch(/<a aria-expanded="true"[^>]*href="\/admin\/requests"/);
    expect(html).toContain('href="/admin/requests?open=41"');
    expect(html).toContain("Giulia Neri");
    expect(html).toContain("Cerchiamo spazio per sei mesi.");
    expect(html).toContain('href="/api/admin/warehouse-requests/42/export"');
    expect(html).toContain("Esporta");
    expect(html).toContain("Aggiungi magazzini");
    expect(html).toContain('href="/it/warehouses/7" target="_blank" rel="noopener"');
    expect(html).toContain("Vai alla scheda");
    expect(html).toContain('href="/admin/warehouses/8/edit" target="_blank" rel="noopener"');
    expect(html).toContain('href="/admin/warehouses/9/edit" target="_blank" rel="noopener"');
    expect(html).toContain("Modifica scheda");
    expect(html).toContain("Confermata");
    expect(html).toContain("In attesa");
    expect(html).toContain("Rita Referente");
    expect(html).toContain("Aggiunto il 06.03.2030");
    expect(html).toContain("Disattivato o non approvato");
    expect(html).toContain("Nessun proprietario: le richieste arrivano agli amministratori");
  });

  it("offers the orders as links, the answered and requester filters, and the export of what it shows", async () => {
    const html = await page(
      {
        warehouse_requests: requests,
        warehouse_requests_count: 2,
        order: { key: "warehouses", dir: "desc" },
        answered: "no",
        exportSearch: "?answered=no&sort=warehouses&dir=desc",
      },
      "/admin/requests?answered=no&sort=warehouses&dir=desc",
    );
    // The current order reverses; another starts largest or newest first; the default leaves the URL.
    expect(html).toMatch(/data-testid="sort-warehouses" href="\/admin\/requests\?answered=no&amp;sort=warehouses&amp;dir=asc"/);
    expect(html).toMatch(/data-testid="sort-quantity" href="\/admin\/requests\?answered=no&amp;sort=quantity&amp;dir=desc"/);
    expect(html).toMatch(/data-testid="sort-created_at" href="\/admin\/requests\?answered=no"/);
    expect(html).toContain('data-testid="filter-answered"');
    expect(html).toContain('data-testid="filter-requester"');
    expect(html).toContain(
      'href="/api/admin/export-warehouse-requests?order%5Bkey%5D=warehouses&amp;order%5Bdir%5D=desc&amp;filters%5Banswered%5D=no&amp;format=xlsx"',
    );
  });

  it("keeps the search in the date filters and the dates in the search", async () => {
    const html = await page(
      { warehouse_requests: requests, warehouse_requests_count: 2, search: "trasporti", filters: { from: "2030-03-01", to: "" }, dated: true, filtered: true },
      "/admin/requests?search=trasporti&from=2030-03-01",
    );
    expect(html).toMatch(/<input type="hidden" name="search" value="trasporti"\/>/);
    expect(html).toMatch(/<input type="hidden" name="from" value="2030-03-01"\/>/);
    expect(html).not.toContain('name="state"');
  });

  it("says there are no requests at all, or that the search found none", async () => {
    const empty = { warehouse_requests: [], warehouse_requests_count: 0, pages: 0 };
    expect(await page(empty)).toContain("Non hai ancora inviato alcuna richiesta");
    expect(await page({ ...empty, search: "zzz", filtered: true })).toContain("Non è stata trovata alcuna richiesta, modifica i parametri di ricerca.");
    expect(await page({ ...empty, filters: { from: "2030-01-01", to: "" }, dated: true, filtered: true })).toContain(
      "Non è stata trovata alcuna richiesta, modifica i parametri di ricerca.",
    );
  });
});

describe("/admin/requests: a warehouse's conversation", () => {
  const card = item(42, { warehouses: [warehouse(7), warehouse(8)] });
  const message = {
    message_id: 1,
    side: "hunter" as const,
    kind: "message" as const,
    body: "<b>Serve</b> da marzo",
    author: "Il richiedente",
    mine: false,
    created_at: "2030-03-05T09:00:00Z",
  };

  it("offers each warehouse of the open card a link to its conversation", async () => {
    const html = await page({ warehouse_requests: [card], warehouse_requests_count: 1, open: 42 }, "/admin/requests?open=42");
    expect(html.split('data-testid="warehouse-thread"').length - 1).toBe(2);
    expect(html).toContain('href="/admin/requests?open=42&amp;thread=70"');
    expect(html).toContain("Leggi la conversazione con Deposito 7");
    expect(html).not.toContain("Sola lettura");
  });

  it("shows the chosen one read-only under its warehouse, the text as text", async () => {
    const html = await page(
      { warehouse_requests: [card], warehouse_requests_count: 1, open: 42, thread: { link_id: 80, messages: [message] } },
      "/admin/requests?open=42&thread=80",
    );
    expect(html).toContain("Conversazione con Deposito 8");
    expect(html).toContain("Sola lettura");
    expect(html).toContain("&lt;b&gt;Serve&lt;/b&gt; da marzo");
    expect(html).not.toContain("<textarea");
    // Its link now closes it; the other warehouse's still opens its own.
    expect(html).toContain('href="/admin/requests?open=42"');
    expect(html).toContain('href="/admin/requests?open=42&amp;thread=70"');
  });
});
