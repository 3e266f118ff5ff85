// The saved searches' alerts, through the services that change warehouses (the back office's
// approval and switch, the owners' free space) and the run the worker and `npm run alerts:run`
// make: a search is told once of each warehouse that starts to match it, at most once a day, in
// its language, with the warehouses' cards as the search shows them. Each test asks
// specifications of its own, so the searches of one test never match the warehouses of another.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../tests/support/app-process.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  actorOf,
  attachSpecifications,
  makeSavedSearch,
  makeSpecification,
  makeUser,
  makeWarehouse,
  subscribeWarehouses,
} from "../../../tests/support/factories.ts";
import { readMails, startSmtpCapture } from "../../../tests/support/smtp-capture.ts";
import { testServices } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { decideHubRequest, setWarehouseDeactivated } from "../warehouses/admin-warehouses.service.ts";
import { updateWarehouseSpaces } from "../warehouses/warehouse-editing.service.ts";
import type { SpaceValue } from "../../lib/spaces.ts";
import { dayNumber, isoDay, judge, spaceAsk } from "../search/spaces.ts";
import { todayInItaly } from "../../lib/format.ts";
import { defaultJobs } from "../jobs/workers.ts";
import { deliverDueMail } from "../mail/outbox.service.ts";
import { createTransport } from "../mail/transport.ts";
import { hourInItaly, matchPendingChanges, runSavedSearchAlerts, savedSearchPath, spaceRowsFromKept } from "./alerts.service.ts";

const t = useTestDatabase();
const origin = "http://stockspace.test";
const ctx = { origin, supportEmail: "help@stockspace.test" };
const VERONA = { lat: 45.4384, lng: 10.9916 };
const DAY = 86_400_000;

let admin: User;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
});

/** `npm run alerts:run`: every pending change matched, every alert due sent, whatever the hour. */
const runAlerts = (now = new Date()) => runSavedSearchAlerts(t.db, { origin, alertHour: 8 }, { now, force: true });

const alertMails = (to: string) =>
  t.db.selectFrom("mail_outbox").selectAll().where("template", "=", "saved_search_alert").where("to_address", "=", to).orderBy("id").execute();

const today = () => todayInItaly();
const day = (offset: number) => isoDay(dayNumber(today()) + offset);

const space = (fields: Partial<SpaceValue> = {}): SpaceValue => ({
  m2_type: "m2",
  quantity: 600,
  available_from: day(-1),
  available_until: null,
  min_term_months: 0,
  price_month: 450,
  price_public: true,
  ...fields,
});

/** Two specifications of two groups (a service and a security feature), new for each test. */
async function twoSpecs() {
  const service = await makeSpecification(t.db, { cat_id: 1 });
  const security = await makeSpecification(t.db, { cat_id: 3 });
  return [service.id, security.id];
}

/** A stocker's warehouse waiting for the back office's approval (a hub request), with specifications and spaces. */
async function hubRequest(fields: Parameters<typeof makeWarehouse>[1], specs: number[], spaces: SpaceValue[] = []) {
  const owner = await makeUser(t.db, { role: "stocker" });
  const w = await makeWarehouse(t.db, { user_id: owner.id, is_hub: true, to_approve: true, status: "pending", ...fields });
  await attachSpecifications(t.db, w.id, specs);
  if (spaces.length) await updateWarehouseSpaces(t.db, actorOf(owner), w.id, spaces);
  return { owner, warehouse: w };
}

/** A listed warehouse of a stocker (claimed), with specifications. */
async function listedWarehouse(fields: Parameters<typeof makeWarehouse>[1], specs: number[]) {
  const owner = await makeUser(t.db, { role: "stocker" });
  const w = await makeWarehouse(t.db, { user_id: owner.id, ...fields });
  await attachSpecifications(t.db, w.id, specs);
  return { owner, warehouse: w };
}

const approve = (warehouseId: number) => decideHubRequest(t.db, actorOf(admin), warehouseId, { status: "approved", note: null }, ctx);

