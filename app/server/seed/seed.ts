// Demo data: a believable marketplace in one transaction, so a fresh `npm start` shows a map full
// of warehouses and every role has something to look at. Deterministic (seeded PRNG): the same
// ids, names and links on every run; only dates follow the clock, so "last 7 days" stays true.
//
// Loaded automatically on an empty embedded database outside production (maybeSeedDemoData),
// or on demand with `npm run db:seed` / SEED_DEMO_DATA=1.
import type { Insertable } from "kysely";
import { catalogueRows } from "./reference-data.ts";
import type { Logger } from "pino";
import { sql } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { ContactRole, CrmEventType, DB, LinkState, UserRole } from "../db/types.ts";
import type { Weekday } from "../../lib/opening-hours.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { loadItalianTowns, type Town } from "../geo/gazetteer-source.ts";
import { SPECIFICATION_CATEGORY_IDS } from "./catalogue.ts";
import { generateImagePool, type SeedImage } from "./images.ts";
import { companyDomain, hunterCompany, landline, mobilePhone, person, slug, STREETS, stockerCompany, vatNumber, type Person } from "./people.ts";
import { createRandom, type Random } from "./random.ts";
import { computePrice } from "../../lib/pricing.ts";
import { centsFromEuroText, lastSpaceDay, type SpaceValue } from "../../lib/spaces.ts";
import { todayInItaly } from "../../lib/format.ts";

export const DEMO_PASSWORD = "demo-password-1";

export const DEMO_ACCOUNTS: { email: string; role: UserRole; accountType?: 0 | 1; label: string }[] = [
  { email: "admin@demo.test", role: "admin", label: "administrator (back office at /admin)" },
  { email: "stocker@demo.test", role: "stocker", accountType: 0, label: "stocker: 12 warehouses, active yearly subscription" },
  { email: "keeper@demo.test", role: "stocker", accountType: 1, label: "stock keeper: 6 warehouses, no subscription yet (try the billing flow)" },
  { email: "referent@demo.test", role: "referent", label: "referent of the demo stocker's warehouses" },
  { email: "hunter@demo.test", role: "stock_hunter", label: "stock hunter: quote requests, favourites, reviews" },
];

const SEED = 20_240_611;
const DAY = 86_400_000;

// Where warehouses cluster in reality: the Po valley logistics belt, the interports, the big
// cities' ring roads, the ports. Weights are relative.
const LOGISTICS_TOWNS: [name: string, province: string, weight: number][] = [
  ["Milano", "MI", 40],
  ["Lodi", "LO", 14],
  ["Piacenza", "PC", 16],
  ["Castel San Giovanni", "PC", 8],
  ["Bologna", "BO", 18],
  ["Bentivoglio", "BO", 6],
  ["Verona", "VR", 18],
  ["Torino", "TO", 18],
  ["Orbassano", "TO", 6],
  ["Roma", "RM", 24],
  ["Fiano Romano", "RM", 6],
  ["Pomezia", "RM", 6],
  ["Napoli", "NA", 12],
  ["Nola", "NA", 8],
  ["Marcianise", "CE", 6],
  ["Padova", "PD", 14],
  ["Bergamo", "BG", 12],
  ["Brescia", "BS", 12],
  ["Novara", "NO", 8],
  ["Pavia", "PV", 6],
  ["Landriano", "PV", 4],
  ["Casalpusterlengo", "LO", 6],
  ["Melzo", "MI", 6],
  ["Segrate", "MI", 6],
  ["San Giuliano Milanese", "MI", 6],
  ["Lacchiarella", "MI", 4],
  ["Assago", "MI", 4],
  ["Vimercate", "MB", 5],
  ["Agrate Brianza", "MB", 4],
  ["Arquata Scrivia", "AL", 5],
  ["Tortona", "AL", 5],
  ["Alessandria", "AL", 5],
  ["Vado Ligure", "SV", 3],
  ["Genova", "GE", 8],
  ["Livorno", "LI", 6],
  ["Firenze", "FI", 8],
  ["Prato", "PO", 6],
  ["Parma", "PR", 8],
  ["Modena", "MO", 8],
  ["Reggio nell'Emilia", "RE", 6],
  ["Cremona", "CR", 4],
  ["Mantova", "MN", 4],
  ["Vicenza", "VI", 6],
  ["Treviso", "TV", 6],
  ["Venezia", "VE", 6],
  ["Pordenone", "PN", 4],
  ["Udine", "UD", 4],
  ["Trieste", "TS", 4],
  ["Trento", "TN", 4],
  ["Bolzano", "BZ", 4],
  ["Ancona", "AN", 4],
  ["Pescara", "PE", 4],
  ["Bari", "BA", 8],
  ["Taranto", "TA", 3],
  ["Foggia", "FG", 3],
  ["Catania", "CT", 6],
  ["Palermo", "PA", 5],
  ["Cagliari", "CA", 4],
  ["Fara in Sabina", "RI", 3],
  ["Colleferro", "RM", 3],
  ["Anagni", "FR", 3],
  ["Gioia Tauro", "RC", 3],
  ["Salerno", "SA", 4],
  ["Perugia", "PG", 4],
  ["Pisa", "PI", 3],
];

// The demo accounts' warehouses sit where a demo user would look first.
const DEMO_STOCKER_TOWNS: [string, string][] = [
  ["Lodi", "LO"],
  ["Casalpusterlengo", "LO"],
  ["Piacenza", "PC"],
  ["Castel San Giovanni", "PC"],
  ["Milano", "MI"],
  ["San Giuliano Milanese", "MI"],
  ["Melzo", "MI"],
  ["Pavia", "PV"],
  ["Bergamo", "BG"],
  ["Brescia", "BS"],
  ["Cremona", "CR"],
  ["Bologna", "BO"],
];
const KEEPER_TOWNS: [string, string][] = [
  ["Verona", "VR"],
  ["Padova", "PD"],
  ["Vicenza", "VI"],
  ["Treviso", "TV"],
  ["Venezia", "VE"],
  ["Mantova", "MN"],
];

const WEEKDAYS: Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

// ---------------------------------------------------------------- small helpers

type Row<T extends keyof DB> = Insertable<DB[T]>;

/** Multi-row inserts sized to stay far below PostgreSQL's 65,535 bind parameters. */
async function insertAll<T extends keyof DB & string>(db: Database, table: T, rows: Row<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.min(2000, Math.floor(30_000 / columns)));
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot relate a generic table name to its row type; the rows are typed by Row<T>.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const round = (value: number, step: number) => Math.round(value / step) * step;

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/** A point up to `km` from the town centre, uniform over the disc. */
function nearby(rnd: Random, town: Town, km: number): { lat: number; lng: number } {
  const r = km * Math.sqrt(rnd.next());
  const theta = rnd.float(0, 2 * Math.PI);
  const lat = town.lat + (r * Math.cos(theta)) / 111.32;
  const lng = town.lng + (r * Math.sin(theta)) / (111.32 * Math.cos((town.lat * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

function inviteCodes(rnd: Random) {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const used = new Set<string>();
  return (length = 8): string => {
    for (;;) {
      let code = "";
      for (let i = 0; i < length; i++) code += alphabet[rnd.int(0, alphabet.length - 1)];
      if (!used.has(code)) {
        used.add(code);
        return code;
      }
    }
  };
}

/** Picks from a cumulative-weight table in O(log n): thousands of draws over 7,600 towns. */
function weightedTable<T>(items: T[], weight: (item: T) => number) {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += weight(item);
    cumulative.push(total);
  }
  return (rnd: Random): T => {
    const r = rnd.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!;
  };
}

function bilingualText(it: string, en: string) {
  return { it, en };
}

const requestNumber = (id: number) => String(id).padStart(10, "0");

// ---------------------------------------------------------------- public API

/** True when no user exists yet: the only state in which demo data may be loaded. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Loads the demo data when the database has no users and demo data is wanted: on the embedded
 * database outside production, or whenever SEED_DEMO_DATA is set. Never in production unless
 * SEED_DEMO_DATA says so explicitly. Returns whether it loaded anything.
 */
export async function maybeSeedDemoData(db: Database, opts: { config: Config; embedded: boolean; log: Logger }): Promise<boolean> {
  const { config } = opts;
  const wanted = config.seedDemoData || (opts.embedded && !config.production);
  if (!wanted) return false;
  if (!(await isDatabaseEmpty(db))) return false;
  const started = Date.now();
  const seeded = await seed(db, { uploadsDir: config.uploadsDir, warehouses: config.seedWarehouses, log: opts.log });
  if (seeded) opts.log.info({ ms: Date.now() - started, warehouses: config.seedWarehouses }, "demo data loaded");
  return seeded;
}

/** The demo accounts this database has (active): a development start prints them every time, not only when it loaded them. */
export async function presentDemoAccounts(db: Database): Promise<typeof DEMO_ACCOUNTS> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const rows = await db.selectFrom("users").select("email").where("email", "in", emails).where("active", "=", true).execute();
  const present = new Set(rows.map((r) => r.email));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.email));
}

/** Fills an empty database with the demo marketplace. Throws if the database already has users. */
export async function seedDemoData(db: Database, opts: { uploadsDir: string; warehouses: number; log?: { info(msg: string): void } }): Promise<void> {
  if (!(await seed(db, opts))) throw new Error("the database already has users: demo data is only loaded into an empty database");
}

