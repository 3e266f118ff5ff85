// The plans of the warehouse lists this issue adds, on a catalogue large enough for the
// planner to choose as it would at a million warehouses: each list reads its index, never
// the whole table.
import { beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { myWarehousesQuery } from "./warehouse-editing.queries.ts";
import { adminWarehousesPageQuery, countAdminWarehouses, type AdminWarehouseListArgs } from "./admin-warehouses.queries.ts";
import { findMatchesFirst } from "../db/searched-page.ts";
import { DEFAULT_WAREHOUSE_ORDER } from "../../lib/admin-warehouses.ts";
import { todayInItaly } from "../../lib/format.ts";
import { listOwnerReferents } from "./warehouse-referents.queries.ts";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";

// 2,000 owners and 500 referents sharing 60,000 warehouses, as in a real catalogue: built once
// and cloned (tests/support/catalogue.ts).
const LISTS_CATALOGUE = defineCatalogue("warehouse_lists", async (db) => {
  const first = (await makeUser(db, { role: "stocker" })).id;
  await sql`
    insert into users (email, role, account_type, invite_code)
    select 'owner-' || g || '@plan.test', 'stocker', 0, 'PLANO' || g from generate_series(1, 2000) g`.execute(db);
  await sql`
    insert into users (email, role, invite_code)
    select 'referent-' || g || '@plan.test', 'referent', 'PLANR' || g from generate_series(1, 500) g`.execute(db);
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id, referent_id, created_at)
    select 'Plan ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 41 + random(), 12 + random(),
           ${first} + 1 + (g % 2000), ${first} + 2001 + (g % 500), now() - (g || ' minutes')::interval
    from generate_series(1, 60000) g`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
  await sql`analyze users`.execute(db);
});

const t = useCatalogueDatabase(LISTS_CATALOGUE);
let ownerId: number;
let referentId: number;

const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

/** A page of the back office's list as listAdminWarehouses reads it: the count first (db/searched-page.ts). */
async function listedPage({ search, offset, limit }: { search: string | null; offset: number; limit: number }) {
  const args: AdminWarehouseListArgs = { filters: { search }, order: DEFAULT_WAREHOUSE_ORDER, today: todayInItaly(), offset, limit };
  return adminWarehousesPageQuery(t.db, { ...args, matchesFirst: findMatchesFirst(search, await countAdminWarehouses(t.db, args)) });
}

beforeAll(async () => {
  // An owner of 30 warehouses and a referent of 120.
  const idOf = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  ownerId = await idOf("owner-1000@plan.test");
  referentId = await idOf("referent-200@plan.test");
});

describe("the warehouse lists' query plans", () => {
  it("read a stocker's and a referent's warehouses by their own index", async () => {
    const owner = await plan(myWarehousesQuery(t.db, { by: "owner", userId: ownerId, limit: 500 }));
    expect(owner).toMatch(/Index Scan (using|on) warehouses_user_id_created_at_idx/);
    expect(owner).not.toMatch(/Seq Scan on warehouses/);
    const referent = await plan(myWarehousesQuery(t.db, { by: "referent", userId: referentId, limit: 500 }));
    expect(referent).toMatch(/Index Scan (using|on) warehouses_referent_id_created_at_idx/);
    expect(referent).not.toMatch(/Seq Scan on warehouses/);
  });

  it("page the back office's list by creation date, and search it with the trigram indexes", async () => {
    const page = await plan(await listedPage({ search: null, offset: 40, limit: 20 }));
    expect(page).toMatch(/Index Scan using warehouses_created_at_id_idx on warehouses w/);
    expect(page).not.toMatch(/Seq Scan on warehouses/);
    // The second term is a name inside one of the statistics' histogram bounds: the worst estimate (histogramBound).
    const unlucky = /^Plan \d+/.exec(await histogramBound(t.db, "warehouses", "name"))![0];
    for (const search of ["Piano 123", unlucky]) {
      const searched = await plan(await listedPage({ search, offset: 0, limit: 20 }));
      expect(searched, search).toMatch(/Bitmap Index Scan on warehouses_(name|address|city)_trgm_idx/);
      expect(searched, search).not.toMatch(/Seq Scan on warehouses/);
    }
  });

  it("find an owner's referents through the owner's warehouses, not the whole table", async () => {
    const referents = await plan(
      t.db
        .selectFrom("users")
        .select("id")
        .where("role", "=", "referent")
        .where((eb) =>
          eb.or([eb("created_by", "=", ownerId), eb("id", "in", eb.selectFrom("warehouses").select("referent_id").where("user_id", "=", ownerId))]),
        ),
    );
    expect(referents).not.toMatch(/Seq Scan on warehouses/);
    expect((await listOwnerReferents(t.db, { ownerId, actorId: ownerId })).length).toBeGreaterThan(0);
  });
});
