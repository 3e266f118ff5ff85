// The plans of the search by free spaces at a million warehouses, seven in ten with a declared
// space: the zone is read on the published positions' GiST index and each of its warehouses'
// spaces by one probe of their covering index (migration 0024), never a scan of either table.
// The catalogue is loaded as scripts/bench-data.ts loads it: the secondary indexes dropped
// while the rows go in (triggers off, so the published position is written directly), then
// built again; only the indexes these statements could use are rebuilt.
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type RawBuilder } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { zoneMatchCountQuery, zonePlanSettings, zoneRanksQuery, zoneSpacesQuery } from "./search.queries.ts";

const t = useTestDatabase();
const N = 1_000_000;
const MILANO = { lat: 45.4642, lng: 9.19 };

async function plan(query: RawBuilder<unknown>): Promise<string> {
  return t.db.transaction().execute(async (trx) => {
    await zonePlanSettings().execute(trx);
    return (await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx)).rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

beforeAll(async () => {
  await t.db.connection().execute(async (db) => {
    await sql`set maintenance_work_mem = '256MB'`.execute(db);
    const { rows: kept } = await sql<{ def: string }>`
      select indexdef as def from pg_indexes
      where schemaname = 'public' and indexname in ('warehouses_published_earth_idx', 'warehouse_spaces_search_idx')`.execute(db);
    const { rows: secondary } = await sql<{ name: string }>`
      select i.indexname as name from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('warehouses', 'warehouse_spaces')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db);
    for (const r of secondary) await sql`drop index ${sql.id(r.name)}`.execute(db);
    await sql`set session_replication_role = replica`.execute(db);
    // Spread over the north of Italy (denser than the south, as the bench's towns are), a
    // third around Milan: its 10 km zone holds tens of thousands, as in a real catalogue.
    await sql`
      insert into warehouses (name, country, address, cap, city, province, lat, lng, pub_lat, pub_lng, total_m2, status, redeemed, review_count)
      select 'Plan ' || g, 'IT', 'Via ' || g, '20100', 'Città', 'MI', la, ln, la, ln, 500 + g % 9000, 'approved', g % 3 = 0, (g % 20 = 0)::int * (g % 7)
      from (
        select g,
               case when g % 3 = 0 then ${MILANO.lat} + (random() - 0.5) * 0.5 else 44 + random() * 2.2 end as la,
               case when g % 3 = 0 then ${MILANO.lng} + (random() - 0.5) * 0.7 else 7.5 + random() * 5 end as ln
        from generate_series(1, ${N}) g
      ) p`.execute(db);
    await sql`
      insert into warehouse_spaces (warehouse_id, m2_type, quantity, available_from, available_until, min_term_months, price_month, price_public)
      select id, case when id % 5 = 0 then 'pallet' else 'm2' end, 100 + id % 3000, date '2026-01-01' + (id % 500)::int,
             case when id % 4 = 0 then date '2028-01-01' + (id % 300)::int end, (id % 4)::smallint, 300 + id % 400, id % 2 = 0
      from warehouses where id % 10 < 7`.execute(db);
    await sql`update warehouses set has_spaces = true where id % 10 < 7`.execute(db);
    await sql`set session_replication_role = origin`.execute(db);
    for (const r of kept) await sql.raw(r.def).execute(db);
    await sql`vacuum analyze warehouses`.execute(db);
    await sql`vacuum analyze warehouse_spaces`.execute(db);
  });
}, 900_000);

describe("the search by free spaces at a million warehouses", () => {
  it("reads a zone's spaces on the GiST index and the spaces' covering index, never a scan", async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from warehouses`.execute(t.db);
    expect(rows[0]!.n).toBe(N);
    const spaces = await plan(zoneSpacesQuery({ ...MILANO, radiusM: 10_000, today: "2026-11-27" }));
    expect(spaces).toMatch(/Index (Only )?Scan using warehouses_published_earth_idx on warehouses/);
    expect(spaces).toMatch(/Index (Only )?Scan using warehouse_spaces_search_idx on warehouse_spaces/);
    expect(spaces).not.toMatch(/Seq Scan|Bitmap Heap Scan on warehouse_spaces/);
    // Only the warehouses with a declared space are probed (migration 0027).
    expect(spaces).toMatch(/Filter: has_spaces/);
    const ranks = await plan(zoneRanksQuery({ ...MILANO, radiusM: 10_000 }));
    expect(ranks).toMatch(/Index (Only )?Scan using warehouses_published_earth_idx on warehouses/);
    expect(ranks).not.toMatch(/Seq Scan/);
  });

  it("counts a wider radius's matches with the same indexes", async () => {
    const count = await plan(
      zoneMatchCountQuery({
        ...MILANO,
        radiusM: 50_000,
        specIds: [],
        minArea: null,
        spaces: { m2Type: "m2", quantity: 800, start: "2026-12-01", end: "2027-05-31", months: 6 },
      }),
    );
    expect(count).toMatch(/Index (Only )?Scan using warehouses_published_earth_idx on warehouses/);
    expect(count).toMatch(/warehouse_spaces_search_idx/);
    expect(count).not.toMatch(/Seq Scan/);
  });
});
