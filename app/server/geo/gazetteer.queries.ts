// SQL of the embedded gazetteer: bulk load, prefix search, exact lookup, nearest place.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

export type PlaceRow = {
  id: number;
  kind: "municipality" | "town";
  name: string;
  province: string | null;
  province_name: string | null;
  region: string | null;
  country: string;
  caps: string[];
  population: number | null;
  lat: number;
  lng: number;
};

export type PlaceColumns = {
  id: number[];
  kind: string[];
  name: string[];
  province: (string | null)[];
  province_name: (string | null)[];
  region: (string | null)[];
  country: string[];
  /** Postcodes joined with spaces (arrays of arrays do not unnest row by row). */
  caps: string[];
  population: (number | null)[];
  lat: number[];
  lng: number[];
};

export type KeyColumns = { key: string[]; place_id: number[]; rank: number[] };

export async function gazetteerVersion(db: Database): Promise<string | null> {
  const row = await db.selectFrom("gazetteer_info").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? null;
}

/** Serialises concurrent loaders (several app instances starting on one database). */
export async function lockGazetteer(db: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('stockspace:gazetteer'))`.execute(db);
}

export async function clearGazetteer(db: Database): Promise<void> {
  await sql`delete from place_keys`.execute(db);
  await sql`delete from places`.execute(db);
  await sql`delete from gazetteer_info`.execute(db);
}

/** One statement per chunk: the columns travel as arrays and are unnested by PostgreSQL. */
export async function insertPlaces(db: Database, c: PlaceColumns): Promise<void> {
  await sql`
    insert into places (id, kind, name, province, province_name, region, country, caps, population, lat, lng)
    select id, kind, name, province, province_name, region, country,
           case when caps = '' then '{}'::text[] else string_to_array(caps, ' ') end,
           population, lat, lng
    from unnest(
      ${c.id}::bigint[], ${c.kind}::text[], ${c.name}::text[], ${c.province}::text[], ${c.province_name}::text[],
      ${c.region}::text[], ${c.country}::text[], ${c.caps}::text[], ${c.population}::int[],
      ${c.lat}::float8[], ${c.lng}::float8[]
    ) as t(id, kind, name, province, province_name, region, country, caps, population, lat, lng)`.execute(db);
}

export async function insertPlaceKeys(db: Database, k: KeyColumns): Promise<void> {
  await sql`
    insert into place_keys (key, place_id, rank)
    select key, place_id, rank from unnest(${k.key}::text[], ${k.place_id}::bigint[], ${k.rank}::smallint[]) as t(key, place_id, rank)
    on conflict (key, place_id) do update set rank = least(place_keys.rank, excluded.rank)`.execute(db);
}

export async function finishGazetteerLoad(db: Database, args: { version: string; places: number }): Promise<void> {
  // Ids were given explicitly; keep the identity ahead of them.
  await sql`select setval(pg_get_serial_sequence('places', 'id'), greatest((select max(id) from places), 1))`.execute(db);
  await sql`insert into gazetteer_info (id, version, places) values (1, ${args.version}, ${args.places})`.execute(db);
  await sql`analyze places`.execute(db);
  await sql`analyze place_keys`.execute(db);
}

const PLACE_COLUMNS = sql`p.id, p.kind, p.name, p.province, p.province_name, p.region, p.country, p.caps, p.population, p.lat, p.lng`;

/** Escapes LIKE wildcards in a literal prefix. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Places with a key starting with `prefix` (already normalised), best first: a key equal to the
 * whole text before a longer one, names before other names and postcodes, then by population
 * (unknown last), then shorter names. `province` narrows to one Italian province.
 */
export async function searchPlacesByPrefix(
  db: Database,
  args: { prefix: string; limit: number; province?: string | null; country?: string | null; countries?: readonly string[]; exact?: boolean },
): Promise<PlaceRow[]> {
  const match = args.exact ? sql`k.key = ${args.prefix}` : sql`k.key like ${likePrefix(args.prefix)}`;
  const province = args.province ? sql`and p.province = ${args.province}` : sql``;
  const country = args.country ? sql`and p.country = ${args.country}` : args.countries ? sql`and p.country = any(${[...args.countries]}::text[])` : sql``;
  const { rows } = await sql<PlaceRow & { exact: boolean; best_rank: number }>`
    select ${PLACE_COLUMNS}, bool_or(k.key = ${args.prefix}) as exact, min(k.rank) as best_rank
    from place_keys k
    join places p on p.id = k.place_id
    where ${match} ${province} ${country}
    group by p.id
    order by exact desc, best_rank, p.population desc nulls last, length(p.name), p.name, p.id
    limit ${args.limit}`.execute(db);
  return rows.map(({ exact: _e, best_rank: _r, ...place }) => place);
}

/** The place whose centre is nearest to a point, within `maxKm` (KNN on the GiST index). */
export async function nearestPlace(db: Database, args: { lat: number; lng: number; maxKm: number }): Promise<PlaceRow | null> {
  const { rows } = await sql<PlaceRow & { km: number }>`
    select ${PLACE_COLUMNS}, earth_distance(ll_to_earth(p.lat, p.lng), ll_to_earth(${args.lat}, ${args.lng})) / 1000 as km
    from places p
    where earth_box(ll_to_earth(${args.lat}, ${args.lng}), ${args.maxKm * 1000}) @> ll_to_earth(p.lat, p.lng)
    order by ll_to_earth(p.lat, p.lng) <-> ll_to_earth(${args.lat}, ${args.lng})
    limit 1`.execute(db);
  const row = rows[0];
  if (!row || row.km > args.maxKm) return null;
  const { km: _km, ...place } = row;
  return place;
}

/** The countries whose places count as Italian for suggestions and the search's reach (Italy, San Marino, the Vatican). */
export const ITALIAN_COUNTRIES = ["IT", "SM", "VA"] as const;

/**
 * Whether an Italian (or San Marino's, or the Vatican's) locality lies within `km` of a point:
 * true or false, or null when the gazetteer holds no Italian place at all (not loaded yet).
 */
export async function italianPlaceWithin(db: Database, args: { lat: number; lng: number; km: number }): Promise<boolean | null> {
  const { rows } = await sql<{ near: boolean; loaded: boolean }>`
    select
      exists (
        select 1 from places p
        where earth_box(ll_to_earth(${args.lat}, ${args.lng}), ${args.km * 1000}) @> ll_to_earth(p.lat, p.lng)
          and earth_distance(ll_to_earth(p.lat, p.lng), ll_to_earth(${args.lat}, ${args.lng})) <= ${args.km * 1000}
          and p.country = any(${[...ITALIAN_COUNTRIES]}::text[])
      ) as near,
      exists (select 1 from places where country = 'IT') as loaded`.execute(db);
  const row = rows[0]!;
  return row.loaded ? row.near : null;
}