async function seed(db: Database, opts: { uploadsDir: string; warehouses: number; log?: { info(msg: string): void } }): Promise<boolean> {
  const log = opts.log;
  // Slow parts outside the transaction: the picture pool (files, reused across runs) and one
  // argon2 hash shared by every demo account.
  const [images, passwordHash] = await Promise.all([generateImagePool(opts.uploadsDir), hashPassword(DEMO_PASSWORD)]);
  const data = buildDemoData({ warehouses: Math.max(0, Math.floor(opts.warehouses)), images, passwordHash, now: Date.now() });
  return db.transaction().execute(async (trx) => {
    // Two app instances starting together on one external database: the second waits here,
    // then finds users and leaves.
    await sql`select pg_advisory_xact_lock(hashtext('stockspace:demo-seed'))`.execute(trx);
    if (!(await isDatabaseEmpty(trx))) return false;
    // The catalogue is normally loaded at start already (ensureCatalogue); same rows, same ids.
    if (!(await trx.selectFrom("markets").select("id").limit(1).executeTakeFirst())) await insertAll(trx, "markets", data.markets);
    if (!(await trx.selectFrom("specifications").select("id").limit(1).executeTakeFirst())) await insertAll(trx, "specifications", data.specifications);
    await insertAll(trx, "users", data.users);
    await insertAll(trx, "warehouses", data.warehouses);
    // Registrations pointing at a warehouse: inserted with the users, linked once it exists.
    for (const [userId, warehouseId] of data.requestedWarehouses) {
      await trx.updateTable("users").set({ request_warehouse_id: warehouseId }).where("id", "=", userId).execute();
    }
    await insertAll(trx, "warehouse_times", data.times);
    await insertAll(trx, "contacts", data.contacts);
    await insertAll(trx, "images", data.images);
    await insertAll(trx, "warehouse_specifications", data.warehouseSpecifications);
    await insertAll(trx, "promo_codes", data.promoCodes);
    await insertAll(trx, "subscriptions", data.subscriptions);
    await insertAll(trx, "subscription_warehouses", data.subscriptionWarehouses);
    await insertAll(trx, "warehouse_spaces", data.spaces);
    await insertAll(trx, "warehouse_requests", data.requests);
    await insertAll(trx, "warehouse_request_specifications", data.requestSpecifications);
    await insertAll(trx, "warehouse_request_warehouses", data.links);
    await insertAll(trx, "request_offers", data.offers);
    await insertAll(trx, "request_messages", data.conversation);
    await insertAll(trx, "reviews", data.reviews);
    await insertAll(trx, "reports", data.reports);
    await insertAll(trx, "favourites", data.favourites);
    await insertAll(trx, "notifications", data.notifications);
    await insertAll(trx, "crm_entries", data.crm);
    await insertAll(trx, "support_requests", data.support);
    await insertAll(trx, "audit_log", data.audit);
    // Last: a saved search makes every later change of a listed warehouse a row to match.
    await insertAll(trx, "saved_searches", data.savedSearches);
    // Rows above were given explicit ids (stable from run to run); move the identity sequences
    // past them so the next insert by the app does not collide.
    for (const table of [
      "markets",
      "specifications",
      "users",
      "warehouses",
      "warehouse_requests",
      "warehouse_request_warehouses",
      "promo_codes",
      "subscriptions",
    ]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
    }
    log?.info(
      `demo data: ${data.warehouses.length} warehouses, ${data.users.length} users, ${data.requests.length} quote requests, ${data.links.length} request links, ${data.reviews.length} reviews`,
    );
    return true;
  });
}

// ---------------------------------------------------------------- the data itself

type WarehouseInfo = {
  id: number;
  name: string;
  city: string;
  town: Town;
  lat: number;
  lng: number;
  ownerId: number | null;
  referentId: number | null;
  status: "pending" | "approved" | "refused";
  deactivated: boolean;
  isHub: boolean;
  createdAt: Date;
};

type UserInfo = { id: number; email: string; first: string; last: string; company: string | null; phone: string; role: UserRole; createdAt: Date };

type LinkInfo = {
  id: number;
  requestId: number;
  warehouse: WarehouseInfo;
  state: LinkState;
  createdAt: Date;
  changedAt: Date | null;
  changedBy: number | null;
};

type RequestInfo = { id: number; user: UserInfo | null; business: string; createdAt: Date };

