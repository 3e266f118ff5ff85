// The CRM screens render what their loaders give them (static markup, Italian): the sortable
// headers as links with aria-sort, the export link carrying the filters, the date and type
// filters, each row's business name (the warehouse's name without a client), follow-up state,
// edit button and "Storico" link; the actions page's state filter, "Gestisci" on pending rows
// only, and the empty texts.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import AdminCrm from "../../routes/admin/crm.tsx";
import AdminCrmActions from "../../routes/admin/crm-actions.tsx";

overwriteGetLocale(() => "it");

function render(element: ReactElement, path: string): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const entry = (id: number, fields: object = {}) => ({
  id,
  user_id: null,
  warehouse_id: null,
  business_name: `Cliente ${id}`,
  client: `Cliente ${id}`,
  contact: "Anna Bianchi – 333 1234567",
  date: "2026-11-21",
  event_type: "call",
  description: "Chiamata di presentazione",
  follow_up: 0,
  follow_up_action: null,
  follow_up_done: null,
  handled_at: null,
  warehouse: null,
  created_at: new Date("2026-11-21T10:00:00Z"),
  updated_at: new Date("2026-11-21T10:00:00Z"),
  ...fields,
});

const crmPage = (data: object, path = "/admin/crm") =>
  render(<AdminCrm {...({ loaderData: data, params: {}, matches: [] } as unknown as Parameters<typeof AdminCrm>[0])} />, path);
const base = { search: null, date: null, eventType: null, order: { key: "date", dir: "desc" }, page: 1, pages: 1 };

describe("/admin/crm", () => {
  it("shows each event with its business name, type, follow-up state, edit button and history link", () => {
    const html = crmPage({
      ...base,
      crm_entries: [
        entry(4, { follow_up: 1, follow_up_action: "Richiamare lunedì", follow_up_done: 0 }),
        entry(5, {
          client: null,
          business_name: "Deposito Nord",
          warehouse_id: 9,
          warehouse: { id: 9, name: "Deposito Nord", city: "Milano" },
          event_type: "meet",
          follow_up: 1,
          follow_up_done: 1,
        }),
      ],
      crm_entries_count: 2,
    });
    expect(html).toContain("2 eventi");
    expect(html).toContain("21.11.2026");
    expect(html).toContain("Telefono");
    expect(html).toContain("Visita");
    expect(html).toContain("Da gestire");
    expect(html).toContain("Gestita");
    expect(html).toContain("Richiamare lunedì");
    expect(html).toContain("Deposito Nord");
    expect(html).toContain('href="/admin/warehouses/9/edit"');
    expect(html).toContain('href="/admin/audit?entity_type=crm_entry&amp;entity_id=4"');
    expect(html).toMatch(/aria-label="Modifica l&#x27;evento del 21.11.2026 con Cliente 4"/);
    expect(html).toContain('href="/admin/crm-actions"');
    expect(html).toContain("Nuovo evento");
    expect(html).toContain('href="/api/admin/export-crm-entries?format=csv"');
    expect(html).toContain('href="/api/admin/export-crm-entries?format=xlsx"');
  });

  it("sorts by column links with aria-sort, keeping the filters; the export carries them too", () => {
    const html = crmPage(
      { ...base, search: "rossi", date: "2026-11-21", eventType: "mail", order: { key: "client", dir: "asc" }, crm_entries: [entry(1)], crm_entries_count: 1 },
      "/admin/crm?search=rossi&date=2026-11-21&event_type=mail&sort=client&dir=asc&page=2",
    );
    expect(html).toMatch(
      /<th scope="col" aria-sort="ascending"[^>]*><a[^>]*href="\/admin\/crm\?search=rossi&amp;date=2026-11-21&amp;event_type=mail&amp;sort=client&amp;dir=desc"/,
    );
    expect(html).toMatch(
      /<th scope="col" aria-sort="none"[^>]*><a[^>]*href="\/admin\/crm\?search=rossi&amp;date=2026-11-21&amp;event_type=mail&amp;sort=event_type&amp;dir=asc"/,
    );
    // Back to the default order (date, newest first): sort and dir leave the URL.
    expect(html).toMatch(/<th scope="col" aria-sort="none"[^>]*><a[^>]*href="\/admin\/crm\?search=rossi&amp;date=2026-11-21&amp;event_type=mail"/);
    expect(html).toContain(
      'href="/api/admin/export-crm-entries?search_term=rossi&amp;order%5Bkey%5D=client&amp;order%5Bdir%5D=asc&amp;filters%5Bdate%5D=2026-11-21&amp;filters%5Bevent_type%5D=mail&amp;format=xlsx"',
    );
    expect(html).toMatch(/<option value="mail" selected="">E-mail<\/option>/);
    expect(html).toContain("Tutte le date");
    // A new search keeps the filters and the order.
    expect(html).toMatch(/<input type="hidden" name="event_type" value="mail"\/>/);
    expect(html).toMatch(/<input type="hidden" name="sort" value="client"\/>/);
  });

  it("says when nothing is found", () => {
    const html = crmPage({ ...base, search: "zzz", crm_entries: [], crm_entries_count: 0, pages: 0 });
    expect(html).toContain("Non è stato trovato alcun evento, modifica i parametri di ricerca.");
  });
});

