// The plan of the matching at scale: 100,000 saved searches, and a batch of 1,000 changed
// warehouses finds the searches whose circle holds each one through the GiST index of the
// active searches' circles (saved_searches_circle_idx), never by reading the searches' table.
// The catalogue is small to build (one insert…select of the searches, a few thousand
// warehouses whose change rows the triggers write), so the test costs seconds.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { matchChangesQuery } from "./alerts.queries.ts";

const SEARCHES = 100_000;
const WAREHOUSES = 3_000;

const CIRCLES = defineCatalogue("saved_search_circles", async (db) => {
  // Centres over Italy's box, radii from 5 to 50 km (most of them small), a third asking a
  // quantity, one in fifty paused, one in a hundred a visitor's not confirmed yet.
  await sql`
    insert into saved_searches (email, lang, name, location, lat, lng, radius, m2_value, specification_ids, paused,
                                confirmed_at, active_since, confirm_token_hash)
    select 'plan-' || g || '@test.example', 'it', 'Ricerca ' || g, 'Italia', 37 + random() * 9, 7 + random() * 11,
           5 + 45 * random() ^ 2, case when g % 3 = 0 then 100 + g % 2000 end,
           case when g % 4 = 0 then array[1 + g % 7] else '{}' end::int[], g % 50 = 0,
           case when g % 100 <> 0 then now() - interval '1 day' end, case when g % 100 <> 0 then now() - interval '1 day' end,
           case when g % 100 = 0 then 'plan-token-' || g end
    from generate_series(1, ${SEARCHES}) g`.execute(db);
  // Listed warehouses over the same box: each insert is a change the triggers keep.
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, total_m2, status)
    select 'Piano ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 37 + random() * 9, 7 + random() * 11, 5000, 'approved'
    from generate_series(1, ${WAREHOUSES}) g`.execute(db);
  await sql`vacuum analyze saved_searches`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
  await sql`vacuum analyze saved_search_changes`.execute(db);
});

describe("the matching's plan on 100,000 saved searches", () => {
  const t = useCatalogueDatabase(CIRCLES);

  it("finds the searches around each changed warehouse through the circles' GiST index, never a scan of the searches", async () => {
    const { rows: counts } = await sql<{ searches: number; changes: number }>`
      select (select count(*) from saved_searches)::int as searches, (select count(*) from saved_search_changes)::int as changes`.execute(t.db);
    expect(counts[0]).toEqual({ searches: SEARCHES, changes: WAREHOUSES });
    const { rows: batch } = await sql<{ id: number }>`select warehouse_id as id from saved_search_changes order by warehouse_id limit 1000`.execute(t.db);
    const query = matchChangesQuery({ warehouseIds: batch.map((r) => r.id), today: "2026-11-27", now: new Date() });
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(t.db);
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toMatch(/Index Scan using saved_searches_circle_idx on saved_searches s|Bitmap Index Scan on saved_searches_circle_idx/);
    expect(plan).not.toMatch(/Seq Scan on saved_searches\b/);
  });
});