function buildDemoData(args: { warehouses: number; images: SeedImage[]; passwordHash: string; now: number }) {
  const rnd = createRandom(SEED);
  const { now, passwordHash } = args;
  const ago = (days: number) => new Date(now - days * DAY);
  const between = (fromDaysAgo: number, toDaysAgo: number) => new Date(now - rnd.float(toDaysAgo, fromDaysAgo) * DAY);
  const after = (date: Date, minDays: number, maxDays: number) => new Date(Math.min(now - 60_000, date.getTime() + rnd.float(minDays, maxDays) * DAY));
  const newCode = inviteCodes(rnd);

  // -------------------------------------------------------------- catalogue
  const { markets, specifications, specsByGroup } = catalogueRows();
  const groupIds = (group: keyof typeof SPECIFICATION_CATEGORY_IDS) => specsByGroup.get(group)!;
  const marketId = (label: string) => markets.find((m) => m.label === label)!.id!;

  // -------------------------------------------------------------- towns
  const towns = loadItalianTowns();
  const townByKey = new Map(towns.map((t) => [`${t.name}|${t.province}`, t]));
  const town = (name: string, province: string) => {
    const t = townByKey.get(`${name}|${province}`);
    if (!t) throw new Error(`demo data: no coordinates for ${name} (${province})`);
    return t;
  };
  const hubTowns = LOGISTICS_TOWNS.map(([name, province, weight]) => ({ town: town(name, province), weight }));
  const pickHubTown = weightedTable(hubTowns, (h) => h.weight);
  // Everywhere else, bigger towns are likelier but capped so Rome does not drown the map.
  const pickAnyTown = weightedTable(towns, (t) => Math.min(t.population, 200_000) ** 0.75);
  const randomTown = () => (rnd.chance(0.45) ? pickHubTown(rnd).town : pickAnyTown(rnd));

  // -------------------------------------------------------------- users
  const users: Row<"users">[] = [];
  const emails = new Set<string>();
  const uniqueEmail = (local: string, domain: string) => {
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
    emails.add(email);
    return email;
  };
  const consents = (createdAt: Date) => {
    const dataF = rnd.chance(0.6);
    const dataG = rnd.chance(0.4);
    return {
      conditions_at: createdAt,
      privacy_at: createdAt,
      data_f: dataF,
      data_f_at: dataF ? createdAt : null,
      data_g: dataG,
      data_g_at: dataG ? createdAt : null,
    };
  };
  const addUser = (row: Omit<Row<"users">, "id" | "invite_code" | "email"> & { email?: string }, p: Person, company: string | null): UserInfo => {
    const id = users.length + 1;
    const email = row.email ?? uniqueEmail(`${slug(p.first)}.${slug(p.last)}`.replace(/-/g, ""), rnd.chance(0.5) ? "example.it" : "example.com");
    emails.add(email);
    const createdAt = (row.created_at as Date | undefined) ?? between(700, 30);
    users.push({
      lang: rnd.chance(0.85) ? "it" : "en",
      active: true,
      has_confirmed_code: true,
      password_hash: passwordHash,
      first_name: p.first,
      last_name: p.last,
      ...consents(createdAt),
      ...row,
      id,
      email,
      invite_code: newCode(),
      created_at: createdAt,
      updated_at: createdAt,
    });
    return { id, email, first: p.first, last: p.last, company, phone: (row.telephone as string | null) ?? "", role: row.role, createdAt };
  };
  const stockspaceCode = () => `SS-${newCode(6)}`;
  const stockerRequestFields = (company: string, t: Town) => ({
    request_business_name: company,
    request_vat: vatNumber(rnd),
    request_country: "Italia",
    request_address: `${rnd.pick(STREETS)} ${rnd.int(1, 180)}`,
    request_cap: rnd.pick(t.caps),
    request_city: t.name,
    request_province: t.province,
  });

  const admin = addUser(
    { email: "admin@demo.test", role: "admin", telephone: "+39 02 0000000", lang: "it", created_at: ago(800) },
    { first: "Amministrazione", last: "Stockspace" },
    "Stockspace",
  );
  const demoStockerCompany = "Logistica Brambilla Srl";
  const demoStocker = addUser(
    {
      email: "stocker@demo.test",
      role: "stocker",
      account_type: 0,
      approval_status: "approved",
      approved_at: ago(600),
      telephone: "+39 0371 412345",
      company: demoStockerCompany,
      market_id: marketId("Alimentare"),
      website: "https://www.logistica-brambilla.example.com",
      country: "Italia",
      address: "Via dell'Industria 12, 26900 Lodi (LO)",
      lang: "it",
      stockspace_code: "SS-DEMO01",
      pm_type: "card",
      pm_last_four: "4242",
      invite_count: 3,
      created_at: ago(610),
      ...stockerRequestFields(demoStockerCompany, town("Lodi", "LO")),
    },
    { first: "Giorgio", last: "Brambilla" },
    demoStockerCompany,
  );
  const keeperCompany = "Magazzini Fontana Srl";
  const keeper = addUser(
    {
      email: "keeper@demo.test",
      role: "stocker",
      account_type: 1,
      approval_status: "approved",
      approved_at: ago(20),
      telephone: "+39 045 8123456",
      company: keeperCompany,
      market_id: marketId("GDO"),
      website: "https://www.magazzini-fontana.example.com",
      country: "Italia",
      address: "Via del Lavoro 8, 37135 Verona (VR)",
      lang: "it",
      stockspace_code: "SS-DEMO02",
      pm_type: "card",
      pm_last_four: "1881",
      created_at: ago(25),
      ...stockerRequestFields(keeperCompany, town("Verona", "VR")),
    },
    { first: "Elena", last: "Fontana" },
    keeperCompany,
  );
  const demoReferent = addUser(
    {
      email: "referent@demo.test",
      role: "referent",
      telephone: "+39 347 555 0101",
      company: demoStockerCompany,
      market_id: marketId("Alimentare"),
      created_by: demoStocker.id,
      lang: "it",
      created_at: ago(590),
    },
    { first: "Luca", last: "Bernasconi" },
    demoStockerCompany,
  );
  const demoHunterCompany = "Dolciaria Colombo Srl";
  const demoHunter = addUser(
    {
      email: "hunter@demo.test",
      role: "stock_hunter",
      telephone: "+39 333 555 0202",
      company: demoHunterCompany,
      market_id: marketId("Alimentare"),
      website: "https://www.dolciaria-colombo.example.com",
      country: "Italia",
      address: "Via Emilia 140, 20900 Monza (MB)",
      lang: "it",
      created_at: ago(300),
    },
    { first: "Sara", last: "Colombo" },
    demoHunterCompany,
  );

  // Other stockers: the owners of most claimed warehouses.
  const stockers: UserInfo[] = [];
  for (let i = 0; i < 60; i++) {
    const p = person(rnd);
    const company = stockerCompany(rnd, p.last);
    const home = pickHubTown(rnd).town;
    const createdAt = between(720, 15);
    stockers.push(
      addUser(
        {
          role: "stocker",
          account_type: rnd.chance(0.75) ? 0 : 1,
          approval_status: "approved",
          approved_at: after(createdAt, 0.2, 3),
          telephone: landline(rnd),
          company,
          market_id: rnd.pick(markets).id!,
          website: `https://www.${companyDomain(company)}`,
          country: "Italia",
          address: `${rnd.pick(STREETS)} ${rnd.int(1, 180)}, ${rnd.pick(home.caps)} ${home.name} (${home.province})`,
          stockspace_code: stockspaceCode(),
          // The demo stocker invited the first three.
          invited_by: i < 3 ? demoStocker.id : null,
          created_at: createdAt,
          ...stockerRequestFields(company, home),
        },
        p,
        company,
      ),
    );
  }
  // A few of them signed up but never came back: account switched off by an administrator.
  for (const s of stockers.slice(58)) users[s.id - 1]!.active = false;

  // More referents, each appointed by one of the other stockers.
  const referentOf = new Map<number, UserInfo>();
  for (let i = 0; i < 8; i++) {
    const owner = stockers[i * 4]!;
    const p = person(rnd);
    referentOf.set(
      owner.id,
      addUser(
        { role: "referent", telephone: mobilePhone(rnd), company: owner.company, created_by: owner.id, created_at: after(owner.createdAt, 1, 30) },
        p,
        owner.company,
      ),
    );
  }

  const hunters: UserInfo[] = [];
  for (let i = 0; i < 40; i++) {
    const p = person(rnd);
    const company = rnd.chance(0.85) ? hunterCompany(rnd, p.last) : null;
    const home = pickAnyTown(rnd);
    hunters.push(
      addUser(
        {
          role: "stock_hunter",
          telephone: mobilePhone(rnd),
          company,
          market_id: rnd.chance(0.8) ? rnd.pick(markets).id! : null,
          website: company && rnd.chance(0.6) ? `https://www.${companyDomain(company)}` : null,
          country: "Italia",
          address: `${rnd.pick(STREETS)} ${rnd.int(1, 180)}, ${home.name} (${home.province})`,
          created_at: between(500, 2),
        },
        p,
        company,
      ),
    );
  }

  // Stocker registrations waiting for an administrator, and two refused ones. No password yet:
  // it is chosen on the confirm-code page after approval.
  const pendingRegistrations: UserInfo[] = [];
  for (let i = 0; i < 8; i++) {
    const p = person(rnd);
    const company = stockerCompany(rnd, p.last);
    const t = pickHubTown(rnd).town;
    const refused = i >= 6;
    const createdAt = refused ? between(60, 20) : between(12, 0.2);
    pendingRegistrations.push(
      addUser(
        {
          role: "stocker",
          account_type: null,
          approval_status: refused ? "refused" : "pending",
          approval_note: refused
            ? rnd.pick([
                "Partita IVA non valida e nessuna risposta ai nostri contatti.",
                "Non si tratta di un operatore logistico: attività di sola intermediazione.",
              ])
            : null,
          password_hash: null,
          has_confirmed_code: false,
          first_name: rnd.chance(0.5) ? p.first : null,
          last_name: null,
          telephone: rnd.chance(0.5) ? landline(rnd) : null,
          created_at: createdAt,
          ...stockerRequestFields(company, t),
        },
        p,
        company,
      ),
    );
  }

  // -------------------------------------------------------------- warehouses
  const warehouseRows: Row<"warehouses">[] = [];
  const infos: WarehouseInfo[] = [];
  const times: Row<"warehouse_times">[] = [];
  const contacts: Row<"contacts">[] = [];
  const imageRows: Row<"images">[] = [];
  const warehouseSpecifications: Row<"warehouse_specifications">[] = [];

  const total = args.warehouses;
  const demoCount = Math.min(DEMO_STOCKER_TOWNS.length, Math.floor(total * 0.3));
  const keeperCount = Math.min(KEEPER_TOWNS.length, Math.floor(total * 0.15));
  // Of the rest, claim enough that about 55% of all warehouses have an owner.
  const rest = Math.max(0, total - demoCount - keeperCount);
  const claimShare = rest > 0 ? Math.max(0, Math.min(1, (total * 0.55 - demoCount - keeperCount) / rest)) : 0;
  const ownerPick = weightedTable(stockers, (s) => 1 + (s.id % 5)); // some own many, some few

  for (let i = 0; i < total; i++) {
    const id = i + 1;
    let t: Town;
    let owner: UserInfo | null;
    let referentId: number | null = null;
    if (i < demoCount) {
      const [name, province] = DEMO_STOCKER_TOWNS[i]!;
      t = town(name, province);
      owner = demoStocker;
      referentId = demoReferent.id;
    } else if (i < demoCount + keeperCount) {
      const [name, province] = KEEPER_TOWNS[i - demoCount]!;
      t = town(name, province);
      owner = keeper;
      referentId = i % 2 === 0 ? referentOf.get(stockers[0]!.id)!.id : null;
    } else {
      t = randomTown();
      owner = rnd.chance(claimShare) ? ownerPick(rnd) : null;
      if (owner) referentId = referentOf.get(owner.id)?.id ?? null;
    }
    const position = nearby(rnd, t, 3);
    const claimed = owner !== null;

    // Status mix: ~5% hub requests awaiting approval, a few refused, ~3% switched off.
    let status: WarehouseInfo["status"] = "approved";
    let isHub = false;
    let toApprove = false;
    let statusNote: string | null = null;
    let deactivated = false;
    if (owner === demoStocker) {
      // The demo stocker has one hub (approved) and one hub request still open.
      if (i === 1) isHub = true;
      if (i === demoCount - 1 && demoCount >= 6) {
        status = "pending";
        toApprove = true;
        isHub = true;
      }
    } else if (owner === keeper) {
      if (i === demoCount) isHub = true;
    } else {
      // Only an owner asks for hub status, so hubs and their requests are all claimed ones
      // (about half of all warehouses): 9% + 2% + 16% of those.
      const r = rnd.next();
      if (claimed && r < 0.09) {
        status = "pending";
        toApprove = true;
        isHub = true;
      } else if (claimed && r < 0.11) {
        status = "refused";
        isHub = true;
        statusNote = rnd.pick([
          "Superficie e numero di baie non sufficienti per la qualifica di hub.",
          "Documentazione antincendio mancante: ripresentare la richiesta con il CPI.",
        ]);
      } else if (claimed && r < 0.27) {
        isHub = true;
      }
      deactivated = rnd.chance(0.03);
    }

    const company = owner?.company ?? null;
    const surname = rnd.pick(["Rossi", "Galli", "Sala", "Riva", "Conti", "Greco", "Serra", "Longo", "Parisi", "Monti", "Ferri", "Villa"]);
    const name = company
      ? `${company} – ${isHub ? "Hub" : rnd.pick(["Polo di", "Magazzino di", "Deposito di", "Centro logistico di"])} ${t.name}`
      : rnd.pick([`Magazzino ${t.name} ${rnd.int(1, 9)}`, `Deposito ${surname} ${t.name}`, `Magazzini ${surname}`, `Logistica ${surname} – ${t.name}`]);
    const domain = companyDomain(company ?? `magazzino ${surname} ${t.name}`);

    // Areas: log-uniform, so there are many small warehouses and a few very large ones.
    const totalM2 = round(Math.exp(rnd.float(Math.log(500), Math.log(isHub ? 60_000 : 30_000))) * (isHub ? 1.3 : 1), 10);
    const totalClamped = Math.min(60_000, Math.max(500, totalM2));
    const internal = round(totalClamped * rnd.float(0.6, 0.9), 10);
    const office = round(totalClamped * rnd.float(0.02, 0.08), 10);
    const external = Math.max(0, totalClamped - internal - office);
    const m2Cost = Number(rnd.float(35, 95).toFixed(2));
    const createdAt = owner === keeper ? between(20, 2) : between(720, 1);

    warehouseRows.push({
      id,
      name,
      country: "Italia",
      address: `${rnd.pick(STREETS)} ${rnd.int(1, 180)}`,
      cap: rnd.pick(t.caps),
      city: t.name,
      province: t.province,
      vat: claimed || rnd.chance(0.6) ? vatNumber(rnd) : null,
      website: claimed || rnd.chance(0.4) ? `https://www.${domain}` : null,
      fb_link: rnd.chance(0.25) ? `https://www.facebook.com/${slug(name)}` : null,
      ln_link: rnd.chance(0.3) ? `https://www.linkedin.com/company/${slug(company ?? name)}` : null,
      telephone: landline(rnd),
      email: `info@${domain}`,
      total_m2: totalClamped,
      m2: internal,
      m2_external: external,
      m2_office: office,
      height: round(rnd.float(6, 14), 0.5),
      bays_number: Math.max(1, Math.min(60, Math.round(totalClamped / rnd.int(900, 2200)))),
      m2_cost: m2Cost,
      m2_month: Number((m2Cost / 12).toFixed(2)),
      m2_pallet: Number(rnd.float(4, 12).toFixed(2)),
      handling_cost: Number(rnd.float(1.8, 6.5).toFixed(2)),
      lat: position.lat,
      lng: position.lng,
      is_hub: isHub,
      to_approve: toApprove,
      status,
      status_note: statusNote,
      deactivated,
      user_id: owner?.id ?? null,
      referent_id: referentId,
      created_by: owner?.id ?? admin.id,
      created_at: createdAt,
      updated_at: after(createdAt, 0, 60),
    });
    infos.push({
      id,
      name,
      city: t.name,
      town: t,
      lat: position.lat,
      lng: position.lng,
      ownerId: owner?.id ?? null,
      referentId,
      status,
      deactivated,
      isHub,
      createdAt,
    });

    times.push(openingHours(rnd, id));

    const contactCount = rnd.int(1, 3);
    const roles: ContactRole[] = rnd.sample(["quote", "requests", "comm", "billing", "0"], contactCount);
    for (let c = 0; c < contactCount; c++) {
      const p = person(rnd);
      contacts.push({
        warehouse_id: id,
        full_name: `${p.first} ${p.last}`,
        phone: rnd.chance(0.7) ? mobilePhone(rnd) : landline(rnd),
        email: `${slug(p.first)}.${slug(p.last)}@${domain}`.replace(/-(?=[^@]*@)/g, ""),
        role: roles[c]!,
        created_at: createdAt,
      });
    }

    for (const [position, image] of rnd.sample(args.images, rnd.int(1, 6)).entries()) {
      imageRows.push({ warehouse_id: id, src: image.src, file: image.file, width: image.width, height: image.height, position, created_at: createdAt });
    }

    for (const specId of pickSpecifications(rnd, groupIds, rnd.int(4, 15))) warehouseSpecifications.push({ warehouse_id: id, specification_id: specId });
  }

  // One pending registration asks to claim an unclaimed warehouse it found on the map.
  const requestedWarehouses: [number, number][] = [];
  const unclaimed = infos.filter((w) => w.ownerId === null && w.status === "approved" && !w.deactivated);
  if (unclaimed.length > 0) {
    const target = unclaimed[Math.floor(unclaimed.length / 2)]!;
    const registration = pendingRegistrations[0]!;
    requestedWarehouses.push([registration.id, target.id]);
    Object.assign(users[registration.id - 1]!, {
      request_city: target.city,
      request_province: target.town.province,
      request_cap: rnd.pick(target.town.caps),
    });
  }

  // -------------------------------------------------------------- billing
  const promoCodes: Row<"promo_codes">[] = [
    { id: 1, code: "BENVENUTO20", percent_off: 20, active: true, valid_until: new Date(now + 180 * DAY), created_at: ago(200) },
    { id: 2, code: "HUB50", hub_percent_off: 50, active: true, max_redemptions: 100, times_redeemed: 7, created_at: ago(150) },
    { id: 3, code: "LANCIO100", amount_off: 10_000, active: true, max_redemptions: 50, times_redeemed: 50, created_at: ago(400) },
    { id: 4, code: "ESTATE2023", percent_off: 15, active: false, valid_until: ago(300), created_at: ago(500) },
  ];
  const subscriptions: Row<"subscriptions">[] = [];
  const subscriptionWarehouses: Row<"subscription_warehouses">[] = [];
  const PRICE = { yearly: 49_000, six_months: 29_000 } as const;
  const subscribe = (owner: UserInfo, row: Omit<Row<"subscriptions">, "id" | "user_id" | "price_unit_amount"> & { plan: "yearly" | "six_months" }) => {
    const id = subscriptions.length + 1;
    const covered = infos.filter((w) => w.ownerId === owner.id && w.status === "approved");
    const hubs = covered.filter((w) => w.isHub).length;
    const price = computePrice({
      unitAmount: PRICE[row.plan],
      warehouses: covered.length,
      hubs,
      amountOff: row.amount_off ?? null,
      percentOff: row.percent_off === undefined || row.percent_off === null ? null : Number(row.percent_off),
      hubPercentOff: row.hub_percent_off === undefined || row.hub_percent_off === null ? null : Number(row.hub_percent_off),
      vatRate: 22,
    });
    subscriptions.push({ id, user_id: owner.id, price_unit_amount: PRICE[row.plan], amount: price.total, hubs_count: hubs, ...row });
    for (const w of covered) subscriptionWarehouses.push({ subscription_id: id, warehouse_id: w.id });
  };
  subscribe(demoStocker, {
    stripe_status: "active",
    plan: "yearly",
    payment_type: "card",
    promo_code_id: 1,
    percent_off: 20,
    started_at: ago(200),
    ends_at: new Date(now + 165 * DAY),
    created_at: ago(200),
  });
  Object.assign(users[demoStocker.id - 1]!, { pm_type: "card", pm_last_four: "4242" });
  // The stock keeper owns warehouses no subscription covers (shown anonymised): the billing flow
  // can be tried end to end with this account.
  const inTrial = stockers[3]!;
  Object.assign(users[inTrial.id - 1]!, { pm_type: "card", pm_last_four: "5556" });
  subscribe(inTrial, {
    stripe_status: "trialing",
    plan: "six_months",
    payment_type: "card",
    trial_ends_at: new Date(now + 10 * DAY),
    started_at: ago(20),
    ends_at: new Date(now + 10 * DAY),
    created_at: ago(20),
  });
  // Cancelled by its owner, still running until the end of the period.
  const cancelledRunning = stockers[4]!;
  Object.assign(users[cancelledRunning.id - 1]!, { pm_type: "card", pm_last_four: "1881" });
  subscribe(cancelledRunning, {
    stripe_status: "active",
    plan: "yearly",
    payment_type: "card",
    has_canceled: true,
    started_at: ago(300),
    ends_at: new Date(now + 65 * DAY),
    created_at: ago(300),
  });
  const transferWaiting = stockers[5]!;
  Object.assign(users[transferWaiting.id - 1]!, { pm_type: "transfer", stockspace_code: "SS-7KQ4MZ", transfer_requested_at: ago(2) });
  subscribe(transferWaiting, { stripe_status: "pending_transfer", plan: "yearly", payment_type: "transfer", created_at: ago(2) });
  const transferDone = stockers[6]!;
  Object.assign(users[transferDone.id - 1]!, {
    pm_type: "transfer",
    stockspace_code: "SS-H3VN8R",
    transfer_requested_at: ago(95),
    transfer_info: "Bonifico verificato su estratto conto, CRO 0345 1234 5678.",
  });
  subscribe(transferDone, {
    stripe_status: "active",
    plan: "yearly",
    payment_type: "transfer",
    started_at: ago(90),
    ends_at: new Date(now + 275 * DAY),
    created_at: ago(95),
  });
  for (const s of stockers.slice(7, 55)) {
    if (!infos.some((w) => w.ownerId === s.id)) continue;
    const r = rnd.next();
    if (r < 0.5) {
      const plan = rnd.chance(0.7) ? "yearly" : "six_months";
      const started = between(plan === "yearly" ? 360 : 170, 5);
      const card = rnd.chance(0.85);
      Object.assign(users[s.id - 1]!, { pm_type: card ? "card" : "paypal", pm_last_four: card ? String(rnd.int(1000, 9999)) : null });
      subscribe(s, {
        stripe_status: "active",
        plan,
        payment_type: card ? "card" : "paypal",
        started_at: started,
        ends_at: new Date(started.getTime() + (plan === "yearly" ? 365 : 182) * DAY),
        has_canceled: rnd.chance(0.1),
        created_at: started,
      });
    } else if (r < 0.65) {
      // Expired: the admin's "expired" filter needs someone in it.
      const started = between(700, 400);
      Object.assign(users[s.id - 1]!, { pm_type: "card", pm_last_four: String(rnd.int(1000, 9999)) });
      subscribe(s, {
        stripe_status: "canceled",
        plan: "yearly",
        payment_type: "card",
        has_canceled: true,
        started_at: started,
        ends_at: new Date(started.getTime() + 365 * DAY),
        created_at: started,
      });
    }
  }

  // -------------------------------------------------------------- quote requests
  const requests: Row<"warehouse_requests">[] = [];
  const requestSpecifications: Row<"warehouse_request_specifications">[] = [];
  const links: LinkInfo[] = [];
  const requestInfos: RequestInfo[] = [];
  const listed = infos.filter((w) => w.status === "approved" && !w.deactivated);
  const demoWarehouses = listed.filter((w) => w.ownerId === demoStocker.id);
  const keeperWarehouses = listed.filter((w) => w.ownerId === keeper.id);
  const linkKeys = new Set<string>();

  const MESSAGES = [
    "Cerchiamo spazio per lo stoccaggio di pallet in vista del picco stagionale. Potete inviarci un'offerta comprensiva di handling?",
    "Abbiamo bisogno di un magazzino con baie di carico per 3 mesi, con possibilità di proroga. Attendiamo disponibilità e costi.",
    "Richiediamo un preventivo per deposito e gestione ordini e-commerce (circa 200 spedizioni al giorno).",
    "Nuovo contratto di distribuzione nel nord Italia: ci serve un deposito vicino all'autostrada con servizio di cross-docking.",
    "Merce su pallet EPAL, non sovrapponibile. Ci servono scaffalature porta-pallet e carico/scarico da bilico.",
    "Stoccaggio temporaneo di macchinari durante il trasloco dello stabilimento. Preferibile area coperta e sorvegliata.",
    "Cerchiamo un partner logistico per prodotti alimentari secchi con certificazione HACCP e tracciabilità dei lotti.",
  ];
  const MESSAGES_EN = [
    "We are looking for pallet storage ahead of our peak season. Could you send us an offer including handling?",
    "We need warehouse space close to the motorway for about six months, with cross-docking for our distribution.",
  ];

  const addRequest = (opts: {
    user: UserInfo | null;
    around: Town;
    createdAt: Date;
    include?: { warehouse: WarehouseInfo; state: LinkState }[];
    extra?: number;
  }) => {
    const id = requests.length + 1;
    const { user, around, createdAt } = opts;
    const visitor = user === null ? person(rnd) : null;
    const business = user?.company ?? (visitor ? hunterCompany(rnd, visitor.last) : `${user!.first} ${user!.last}`);
    const english = rnd.chance(0.1);
    const pallets = rnd.chance(0.3);
    const radius = rnd.pick([10, 10, 10, 20, 25, 30, 50]);
    // Wanted from a few days to two months after asking: often in the future.
    const start = rnd.chance(0.8) ? new Date(createdAt.getTime() + rnd.float(3, 60) * DAY) : null;
    const point = nearby(rnd, around, 1);
    requests.push({
      id,
      user_id: user?.id ?? null,
      business_name: business,
      contact: user?.email ?? uniqueEmail(`${slug(visitor!.first)}.${slug(visitor!.last)}`.replace(/-/g, ""), "example.com"),
      telephone: user?.phone || mobilePhone(rnd),
      referent: user ? `${user.first} ${user.last}` : `${visitor!.first} ${visitor!.last}`,
      message: english ? rnd.pick(MESSAGES_EN) : rnd.pick(MESSAGES),
      location: `${around.name}, ${around.province}, Italia`,
      radius,
      m2_type: pallets ? "pallet" : "m2",
      m2_value: pallets ? round(rnd.int(20, 2000), 10) : round(rnd.int(200, 20_000), 50),
      start_date: start ? isoDate(start) : null,
      end_date: start && rnd.chance(0.8) ? isoDate(new Date(start.getTime() + rnd.int(30, 365) * DAY)) : null,
      // Logged-in users accepted the terms at registration; visitors tick them on the form.
      conditions: user === null,
      privacy: user === null,
      data_f: user === null && rnd.chance(0.5),
      data_g: user === null && rnd.chance(0.3),
      to_notify: true,
      lat: point.lat,
      lng: point.lng,
      lang: english ? "en" : "it",
      ip: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    requestInfos.push({ id, user, business, createdAt });
    for (const specId of pickSpecifications(rnd, groupIds, rnd.int(0, 5))) requestSpecifications.push({ warehouse_request_id: id, specification_id: specId });

    // Like a hunter on the results page: a few of the warehouses within the radius, nearest
    // first but not strictly; at least one link, at most eight.
    const chosen: { warehouse: WarehouseInfo; state?: LinkState }[] = [...(opts.include ?? [])];
    const count = Math.min(8 - chosen.length, Math.max(chosen.length ? 0 : 1, opts.extra ?? rnd.int(1, 8)));
    if (count > 0) {
      const candidates = listed
        .filter((w) => !chosen.some((c) => c.warehouse.id === w.id))
        .map((w) => ({ w, d: distanceKm(point.lat, point.lng, w.lat, w.lng) }))
        .sort((a, b) => a.d - b.d);
      const inRadius = candidates.filter((x) => x.d <= radius);
      const pool = inRadius.length >= count ? inRadius.slice(0, count * 3) : candidates.slice(0, count);
      for (const { w } of rnd.sample(pool, count)) chosen.push({ warehouse: w });
    }

    for (const c of chosen) {
      const key = `${id}:${c.warehouse.id}`;
      if (linkKeys.has(key)) continue;
      linkKeys.add(key);
      // Only an owner or a referent can answer: links to unclaimed warehouses stay pending.
      const age = (now - createdAt.getTime()) / DAY;
      let state: LinkState = c.state ?? "pending";
      if (!c.state && c.warehouse.ownerId !== null) {
        const answered = age > 2 ? 0.8 : 0.3;
        if (rnd.chance(answered)) state = rnd.chance(0.65) ? "confirmed" : "refused";
      }
      const changedAt = state === "pending" ? null : after(createdAt, 0.05, Math.min(5, Math.max(0.1, age - 0.01)));
      const changedBy = state === "pending" ? null : (c.warehouse.referentId ?? c.warehouse.ownerId);
      links.push({ id: links.length + 1, requestId: id, warehouse: c.warehouse, state, createdAt, changedAt, changedBy });
    }
    return id;
  };

  if (listed.length > 0) {
    // The demo hunter: one request per state to the demo stocker's warehouses (newest first in
    // its list), plus a history of older ones.
    const states: LinkState[] = ["pending", "confirmed", "refused"];
    states.forEach((state, k) => {
      const w = demoWarehouses[k % Math.max(1, demoWarehouses.length)];
      const around = w?.town ?? town("Lodi", "LO");
      addRequest({
        user: demoHunter,
        around,
        createdAt: ago(state === "pending" ? 0.3 + k : 6 + k * 5),
        include: w ? [{ warehouse: w, state }] : [],
        extra: rnd.int(1, 3),
      });
    });
    for (let k = 0; k < 9; k++) {
      const w = demoWarehouses.length ? rnd.pick(demoWarehouses) : null;
      addRequest({
        user: demoHunter,
        around: w?.town ?? pickHubTown(rnd).town,
        createdAt: between(280, 1),
        include: w ? [{ warehouse: w, state: rnd.pick(states) }] : [],
        extra: rnd.int(0, 4),
      });
    }
    // Other hunters and logged-out visitors; some of them ask the demo accounts too.
    for (let k = 0; k < 138; k++) {
      const user = k % 10 < 7 ? rnd.pick(hunters) : null;
      const createdAt = k < 12 ? between(7, 0.05) : between(360, 0.5);
      const aimAtDemo = k % 4 === 0 && demoWarehouses.length > 0;
      const aimAtKeeper = k % 9 === 1 && keeperWarehouses.length > 0;
      const target = aimAtDemo ? rnd.pick(demoWarehouses) : aimAtKeeper ? rnd.pick(keeperWarehouses) : null;
      addRequest({
        user,
        around: target?.town ?? randomTown(),
        createdAt: user ? new Date(Math.max(createdAt.getTime(), user.createdAt.getTime() + DAY)) : createdAt,
        include: target ? [{ warehouse: target, state: rnd.pick(["pending", "pending", "confirmed", "refused"] as LinkState[]) }] : [],
        extra: rnd.int(0, 6),
      });
    }
    // The keeper, like the demo stocker, sees all three states.
    (["pending", "confirmed", "refused"] as LinkState[]).forEach((state, k) => {
      const w = keeperWarehouses[k % Math.max(1, keeperWarehouses.length)];
      const hunter = hunters.filter((h) => h.createdAt.getTime() < now - 30 * DAY)[k];
      if (w && hunter) addRequest({ user: hunter, around: w.town, createdAt: ago(1 + k * 3), include: [{ warehouse: w, state }], extra: rnd.int(0, 2) });
    });
  }

  const linkRows: Row<"warehouse_request_warehouses">[] = links.map((l) => ({
    id: l.id,
    warehouse_request_id: l.requestId,
    warehouse_id: l.warehouse.id,
    state: l.state,
    state_changed_at: l.changedAt,
    state_changed_by: l.changedBy,
    answered_at: l.changedAt,
    created_at: l.createdAt,
    updated_at: l.changedAt ?? l.createdAt,
  }));
  const requestById = new Map(requestInfos.map((r) => [r.id, r]));

  // -------------------------------------------------------------- offers and conversations (decision 036)
  // The demo hunter's requests of the last six weeks are answered with offers by the owners (or
  // their referents) of the claimed warehouses: open ones to compare, the accepted one of each
  // confirmed link, a revision after the hunter asked for changes, one whose dates start later
  // than asked; a few messages run both ways. An offer is the link's first answer.
  const offers: Row<"request_offers">[] = [];
  const conversation: Row<"request_messages">[] = [];
  const requestRows = new Map(requests.map((r) => [Number(r.id), r]));
  const linkRowById = new Map(linkRows.map((row) => [Number(row.id), row]));
  const INCLUDED = [
    "Carico e scarico, assicurazione merci, inventario mensile.",
    "Scaffalature porta-pallet, WMS con accesso web, sorveglianza h24.",
    "Baie di carico per bilici, cross-docking in giornata.",
  ];
  let answeredOffers = 0;
  for (const l of links) {
    const info = requestById.get(l.requestId)!;
    if (info.user?.id !== demoHunter.id || l.warehouse.ownerId === null || l.state === "refused") continue;
    if (now - info.createdAt.getTime() > 42 * DAY) continue;
    // One link in four of a pending request stays silent.
    if (l.state === "pending" && answeredOffers > 0 && rnd.chance(0.25)) continue;
    const r = requestRows.get(l.requestId)!;
    const pallets = r.m2_type === "pallet";
    const asked = Math.max(1, Math.ceil(Number(r.m2_value ?? 0)) || (pallets ? 200 : 1000));
    const from = r.start_date ? new Date(`${r.start_date}T00:00:00Z`) : new Date(info.createdAt.getTime() + 7 * DAY);
    const until = r.end_date ? new Date(`${r.end_date}T00:00:00Z`) : new Date(from.getTime() + 180 * DAY);
    const lateStart = answeredOffers === 2;
    const sentAt = after(info.createdAt, 0.05, 1.5);
    const handler = l.warehouse.referentId ?? l.warehouse.ownerId;
    const base = {
      link_id: l.id,
      m2_type: r.m2_type ?? "m2",
      quantity: answeredOffers === 1 ? Math.max(1, round(asked * 0.6, 10)) : asked,
      price_month: pallets ? rnd.int(550, 1400) : rnd.int(350, 780),
      handling_in: pallets ? rnd.int(200, 450) : null,
      handling_out: pallets ? rnd.int(200, 450) : null,
      one_off_fee: rnd.chance(0.3) ? rnd.int(2, 8) * 5000 : null,
      start_date: isoDate(lateStart ? new Date(from.getTime() + 14 * DAY) : from),
      end_date: isoDate(until),
      min_term_months: rnd.pick([null, 1, 3, 6]),
      included: rnd.pick(INCLUDED),
      notes: "",
      valid_until: isoDate(new Date(sentAt.getTime() + 21 * DAY)),
      decline_reason: null,
      created_by: handler,
    };
    if (answeredOffers === 0) {
      // Asked for changes, then revised.
      offers.push({ ...base, revision: 1, state: "superseded", created_at: sentAt, state_changed_at: after(sentAt, 0.1, 0.5) });
      conversation.push({
        link_id: l.id,
        side: "hunter",
        kind: "changes",
        author_id: demoHunter.id,
        body: "Potete rivedere il prezzo per un impegno di sei mesi?",
        created_at: after(sentAt, 0.05, 0.1),
      });
      offers.push({
        ...base,
        revision: 2,
        state: "open",
        price_month: Math.round(base.price_month * 0.92),
        min_term_months: 6,
        created_at: after(sentAt, 0.2, 0.6),
      });
      conversation.push({
        link_id: l.id,
        side: "handler",
        kind: "message",
        author_id: handler,
        body: "Abbiamo aggiornato l'offerta con il prezzo per sei mesi. Restiamo a disposizione per un sopralluogo.",
        created_at: after(sentAt, 0.6, 0.7),
      });
    } else {
      offers.push({
        ...base,
        revision: 1,
        state: l.state === "confirmed" ? "accepted" : "open",
        created_at: sentAt,
        state_changed_at: l.state === "confirmed" ? l.changedAt : null,
      });
    }
    const row = linkRowById.get(l.id)!;
    if (!row.answered_at || row.answered_at > sentAt) row.answered_at = sentAt;
    answeredOffers++;
  }

  // -------------------------------------------------------------- reviews, reports, favourites
  const reviews: Row<"reviews">[] = [];
  const reports: Row<"reports">[] = [];
  const userById = new Map<number, UserInfo>();
  for (const u of [admin, demoStocker, keeper, demoReferent, demoHunter, ...stockers, ...hunters, ...referentOf.values()]) userById.set(u.id, u);
  const avg = (values: (number | null)[]) => {
    const given = values.filter((v): v is number => v !== null);
    return given.length ? Math.trunc((given.reduce((a, b) => a + b, 0) / given.length) * 10) : 0;
  };
  const rating = () => (rnd.chance(0.1) ? null : rnd.weighted([1, 2, 3, 4, 5], (v) => [1, 2, 4, 8, 6][v - 1]!));
  const REVIEW_TEXTS = [
    "Magazzino ordinato e personale disponibile. Consegne sempre puntuali.",
    "Ottima comunicazione, preventivo chiaro e rapido. Spazi adeguati.",
    "Struttura moderna, qualche ritardo nelle risposte ma nel complesso soddisfatti.",
    "Servizio di picking preciso, nessuna differenza inventariale in sei mesi.",
    "Buona posizione vicino all'autostrada, baie di carico comode per i bilici.",
    "Prezzi in linea con il mercato, gestione dei resi da migliorare.",
  ];
  const HUNTER_REVIEW_TEXTS = [
    "Cliente serio, pagamenti puntuali e merce ben imballata.",
    "Comunicazione chiara sulle previsioni di volume. Consigliato.",
    "Qualche ritardo nei pagamenti, merce conforme a quanto dichiarato.",
  ];
  const reviewedLinks = new Set<string>();
  const addHunterReview = (link: LinkInfo, author: UserInfo) => {
    const key = `${author.id}:${link.id}`;
    if (reviewedLinks.has(key)) return;
    reviewedLinks.add(key);
    const values = { reliability_value: rating(), communication_value: rating(), services_value: rating(), structure_value: rating() };
    reviews.push({
      user_id: author.id,
      warehouse_id: link.warehouse.id,
      warehouse_request_id: link.requestId,
      link_id: link.id,
      target: "warehouse",
      full_name: `${author.first} ${author.last}`,
      email: author.email,
      telephone: author.phone || mobilePhone(rnd),
      description: rnd.chance(0.85) ? rnd.pick(REVIEW_TEXTS) : null,
      ...values,
      avg_value: avg(Object.values(values)),
      created_at: after(link.changedAt!, 1, 40),
    });
  };
  const addStockerReview = (link: LinkInfo, author: UserInfo) => {
    const key = `${author.id}:${link.id}`;
    if (reviewedLinks.has(key)) return;
    reviewedLinks.add(key);
    const values = { reliability_value: rating(), communication_value: rating(), payments_value: rating(), goods_value: rating() };
    reviews.push({
      user_id: author.id,
      warehouse_id: link.warehouse.id,
      warehouse_request_id: link.requestId,
      link_id: link.id,
      target: "hunter",
      full_name: `${author.first} ${author.last}`,
      email: author.email,
      telephone: author.phone || landline(rnd),
      description: rnd.chance(0.8) ? rnd.pick(HUNTER_REVIEW_TEXTS) : null,
      ...values,
      avg_value: avg(Object.values(values)),
      created_at: after(link.changedAt!, 1, 40),
    });
  };
  const REPORT_SUBJECTS: [string, string][] = [
    ["Informazioni non corrette", "La superficie indicata nella scheda non corrisponde a quella visitata."],
    ["Nessuna risposta", "Abbiamo sollecitato più volte il preventivo senza ricevere risposta."],
    ["Prezzi diversi dal preventivo", "In fattura sono comparsi costi di handling non previsti dal preventivo."],
    ["Orari non rispettati", "Il magazzino era chiuso nell'orario di apertura indicato in scheda."],
  ];
  const addReport = (link: LinkInfo, author: UserInfo, target: "warehouse" | "hunter") => {
    const [subject, description] =
      target === "warehouse"
        ? rnd.pick(REPORT_SUBJECTS)
        : ["Richiesta non seria", "Il cliente non si è presentato al sopralluogo concordato e non risponde più."];
    reports.push({
      user_id: author.id,
      warehouse_id: link.warehouse.id,
      warehouse_request_id: link.requestId,
      link_id: link.id,
      target,
      full_name: `${author.first} ${author.last}`,
      email: author.email,
      telephone: author.phone || mobilePhone(rnd),
      subject,
      description,
      created_at: after(link.changedAt ?? link.createdAt, 1, 30),
    });
  };

  for (const link of links) {
    const request = requestById.get(link.requestId)!;
    const hunter = request.user;
    if (!hunter) continue;
    const demoPair = hunter.id === demoHunter.id && link.warehouse.ownerId === demoStocker.id;
    if (link.state === "confirmed") {
      if (demoPair || rnd.chance(0.5)) addHunterReview(link, hunter);
      const owner = link.warehouse.ownerId ? userById.get(link.warehouse.ownerId) : undefined;
      if (owner && (demoPair || rnd.chance(0.3))) {
        const referent = link.warehouse.referentId ? userById.get(link.warehouse.referentId) : undefined;
        addStockerReview(link, referent && rnd.chance(0.4) ? referent : owner);
      }
    }
    if ((link.state === "refused" && demoPair && !reports.some((r) => r.user_id === demoHunter.id)) || rnd.chance(0.03)) addReport(link, hunter, "warehouse");
  }
  // Two reports the other way: a stocker about a hunter.
  for (const link of links.filter((l) => l.state === "confirmed" && l.warehouse.ownerId !== null && requestById.get(l.requestId)!.user).slice(0, 2)) {
    addReport(link, userById.get(link.warehouse.ownerId!)!, "hunter");
  }

  // The demo hunter's saved searches (their alerts tell only of what changes from now on).
  const savedSearches: Row<"saved_searches">[] = [
    { place: town("Milano", "MI"), name: "Milano, 1.000 m²", radius: 30, m2_type: "m2" as const, m2_value: 1000, paused: false },
    { place: town("Verona", "VR"), name: "Verona, 200 posti pallet", radius: 25, m2_type: "pallet" as const, m2_value: 200, paused: true },
  ].map(({ place, ...search }) => {
    const createdAt = between(60, 2);
    return {
      ...search,
      user_id: demoHunter.id,
      lang: "it" as const,
      location: `${place.name} (${place.province})`,
      lat: place.lat,
      lng: place.lng,
      confirmed_at: createdAt,
      active_since: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });

  const favourites: Row<"favourites">[] = [];
  const claimedListed = listed.filter((w) => w.ownerId !== null);
  const favouriteKeys = new Set<string>();
  const addFavourite = (userId: number, w: WarehouseInfo, createdAt: Date) => {
    const key = `${userId}:${w.id}`;
    if (favouriteKeys.has(key)) return;
    favouriteKeys.add(key);
    favourites.push({ user_id: userId, warehouse_id: w.id, created_at: createdAt });
  };
  for (const w of demoWarehouses.slice(0, 3)) addFavourite(demoHunter.id, w, between(200, 1));
  const milano = town("Milano", "MI");
  for (const w of claimedListed
    .filter((x) => x.ownerId !== demoStocker.id)
    .sort((a, b) => distanceKm(milano.lat, milano.lng, a.lat, a.lng) - distanceKm(milano.lat, milano.lng, b.lat, b.lng))
    .slice(0, 5)) {
    addFavourite(demoHunter.id, w, between(200, 1));
  }
  for (const h of hunters) {
    if (claimedListed.length === 0) break;
    for (let k = rnd.int(0, 4); k > 0; k--) addFavourite(h.id, rnd.pick(claimedListed), after(h.createdAt, 0, 100));
  }

  // -------------------------------------------------------------- notifications (demo users)
  const notifications: Row<"notifications">[] = [];
  const notify = (
    userId: number,
    type: string,
    createdAt: Date,
    title: { it: string; en: string },
    message: { it: string; en: string },
    data: Record<string, number | string>,
  ) => {
    // Old news has been read; the last few days' are still bold in the list.
    const age = (now - createdAt.getTime()) / DAY;
    const read = age > 4 ? rnd.chance(0.9) : rnd.chance(0.2);
    notifications.push({ user_id: userId, type, title, message, data, created_at: createdAt, read_at: read ? after(createdAt, 0.01, Math.min(3, age)) : null });
  };
  const demoRecipients = (w: WarehouseInfo) =>
    [w.ownerId, w.referentId].filter((id): id is number => id !== null && [demoStocker.id, keeper.id, demoReferent.id].includes(id));
  const warehouseLabel = (w: WarehouseInfo) => (w.ownerId === null ? `Stocker ${w.id}` : w.name);
  for (const link of links) {
    const request = requestById.get(link.requestId)!;
    const w = link.warehouse;
    const ids = { warehouse_id: w.id, warehouse_request_id: link.requestId, link_id: link.id };
    for (const userId of demoRecipients(w)) {
      notify(
        userId,
        "quote_request",
        link.createdAt,
        bilingualText("Nuova richiesta di preventivo", "New quote request"),
        bilingualText(
          `${request.business} ha chiesto un preventivo per ${w.name} (richiesta n. ${requestNumber(link.requestId)}).`,
          `${request.business} asked ${w.name} for a quote (request no. ${requestNumber(link.requestId)}).`,
        ),
        ids,
      );
    }
    if (request.user?.id === demoHunter.id && link.state !== "pending") {
      const confirmed = link.state === "confirmed";
      notify(
        demoHunter.id,
        "request_state_changed",
        link.changedAt!,
        confirmed ? bilingualText("Richiesta confermata", "Request confirmed") : bilingualText("Richiesta rifiutata", "Request declined"),
        bilingualText(
          `${warehouseLabel(w)} ha ${confirmed ? "confermato" : "rifiutato"} la tua richiesta n. ${requestNumber(link.requestId)}.`,
          `${warehouseLabel(w)} ${confirmed ? "confirmed" : "declined"} your request no. ${requestNumber(link.requestId)}.`,
        ),
        { ...ids, state: link.state },
      );
    }
  }
  const linkById = new Map(links.map((l) => [l.id, l]));
  for (const review of reviews) {
    const link = linkById.get(review.link_id)!;
    const score = (review.avg_value! / 10).toFixed(1).replace(".", ",");
    const ids = { warehouse_id: link.warehouse.id, warehouse_request_id: link.requestId, link_id: link.id };
    const recipients =
      review.target === "warehouse" ? demoRecipients(link.warehouse) : [requestById.get(link.requestId)!.user!.id].filter((id) => id === demoHunter.id);
    for (const userId of recipients) {
      notify(
        userId,
        "review_received",
        review.created_at as Date,
        bilingualText("Nuova recensione", "New review"),
        bilingualText(
          `${review.full_name} ha lasciato una recensione (${score}/5) sulla richiesta n. ${requestNumber(link.requestId)}.`,
          // Italian number formats in both languages, as the app writes them (reviewAverage).
          `${review.full_name} left a review (${score}/5) on request no. ${requestNumber(link.requestId)}.`,
        ),
        ids,
      );
    }
  }
  for (const report of reports) {
    const link = linkById.get(report.link_id)!;
    const recipients =
      report.target === "warehouse" ? demoRecipients(link.warehouse) : [requestById.get(link.requestId)!.user!.id].filter((id) => id === demoHunter.id);
    for (const userId of recipients) {
      notify(
        userId,
        "report_received",
        report.created_at as Date,
        bilingualText("Nuova segnalazione", "New report"),
        bilingualText(
          `${report.full_name} ha inviato una segnalazione: «${report.subject}» (richiesta n. ${requestNumber(link.requestId)}).`,
          `${report.full_name} sent a report: "${report.subject}" (request no. ${requestNumber(link.requestId)}).`,
        ),
        { warehouse_id: link.warehouse.id, warehouse_request_id: link.requestId, link_id: link.id },
      );
    }
  }

  // -------------------------------------------------------------- CRM, support, audit
  const crm: Row<"crm_entries">[] = [];
  const EVENT_TYPES: CrmEventType[] = ["call", "mail", "meet", "meeting", "other"];
  const CRM_TEXTS: Record<CrmEventType, string[]> = {
    call: [
      "Chiamata di presentazione della piattaforma.",
      "Richiamato per chiarimenti sul piano annuale.",
      "Telefonata per aggiornare la scheda del magazzino.",
    ],
    mail: ["Inviata brochure con listino abbonamenti.", "Risposto alla richiesta di fattura elettronica.", "Mandato promemoria per il rinnovo."],
    meet: ["Sopralluogo presso il magazzino: foto e misure aggiornate.", "Visita in sede con il responsabile logistica."],
    meeting: ["Videocall con l'amministratore delegato per partnership hub.", "Riunione di onboarding con il referente."],
    other: ["Incontro in fiera (LetExpo, Verona).", "Segnalato da un altro stocker del network."],
  };
  const FOLLOW_UPS = [
    "Richiamare per conferma abbonamento",
    "Inviare contratto firmato",
    "Fissare sopralluogo",
    "Verificare pagamento bonifico",
    "Aggiornare foto della scheda",
  ];
  for (let k = 0; k < 40; k++) {
    const eventType = EVENT_TYPES[k % EVENT_TYPES.length]!;
    const stocker = k < 30 ? (k === 0 ? demoStocker : rnd.pick(stockers)) : null;
    const warehouse = stocker ? infos.find((w) => w.ownerId === stocker.id) : rnd.chance(0.5) && unclaimed.length ? rnd.pick(unclaimed) : undefined;
    const followUp = rnd.chance(0.55);
    const done = followUp && rnd.chance(0.5);
    const date = between(120, 0);
    const p = stocker ?? person(rnd);
    crm.push({
      user_id: stocker?.id ?? null,
      warehouse_id: warehouse?.id ?? null,
      created_by: admin.id,
      client: stocker?.company ?? warehouse?.name ?? stockerCompany(rnd, p.last),
      contact: stocker ? `${stocker.first} ${stocker.last} – ${stocker.phone}` : `${p.first} ${p.last} – ${mobilePhone(rnd)}`,
      date: isoDate(date),
      event_type: eventType,
      description: rnd.pick(CRM_TEXTS[eventType]),
      follow_up: followUp,
      follow_up_action: followUp ? rnd.pick(FOLLOW_UPS) : null,
      follow_up_done: followUp ? done : null,
      handled_at: done ? after(date, 1, 10) : null,
      handled_by: done ? admin.id : null,
      created_at: date,
      updated_at: done ? after(date, 1, 10) : date,
    });
  }

  const support: Row<"support_requests">[] = [
    { who: demoHunter, text: "Non riesco a modificare le date di una richiesta già inviata: è possibile?" },
    { who: stockers[10]!, text: "Vorrei aggiungere un secondo referente allo stesso magazzino, come faccio?" },
    { who: null, text: "Buongiorno, gestiamo tre magazzini in Emilia: quali sono i costi per pubblicarli?" },
    { who: null, text: "I would like to know whether you also list warehouses outside Italy." },
    { who: hunters[3]!, text: "Ho ricevuto due notifiche per la stessa richiesta, è normale?" },
  ].map(({ who, text }, k) => {
    const p = who ?? person(rnd);
    const createdAt = between(30, 0.1);
    return {
      user_id: who?.id ?? null,
      first_name: p.first,
      last_name: p.last,
      business_name: who?.company ?? stockerCompany(rnd, p.last),
      email: who?.email ?? uniqueEmail(`${slug(p.first)}.${slug(p.last)}`.replace(/-/g, ""), "example.com"),
      message: text,
      privacy: true,
      user_agent_data: { browser: k % 2 ? "Firefox" : "Chrome", platform: k % 3 ? "Windows" : "macOS", mobile: false },
      ip: null,
      lang: text.startsWith("I would") ? "en" : "it",
      created_at: createdAt,
    };
  });

  const audit: Row<"audit_log">[] = [];
  for (const s of stockers.slice(0, 4)) {
    audit.push({
      admin_id: admin.id,
      action: "user.approve",
      entity_type: "user",
      entity_id: s.id,
      details: { account_type: users[s.id - 1]!.account_type ?? 0 },
      created_at: users[s.id - 1]!.approved_at as Date,
    });
  }
  for (const r of pendingRegistrations.filter((u) => users[u.id - 1]!.approval_status === "refused")) {
    audit.push({
      admin_id: admin.id,
      action: "user.refuse",
      entity_type: "user",
      entity_id: r.id,
      details: { note: users[r.id - 1]!.approval_note ?? "" },
      created_at: after(r.createdAt, 1, 5),
    });
  }
  for (const w of infos.filter((x) => x.status === "refused").slice(0, 3)) {
    audit.push({
      admin_id: admin.id,
      action: "warehouse.update_status",
      entity_type: "warehouse",
      entity_id: w.id,
      details: { status: "refused" },
      created_at: after(w.createdAt, 1, 10),
    });
  }
  for (const w of infos.filter((x) => x.deactivated).slice(0, 3)) {
    audit.push({
      admin_id: admin.id,
      action: "warehouse.toggle_deactivated",
      entity_type: "warehouse",
      entity_id: w.id,
      details: { deactivated: true },
      created_at: after(w.createdAt, 5, 60),
    });
  }
  audit.push({
    admin_id: admin.id,
    action: "subscription.start",
    entity_type: "user",
    entity_id: transferDone.id,
    details: { transfer_info: "Bonifico verificato su estratto conto, CRO 0345 1234 5678." },
    created_at: ago(90),
  });
  audit.push({
    admin_id: admin.id,
    action: "specification.create",
    entity_type: "specification",
    entity_id: specifications.length,
    details: { cat_id: 7 },
    created_at: ago(100),
  });

  const spaces = demoSpaces({ warehouses: warehouseRows, subscriptions, subscriptionWarehouses, demoStockerId: demoStocker.id, now });

  return {
    markets,
    specifications,
    users,
    warehouses: warehouseRows,
    spaces,
    requestedWarehouses,
    times,
    contacts,
    images: imageRows,
    warehouseSpecifications,
    promoCodes,
    subscriptions,
    subscriptionWarehouses,
    requests,
    requestSpecifications,
    links: linkRows,
    offers,
    conversation,
    reviews,
    reports,
    favourites,
    savedSearches,
    notifications,
    crm,
    support,
    audit,
  };
}

/**
 * Free space for most redeemed warehouses (approved, covered by a running subscription), so a
 * new user sees it on the sheets and in the search: about one in seven declared full (no space),
 * the others one to three spaces, partial (a share of the surface), current or from the coming
 * months, some open-ended, some in pallet positions, about half with a public price. The demo
 * stocker's first warehouse has one of each kind. Its own random stream, so the rest of the
 * demo data stays as it was. The warehouses' rows get the save's time and last free day.
 */
function demoSpaces(args: {
  warehouses: Row<"warehouses">[];
  subscriptions: Row<"subscriptions">[];
  subscriptionWarehouses: Row<"subscription_warehouses">[];
  demoStockerId: number;
  now: number;
}): Row<"warehouse_spaces">[] {
  const rnd = createRandom(SEED + 21);
  const running = new Set(args.subscriptions.filter((s) => s.stripe_status === "active" || s.stripe_status === "trialing").map((s) => s.id));
  const redeemed = new Set(args.subscriptionWarehouses.filter((l) => running.has(l.subscription_id)).map((l) => l.warehouse_id));
  const day = (offset: number) => todayInItaly(new Date(args.now + offset * DAY));
  /** The first of a month `months` from now. */
  const monthStart = (months: number) => {
    const [y, mo] = day(0).split("-").map(Number) as [number, number];
    const d = new Date(Date.UTC(y, mo - 1 + months, 1));
    return d.toISOString().slice(0, 10);
  };
  const euros = (min: number, max: number) => centsFromEuroText(rnd.float(min, max).toFixed(2)) as number;
  const rows: Row<"warehouse_spaces">[] = [];
  let demoFirst = true;
  for (const w of args.warehouses) {
    if (w.id === undefined || w.status !== "approved" || w.deactivated || !redeemed.has(w.id)) continue;
    const surface = Number(w.total_m2 ?? w.m2 ?? 0);
    const share = (min: number, max: number) => Math.max(50, Math.round((surface * rnd.float(min, max)) / 50) * 50);
    let spaces: SpaceValue[];
    if (w.user_id === args.demoStockerId && demoFirst) {
      demoFirst = false;
      spaces = [
        { m2_type: "m2", quantity: share(0.1, 0.2), available_from: day(-20), available_until: null, min_term_months: 3, price_month: 520, price_public: true },
        {
          m2_type: "pallet",
          quantity: 120,
          available_from: monthStart(1),
          available_until: monthStart(7),
          min_term_months: 1,
          price_month: 850,
          price_public: false,
        },
        {
          m2_type: "m2",
          quantity: share(0.05, 0.1),
          available_from: monthStart(2),
          available_until: monthStart(14),
          min_term_months: 6,
          price_month: null,
          price_public: false,
        },
      ];
    } else if (rnd.chance(0.15)) {
      spaces = [];
    } else {
      spaces = [];
      const count = rnd.int(1, 3);
      for (let i = 0; i < count; i++) {
        const pallet = rnd.chance(0.3);
        const from = rnd.chance(0.5) ? day(-rnd.int(1, 60)) : monthStart(rnd.int(1, 4));
        const openEnded = rnd.chance(0.4);
        const until = openEnded ? null : monthStart(rnd.int(5, 18));
        const priced = rnd.chance(0.7);
        spaces.push({
          m2_type: pallet ? "pallet" : "m2",
          quantity: pallet ? rnd.int(2, 40) * 10 : share(0.05, 0.4),
          available_from: from,
          available_until: until !== null && until > from ? until : null,
          min_term_months: rnd.pick([0, 1, 3, 6, 12]),
          price_month: priced ? (pallet ? euros(6, 14) : euros(3.5, 8)) : null,
          price_public: priced && rnd.chance(0.6),
        });
      }
    }
    const savedAt = new Date(args.now - rnd.int(1, 40) * DAY);
    Object.assign(w, { spaces_updated_at: savedAt, spaces_last_day: lastSpaceDay(spaces) });
    for (const space of spaces) rows.push({ warehouse_id: w.id, ...space, created_at: savedAt, updated_at: savedAt });
  }
  return rows;
}

/** Opening hours: mostly office hours on weekdays, some Saturday mornings, a few 24/7 and night shifts. */
function openingHours(rnd: Random, warehouseId: number): Row<"warehouse_times"> {
  const row: Record<string, unknown> = { warehouse_id: warehouseId };
  const set = (days: Weekday[], open: string | null, close: string | null) => {
    for (const d of WEEKDAYS) {
      const on = days.includes(d);
      row[`is_${d}_open`] = on;
      row[`${d}_open_time`] = on ? open : null;
      row[`${d}_close_time`] = on ? close : null;
    }
  };
  const weekdays: Weekday[] = ["mon", "tue", "wed", "thu", "fri"];
  const r = rnd.next();
  if (r < 0.06) {
    // Open every day with no times: open around the clock (the opening-hours rule).
    set(WEEKDAYS, null, null);
  } else if (r < 0.12) {
    // Night shift: closes the next morning (a close time before the open time).
    set(rnd.chance(0.5) ? weekdays : ["sun", "mon", "tue", "wed", "thu"], "22:00", "06:00");
  } else if (r < 0.2) {
    set([...weekdays, "sat"], "06:00", "22:00");
  } else {
    const [open, close] = rnd.pick([
      ["08:00", "18:00"],
      ["07:30", "17:30"],
      ["08:30", "18:30"],
      ["07:00", "19:00"],
    ] as const);
    const standard = rnd.chance(0.7);
    set(weekdays, standard ? "08:00" : open, standard ? "18:00" : close);
    if (rnd.chance(0.25)) {
      row.is_sat_open = true;
      row.sat_open_time = "08:00";
      row.sat_close_time = "12:30";
    }
  }
  return row as Row<"warehouse_times">;
}

/** n distinct specifications spread over the groups, always including a material type. */
function pickSpecifications(rnd: Random, groupIds: (group: keyof typeof SPECIFICATION_CATEGORY_IDS) => number[], n: number): number[] {
  if (n <= 0) return [];
  const chosen = new Set<number>([rnd.pick(groupIds("material"))]);
  const groups = Object.keys(SPECIFICATION_CATEGORY_IDS) as (keyof typeof SPECIFICATION_CATEGORY_IDS)[];
  const weight: Record<string, number> = { service: 3, material: 1.5, security: 2.5, equipment: 3, it: 1.5, lu: 2, certification: 1.5 };
  for (let guard = 0; chosen.size < n && guard < n * 10; guard++) {
    const group = rnd.weighted(groups, (g) => weight[g]!);
    chosen.add(rnd.pick(groupIds(group)));
  }
  return [...chosen];
}
