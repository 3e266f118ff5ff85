import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestDatabase } from "../tests/support/db.ts";
import { loadBenchData, specChance } from "./bench-data.ts";

const t = useTestDatabase();

describe("the benchmark's bulk data", () => {
  it("loads warehouses around Italian towns, with owners, statuses and specifications", async () => {
    const data = await loadBenchData(t.db, { warehouses: 5000 });
    expect(data.warehouses).toBe(5000);
    const { rows } = await sql<{ n: number; approved: number; claimed: number; in_italy: number; specs: number; synced: number; near_milan: number }>`
      select count(*)::int as n,
             count(*) filter (where status = 'approved' and not deactivated)::int as approved,
             count(user_id)::int as claimed,
             count(*) filter (where lat between 35.3 and 47.2 and lng between 6.5 and 18.7)::int as in_italy,
             (select count(*) from warehouse_specifications)::int as specs,
             count(*) filter (where spec_ids = coalesce((select array_agg(s.specification_id::int order by s.specification_id) from warehouse_specifications s where s.warehouse_id = warehouses.id), '{}'))::int as synced,
             count(*) filter (where earth_distance(ll_to_earth(lat, lng), ll_to_earth(45.464664, 9.18854)) < 10000)::int as near_milan
      from warehouses`.execute(t.db);
    const r = rows[0]!;
    expect(r.n).toBe(5000);
    expect(r.approved / r.n).toBeGreaterThan(0.85);
    expect(r.claimed / r.n).toBeGreaterThan(0.25);
    expect(r.claimed / r.n).toBeLessThan(0.45);
    expect(r.in_italy).toBeGreaterThan(4950);
    // About 8 specifications per warehouse, and the copy on warehouses matches the table.
    expect(r.specs / r.n).toBeGreaterThan(6);
    expect(r.specs / r.n).toBeLessThan(11);
    expect(r.synced).toBe(5000);
    // Clustered the way people and firms are: Milan's 10 km hold a few percent of them.
    expect(r.near_milan / r.n).toBeGreaterThan(0.01);
    expect(r.near_milan / r.n).toBeLessThan(0.06);
    // Three owners in four subscribed: their warehouses redeemed, at their true position; four in five of those declare free space.
    const { rows: redeemed } = await sql<{ redeemed: number; true_position: number; with_space: number; spaces_elsewhere: number }>`
      select count(*) filter (where redeemed)::int as redeemed,
             count(*) filter (where redeemed and pub_lat = round(lat::numeric, 6)::float8)::int as true_position,
             count(*) filter (where redeemed and exists (select 1 from warehouse_spaces s where s.warehouse_id = warehouses.id))::int as with_space,
             count(*) filter (where not redeemed and exists (select 1 from warehouse_spaces s where s.warehouse_id = warehouses.id))::int as spaces_elsewhere
      from warehouses`.execute(t.db);
    const q = redeemed[0]!;
    expect(q.redeemed / r.claimed).toBeGreaterThan(0.6);
    expect(q.true_position).toBe(q.redeemed);
    expect(q.with_space / q.redeemed).toBeGreaterThan(0.7);
    expect(q.with_space / q.redeemed).toBeLessThan(0.9);
    expect(q.spaces_elsewhere).toBe(0);
    // The indexes of the real schema are back.
    const idx = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'warehouses'`.execute(t.db);
    expect(idx.rows.map((i) => i.indexname)).toContain("warehouses_earth_idx");
    expect(data.filterSpecs.service).toBeGreaterThan(0);
    expect(specChance(0)).toBeCloseTo(0.35);
  }, 120_000);
});
