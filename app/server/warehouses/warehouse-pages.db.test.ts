// What the owner's area says about how the public sees a warehouse: the link to its public
// sheet only while there is one; and, for a listed warehouse no subscription covers, that the
// search shows it anonymised (its page, its card, the dashboard's count); for a refused one, the
// back office's reason.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeClaimedWarehouse, makeRedeemedWarehouse, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { listMyWarehouses, warehouseDetail } from "./warehouse-pages.service.ts";
import { ownerDashboard } from "../areas/dashboard.service.ts";

const t = useTestDatabase();

describe("a warehouse's page in its owner's area", () => {
  it("links to the public sheet only while the warehouse has one", async () => {
    const referent = await makeUser(t.db, { role: "referent" });
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db, { referent_id: referent.id });
    const stocker = actorOf(owner);
    expect((await warehouseDetail(t.db, stocker, warehouse.id, "en")).warehouse).toMatchObject({
      public_sheet_url: `/en/warehouses/${warehouse.id}`,
      anonymised_in_search: false,
    });
    expect((await warehouseDetail(t.db, actorOf(referent), warehouse.id, "it")).warehouse).toMatchObject({
      public_sheet_url: `/it/warehouses/${warehouse.id}`,
    });

    // Switched off or waiting for approval: no sheet, and not in the search at all.
    for (const change of [{ deactivated: true }, { status: "pending" as const }]) {
      await t.db.updateTable("warehouses").set(change).where("id", "=", warehouse.id).execute();
      expect((await warehouseDetail(t.db, stocker, warehouse.id, "it")).warehouse, JSON.stringify(change)).toMatchObject({
        public_sheet_url: null,
        anonymised_in_search: false,
      });
      await t.db.updateTable("warehouses").set({ deactivated: false, status: "approved" }).where("id", "=", warehouse.id).execute();
    }
  });

  it("says a listed warehouse no subscription covers is anonymised in the search, with no sheet to link to", async () => {
    const { owner, warehouse } = await makeClaimedWarehouse(t.db);
    const detail = await warehouseDetail(t.db, actorOf(owner), warehouse.id, "it");
    expect(detail.warehouse).toMatchObject({ public_sheet_url: null, anonymised_in_search: true });
  });

  it("gives the owner the back office's reason while the warehouse is refused, and only then", async () => {
    const { owner, warehouse } = await makeClaimedWarehouse(t.db, { status: "refused", status_note: "Le foto non mostrano il magazzino." });
    const stocker = actorOf(owner);
    expect((await warehouseDetail(t.db, stocker, warehouse.id, "it")).warehouse).toMatchObject({
      status: "refused",
      refusal_note: "Le foto non mostrano il magazzino.",
      public_sheet_url: null,
      anonymised_in_search: false,
    });
    await t.db.updateTable("warehouses").set({ status: "approved" }).where("id", "=", warehouse.id).execute();
    expect((await warehouseDetail(t.db, stocker, warehouse.id, "it")).warehouse.refusal_note).toBeNull();
  });

  it("marks, in the owner's list and dashboard, the listed warehouses no subscription covers", async () => {
    const { owner, warehouse: covered } = await makeRedeemedWarehouse(t.db);
    const uncovered = await makeWarehouse(t.db, { user_id: owner.id });
    const pending = await makeWarehouse(t.db, { user_id: owner.id, status: "pending" });
    const switchedOff = await makeWarehouse(t.db, { user_id: owner.id, deactivated: true });
    const cards = new Map((await listMyWarehouses(t.db, actorOf(owner))).map((w) => [w.id, w.anonymised_in_search]));
    expect(Object.fromEntries(cards)).toEqual({ [covered.id]: false, [uncovered.id]: true, [pending.id]: false, [switchedOff.id]: false });
    const dashboard = await ownerDashboard(t.db, { id: owner.id, role: "stocker" });
    expect(dashboard.anonymised_warehouses_count).toBe(1);
    expect(dashboard.warehouses.find((w) => w.id === uncovered.id)?.anonymised_in_search).toBe(true);
  });
});
