// The dashboard's work queue and the audit log render what their loaders give them (static
// markup, Italian): each queue's count, the oldest's age in words and its link to the list of
// exactly those rows; the audit log's entities by name with the id beside, actions and details
// in words, the name search kept in its box and the export links carrying the filters.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import AdminDashboard from "../../routes/admin/index.tsx";
import AdminAudit from "../../routes/admin/audit.tsx";
import { waitingAgeText } from "../../lib/waiting-age.ts";

overwriteGetLocale(() => "it");

function render(element: ReactElement, path: string): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const NOW = new Date("2026-11-21T12:00:00Z");
const HOUR = 3600_000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
const none = { last_30_days: 0, total: 0 };
const counters = {
  new_stokers: 2,
  new_requests: 3,
  transfers_waiting: 1,
  stockers: 3,
  stock_hunters: 4,
  requests: 5,
  saved_searches: { active: 1, total: 3 },
  alerts_sent: none,
  unsubscribes: { ...none, by_kind: { requests: none, deal: none, reminders: none, alerts: none, news: none } },
  work_queue: {
    new_stockers: { count: 2, oldest_at: ago(3 * 24 + 5) },
    hub_requests: { count: 12, oldest_at: ago(26) },
    transfers: { count: 1, oldest_at: ago(5) },
    crm_follow_ups: { count: 4, oldest_at: ago(0.5) },
    failed_emails: { count: 0, oldest_at: null },
    warehouse_reports: { count: 3, oldest_at: ago(1) },
  },
};

describe("the dashboard's work queue", () => {
  it("shows each queue's count, its oldest's age and links to its list of exactly those rows", () => {
    const html = render(
      <AdminDashboard {...({ loaderData: { counters, now: NOW }, params: {}, matches: [] } as unknown as Parameters<typeof AdminDashboard>[0])} />,
      "/admin",
    );
    const links: [string, string][] = [
      ["new_stockers", "/admin/stocker-requests"],
      ["hub_requests", "/admin/hub-requests"],
      ["transfers", "/admin/transfers"],
      ["crm_follow_ups", "/admin/crm-actions?status=pending"],
      ["failed_emails", "/admin/emails"],
      ["warehouse_reports", "/admin/reports"],
    ];
    for (const [key, href] of links) {
      const tag = html.match(new RegExp(`<a [^>]*data-testid="dashboard-queue-${key}"[^>]*>`))?.[0];
      expect(tag, key).toContain(`href="${href}"`);
    }
    expect(html).toContain("Nuovi stocker da approvare");
    expect(html).toMatch(/data-testid="dashboard-queue-new_stockers-age">il più vecchio da 3 giorni</);
    expect(html).toMatch(/data-testid="dashboard-queue-hub_requests-age">il più vecchio da 1 giorno</);
    expect(html).toMatch(/data-testid="dashboard-queue-transfers-age">il più vecchio da 5 ore</);
    expect(html).toMatch(/data-testid="dashboard-queue-crm_follow_ups-age">il più vecchio da meno di un&#x27;ora</);
    expect(html).toMatch(/data-testid="dashboard-queue-failed_emails-age">Niente in attesa</);
    expect(html).toMatch(/data-testid="dashboard-queue-warehouse_reports-age">il più vecchio da 1 ora</);
    // The failed e-mails are shown once: in the queue.
    expect(html.match(/href="\/admin\/emails"/g)).toHaveLength(1);
    // The spec's six counters stay.
    expect(html).toMatch(/data-testid="dashboard-new_stokers">2</);
  });

  it("says the age in whole days, hours, or less than an hour", () => {
    expect(waitingAgeText(ago(49), NOW)).toBe("da 2 giorni");
    expect(waitingAgeText(ago(2), NOW)).toBe("da 2 ore");
    expect(waitingAgeText(ago(0.1), NOW)).toBe("da meno di un'ora");
  });
});

describe("the audit log for people", () => {
  const filters = { adminId: null, action: "user.approve", entityType: null, entityId: null, from: null, to: null, entityName: "Rossi" };
  const data = {
    entries: [
      {
        id: 1,
        admin_id: 3,
        admin_name: "Anna Admin",
        admin_email: "anna@example.com",
        action: "user.approve",
        entity_type: "user",
        entity_id: 120,
        entity_name: "Mario Rossi",
        details: { before: { approval_status: "pending" }, after: { approval_status: "approved" }, warehouse_id: 45 },
        created_at: new Date("2026-11-20T09:30:00Z"),
      },
      {
        id: 2,
        admin_id: 3,
        admin_name: "Anna Admin",
        admin_email: "anna@example.com",
        action: "warehouse.toggle_deactivated",
        entity_type: "warehouse",
        entity_id: 46,
        entity_name: null,
        details: { before: { deactivated: false }, after: { deactivated: true } },
        created_at: new Date("2026-11-20T09:00:00Z"),
      },
    ],
    entries_count: 2,
    names: { users: {}, warehouses: { 45: "Deposito Nord" } },
    admins: [{ id: 3, name: "Anna Admin" }],
    actions: ["user.approve", "warehouse.toggle_deactivated"],
    entityTypes: ["user", "warehouse"],
    filters,
    page: 1,
    pages: 1,
  };

  it("names entities with the id beside, and the actions and details in words", () => {
    const html = render(<AdminAudit {...({ loaderData: data, params: {}, matches: [] } as unknown as Parameters<typeof AdminAudit>[0])} />, "/admin/audit");
    expect(html).toContain("Mario Rossi (#120)");
    expect(html).toContain("Magazzino #46 (non più presente)");
    expect(html).not.toContain("Utente #120");
    expect(html).toContain("Approvazione dello stocker");
    expect(html).toContain("Stato dell&#x27;approvazione");
    expect(html).toMatch(/<del[^>]*>In attesa<\/del>/);
    expect(html).toMatch(/<ins[^>]*>Approvato<\/ins>/);
    expect(html).toContain("Deposito Nord (#45)");
    expect(html).toMatch(/<del[^>]*>No<\/del>/);
    expect(html).toMatch(/<input[^>]*name="search"[^>]*value="Rossi"/);
    expect(html).toContain('href="/api/admin/export-audit-log?action=user.approve&amp;search_term=Rossi&amp;format=csv"');
    expect(html).toContain('href="/api/admin/export-audit-log?action=user.approve&amp;search_term=Rossi&amp;format=xlsx"');
  });
});
