// A saved search from end to end, through the calls a hunter, a visitor, the back office, an
// owner and a mail provider make: the hunter saves a search around Verona for 500 m² with two
// specifications; the back office approves a matching warehouse and one that lacks a
// specification; an owner declares 600 m² on a warehouse that had none; the alert run sends one
// e-mail of the two that match, and the next run nothing. The e-mail's List-Unsubscribe link,
// posted as a mail provider does (no cookie), stops the alerts, and the hunter's preferences say
// so. Another hunter can neither see, rename nor delete the search. A visitor's search sends
// nothing until its address is confirmed.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { actorOf, attachSpecifications, makeSpecification, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import type { User } from "../db/types.ts";
import type { SpaceValue } from "../../lib/spaces.ts";
import { decideHubRequest } from "../warehouses/admin-warehouses.service.ts";
import { updateWarehouseSpaces } from "../warehouses/warehouse-editing.service.ts";
import { dayNumber, isoDay } from "../search/spaces.ts";
import { todayInItaly } from "../../lib/format.ts";
import { runSavedSearchAlerts } from "./alerts.service.ts";
import { action as createCall, loader as listCall } from "../../routes/api/stock-hunter/saved-searches.ts";
import { action as updateCall } from "../../routes/api/stock-hunter/saved-searches.update.ts";
import { action as deleteCall } from "../../routes/api/stock-hunter/saved-searches.delete.ts";
import { action as visitorCall } from "../../routes/api/saved-searches.ts";
import { action as confirmPost } from "../../routes/saved-search-confirm.tsx";
import { action as unsubscribePost } from "../../routes/unsubscribe.tsx";
import { loader as preferencesCall } from "../../routes/api/stock-hunter/profile.email-preferences.ts";

const t = useTestDatabase();
const origin = "http://stockspace.test";
const ctx = { origin, supportEmail: "help@stockspace.test" };
const DAY = 86_400_000;

let admin: User;
let hunter: User;
let otherHunter: User;
let specs: number[];

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  hunter = await makeUser(t.db, { role: "stock_hunter", first_name: "Ilaria" });
  otherHunter = await makeUser(t.db, { role: "stock_hunter" });
  specs = [(await makeSpecification(t.db, { cat_id: 1 })).id, (await makeSpecification(t.db, { cat_id: 3 })).id];
});

const day = (offset: number) => isoDay(dayNumber(todayInItaly()) + offset);
const space = (quantity: number): SpaceValue => ({
  m2_type: "m2",
  quantity,
  available_from: day(-1),
  available_until: null,
  min_term_months: 0,
  price_month: 420,
  price_public: true,
});
const runAlerts = (now = new Date()) => runSavedSearchAlerts(t.db, { origin, alertHour: 8 }, { now, force: true });
const alertMails = (to: string) =>
  t.db.selectFrom("mail_outbox").selectAll().where("template", "=", "saved_search_alert").where("to_address", "=", to).orderBy("id").execute();

/** A stocker's warehouse near Verona waiting for approval, with specifications and a declared space, its subscription paid (its name is public). */
async function hubRequest(name: string, lat: number, lng: number, withSpecs: number[]) {
  const owner = await makeUser(t.db, { role: "stocker" });
  const warehouse = await makeWarehouse(t.db, { name, city: "Verona", lat, lng, user_id: owner.id, is_hub: true, to_approve: true, status: "pending" });
  await attachSpecifications(t.db, warehouse.id, withSpecs);
  await updateWarehouseSpaces(t.db, actorOf(owner), warehouse.id, [space(800)]);
  await subscribeWarehouses(t.db, owner.id, [warehouse.id]);
  return warehouse;
}
const approve = (warehouseId: number) => decideHubRequest(t.db, actorOf(admin), warehouseId, { status: "approved", note: null }, ctx);

const search = (fields: Record<string, unknown> = {}) => ({
  name: "Verona, 500 m²",
  location: "Verona (VR), Italia",
  lat: 45.4384,
  lng: 10.9916,
  radius: 30,
  start_date: null,
  end_date: null,
  m2_type: "m2",
  m2_value: 500,
  specification_ids: specs,
  ...fields,
});

