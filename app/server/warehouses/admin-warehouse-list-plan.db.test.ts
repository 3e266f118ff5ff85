// The back office's Warehouses list's query plan on a catalogue large enough for the planner to
// choose as it would at a million warehouses (80,000, built once and cloned: tests/support/
// catalogue.ts): each main filter and each sorted column, alone and with the province, reads an
// index (migration 0033), never the whole table; so does the count of the filters together.
import { sql, type CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { WAREHOUSE_CATALOGUE as CATALOGUE, WAREHOUSE_CATALOGUE_SIZE as WAREHOUSES } from "../../../tests/support/warehouse-catalogue.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { findMatchesFirst } from "../db/searched-page.ts";
import { adminWarehousesCountQuery, adminWarehousesPageQuery, countAdminWarehouses, type AdminWarehouseFilters } from "./admin-warehouses.queries.ts";
import { todayInItaly } from "../../lib/format.ts";
import type { WarehouseOrder } from "../../lib/admin-warehouses.ts";

describe("the Warehouses list's query plan at scale", () => {
  const t = useCatalogueDatabase(CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);
  const today = todayInItaly();
  /** A page as listAdminWarehouses reads it: the count first (db/searched-page.ts). */
  const page = async (filters: Omit<AdminWarehouseFilters, "search">, order: WarehouseOrder, offset = 40) => {
    const args = { filters: { search: null, ...filters }, order, today, offset, limit: 20 };
    return plan(adminWarehousesPageQuery(t.db, { ...args, matchesFirst: findMatchesFirst(null, await countAdminWarehouses(t.db, args)) }));
  };
  const newest: WarehouseOrder = { key: "created", dir: "desc" };

  it("holds what the plans are about", async () => {
    const { rows } = await sql<{ all: number; hubs: number; redeemed: number; spaces: number; rm: number }>`
      select count(*)::int as all, (count(*) filter (where is_hub))::int as hubs, (count(*) filter (where redeemed))::int as redeemed,
             (count(*) filter (where has_spaces))::int as spaces, (count(*) filter (where province = 'RM'))::int as rm
      from warehouses`.execute(t.db);
    expect(rows[0]).toMatchObject({ all: WAREHOUSES, hubs: WAREHOUSES / 50, rm: WAREHOUSES / 50, spaces: WAREHOUSES / 4 });
    expect(rows[0]!.redeemed).toBeGreaterThan(500);
  });

  it("reads each filter's page by an index, newest first", async () => {
    const filters: [string, Omit<AdminWarehouseFilters, "search">, RegExp][] = [
      ["none", {}, /warehouses_created_at_id_idx/],
      ["province", { province: "RM" }, /warehouses_province_created_at_idx/],
      ["province + hub + redeemed", { province: "RM", hub: true, redeemed: true }, /warehouses_(province|hub|redeemed)_created_at_idx/],
      ["hub", { hub: true }, /warehouses_hub_created_at_idx/],
      ["redeemed", { redeemed: true }, /warehouses_redeemed_created_at_idx/],
      ["free space", { freeSpace: true }, /warehouses_(has_spaces|created_at_id)_\w*idx/],
      ["status", { status: "pending" }, /warehouses_status_\w*idx/],
      ["deactivated", { deactivated: "deact" }, /warehouses_deactivated_\w*idx/],
      ["photos", { photos: false }, /warehouses_\w+_idx/],
      ["subscription", { subType: "active" }, /warehouses_\w+_idx/],
      ["everything", { province: "MI", hub: false, redeemed: false, photos: true, status: "approved", deactivated: "act" }, /warehouses_\w+_idx/],
    ];
    for (const [label, f, index] of filters) {
      const p = await page(f, newest);
      expect(p, label).toMatch(index);
      expect(p, label).not.toMatch(/Seq Scan on warehouses/);
    }
  });

  it("sorts each column by its index, alone and with the main filters", async () => {
    const keys = ["name", "city", "status", "size", "photos", "active", "created"] as const;
    for (const key of keys) {
      for (const dir of ["asc", "desc"] as const) {
        const alone = await page({}, { key, dir });
        expect(alone, `${key} ${dir}`).toMatch(/Index Scan( Backward)? using warehouses_\w+ on warehouses w/);
        expect(alone, `${key} ${dir}`).not.toMatch(/Seq Scan on warehouses/);
        // Straight from the index: no sort of the rows.
        expect(alone, `${key} ${dir}`).not.toMatch(/\bSort\b/);
        for (const f of [{ province: "RM", hub: true, redeemed: true }, { hub: true }, { redeemed: false, photos: true }]) {
          const filtered = await page(f, { key, dir });
          expect(filtered, `${key} ${dir} ${JSON.stringify(f)}`).not.toMatch(/Seq Scan on warehouses/);
        }
      }
    }
  });

  it("counts the filters together by an index", async () => {
    for (const f of [{ province: "RM", hub: true, redeemed: true }, { province: "TO", photos: true }, { hub: true }, { redeemed: true }]) {
      const counted = await plan(adminWarehousesCountQuery(t.db, { filters: { search: null, ...f }, today }));
      expect(counted, JSON.stringify(f)).toMatch(/warehouses_\w+_idx/);
      expect(counted, JSON.stringify(f)).not.toMatch(/Seq Scan on warehouses/);
    }
  });
});
