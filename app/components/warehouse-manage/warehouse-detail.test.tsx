// An owner's warehouse page says how the public sees the warehouse: the public sheet's link
// while there is one; the search's anonymised card, with the way to the subscription (the
// stocker's area only); a check under way; a refusal with the back office's reason; while a
// referent handles its requests, whether the owner receives them by e-mail too.
// (Rendered in the base locale, English.)
import { describe, expect, it } from "vitest";
import { renderAll } from "../../../tests/support/render.ts";
import { createRoutesStub } from "react-router";
import { WarehouseDetailView } from "./WarehouseDetailView.tsx";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import type { WarehouseDetailData } from "../../lib/warehouse-pages.ts";

type Facts = WarehouseDetailData["warehouse"];

const base: Facts = {
  id: 13,
  name: "Hub Verona",
  is_hub: true,
  status: "approved",
  to_approve: false,
  deactivated: false,
  address: "Via Isaac Newton 157",
  cap: "37134",
  city: "Verona",
  province: "VR",
  telephone: null,
  website: null,
  total_m2: 2650,
  public_sheet_url: null,
  anonymised_in_search: false,
  refusal_note: null,
  can_resubmit: false,
  owner_request_emails: true,
  m2: 2400,
  spaces_updated_at: null,
};

async function render(warehouse: Partial<Facts>, area: "stocker" | "referent" = "stocker"): Promise<string> {
  const detail: WarehouseDetailData = { warehouse: { ...base, ...warehouse }, spaces: [], referent: null, requests: [], referents: [] };
  const paths = warehouseAreaPaths(area, "en");
  const billing = area === "stocker" ? "/en/stocker/profile/billing" : undefined;
  const Stub = createRoutesStub([{ path: "*", Component: () => <WarehouseDetailView detail={detail} paths={paths} billingHref={billing} /> }]);
  return renderAll(<Stub initialEntries={[paths.detail(13)]} />);
}

const referent = { id: 7, first_name: "Rita", last_name: "Rossi", email: "rita@test.example", telephone: null, completed: true };

async function renderWith(
  detail: Partial<WarehouseDetailData>,
  ownerMailApi: string | null | undefined,
  area: "stocker" | "referent" = "stocker",
): Promise<string> {
  const full: WarehouseDetailData = { warehouse: base, spaces: [], referent: null, requests: [], referents: [], ...detail };
  const paths = warehouseAreaPaths(area, "en");
  const Stub = createRoutesStub([{ path: "*", Component: () => <WarehouseDetailView detail={full} paths={paths} ownerMailApi={ownerMailApi} /> }]);
  return renderAll(<Stub initialEntries={[paths.detail(13)]} />);
}

describe("the owner's e-mails of the requests its referent handles", () => {
  const api = "/api/stocker/warehouses/13/update-request-emails";
  it("offers the owner the switch, showing what is stored, while a referent handles the requests", async () => {
    const on = await renderWith({ referent }, api);
    expect(on).toContain('data-testid="owner-request-emails"');
    const box = (html: string) => html.match(/<input[^>]*name="owner_request_emails"[^>]*>/)?.[0] ?? "";
    expect(box(on)).toContain('checked=""');
    expect(on).toContain("Receive this warehouse&#x27;s quote requests by e-mail too");
    const off = await renderWith({ referent, warehouse: { ...base, owner_request_emails: false } }, api);
    expect(box(off)).toContain('type="checkbox"');
    expect(box(off)).not.toContain("checked");
  });
  it("has no switch without a referent (the owner handles them), nor in the referent's area; an administrator sees the choice only", async () => {
    expect(await renderWith({}, api)).not.toContain("owner-request-emails");
    expect(await renderWith({ referent }, undefined, "referent")).not.toContain("owner-request-emails");
    const admin = await renderWith({ referent, warehouse: { ...base, owner_request_emails: false } }, null);
    expect(admin).toContain("The owner does not receive this warehouse&#x27;s requests by e-mail");
    expect(admin).not.toContain('name="owner_request_emails"');
  });
});

describe("WarehouseDetailView", () => {
  it("links the public sheet only while there is one", async () => {
    expect(await render({ public_sheet_url: "/en/warehouses/13" })).toContain('href="/en/warehouses/13"');
    expect(await render({})).not.toContain('data-testid="warehouse-public-sheet"');
  });

  it("says the search shows it anonymised, leading the stocker to the subscription with it ticked", async () => {
    const html = await render({ anonymised_in_search: true });
    expect(html).toContain("The search shows it without its name, address and photos");
    expect(html).toContain('href="/en/stocker/profile/billing?w=13"');
    const referent = await render({ anonymised_in_search: true }, "referent");
    expect(referent).toContain('data-testid="warehouse-anonymised-note"');
    expect(referent).not.toContain("/billing");
  });

  it("explains a check under way and a refusal, with the back office's reason when it gave one", async () => {
    expect(await render({ status: "pending", to_approve: true })).toContain("Our team is checking its data");
    const refused = await render({ status: "refused", refusal_note: "Photos do not show the warehouse." });
    expect(refused).toContain("It was not approved and does not show in the search.");
    expect(refused).toContain("Reason: Photos do not show the warehouse.");
    expect(await render({ status: "refused" })).not.toContain("Reason:");
    expect(await render({})).not.toMatch(/warehouse-(pending|refused)-note/);
  });

  it("lets the owner of a refused warehouse ask for a new check, next to editing it; others are told the owner can", async () => {
    const owner = await render({ status: "refused", refusal_note: "Add photos.", can_resubmit: true });
    expect(owner).toContain('data-testid="warehouse-resubmit"');
    expect(owner).toContain("Ask for a new check");
    expect(owner).not.toContain("The owner can ask for a new check");
    const referent = await render({ status: "refused", refusal_note: "Add photos." }, "referent");
    expect(referent).not.toContain('data-testid="warehouse-resubmit"');
    expect(referent).toContain("The owner can ask for a new check from their area.");
    expect(await render({ status: "approved", can_resubmit: false })).not.toContain("warehouse-resubmit");
  });
});

describe("the availability panel", () => {
  it("shows the stored spaces as the page form posts them, the price in euros, and when they were saved", async () => {
    const html = await renderWith(
      {
        warehouse: { ...base, spaces_updated_at: "2026-11-20T10:00:00Z" },
        spaces: [
          { m2_type: "m2", quantity: 1200, available_from: "2020-01-01", available_until: null, min_term_months: 3, price_month: 520, price_public: true },
          {
            m2_type: "pallet",
            quantity: 40,
            available_from: "2020-01-01",
            available_until: "2020-06-30",
            min_term_months: 0,
            price_month: null,
            price_public: false,
          },
        ],
      },
      null,
    );
    expect(html).toContain('data-testid="availability-panel"');
    expect(html).toMatch(/name="spaces\[0\]\[quantity\]"[^>]*value="1.200"|value="1.200"[^>]*name="spaces\[0\]\[quantity\]"/);
    expect(html).toMatch(/value="5,20"/);
    expect(html).toContain("Updated on 20.11.2026.");
    expect(html).toContain("Available now");
    expect(html).toContain("Ended");
    expect(html).toMatch(/<option value="pallet" selected="">/);
  });

  it("says so when no space is declared", async () => {
    const html = await renderWith({}, null);
    expect(html).toContain("No space declared: the warehouse shows as full.");
    expect(html).toContain("Not declared yet.");
  });
});