describe("a saved search, from the search page to the alert and the unsubscribe", () => {
  it("alerts once of the two warehouses that start to match, and one click without a cookie stops the alerts", async () => {
    const saved = await callJson(createCall, t.db, { actor: actorOf(hunter), body: { saved_search_data: search() }, locale: "it" });
    expect(saved.status).toBe(200);
    const id = saved.json.saved_search_id as number;

    // Another hunter cannot read, rename or delete it; it stays as it was.
    const theirList = await callJson(listCall, t.db, { method: "GET", path: "/api/stock-hunter/saved-searches", actor: actorOf(otherHunter) });
    expect(theirList.json.saved_searches).toEqual([]);
    const rename = await callJson(updateCall, t.db, { actor: actorOf(otherHunter), params: { id: String(id) }, body: { saved_search_data: { name: "Mia" } } });
    expect(rename.status).toBe(404);
    expect((await callJson(deleteCall, t.db, { actor: actorOf(otherHunter), params: { id: String(id) } })).status).toBe(404);
    expect(await t.db.selectFrom("saved_searches").select(["name", "paused"]).where("id", "=", id).executeTakeFirst()).toEqual({
      name: "Verona, 500 m²",
      paused: false,
    });

    // A listed warehouse near Verona with both specifications and no space yet.
    const ownerOfEmpty = await makeUser(t.db, { role: "stocker" });
    const empty = await makeWarehouse(t.db, { name: "Deposito Zai", city: "Verona", lat: 45.41, lng: 10.96, user_id: ownerOfEmpty.id });
    await attachSpecifications(t.db, empty.id, specs);
    await runAlerts();
    expect(await alertMails(hunter.email)).toEqual([]);

    // The back office approves a matching warehouse and one without the second specification;
    // the owner of the listed one declares 600 m² free.
    const matching = await hubRequest("Polo Logistico Verona Sud", 45.4, 11.0, specs);
    const lacking = await hubRequest("Magazzino Senza Allarme", 45.45, 10.99, [specs[0]!]);
    await approve(matching.id);
    await approve(lacking.id);
    await updateWarehouseSpaces(t.db, actorOf(ownerOfEmpty), empty.id, [space(600)]);

    await runAlerts();
    const [mail, ...more] = await alertMails(hunter.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain("Polo Logistico Verona Sud");
    expect(mail!.text).toContain(`/it/warehouses/${matching.id}`);
    // Not redeemed: shown as the search shows it, anonymised.
    expect(mail!.text).toContain(`Stocker ${empty.id}`);
    expect(mail!.text).not.toContain("Magazzino Senza Allarme");
    expect(mail!.text).not.toContain(`Stocker ${lacking.id}`);
    // A second run sends nothing.
    await runAlerts(new Date(Date.now() + DAY));
    expect(await alertMails(hunter.email)).toHaveLength(1);

    // The mail carries a one-click link for alerts to this address; a mail provider posts it, no cookie.
    expect(mail!.kind).toBe("alerts");
    const link = /<(https?:\/\/[^>]+\/unsubscribe\/([^>]+))>/.exec(mail!.list_unsubscribe ?? "");
    expect(link).not.toBeNull();
    const [, url, token] = link!;
    const providerPost = await unsubscribePost({
      request: new Request(url!, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: { locale: "it", token: decodeURIComponent(token!) },
      context: testContext(t.db, { actor: null, locale: "it" }),
    } as never);
    expect(providerPost).toMatchObject({ ok: true });

    // The preferences show alerts off, the other kinds on.
    const preferences = await callJson(preferencesCall, t.db, { method: "GET", actor: actorOf(hunter) });
    expect(preferences.json.email_preferences).toEqual({ requests: true, deal: true, reminders: true, alerts: false, news: true });

    // A third warehouse starts to match: it is recorded, but no e-mail goes.
    const third = await hubRequest("Terzo Magazzino Verona", 45.42, 10.97, specs);
    await approve(third.id);
    await runAlerts(new Date(Date.now() + 2 * DAY));
    expect(await alertMails(hunter.email)).toHaveLength(1);
    const told = await t.db.selectFrom("saved_search_matches").select("warehouse_id").where("saved_search_id", "=", id).execute();
    expect(told.map((r) => r.warehouse_id).sort((a, b) => a - b)).toEqual([matching.id, empty.id, third.id].sort((a, b) => a - b));
  });

  it("sends a visitor's search nothing until its address is confirmed, then tells only what starts to match after", async () => {
    const email = "visitatore.verona@example.com";
    const saved = await callJson(visitorCall, t.db, {
      actor: null,
      body: { saved_search_data: { ...search({ name: "Verona per un visitatore" }), email, privacy: true } },
      locale: "en",
      ip: "198.51.100.77",
    });
    expect(saved).toMatchObject({ status: 200, json: { confirmed: false } });

    const before = await hubRequest("Prima della conferma", 45.44, 10.98, specs);
    await approve(before.id);
    await runAlerts();
    expect(await alertMails(email)).toEqual([]);

    const confirmMail = await t.db
      .selectFrom("mail_outbox")
      .select("text")
      .where("to_address", "=", email)
      .where("template", "=", "saved_search_confirm")
      .executeTakeFirstOrThrow();
    const token = /\/saved-searches\/confirm\/([A-Za-z0-9_-]+)/.exec(confirmMail.text)![1]!;
    const confirmed = await confirmPost({
      request: new Request(`${origin}/en/saved-searches/confirm/${token}`, {
        method: "POST",
        body: new URLSearchParams({ _xsrf: "x" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: { locale: "en", token },
      context: testContext(t.db, { actor: null, locale: "en", ip: "198.51.100.78" }),
    } as never);
    expect(confirmed).toEqual({ ok: true });

    // Confirmed after the first warehouse was approved: only the next one is news.
    const after = await hubRequest("Dopo la conferma", 45.43, 11.01, specs);
    await approve(after.id);
    await runAlerts(new Date(Date.now() + 3 * DAY));
    const mails = await alertMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.lang).toBe("en");
    expect(mails[0]!.text).toContain("Dopo la conferma");
    expect(mails[0]!.text).not.toContain("Prima della conferma");
  });
});
