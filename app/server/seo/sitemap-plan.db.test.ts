// The sitemap's query plans on a catalogue large enough for the planner to choose as it would at
// a million warehouses (tests/support/warehouse-catalogue.ts): the index of ranges and a range's
// page read the public sheets' partial index alone (migration 0041), never the whole table.
import type { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { WAREHOUSE_CATALOGUE } from "../../../tests/support/warehouse-catalogue.ts";
import { sitemapRangeQuery, sitemapRangesQuery } from "./sitemap.queries.ts";
import { SITEMAP_RANGE_WIDTH } from "./sitemap.service.ts";

describe("the sitemap's query plans at scale", () => {
  const t = useCatalogueDatabase(WAREHOUSE_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

  it("reads the ranges and each range's sheets from the public sheets' index only", async () => {
    const ranges = await sitemapRangesQuery(t.db, { width: SITEMAP_RANGE_WIDTH }).execute();
    expect(ranges.length).toBeGreaterThan(1);
    const all = await plan(sitemapRangesQuery(t.db, { width: SITEMAP_RANGE_WIDTH }));
    expect(all).toMatch(/Index Only Scan using warehouses_public_sheet_idx/);
    expect(all).not.toMatch(/Seq Scan on warehouses/);
    for (const { range } of ranges) {
      const page = await plan(sitemapRangeQuery(t.db, { range, width: SITEMAP_RANGE_WIDTH }));
      expect(page, `range ${range}`).toMatch(/Index Only Scan using warehouses_public_sheet_idx/);
      expect(page, `range ${range}`).not.toMatch(/Seq Scan on warehouses/);
    }
  });
});
