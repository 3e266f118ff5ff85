// The New stockers screen renders what its loader gives it (static markup, Italian): each
// request's business data and requested warehouse, approve and refuse on pending rows (approve
// only on refused ones, which can be reconsidered), the status filter and the empty texts.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import AdminStockerRequests from "../../routes/admin/stocker-requests.tsx";

overwriteGetLocale(() => "it");

function render(element: ReactElement, path = "/admin/stocker-requests"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const row = (id: number, fields: object = {}) => ({
  id,
  email: `richiesta-${id}@example.test`,
  first_name: "Mario",
  last_name: "Rossi",
  telephone: null,
  company: null,
  request_business_name: `Logistica ${id} srl`,
  request_vat: "IT01234567890",
  request_country: "Italia",
  request_address: "Via Emilia 100",
  request_cap: "40100",
  request_city: "Bologna",
  request_province: "BO",
  requested_warehouse: null,
  approval_status: "pending",
  approval_note: null,
  created_at: new Date("2030-03-04T10:00:00Z"),
  ...fields,
});

const page = (data: object, path?: string) =>
  render(<AdminStockerRequests {...({ loaderData: data, params: {}, matches: [] } as unknown as Parameters<typeof AdminStockerRequests>[0])} />, path);

describe("/admin/stocker-requests", () => {
  it("shows the business data, the requested warehouse and both actions on a pending request", () => {
    const html = page({
      users: [row(1, { requested_warehouse: { id: 9, name: "Deposito Centrale", city: "Parma", address: "Via Po 1", owned: false } })],
      users_count: 1,
      search: null,
      status: "pending",
      waiting: "",
      order: { key: "created_at", dir: "desc" },
      page: 1,
      pages: 1,
    });
    expect(html).toContain("Nuovi stocker");
    expect(html).toContain("Logistica 1 srl");
    expect(html).toContain("P. IVA IT01234567890");
    expect(html).toContain("Via Emilia 100, 40100 Bologna (BO), Italia");
    expect(html).toContain("Deposito Centrale – Parma");
    expect(html.replaceAll("<wbr/>", "")).toContain("richiesta-1@example.test"); // the address may wrap before its "@"
    expect(html).toContain("04.03.2030");
    expect(html).toContain('aria-label="Approva Logistica 1 srl"');
    expect(html).toContain('aria-label="Rifiuta Logistica 1 srl"');
    expect(html).toContain("In attesa");
    expect(html).toContain('href="/admin/stocker-requests?status=refused"');
  });

  it("offers only approval on a refused request, with its note", () => {
    const html = page(
      {
        users: [row(2, { approval_status: "refused", approval_note: "Partita IVA non valida." })],
        users_count: 1,
        search: null,
        status: "refused",
        waiting: "",
        order: { key: "created_at", dir: "desc" },
        page: 1,
        pages: 1,
      },
      "/admin/stocker-requests?status=refused",
    );
    expect(html).toContain("Motivo: Partita IVA non valida.");
    expect(html).toContain('aria-label="Approva Logistica 2 srl"');
    expect(html).not.toContain('aria-label="Rifiuta Logistica 2 srl"');
    // The search keeps the filter.
    expect(html).toMatch(/<input type="hidden" name="status" value="refused"\/>/);
  });

  it("says when nothing waits, nothing was refused, or the search found nothing", () => {
    const empty = { users: [], users_count: 0, waiting: "", order: { key: "created_at", dir: "desc" }, page: 1, pages: 0 };
    expect(page({ ...empty, search: null, status: "pending" })).toContain("Non c&#x27;è alcuna registrazione in attesa di approvazione.");
    expect(page({ ...empty, search: null, status: "refused" })).toContain("Non c&#x27;è alcuna registrazione rifiutata.");
    expect(page({ ...empty, search: "zzz", status: "pending" })).toContain("Non è stata trovata alcuna registrazione, modifica i parametri di ricerca.");
  });
});
