// The reference data every install needs, demo or not: the markets (business sectors) and
// the specification catalogue. Loaded at start into empty tables; administrators edit the
// catalogue afterwards in the back office.
import { sql } from "kysely";
import type { Insertable } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/types.ts";
import { MARKETS, SPECIFICATIONS, SPECIFICATION_CATEGORY_IDS } from "./catalogue.ts";

export type CatalogueGroup = keyof typeof SPECIFICATION_CATEGORY_IDS;

/** The rows with stable ids (1…n in catalogue order), so demo data can refer to them. */
export function catalogueRows() {
  const markets: Insertable<DB["markets"]>[] = MARKETS.map((m, i) => ({ id: i + 1, label: m.label, label_en: m.label_en, position: i }));
  const specifications: Insertable<DB["specifications"]>[] = [];
  const specsByGroup = new Map<CatalogueGroup, number[]>();
  for (const [group, list] of Object.entries(SPECIFICATIONS) as [CatalogueGroup, (typeof SPECIFICATIONS)["service"]][]) {
    const ids: number[] = [];
    list.forEach((s, position) => {
      const id = specifications.length + 1;
      ids.push(id);
      specifications.push({ id, cat_id: SPECIFICATION_CATEGORY_IDS[group], ...s, position });
    });
    specsByGroup.set(group, ids);
  }
  return { markets, specifications, specsByGroup };
}

/** Fill the markets and the specification catalogue when they are empty. Returns whether it did. */
export async function ensureCatalogue(db: Database): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('stockspace:catalogue'))`.execute(trx);
    const { markets, specifications } = catalogueRows();
    let loaded = false;
    if (!(await trx.selectFrom("markets").select("id").limit(1).executeTakeFirst())) {
      await trx.insertInto("markets").values(markets).execute();
      await sql`select setval(pg_get_serial_sequence('markets', 'id'), (select max(id) from markets))`.execute(trx);
      loaded = true;
    }
    if (!(await trx.selectFrom("specifications").select("id").limit(1).executeTakeFirst())) {
      await trx.insertInto("specifications").values(specifications).execute();
      await sql`select setval(pg_get_serial_sequence('specifications', 'id'), (select max(id) from specifications))`.execute(trx);
      loaded = true;
    }
    return loaded;
  });
}
