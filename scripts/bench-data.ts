// Bulk data for the search benchmark: N warehouses clustered around real Italian comuni, the
// way warehouses are: each picks a comune with a probability proportional to its population,
// then sits at a Gaussian distance from its centre (industrial zones ring a town; a big city's
// ring is wider), with sizes, statuses, owners and specifications drawn per warehouse. Generated
// inside PostgreSQL with generate_series, so a million rows load in a few minutes on 2 cores.
import { sql } from "kysely";
import type { Database } from "../app/server/db/database.ts";
import { loadItalianTowns } from "../app/server/geo/gazetteer-source.ts";
import { SPECIFICATION_CATEGORY_IDS, SPECIFICATIONS } from "../app/server/seed/catalogue.ts";
import { STREETS } from "../app/server/seed/people.ts";

export type BenchData = {
  warehouses: number;
  /** Three common specifications of three groups: the benchmark's filtered search. */
  filterSpecs: { service: number; security: number; equipment: number };
};

type Log = (msg: string) => void;

/** The chance that a warehouse offers the k-th specification of a group (k from 0): common first, rare last. */
export function specChance(k: number): number {
  return 0.35 * 0.72 ** k;
}

async function timed<T>(log: Log, what: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const out = await run();
  log(`  ${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return out;
}

/**
 * Fills an empty, migrated database. Secondary indexes of the two big tables are dropped during
 * the load and built again after it (as a bulk import would), so the searched schema is the real one.
 */
export async function loadBenchData(db: Database, opts: { warehouses: number; log?: Log }): Promise<BenchData> {
  // One connection throughout: the temporary tables and session settings live on it.
  return db.connection().execute((conn) => load(conn, opts));
}

async function load(db: Database, opts: { warehouses: number; log?: Log }): Promise<BenchData> {
  const log = opts.log ?? (() => {});
  const n = opts.warehouses;
  await sql`set maintenance_work_mem = '512MB'`.execute(db).catch(() => {});

  // Specifications of the catalogue, each with its chance.
  const specRows: { cat_id: number; value: string; value_en: string; position: number; p: number }[] = [];
  for (const [group, list] of Object.entries(SPECIFICATIONS)) {
    list.forEach((s, k) => {
      specRows.push({
        cat_id: SPECIFICATION_CATEGORY_IDS[group as keyof typeof SPECIFICATION_CATEGORY_IDS],
        value: s.value,
        value_en: s.value_en,
        position: k,
        p: specChance(k),
      });
    });
  }
  const inserted = await db
    .insertInto("specifications")
    .values(specRows.map(({ p: _p, ...s }) => s))
    .returning(["id", "cat_id", "position"])
    .execute();
  const chance = inserted.map((s) => ({ id: s.id, p: specChance(s.position) }));
  const first = (cat: number) => inserted.find((s) => s.cat_id === cat && s.position === 0)!.id;

  // Owners: one stocker per 40 warehouses.
  const owners = Math.max(10, Math.ceil(n / 40));
  await timed(log, `${owners} stockers`, () =>
    sql`
      insert into users (email, role, account_type, first_name, last_name, company, invite_code, approval_status)
      select 'bench-stocker-' || g || '@example.com', 'stocker', (g % 2)::smallint, 'Bench', 'Stocker ' || g, 'Logistica Bench ' || g || ' Srl',
             'BENCH-' || g, 'approved'
      from generate_series(1, ${owners}) g`.execute(db),
  );
  const { rows: ownerRange } = await sql<{
    min: number;
    max: number;
  }>`select min(id)::float8 as min, max(id)::float8 as max from users where email like 'bench-stocker-%'`.execute(db);
  const ownerMin = ownerRange[0]!.min;
  const ownerSpan = ownerRange[0]!.max - ownerMin + 1;

  // Towns with their cumulative population, for a weighted draw by binary search on an index.
  const towns = loadItalianTowns();
  let cumulative = 0;
  const cum: number[] = [];
  for (const t of towns) {
    cumulative += t.population;
    cum.push(cumulative);
  }
  await sql`create temporary table bench_towns (cum float8 primary key, name text, province text, cap text, lat float8, lng float8, sigma_km float8)`.execute(
    db,
  );
  await sql`
    insert into bench_towns
    select * from unnest(${cum}::float8[], ${towns.map((t) => t.name)}::text[], ${towns.map((t) => t.province)}::text[],
      ${towns.map((t) => t.caps[0] ?? "00000")}::text[], ${towns.map((t) => t.lat)}::float8[], ${towns.map((t) => t.lng)}::float8[],
      -- how far a town's warehouses spread from its centre: 0.7 km for a village, 6 km at most
      ${towns.map((t) => Math.min(6, 0.6 + 0.5 * Math.sqrt(t.population / 10_000)))}::float8[])`.execute(db);
  await sql`analyze bench_towns`.execute(db);
  await sql`create temporary table bench_streets (i int primary key, name text)`.execute(db);
  await sql`insert into bench_streets select * from unnest(${STREETS.map((_, i) => i)}::int[], ${STREETS}::text[])`.execute(db);

  const dropped = await dropSecondaryIndexes(db, ["warehouses", "warehouse_specifications"]);
  // Warehouses load with their triggers on: the published position (migration 0004) comes from
  // the row trigger, as for every other write.
  await timed(log, `${n.toLocaleString("en")} warehouses`, () =>
    sql`
      insert into warehouses (name, country, address, cap, city, province, lat, lng, total_m2, m2, m2_external, m2_office, height, bays_number,
                              m2_cost, m2_month, m2_pallet, handling_cost, telephone, email, is_hub, status, deactivated, user_id)
      select
        case when s.r_owner < 0.35 then 'Logistica ' || t.name || ' ' || s.g else 'Magazzino ' || t.name || ' ' || s.g end,
        'IT', st.name || ' ' || (s.g % 180 + 1), t.cap, t.name, t.province,
        least(89.9, t.lat + s.gauss * t.sigma_km * cos(s.theta) / 111.195),
        t.lng + s.gauss * t.sigma_km * sin(s.theta) / (111.195 * cos(radians(t.lat))),
        s.area, round((s.area * 0.8)::numeric, 2), round((s.area * 0.3)::numeric, 2), round((s.area * 0.04)::numeric, 2),
        round((6 + s.r_size * 8)::numeric, 2), 2 + (s.r_size * 38)::int,
        round((40 + s.r_cost * 40)::numeric, 2), round((3 + s.r_cost * 4)::numeric, 2), round((5 + s.r_cost * 5)::numeric, 2), round((1 + s.r_cost * 3)::numeric, 2),
        '+39 02 ' || (1000000 + s.g % 8999999), 'info-' || s.g || '@bench.example.com',
        s.r_hub < 0.03,
        case when s.r_status < 0.95 then 'approved' when s.r_status < 0.98 then 'pending' else 'refused' end,
        s.r_deact < 0.03,
        case when s.r_owner < 0.35 then ${ownerMin}::bigint + (s.r_pick * ${ownerSpan})::bigint % ${ownerSpan}::bigint end
      from (
        select g, random() * ${cumulative}::float8 as pick,
               -- Box–Muller: a Gaussian distance (in units of the town's spread) and a direction
               sqrt(-2 * ln(1 - random())) as gauss, 2 * pi() * random() as theta,
               round(exp(ln(300) + random() * ln(200))::numeric, 2) as area,
               random() as r_size, random() as r_cost, random() as r_hub, random() as r_status, random() as r_deact,
               random() as r_owner, random() as r_pick, (random() * ${STREETS.length - 1})::int as street
        from generate_series(1, ${n}) g
      ) s
      cross join lateral (select * from bench_towns bt where bt.cum >= s.pick order by bt.cum limit 1) t
      join bench_streets st on st.i = s.street`.execute(db),
  );

  await sql`set session_replication_role = replica`.execute(db).catch(() => log("  (foreign keys checked row by row: not a superuser)"));
  await sql`create temporary table bench_spec_chance (id bigint, p float8)`.execute(db);
  await sql`insert into bench_spec_chance select * from unnest(${chance.map((c) => c.id)}::bigint[], ${chance.map((c) => c.p)}::float8[])`.execute(db);
  await timed(log, "warehouse specifications", () =>
    sql`
      insert into warehouse_specifications (warehouse_id, specification_id)
      select w.id, c.id from warehouses w cross join bench_spec_chance c
      -- (w.id * 0) ties the draw to the pair: a condition on c alone would be drawn once per specification
      where random() + (w.id * 0) < c.p`.execute(db),
  );
  await sql`set session_replication_role = origin`.execute(db).catch(() => {});
  // The copy of the ids on warehouses: its triggers do not fire in replica mode, and one pass is faster anyway.
  await timed(log, "warehouses.spec_ids", () =>
    sql`
      update warehouses w set spec_ids = s.ids
      from (select warehouse_id, array_agg(specification_id::int order by specification_id) as ids from warehouse_specifications group by warehouse_id) s
      where s.warehouse_id = w.id and w.spec_ids is distinct from s.ids`.execute(db),
  );
  // Subscriptions: three owners in four pay for their warehouses, which are then redeemed (their
  // names, positions and photos public): the rows go in without triggers, then one update lets the
  // row trigger decide `redeemed` and the published position, as for every other write.
  await timed(log, "subscriptions and redeemed warehouses", async () => {
    await sql`set session_replication_role = replica`.execute(db).catch(() => {});
    await sql`
      insert into subscriptions (user_id, stripe_status, plan, payment_type, price_unit_amount, started_at, ends_at)
      select id, 'active', 'yearly', 'transfer', 9900, now() - interval '1 month', now() + interval '11 months'
      from users where email like 'bench-stocker-%' and id % 4 <> 0`.execute(db);
    await sql`
      insert into subscription_warehouses (subscription_id, warehouse_id)
      select s.id, w.id from warehouses w join subscriptions s on s.user_id = w.user_id`.execute(db);
    await sql`set session_replication_role = origin`.execute(db).catch(() => {});
    await sql`update warehouses set redeemed = warehouse_is_redeemed(id, user_id) where user_id in (select user_id from subscriptions)`.execute(db);
  });
  // Free spaces (migration 0021) for four in five redeemed warehouses: m² mostly, pallets for one
  // in five; free from a day in the last year or the next six months, open-ended for half of
  // them, a minimum term of 0, 3, 6 or 12 months, a price public for two in three. A few have a
  // second, smaller space.
  await timed(log, "free spaces", () =>
    sql`
      insert into warehouse_spaces (warehouse_id, m2_type, quantity, available_from, available_until, min_term_months, price_month, price_public)
      select w.id, case when s.r_type < 0.2 then 'pallet' else 'm2' end,
             greatest(1, (coalesce(w.total_m2, 1000) * (0.1 + 0.6 * s.r_qty) / case when s.r_type < 0.2 then 1.5 else 1 end)::int),
             current_date - 365 + (s.r_from * 545)::int,
             case when s.r_until < 0.5 then current_date + 200 + (s.r_until * 900)::int end,
             (array[0, 3, 6, 12])[1 + (s.r_term * 4)::int % 4],
             (250 + s.r_price * 600)::int, s.r_public < 0.66
      from warehouses w
      cross join lateral (select random() + (w.id * 0) as r_type, random() as r_qty, random() as r_from, random() as r_until,
                                 random() as r_term, random() as r_price, random() as r_public, random() as r_some, random() as r_second) s
      cross join lateral generate_series(1, case when s.r_second < 0.15 then 2 else 1 end) k
      where w.redeemed and s.r_some < 0.8`.execute(db),
  );
  await sql`analyze warehouse_spaces`.execute(db);

  // The update left a dead copy of every row: compact the table, as a restored dump would be.
  await timed(log, "vacuum", () => sql`vacuum full warehouses`.execute(db));

  await timed(log, "indexes", () => restoreIndexes(db, dropped));
  await timed(log, "vacuum analyze", async () => {
    // A plain vacuum sets the visibility map (VACUUM FULL does not): index-only scans need it.
    await sql`vacuum analyze warehouses`.execute(db);
    await sql`vacuum analyze warehouse_spaces`.execute(db);
    await sql`analyze warehouse_specifications`.execute(db);
    await sql`analyze users`.execute(db);
  });
  await sql`drop table bench_towns, bench_streets, bench_spec_chance`.execute(db);

  return { warehouses: n, filterSpecs: { service: first(1), security: first(3), equipment: first(4) } };
}

type IndexDef = { table: string; name: string; def: string; constraint: boolean };

/** Drops every index but the primary key of `warehouses` (the spec table's key goes too), returning how to rebuild them. */
async function dropSecondaryIndexes(db: Database, tables: string[]): Promise<IndexDef[]> {
  const { rows } = await sql<{ table: string; name: string; def: string; constraint: boolean }>`
    select i.tablename as table, i.indexname as name, i.indexdef as def,
           exists (select 1 from pg_constraint c where c.conname = i.indexname) as constraint
    from pg_indexes i
    where i.schemaname = 'public' and i.tablename = any(${tables}::text[]) and i.indexname <> 'warehouses_pkey'`.execute(db);
  const defs: IndexDef[] = [];
  for (const r of rows) {
    if (r.constraint) {
      const { rows: c } = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${r.name}`.execute(db);
      defs.push({ ...r, def: c[0]!.def });
      await sql`alter table ${sql.table(r.table)} drop constraint ${sql.id(r.name)}`.execute(db);
    } else {
      defs.push(r);
      await sql`drop index ${sql.id(r.name)}`.execute(db);
    }
  }
  return defs;
}

async function restoreIndexes(db: Database, defs: IndexDef[]): Promise<void> {
  for (const d of defs) {
    if (d.constraint) await sql`alter table ${sql.table(d.table)} add constraint ${sql.id(d.name)} ${sql.raw(d.def)}`.execute(db);
    else await sql.raw(d.def).execute(db);
  }
}
