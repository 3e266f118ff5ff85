// The stocker's dashboard says how many of the stocker's listed warehouses the search shows
// anonymised (no active subscription covers them) and leads to the subscription; each such
// warehouse's card says so too. The referent, who does not pay, sees the cards' mark only. A
// stocker without warehouses starts at the register card.
// (Rendered in the base locale, English.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { OwnerStartPage } from "./AreaStartPages.tsx";
import type { OwnerDashboard } from "../../lib/area-pages.ts";
import type { MyWarehouseCard } from "../../lib/warehouse-pages.ts";

const card = (id: number, anonymised: boolean): MyWarehouseCard => ({
  id,
  name: `Deposito ${id}`,
  address: "Via Roma 1",
  city: "Verona",
  province: "VR",
  total_m2: 2650,
  is_hub: false,
  status: "approved",
  to_approve: false,
  deactivated: false,
  pending_warehouse_requests_count: 0,
  img: null,
  anonymised_in_search: anonymised,
});

function dashboard(anonymised: number): OwnerDashboard {
  return {
    user: {
      first_name: "Elena",
      last_name: "Fontana",
      company: "Magazzini Fontana Srl",
      email: "keeper@demo.test",
      telephone: null,
      created_at: "2026-10-31T10:00:00Z",
      invite_count: 0,
    },
    warehouses: [card(13, anonymised > 0), card(14, false)],
    warehouses_count: 2,
    anonymised_warehouses_count: anonymised,
    pending_requests_count: 0,
    latest_requests: [],
  };
}

function render(data: OwnerDashboard, role: "stocker" | "referent", base = `/en/${role}/profile`, asAdmin = false): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => <OwnerStartPage data={data} base={base} role={role} asAdmin={asAdmin} /> }]);
  return renderToString(<Stub initialEntries={[base]} />);
}

describe("OwnerStartPage", () => {
  it("tells the stocker how many warehouses the search shows anonymised, and leads to the subscription", () => {
    const html = render(dashboard(1), "stocker");
    expect(html).toContain('data-testid="anonymised-notice"');
    expect(html).toContain("One warehouse shows anonymously in the search");
    expect(html).toContain('href="/en/stocker/profile/billing"');
    expect(html.match(/data-testid="warehouse-anonymised"/g)).toHaveLength(1);
    expect(render(dashboard(6), "stocker")).toContain("6 warehouses show anonymously in the search");
  });

  it("starts a stocker without warehouses at the register card; not in an administrator's view", () => {
    const empty: OwnerDashboard = { ...dashboard(0), warehouses: [], warehouses_count: 0 };
    const own = render(empty, "stocker");
    expect(own).toContain('data-testid="register-warehouse"');
    expect(own).toContain('href="/en/stocker/profile/warehouses/new"');
    expect(render(dashboard(0), "stocker")).not.toContain('data-testid="register-warehouse"');
    const admin = render(empty, "stocker", "/admin/stocker/7", true);
    expect(admin).not.toContain('data-testid="register-warehouse"');
    expect(admin).toContain("This stocker has not registered a warehouse yet.");
  });

  it("says nothing when every listed warehouse is covered, and shows the referent only the cards' mark", () => {
    expect(render(dashboard(0), "stocker")).not.toContain("anonymised-notice");
    const referent = render(dashboard(1), "referent");
    expect(referent).not.toContain("anonymised-notice");
    expect(referent).toContain('data-testid="warehouse-anonymised"');
  });
});