describe("the alert of a saved search", () => {
  it("tells the hunter once of the two warehouses that started to match around Verona, and nothing of the other", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter", first_name: "Ilaria" });
    // A warehouse near Verona that already matches every criterion (listed before the search: never told).
    const before = await listedWarehouse({ name: "Magazzino Già Lì", city: "Verona", lat: 45.43, lng: 10.98 }, specs);
    await updateWarehouseSpaces(t.db, actorOf(before.owner), before.warehouse.id, [space({ quantity: 900 })]);
    await runAlerts();
    // Near Verona, with both specifications, no space declared yet.
    const empty = await listedWarehouse({ name: "Deposito Zai", city: "Verona", lat: 45.41, lng: 10.96 }, specs);
    await runAlerts();

    const search = await makeSavedSearch(t.db, {
      user_id: hunter.id,
      name: "Verona 500",
      location: "Verona",
      ...VERONA,
      radius: 30,
      m2_value: 500,
      specification_ids: specs,
    });

    // The back office approves a new warehouse that matches (redeemed: its name is public) and one without the security feature.
    const fresh = await hubRequest({ name: "Polo Logistico Verona Sud", city: "Verona", lat: 45.4, lng: 11.0 }, specs, [space({ quantity: 800 })]);
    await subscribeWarehouses(t.db, fresh.owner.id, [fresh.warehouse.id]);
    const lacking = await hubRequest({ name: "Magazzino Senza Allarme", city: "Verona", lat: 45.45, lng: 10.99 }, [specs[0]!], [space({ quantity: 800 })]);
    await approve(fresh.warehouse.id);
    await approve(lacking.warehouse.id);
    // An owner declares 600 m² free on the listed warehouse that had none.
    await updateWarehouseSpaces(t.db, actorOf(empty.owner), empty.warehouse.id, [space({ quantity: 600, price_month: 395, price_public: true })]);
    // The warehouse listed before the search changes again and still matches: not a start.
    await updateWarehouseSpaces(t.db, actorOf(before.owner), before.warehouse.id, [space({ quantity: 1000 })]);

    const first = await runAlerts();
    expect(first.matching.matches).toBe(2);
    expect(first.alerts).toMatchObject({ emails: 1, warehouses: 2 });
    const mails = await alertMails(hunter.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ lang: "it", subject: "2 nuovi magazzini per la tua ricerca “Verona 500”" });
    expect(mail.text).toContain("Buongiorno Ilaria,");
    expect(mail.text).toContain("Polo Logistico Verona Sud");
    // The owner's warehouse is not redeemed: anonymised as the search shows it.
    expect(mail.text).toContain(`Stocker ${empty.warehouse.id}`);
    expect(mail.text).not.toContain("Deposito Zai");
    expect(mail.text).not.toContain("Magazzino Senza Allarme");
    expect(mail.text).not.toContain("Magazzino Già Lì");
    expect(mail.text).not.toContain(`Stocker ${lacking.warehouse.id}`);
    // The matching space, its public price (the project's money format), the sheet's link in the search's language.
    expect(mail.text).toContain("800\u00a0m² liberi da subito");
    expect(mail.text).toContain("600\u00a0m² liberi da subito");
    expect(mail.text).toContain("€\u00a03,95 al m² al mese, IVA esclusa");
    expect(mail.text).toContain(`${origin}/it/warehouses/${fresh.warehouse.id}`);
    expect(mail.text).not.toContain(`/it/warehouses/${empty.warehouse.id}`);
    expect(mail.text).toContain(
      `${origin}${savedSearchPath(
        search,
        new Map([
          [specs[0]!, 1],
          [specs[1]!, 3],
        ]),
      )}`,
    );
    expect(mail.text).toContain(`${origin}/it/stocks?location=Verona&lat=45.4384&lng=10.9916&radius=30&m2_value=500&service=${specs[0]}&security=${specs[1]}`);
    expect(mail.text).toContain(`${origin}/it/stock-hunter/profile/saved-searches`);
    expect(mail.html).toContain(`href="${origin}/it/warehouses/${fresh.warehouse.id}"`);

    const matches = await t.db.selectFrom("saved_search_matches").selectAll().where("saved_search_id", "=", search.id).execute();
    expect(matches.map((m) => m.warehouse_id).sort()).toEqual([fresh.warehouse.id, empty.warehouse.id].sort());
    expect(matches.every((m) => m.alerted_at !== null)).toBe(true);
    const alerts = await t.db.selectFrom("saved_search_alerts").selectAll().where("saved_search_id", "=", search.id).execute();
    expect(alerts).toMatchObject([{ warehouses: 2 }]);
    expect(
      (await t.db.selectFrom("saved_searches").select("last_alert_at").where("id", "=", search.id).executeTakeFirstOrThrow()).last_alert_at,
    ).not.toBeNull();
    expect(await t.db.selectFrom("saved_search_changes").selectAll().execute()).toEqual([]);

    // The next run, even a day later, has nothing to tell.
    const second = await runAlerts(new Date(Date.now() + DAY));
    expect(second.alerts?.emails).toBe(0);
    expect(await alertMails(hunter.email)).toHaveLength(1);
  });

  it("never tells of the same warehouse twice: switched off and on again, it is not news", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, radius: 20, specification_ids: specs, active_since: new Date(Date.now() - 60_000) });
    const { warehouse } = await hubRequest({ name: "Hub Valpolicella", lat: 45.5, lng: 10.95 }, specs);
    await approve(warehouse.id);
    await runAlerts();
    expect(await alertMails(hunter.email)).toHaveLength(1);

    await setWarehouseDeactivated(t.db, actorOf(admin), warehouse.id, true);
    await runAlerts(new Date(Date.now() + DAY));
    await setWarehouseDeactivated(t.db, actorOf(admin), warehouse.id, false);
    const again = await runAlerts(new Date(Date.now() + 2 * DAY));
    expect(again.matching.changes).toBe(1);
    expect(again.matching.matches).toBe(0);
    expect(await alertMails(hunter.email)).toHaveLength(1);
  });

  it("tells a paused search and an unconfirmed visitor's search nothing", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const paused = await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, specification_ids: specs, paused: true });
    const visitor = `visitor-${paused.id}@test.example`;
    await makeSavedSearch(t.db, {
      email: visitor,
      ...VERONA,
      specification_ids: specs,
      confirmed_at: null,
      active_since: null,
      confirm_token_hash: `h${paused.id}`,
    });
    const { warehouse } = await hubRequest({ name: "Hub Bussolengo", lat: 45.47, lng: 10.85 }, specs);
    await approve(warehouse.id);
    const run = await runAlerts();
    expect(run.matching.changes).toBeGreaterThanOrEqual(1);
    expect(await alertMails(hunter.email)).toEqual([]);
    expect(await alertMails(visitor)).toEqual([]);
    expect(await t.db.selectFrom("saved_search_matches").selectAll().where("warehouse_id", "=", warehouse.id).execute()).toEqual([]);
  });

  it("sends at most one e-mail a day: a warehouse that starts to match after the day's alert waits for the next day", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const search = await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, radius: 25, specification_ids: specs });
    const now = new Date();
    const first = await hubRequest({ name: "Hub Primo", lat: 45.42, lng: 10.9 }, specs);
    await approve(first.warehouse.id);
    await runAlerts(now);
    const second = await hubRequest({ name: "Hub Secondo", lat: 45.44, lng: 11.05 }, specs);
    await approve(second.warehouse.id);
    const sameDay = await runAlerts(now);
    expect(sameDay.matching.matches).toBe(1);
    expect(sameDay.alerts?.emails).toBe(0);
    expect(await alertMails(hunter.email)).toHaveLength(1);
    // The next day the waiting warehouse is told, alone.
    const nextDay = await runAlerts(new Date(now.getTime() + DAY));
    expect(nextDay.alerts?.emails).toBe(1);
    const mails = await alertMails(hunter.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Un nuovo magazzino per la tua ricerca “${search.name}”`);
    expect(mails[1]!.text).toContain(`Stocker ${second.warehouse.id}`);
    expect(mails[1]!.text).not.toContain(`Stocker ${first.warehouse.id}`);
  });

  it("tells of a warehouse that moves into the circle, and not of one that moves within it", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    // Listed before the search: one 60 km away (Brescia), one inside the circle already.
    const far = await listedWarehouse({ name: "Hub Brescia", lat: 45.54, lng: 10.22 }, specs);
    const near = await listedWarehouse({ name: "Hub Dentro", lat: 45.45, lng: 10.95 }, specs);
    await runAlerts();
    await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, radius: 15, specification_ids: specs });
    // Their owners correct their positions: one into the circle, the other within it.
    await t.db.updateTable("warehouses").set({ lat: 45.43, lng: 11.02 }).where("id", "=", far.warehouse.id).execute();
    await t.db.updateTable("warehouses").set({ lat: 45.46, lng: 10.97 }).where("id", "=", near.warehouse.id).execute();
    const run = await runAlerts();
    expect(run.matching.matches).toBe(1);
    const [mail] = await alertMails(hunter.email);
    expect(mail!.text).toContain(`Stocker ${far.warehouse.id}`);
    expect(mail!.text).not.toContain(`Stocker ${near.warehouse.id}`);
  });

  it("writes in the search's language, to a confirmed visitor's address, with the anonymised card of an unclaimed warehouse", async () => {
    const specs = await twoSpecs();
    const visitor = `visitor-en-${specs[0]}@test.example`;
    const search = await makeSavedSearch(t.db, {
      email: visitor,
      lang: "en",
      name: "Pallets near Verona",
      ...VERONA,
      m2_type: "pallet",
      m2_value: 40,
      specification_ids: specs,
    });
    // An unclaimed warehouse the back office lists, then gives pallet positions.
    const unclaimed = await makeWarehouse(t.db, { name: "Nome Vero Segreto", city: "San Giovanni Lupatoto", lat: 45.38, lng: 11.04 });
    await attachSpecifications(t.db, unclaimed.id, specs);
    await runAlerts();
    await updateWarehouseSpaces(t.db, actorOf(admin), unclaimed.id, [
      space({ m2_type: "pallet", quantity: 60, price_month: 1200, price_public: false, available_until: day(400), min_term_months: 3 }),
    ]);
    await runAlerts();
    const [mail] = await alertMails(visitor);
    expect(mail).toMatchObject({ lang: "en", subject: "A new warehouse for your search “Pallets near Verona”" });
    expect(mail!.text).toContain("Hello,");
    expect(mail!.text).toContain(`Stocker ${unclaimed.id}`);
    expect(mail!.text).toContain("San Giovanni Lupatoto");
    expect(mail!.text).not.toContain("Nome Vero Segreto");
    expect(mail!.text).toContain("60 pallets free now");
    expect(mail!.text).toContain("minimum 3 months");
    // A private price is never shown, an unclaimed warehouse has no sheet, a visitor has no area.
    expect(mail!.text).not.toContain("€");
    expect(mail!.text).not.toContain("/en/warehouses/");
    expect(mail!.text).not.toContain("stock-hunter/profile");
    expect(mail!.text).toContain("Name and address private");
    expect(mail!.text).toContain(`${origin}/en/stocks?location=`);
    expect(mail!.text).toContain("m2_type=pallet&m2_value=40");
    expect(search.lang).toBe("en");
  });

  it("judges dates by the search page's rule: a space whose minimum term is longer than the stay does not match", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, radius: 20, start_date: day(30), end_date: day(119), specification_ids: specs });
    const short = await listedWarehouse({ name: "Hub Breve", lat: 45.42, lng: 10.97 }, specs);
    const long = await listedWarehouse({ name: "Hub Lungo", lat: 45.46, lng: 11.01 }, specs);
    const late = await listedWarehouse({ name: "Hub Tardi", lat: 45.44, lng: 10.95 }, specs);
    await matchPendingChanges(t.db);
    await updateWarehouseSpaces(t.db, actorOf(short.owner), short.warehouse.id, [space({ quantity: 100, min_term_months: 1 })]);
    await updateWarehouseSpaces(t.db, actorOf(long.owner), long.warehouse.id, [space({ quantity: 100, min_term_months: 12 })]);
    await updateWarehouseSpaces(t.db, actorOf(late.owner), late.warehouse.id, [space({ quantity: 100, available_from: day(60) })]);
    const run = await runAlerts();
    expect(run.matching.matches).toBe(1);
    const [mail] = await alertMails(hunter.email);
    expect(mail!.text).toContain(`Stocker ${short.warehouse.id}`);
    expect(mail!.text).toContain("minimo 1 mese");
  });

  it("two runs at once send one e-mail and record each match once", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const search = await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, radius: 40, specification_ids: specs });
    for (const [i, lat] of [45.3, 45.35, 45.5, 45.55].entries()) {
      const { warehouse } = await hubRequest({ name: `Hub Concorrente ${i}`, lat, lng: 11.0 }, specs);
      await approve(warehouse.id);
    }
    // Two matchings at once take different changes; three alert runs at once, one search each at most.
    const matchings = await Promise.all([matchPendingChanges(t.db, { limit: 2 }), matchPendingChanges(t.db, { limit: 2 })]);
    expect(matchings.reduce((n, r) => n + r.matches, 0)).toBe(4);
    expect(matchings.reduce((n, r) => n + r.changes, 0)).toBe(4);
    const runs = await Promise.all([runAlerts(), runAlerts(), runAlerts()]);
    expect(runs.reduce((n, r) => n + (r.alerts?.emails ?? 0), 0)).toBe(1);
    const mails = await alertMails(hunter.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("4 nuovi magazzini");
    expect(await t.db.selectFrom("saved_search_alerts").selectAll().where("saved_search_id", "=", search.id).execute()).toHaveLength(1);
  });

  it("drops a match whose warehouse no longer matches before its alert, and tells of it when it starts to match again", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, radius: 20, m2_value: 300, specification_ids: specs });
    const w = await listedWarehouse({ name: "Hub Altalena", lat: 45.42, lng: 11.02 }, specs);
    await matchPendingChanges(t.db);
    await updateWarehouseSpaces(t.db, actorOf(w.owner), w.warehouse.id, [space({ quantity: 400 })]);
    expect((await matchPendingChanges(t.db)).matches).toBe(1);
    // Full again before the alert: nothing to tell, and the match is gone.
    await updateWarehouseSpaces(t.db, actorOf(w.owner), w.warehouse.id, []);
    const quiet = await runAlerts();
    expect(quiet.alerts).toMatchObject({ emails: 0, dropped: 1 });
    expect(await alertMails(hunter.email)).toEqual([]);
    await updateWarehouseSpaces(t.db, actorOf(w.owner), w.warehouse.id, [space({ quantity: 350 })]);
    const told = await runAlerts();
    expect(told.alerts?.emails).toBe(1);
    expect((await alertMails(hunter.email))[0]!.text).toContain("350\u00a0m²");
  });

  it("tells a hunter whose account is switched off nothing, and does not keep the matches waiting", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter", active: false });
    const search = await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, specification_ids: specs });
    const { warehouse } = await hubRequest({ name: "Hub Spento", lat: 45.44, lng: 10.98 }, specs);
    await approve(warehouse.id);
    const run = await runAlerts();
    expect(run.alerts).toMatchObject({ emails: 0, skipped: 1 });
    expect(await alertMails(hunter.email)).toEqual([]);
    const [match] = await t.db.selectFrom("saved_search_matches").selectAll().where("saved_search_id", "=", search.id).execute();
    expect(match!.alerted_at).not.toBeNull();
    expect(await t.db.selectFrom("saved_search_alerts").selectAll().where("saved_search_id", "=", search.id).execute()).toEqual([]);
  });

  it("shows 20 warehouses and counts the others", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter", lang: "en" });
    await makeSavedSearch(t.db, { user_id: hunter.id, lang: "en", name: "Everything", ...VERONA, radius: 50, specification_ids: specs });
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const { warehouse } = await hubRequest({ name: `Hub Numero ${i}`, lat: 45.2 + i * 0.02, lng: 11.1 }, specs);
      await approve(warehouse.id);
      ids.push(warehouse.id);
    }
    await runAlerts();
    const [mail] = await alertMails(hunter.email);
    expect(mail!.subject).toBe("23 new warehouses for your search “Everything”");
    expect(mail!.text).toContain("…and 3 more: see them all with the search.");
    expect(ids.filter((id) => mail!.text.includes(`Stocker ${id}\n`))).toHaveLength(20);
  });
});

describe("the alerts' clock and rules in memory", () => {
  it("reads Italy's hour whatever the server's time zone", () => {
    expect(hourInItaly(new Date("2026-07-01T06:30:00Z"))).toBe(8);
    expect(hourInItaly(new Date("2026-12-01T06:30:00Z"))).toBe(7);
  });

  it("judges the spaces kept in a change row by the search's rule", () => {
    const rows = spaceRowsFromKept([
      [{ m2_type: "m2", quantity: 400, available_from: "2026-01-01", available_until: null, min_term_months: 0 }],
      [
        { m2_type: "m2", quantity: 900, available_from: "2026-01-01", available_until: "2026-03-31", min_term_months: 0 },
        { m2_type: "pallet", quantity: 900, available_from: "2026-01-01", available_until: null, min_term_months: 0 },
      ],
    ]);
    const ask = spaceAsk({ m2_type: "m2", m2_value: 500 }, "2026-06-01")!;
    expect(judge(rows, 0, ask).match).toBe(-1);
    expect(judge(rows, 1, ask).match).toBe(-1);
    expect(judge(rows, 1, spaceAsk({ m2_type: "m2", m2_value: 500 }, "2026-02-01")!).match).toBe(1);
    expect(judge(rows, 1, spaceAsk({ m2_type: "pallet", m2_value: 500 }, "2026-06-01")!).match).toBe(2);
  });
});

describe("the worker", () => {
  let work: string;
  let smtp: { port: number; close: () => Promise<void> };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-"));
    smtp = await startSmtpCapture(path.join(work, "smtp"));
  });
  afterAll(async () => {
    await smtp?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("matches every minute, sends from ALERT_HOUR, and the outbox delivers the alert", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter", lang: "en" });
    await makeSavedSearch(t.db, { user_id: hunter.id, lang: "en", name: "Worker", ...VERONA, specification_ids: specs });
    const { owner, warehouse } = await hubRequest({ name: "Hub Operaio", lat: 45.43, lng: 11.0 }, specs);
    await subscribeWarehouses(t.db, owner.id, [warehouse.id]);
    await approve(warehouse.id);

    // Before the hour: matched, not sent.
    const early = await runSavedSearchAlerts(t.db, { origin, alertHour: 8 }, { now: new Date("2030-01-15T05:00:00Z") });
    expect(early.matching.matches).toBe(1);
    expect(early.alerts).toBeNull();
    expect(await alertMails(hunter.email)).toEqual([]);

    // The workers' job, with an ALERT_HOUR every hour of the day has reached.
    const services = testServices(t.db);
    const workers = defaultJobs({ ...services, config: { ...services.config, alertHour: 0 } });
    const job = workers.jobs.find((j) => j.name === "saved-search-alerts");
    expect(job?.everyMs).toBe(60_000);
    await job!.run(new AbortController().signal);
    await workers.close();
    const transport = createTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: path.join(work, "unused") });
    try {
      expect(await deliverDueMail(t.db, transport, { from: "Stockspace <no-reply@stockspace.test>", log: pino({ level: "silent" }) })).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      transport.close();
    }
    const caught = (await readMails(path.join(work, "smtp"))).filter((m) => m.to.includes(hunter.email));
    expect(caught).toHaveLength(1);
    expect(caught[0]!.subject).toBe("A new warehouse for your search “Worker”");
    expect(caught[0]!.html).toContain("Hub Operaio");
    expect(caught[0]!.html).toContain(`/en/warehouses/${warehouse.id}`);
    expect(caught[0]!.html).toContain("/en/stock-hunter/profile/saved-searches");
  });
});

describe("npm run alerts:run", () => {
  it("matches the pending changes, queues the alerts due whatever the hour, and says what it did", async () => {
    const specs = await twoSpecs();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await makeSavedSearch(t.db, { user_id: hunter.id, ...VERONA, specification_ids: specs });
    const { warehouse } = await hubRequest({ name: "Hub Da Riga di Comando", lat: 45.45, lng: 11.0 }, specs);
    await approve(warehouse.id);
    const run = () =>
      promisify(execFile)("npm", ["run", "--silent", "alerts:run"], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? os.homedir(), DATABASE_URL: t.url, ORIGIN: origin, ALERT_HOUR: "23" },
      });
    const { stdout } = await run();
    expect(stdout).toContain("matching: 1 changed warehouses read in 1 batches, 1 new matches of saved searches");
    expect(stdout).toContain("alerts: 1 e-mails queued for 1 warehouses");
    const [mail] = await alertMails(hunter.email);
    expect(mail!.text).toContain(`Stocker ${warehouse.id}`);
    // The same rules as the worker's: a second run tells nothing.
    expect((await run()).stdout).toContain("alerts: 0 e-mails queued");
    expect(await alertMails(hunter.email)).toHaveLength(1);
  }, 60_000);
});