const action = (id: number, fields: object = {}) => ({
  id,
  warehouse_id: null,
  business_name: `Cliente ${id}`,
  contact: "Mario Rossi",
  date: "2026-10-02",
  event_type: "mail",
  description: null,
  follow_up_action: `Azione ${id}`,
  follow_up_done: 0,
  handled_at: null,
  handled_by: null,
  overdue: false,
  created_at: new Date("2026-10-01T08:00:00Z"),
  ...fields,
});

const actionsPage = (data: object, path = "/admin/crm-actions") =>
  render(<AdminCrmActions {...({ loaderData: data, params: {}, matches: [] } as unknown as Parameters<typeof AdminCrmActions>[0])} />, path);

describe("/admin/crm-actions", () => {
  const soonest = { key: "date", dir: "asc" };

  it("shows date, business name, action and state; Gestisci on pending actions only", () => {
    const html = actionsPage(
      {
        search: null,
        status: "all",
        order: soonest,
        page: 1,
        pages: 1,
        crm_actions: [action(1, { overdue: true }), action(2, { follow_up_done: 1, handled_at: new Date("2026-10-05T09:30:00Z"), handled_by: "Ada Admin" })],
        crm_actions_count: 2,
      },
      "/admin/crm-actions?status=all",
    );
    expect(html).toContain("2 azioni");
    expect(html).toContain("02.10.2026");
    expect(html).toContain("Azione 1");
    expect(html).toContain("da Ada Admin");
    expect(html.match(/Gestisci l&#x27;azione per/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Gestisci l&#x27;azione per Cliente 1"');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Tutte<\/a>/);
    expect(html).toContain('href="/admin/crm"');
    // The row opens its entry in the CRM; the late one says so.
    expect(html).toMatch(/<a[^>]*href="\/admin\/crm\?edit=1"[^>]*>Cliente 1<\/a>/);
    expect(html).toContain('data-testid="crm-action-overdue-1"');
    expect(html).not.toContain('data-testid="crm-action-overdue-2"');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Tutte<\/a>/);
  });

  it("sorts by column links with aria-sort, keeping the state and search; the export carries them too", () => {
    const html = actionsPage(
      { search: "rossi", status: "overdue", order: { key: "client", dir: "desc" }, page: 1, pages: 3, crm_actions: [action(1)], crm_actions_count: 41 },
      "/admin/crm-actions?search=rossi&status=overdue&sort=client&dir=desc",
    );
    expect(html).toContain("41 azioni in ritardo");
    expect(html).toMatch(
      /<th scope="col" aria-sort="descending"[^>]*><a[^>]*href="\/admin\/crm-actions\?search=rossi&amp;status=overdue&amp;sort=client&amp;dir=asc"/,
    );
    // Back to the default order (the soonest due first): sort and dir leave the URL.
    expect(html).toMatch(/<th scope="col" aria-sort="none"[^>]*><a[^>]*href="\/admin\/crm-actions\?search=rossi&amp;status=overdue"/);
    expect(html).toContain(
      'href="/api/admin/export-crm-actions?search_term=rossi&amp;order%5Bkey%5D=client&amp;order%5Bdir%5D=desc&amp;filters%5Bfollow_up_done%5D=overdue&amp;format=xlsx"',
    );
    expect(html).toMatch(/<input type="hidden" name="status" value="overdue"\/>/);
    expect(html).toMatch(/<input type="hidden" name="sort" value="client"\/>/);
    expect(html).toContain("Pagina 1 di 3");
  });

  it("says when nothing is found", () => {
    const html = actionsPage({ search: null, status: "pending", order: soonest, page: 1, pages: 0, crm_actions: [], crm_actions_count: 0 });
    expect(html).toContain("0 azioni da gestire");
    expect(html).toContain("Non è stata trovata alcuna azione, modifica i parametri di ricerca.");
  });
});
