// Saved searches (decision 038) through their JSON calls and pages: a hunter saves, lists (8 a
// page, newest first, specifications named in the page's language), renames, pauses, resumes and
// deletes; bad data is 422 with nothing stored; another hunter's search is 404 and never listed;
// the other roles are refused; the cap per owner. A visitor's search is kept unconfirmed until
// the e-mailed link's page is posted (its GET changes nothing); the link expires, works once, and
// the e-mail is in the visitor's language with none of the visitor's text; the visitor's call is
// limited per client and per address. And the hunter's list's plan on a large table.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { actorOf, makeSavedSearch, makeUser } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { Locale } from "../../lib/locale.ts";
import type { User } from "../db/types.ts";
import { SAVED_SEARCHES_PER_OWNER } from "../../lib/saved-searches.ts";
import { loader as listCall, action as createCall } from "../../routes/api/stock-hunter/saved-searches.ts";
import { action as updateCall, loader as updateGet } from "../../routes/api/stock-hunter/saved-searches.update.ts";
import { action as deleteCall } from "../../routes/api/stock-hunter/saved-searches.delete.ts";
import { action as visitorCall, loader as visitorGet } from "../../routes/api/saved-searches.ts";
import { loader as confirmPage, action as confirmPost } from "../../routes/saved-search-confirm.tsx";
import { savedSearchesPageAction, savedSearchesPageLoader } from "../../routes/shared/saved-search-pages.server.ts";
import { listHunterSavedSearches, VISITOR_SAVES_PER_ADDRESS, VISITOR_SAVES_PER_IP } from "./saved-searches.service.ts";
import { deleteExpiredUnconfirmed, userSavedSearchesCountQuery, userSavedSearchesPageQuery } from "./saved-searches.queries.ts";

const t = useTestDatabase();

let hunter: User;
let otherHunter: User;
let stocker: User;
let referent: User;
let admin: User;
let specs: { picking: number; cctv: number; iso: number };

beforeAll(async () => {
  hunter = await makeUser(t.db, { role: "stock_hunter" });
  otherHunter = await makeUser(t.db, { role: "stock_hunter" });
  stocker = await makeUser(t.db, { role: "stocker" });
  referent = await makeUser(t.db, { role: "referent" });
  admin = await makeUser(t.db, { role: "admin" });
  const rows = await t.db
    .insertInto("specifications")
    .values([
      { cat_id: 1, value: "Picking di prova", value_en: "Test picking", position: 1 },
      { cat_id: 3, value: "Videosorveglianza di prova", value_en: "Test CCTV", position: 1 },
      { cat_id: 7, value: "ISO di prova", value_en: null, position: 1 },
    ])
    .returning("id")
    .execute();
  specs = { picking: rows[0]!.id, cctv: rows[1]!.id, iso: rows[2]!.id };
});

/** Today in Italy plus `days`, 'YYYY-MM-DD'. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });
}

const verona = (fields: Record<string, unknown> = {}) => ({
  name: "Verona, 500 m²",
  location: "Verona (VR), Italia",
  lat: 45.4384,
  lng: 10.9916,
  radius: 30,
  start_date: day(30),
  end_date: day(200),
  m2_type: "m2",
  m2_value: 500,
  specification_ids: [specs.cctv, specs.picking],
  ...fields,
});

const savedOf = (userId: number) => t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", userId).orderBy("id").execute();
const create = (user: User | null, data: unknown, locale: Locale = "it") =>
  callJson(createCall, t.db, { actor: user ? actorOf(user) : null, body: { saved_search_data: data }, locale });
const list = (user: User | null, query = "", locale: Locale = "it") =>
  callJson(listCall, t.db, { method: "GET", path: `/api/stock-hunter/saved-searches${query}`, actor: user ? actorOf(user) : null, locale });
const update = (user: User | null, id: number | string, data: unknown, locale: Locale = "it") =>
  callJson(updateCall, t.db, { actor: user ? actorOf(user) : null, params: { id: String(id) }, body: { saved_search_data: data }, locale });
const remove = (user: User | null, id: number | string) => callJson(deleteCall, t.db, { actor: user ? actorOf(user) : null, params: { id: String(id) } });

describe("a stock hunter's saved searches", () => {
  it("saves the search in the account, confirmed and active at once, in the request's language", async () => {
    const res = await create(hunter, verona({ m2_value: 499.5 }), "en");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(["saved_search_id"]);
    const row = await t.db.selectFrom("saved_searches").selectAll().where("id", "=", res.json.saved_search_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: hunter.id,
      email: null,
      lang: "en",
      name: "Verona, 500 m²",
      location: "Verona (VR), Italia",
      radius: 30,
      start_date: day(30),
      end_date: day(200),
      m2_type: "m2",
      // Declared spaces are whole numbers: 499,5 asked is 500.
      m2_value: 500,
      specification_ids: [specs.cctv, specs.picking],
      paused: false,
      confirm_token_hash: null,
    });
    expect(row.confirmed_at).toBeInstanceOf(Date);
    expect(row.active_since?.getTime()).toBe(row.confirmed_at!.getTime());
    expect(Math.abs(row.confirmed_at!.getTime() - Date.now())).toBeLessThan(60_000);

    // What a search asks with the least: a centre (radius 10, no dates, no quantity, no specification).
    const bare = await create(hunter, { name: "  Punto  ", lat: 45.1, lng: 9.1, m2_value: "" });
    expect(bare.status).toBe(200);
    expect(await t.db.selectFrom("saved_searches").selectAll().where("id", "=", bare.json.saved_search_id).executeTakeFirstOrThrow()).toMatchObject({
      name: "Punto",
      location: "",
      radius: 10,
      start_date: null,
      end_date: null,
      m2_type: "m2",
      m2_value: null,
      specification_ids: [],
      lang: "it",
    });
  });

  it("refuses bad data with 422 and the fields' codes, in the user's language, storing nothing", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: "" }, { name: "required" }],
      [{ name: "x".repeat(81) }, { name: "too_long" }],
      [{ lat: undefined }, { lat: "required" }],
      [{ lat: 91 }, { lat: "too_big" }],
      [{ radius: 301 }, { radius: "too_big" }],
      [{ radius: 0 }, { radius: "too_small" }],
      [
        { start_date: day(40), end_date: day(35) },
        { start_date: "after_end", end_date: "before_start" },
      ],
      [{ start_date: day(-20), end_date: day(-1) }, { end_date: "in_the_past" }],
      [{ start_date: "2026-02-30" }, { start_date: "invalid" }],
      [{ m2_type: "barrels" }, { m2_type: "invalid" }],
      [{ m2_value: -5 }, { m2_value: "too_small" }],
      [{ specification_ids: ["abc"] }, { specification_ids: "invalid" }],
      [{ specification_ids: Array.from({ length: 351 }, (_, i) => i + 1) }, { specification_ids: "too_big" }],
      [{ location: "x".repeat(201) }, { location: "too_long" }],
    ];
    for (const [change, errors] of cases) {
      const res = await create(user, verona(change), "en");
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.json.errors, JSON.stringify(change)).toEqual(errors);
      expect(res.json.message).toBe("Some fields are missing or not valid. Please check the highlighted fields.");
    }
    // An id the catalogue does not have is no criterion.
    const unknown = await create(user, verona({ specification_ids: [specs.iso, 999_999_999] }));
    expect(unknown).toMatchObject({ status: 422, json: { errors: { specification_ids: "invalid" } } });
    expect((await create(user, verona({ specification_ids: [3_000_000_000] }))).status).toBe(422);
    // Not an object, or no object at all.
    expect((await callJson(createCall, t.db, { actor: actorOf(user), body: {} })).status).toBe(422);
    expect((await callJson(createCall, t.db, { actor: actorOf(user), rawBody: "{not json" })).status).toBe(422);
    expect(await savedOf(user.id)).toEqual([]);
  });

  it("lists the hunter's own, newest first, 8 a page, specifications named in the page's language", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await create(user, verona({ name: `Ricerca ${i}`, specification_ids: i === 9 ? [specs.iso, specs.cctv, specs.picking] : [] }));
      ids.push(res.json.saved_search_id);
    }
    await makeSavedSearch(t.db, { user_id: otherHunter.id, name: "Non mia" });
    await makeSavedSearch(t.db, { email: "visitor@example.com", name: "Di un visitatore" });

    const first = await list(user, "", "en");
    expect(first.status).toBe(200);
    expect(first.json.saved_searches_count).toBe(10);
    expect(first.json.saved_searches.map((s: { id: number }) => s.id)).toEqual(ids.slice(2).reverse());
    const newest = first.json.saved_searches[0];
    expect(newest).toMatchObject({ name: "Ricerca 9", state: "active", paused: false, lang: "it", radius: 30, m2_value: 500 });
    // The catalogue's order (category, position); English names, the Italian one when it has none.
    expect(newest.specifications).toEqual([
      { id: specs.picking, value: "Test picking", cat_id: 1 },
      { id: specs.cctv, value: "Test CCTV", cat_id: 3 },
      { id: specs.iso, value: "ISO di prova", cat_id: 7 },
    ]);
    const second = await list(user, "?limit=8&offset=1", "it");
    expect(second.json.saved_searches.map((s: { id: number }) => s.id)).toEqual(ids.slice(0, 2).reverse());
    expect((await list(user, "?offset=5")).json).toEqual({ saved_searches: [], saved_searches_count: 10 });
    expect((await list(user, "?limit=3")).json.saved_searches).toHaveLength(3);
    expect((await list(user, "", "it")).json.saved_searches[0].specifications[0].value).toBe("Picking di prova");
    for (const query of ["?limit=0", "?limit=51", "?offset=-1", "?offset=abc"]) expect((await list(user, query)).status, query).toBe(422);

    // Another hunter's list holds only theirs.
    const theirs = await list(otherHunter);
    expect(theirs.json.saved_searches.map((s: { name: string }) => s.name)).toEqual(["Non mia"]);
  });

  it("renames, pauses and resumes; a resume starts the active time again, a pause keeps it", async () => {
    const { saved_search_id: id } = (await create(hunter, verona({ name: "Da rinominare" }))).json;
    const row = () => t.db.selectFrom("saved_searches").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const before = await row();

    expect(await update(hunter, id, { name: "  Verona grande  " })).toMatchObject({ status: 200, json: { saved_search_id: id } });
    expect(await row()).toMatchObject({ name: "Verona grande", paused: false });

    expect((await update(hunter, id, { paused: true })).status).toBe(200);
    const paused = await row();
    expect(paused.paused).toBe(true);
    expect(paused.active_since?.getTime()).toBe(before.active_since?.getTime());
    expect((await list(hunter)).json.saved_searches.find((s: { id: number }) => s.id === id).state).toBe("paused");

    await new Promise((r) => setTimeout(r, 20));
    expect((await update(hunter, id, { paused: "0" })).status).toBe(200);
    const resumed = await row();
    expect(resumed.paused).toBe(false);
    expect(resumed.active_since!.getTime()).toBeGreaterThan(before.active_since!.getTime());

    // Resuming an active search changes nothing of its time.
    expect((await update(hunter, id, { paused: false })).status).toBe(200);
    expect((await row()).active_since?.getTime()).toBe(resumed.active_since?.getTime());

    // Nothing to change, a blank name, a flag that is none: 422, unchanged.
    expect(await update(hunter, id, {}, "en")).toMatchObject({ status: 422, json: { errors: { saved_search_data: "required" } } });
    expect(await update(hunter, id, { name: " " })).toMatchObject({ status: 422, json: { errors: { name: "required" } } });
    expect(await update(hunter, id, { paused: "maybe" })).toMatchObject({ status: 422, json: { errors: { paused: "invalid" } } });
    expect((await callJson(updateCall, t.db, { actor: actorOf(hunter), params: { id: String(id) }, body: {} })).status).toBe(422);
    expect((await row()).name).toBe("Verona grande");
    expect((await callJson(updateGet, t.db, { method: "GET", actor: actorOf(hunter), params: { id: String(id) } })).status).toBe(405);
  });

  it("deletes the hunter's own", async () => {
    const { saved_search_id: id } = (await create(hunter, verona({ name: "Da eliminare" }))).json;
    expect(await remove(hunter, id)).toMatchObject({ status: 200, json: { saved_search_id: id } });
    expect(await t.db.selectFrom("saved_searches").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect((await remove(hunter, id)).status).toBe(404);
  });

  it("answers another hunter's search as one that does not exist (404), and changes nothing", async () => {
    const theirs = await makeSavedSearch(t.db, { user_id: otherHunter.id, name: "Di un altro" });
    const visitors = await makeSavedSearch(t.db, { email: "someone@example.com", name: "Di un visitatore" });
    for (const id of [theirs.id, visitors.id, 999_999_999]) {
      expect(await update(hunter, id, { name: "Mia" }, "en")).toMatchObject({
        status: 404,
        json: { error: "not_found", message: "We could not find what you were looking for." },
      });
      expect((await update(hunter, id, { paused: true })).status).toBe(404);
      expect((await remove(hunter, id)).status).toBe(404);
    }
    expect((await update(hunter, "abc", { name: "Mia" })).status).toBe(422);
    const still = await t.db.selectFrom("saved_searches").selectAll().where("id", "in", [theirs.id, visitors.id]).orderBy("id").execute();
    expect(still.map((s) => [s.name, s.paused])).toEqual([
      ["Di un altro", false],
      ["Di un visitatore", false],
    ]);
    expect((await list(hunter)).json.saved_searches.map((s: { id: number }) => s.id)).not.toContain(theirs.id);
  });

  it("refuses the other roles (403) and visitors (401) on every hunter call", async () => {
    const own = await makeSavedSearch(t.db, { user_id: hunter.id });
    for (const user of [stocker, referent, admin, null]) {
      const status = user ? 403 : 401;
      expect((await create(user, verona())).status).toBe(status);
      expect((await list(user)).status).toBe(status);
      expect((await update(user, own.id, { name: "X" })).status).toBe(status);
      expect((await remove(user, own.id)).status).toBe(status);
    }
    expect((await t.db.selectFrom("saved_searches").select("name").where("id", "=", own.id).executeTakeFirstOrThrow()).name).toBe(own.name);
    expect(await t.db.selectFrom("saved_searches").select("id").where("user_id", "in", [stocker.id, referent.id, admin.id]).execute()).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_OWNER} a hunter: the next is 409 in the user's language`, async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    await t.db
      .insertInto("saved_searches")
      .values(
        Array.from({ length: SAVED_SEARCHES_PER_OWNER - 1 }, (_, i) => ({
          user_id: user.id,
          lang: "it" as const,
          name: `R${i}`,
          location: "",
          lat: 45,
          lng: 9,
          radius: 10,
        })),
      )
      .execute();
    // Two at once for the last place: one gets it.
    const both = await Promise.all([create(user, verona({ name: "A" })), create(user, verona({ name: "B" }))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = await create(user, verona(), "en");
    expect(refused).toMatchObject({
      status: 409,
      json: { error: "saved_search_limit", message: `You already have ${SAVED_SEARCHES_PER_OWNER} saved searches: delete one to save another.` },
    });
    expect((await create(user, verona(), "it")).json.message).toBe(
      `Hai già ${SAVED_SEARCHES_PER_OWNER} ricerche salvate: eliminane una per salvarne un'altra.`,
    );
    expect(await savedOf(user.id)).toHaveLength(SAVED_SEARCHES_PER_OWNER);
  });
});

describe("the hunter's page", () => {
  const context = (user: User, locale: Locale = "it") => testContext(t.db, { actor: actorOf(user), locale }) as unknown as Readonly<RouterContextProvider>;
  const status = async (p: Promise<unknown>) => {
    try {
      await p;
      return 200;
    } catch (err) {
      return (err as { init?: { status?: number } }).init?.status ?? (err as Response).status;
    }
  };
  const load = (user: User, search = "", params: Record<string, string> = {}, locale: Locale = "it") =>
    savedSearchesPageLoader({
      request: new Request(`http://stockspace.test/it/stock-hunter/profile/saved-searches${search}`),
      params,
      context: context(user, locale),
    });
  const post = (user: User, fields: Record<string, string>, params: Record<string, string> = {}) =>
    savedSearchesPageAction({
      request: new Request("http://stockspace.test/it/stock-hunter/profile/saved-searches", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params,
      context: context(user),
    });

  it("loads the owner's page (?page=N), in the hunter's area and in an administrator's view", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    for (let i = 0; i < 9; i++) await makeSavedSearch(t.db, { user_id: user.id, name: `S${i}` });
    const first = await load(user, "", {}, "en");
    expect(first).toMatchObject({ saved_searches_count: 9, page: 1, pages: 2, locale: "en", frame: { asAdmin: false } });
    expect(first.saved_searches).toHaveLength(8);
    expect((await load(user, "?page=2")).saved_searches.map((s) => s.name)).toEqual(["S0"]);
    // A page number that is none is the first page; one past the last, the last.
    expect((await load(user, "?page=abc")).page).toBe(1);
    expect(await load(user, "?page=7")).toMatchObject({ page: 2, pages: 2, saved_searches: [{ name: "S0" }] });
    const asAdmin = await load(admin, "", { userId: String(user.id) });
    expect(asAdmin).toMatchObject({ saved_searches_count: 9, locale: "it", frame: { asAdmin: true, base: `/admin/stock-hunter/${user.id}` } });
    expect(await status(load(stocker))).toBe(403);
    expect(await status(load(admin, "", { userId: String(stocker.id) }))).toBe(404);
  });

  it("renames, pauses, resumes and deletes through the action, with the JSON calls' shapes; another's is not_found", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    const own = await makeSavedSearch(t.db, { user_id: user.id, name: "Vecchio nome" });
    expect(await post(user, { intent: "update", id: String(own.id), "saved_search_data[name]": "Nuovo nome" })).toEqual({
      ok: true,
      intent: "update",
      change: "renamed",
      saved_search_id: own.id,
    });
    expect(await post(user, { intent: "update", id: String(own.id), "saved_search_data[paused]": "1" })).toMatchObject({ change: "paused" });
    expect(await post(user, { intent: "update", id: String(own.id), "saved_search_data[paused]": "0" })).toMatchObject({ change: "resumed" });
    // A blank name comes back to its field with what was typed.
    expect(await post(user, { intent: "update", id: String(own.id), "saved_search_data[name]": "   " })).toMatchObject({
      ok: false,
      intent: "update",
      error: "invalid",
      errors: { name: "required" },
      values: { name: "   " },
    });
    const theirs = await makeSavedSearch(t.db, { user_id: otherHunter.id, name: "Loro" });
    expect(await post(user, { intent: "delete", id: String(theirs.id) })).toMatchObject({ ok: false, intent: "delete", error: "not_found" });
    expect(await post(user, { intent: "rename", id: String(own.id) })).toMatchObject({ ok: false, error: "invalid" });
    expect(await t.db.selectFrom("saved_searches").select(["name", "paused"]).where("id", "=", own.id).executeTakeFirstOrThrow()).toEqual({
      name: "Nuovo nome",
      paused: false,
    });
    // An administrator's view reads and changes nothing.
    expect(await status(post(admin, { intent: "delete", id: String(own.id) }, { userId: String(user.id) }))).toBe(403);
    expect(await post(user, { intent: "delete", id: String(own.id) })).toEqual({ ok: true, intent: "delete", saved_search_id: own.id });
    expect(await savedOf(user.id)).toEqual([]);
  });
});

describe("a visitor's saved search", () => {
  let ipCounter = 0;
  const newIp = () => `198.51.100.${++ipCounter}`;
  const visitorSave = (data: Record<string, unknown>, opts: { locale?: Locale; ip?: string; user?: User | null; hp?: string } = {}) =>
    callJson(visitorCall, t.db, {
      actor: opts.user ? actorOf(opts.user) : null,
      body: { saved_search_data: data, ...(opts.hp !== undefined ? { hp: opts.hp } : {}) },
      locale: opts.locale ?? "it",
      ip: opts.ip ?? newIp(),
    });
  const byEmail = (email: string) => t.db.selectFrom("saved_searches").selectAll().where("email", "=", email).orderBy("id").execute();
  const mailsTo = (email: string) => t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", email).orderBy("id").execute();
  const confirmContext = (ip: string, locale: Locale = "it") => testContext(t.db, { actor: null, locale, ip }) as unknown as Readonly<RouterContextProvider>;
  const openLink = (token: string) =>
    confirmPage({
      request: new Request(`http://stockspace.test/it/saved-searches/confirm/${token}`),
      params: { locale: "it", token },
      context: confirmContext(newIp()),
    });
  const postLink = (token: string, ip = newIp()) =>
    confirmPost({
      request: new Request(`http://stockspace.test/it/saved-searches/confirm/${token}`, {
        method: "POST",
        body: new URLSearchParams({ _xsrf: "x" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: { locale: "it", token },
      context: confirmContext(ip),
    });
  const tokenIn = (text: string) => /\/saved-searches\/confirm\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

  it("keeps it unconfirmed and mails a link in the visitor's language, with none of the visitor's text", async () => {
    const email = "visitatore.uno@example.com";
    const data = verona({ name: "Zzyzx nome scelto", location: "Qwxyz località scritta", email: " Visitatore.Uno@Example.com ", privacy: true });
    const res = await visitorSave(data, { locale: "en" });
    expect(res).toMatchObject({ status: 200, json: { confirmed: false } });
    const [row] = await byEmail(email);
    expect(row).toMatchObject({ user_id: null, lang: "en", name: "Zzyzx nome scelto", confirmed_at: null, active_since: null, paused: false });
    expect(row!.privacy_accepted_at).toBeInstanceOf(Date);
    const days = (row!.confirm_expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: "saved_search_confirm", lang: "en", subject: "Confirm your saved search on Stockspace", kind: null });
    const token = tokenIn(mail!.text)!;
    expect(mail!.text).toContain(`http://stockspace.test/en/saved-searches/confirm/${token}`);
    expect(mail!.html).toContain(`/en/saved-searches/confirm/${token}`);
    // Only the token's SHA-256 is kept.
    expect(row!.confirm_token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    for (const typed of ["Zzyzx", "Qwxyz", "500", "Verona"]) {
      expect(mail!.text).not.toContain(typed);
      expect(mail!.html).not.toContain(typed);
      expect(mail!.subject).not.toContain(typed);
    }

    // Opening the link (what a mail scanner does) confirms nothing.
    expect(await openLink(token)).toEqual({ status: "valid" });
    expect((await byEmail(email))[0]!.confirmed_at).toBeNull();

    // The page's button does.
    expect(await postLink(token)).toEqual({ ok: true });
    const [confirmed] = await byEmail(email);
    expect(confirmed!.confirmed_at).toBeInstanceOf(Date);
    expect(confirmed!.active_since?.getTime()).toBe(confirmed!.confirmed_at!.getTime());
    expect(confirmed!.confirm_token_hash).toBeNull();
    expect(confirmed!.confirm_expires_at).toBeNull();

    // Once: the link is used up.
    expect(await openLink(token)).toEqual({ status: "invalid" });
    expect(await postLink(token)).toMatchObject({ ok: false, error: "token_invalid" });
    expect((await byEmail(email))[0]!.confirmed_at?.getTime()).toBe(confirmed!.confirmed_at!.getTime());
  });

  it("writes the e-mail in Italian to an Italian visitor", async () => {
    const email = "visitatore.it@example.com";
    expect((await visitorSave(verona({ email, privacy: "1" }), { locale: "it" })).status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ lang: "it", subject: "Conferma la tua ricerca salvata su Stockspace" });
    expect(mail!.text).toContain("/it/saved-searches/confirm/");
    expect((await byEmail(email))[0]!.lang).toBe("it");
  });

  it("refuses an expired link and an unknown one, with pages that say so", async () => {
    const email = "scaduto@example.com";
    await visitorSave(verona({ email, privacy: true }));
    const token = tokenIn((await mailsTo(email))[0]!.text)!;
    await t.db
      .updateTable("saved_searches")
      .set({ confirm_expires_at: new Date(Date.now() - 1000) })
      .where("email", "=", email)
      .execute();
    expect(await openLink(token)).toEqual({ status: "expired" });
    expect(await postLink(token)).toMatchObject({ ok: false, error: "token_expired" });
    expect((await byEmail(email))[0]!.confirmed_at).toBeNull();

    for (const bad of ["A".repeat(43), "short", "not a token!", "x".repeat(500)]) {
      expect(await openLink(bad)).toEqual({ status: "invalid" });
      expect(await postLink(bad)).toMatchObject({ ok: false, error: "token_invalid" });
    }

    // The expired one is gone a day after its link, with its address; a confirmed or waiting one stays.
    const waiting = await makeSavedSearch(t.db, {
      email: "attesa@example.com",
      confirmed_at: null,
      active_since: null,
      confirm_expires_at: new Date(Date.now() + 86_400_000),
    });
    await t.db
      .updateTable("saved_searches")
      .set({ confirm_expires_at: new Date(Date.now() - 2 * 86_400_000) })
      .where("email", "=", email)
      .execute();
    await deleteExpiredUnconfirmed(t.db);
    expect(await byEmail(email)).toEqual([]);
    expect(await byEmail(waiting.email!)).toHaveLength(1);
  });

  it("asks for the address and the privacy consent, and stores nothing without them", async () => {
    const before = await t.db.selectFrom("saved_searches").select("id").execute();
    const outbox = await t.db.selectFrom("mail_outbox").select("id").execute();
    expect(await visitorSave(verona(), { locale: "en" })).toMatchObject({ status: 422, json: { errors: { email: "required", privacy: "required" } } });
    expect(await visitorSave(verona({ email: "not-an-address", privacy: true }))).toMatchObject({ status: 422, json: { errors: { email: "email" } } });
    expect(await visitorSave(verona({ email: "ok@example.com", privacy: false }))).toMatchObject({ status: 422, json: { errors: { privacy: "required" } } });
    expect(await visitorSave(verona({ email: "ok@example.com", privacy: true, radius: 1000 }))).toMatchObject({
      status: 422,
      json: { errors: { radius: "too_big" } },
    });
    // An address that has an account logs in instead.
    expect(await visitorSave(verona({ email: hunter.email.toUpperCase(), privacy: true }))).toMatchObject({
      status: 422,
      json: { error: "email_taken", errors: { email: "taken" } },
    });
    expect(await t.db.selectFrom("saved_searches").select("id").execute()).toHaveLength(before.length);
    expect(await t.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(outbox.length);
    expect((await callJson(visitorGet, t.db, { method: "GET" })).status).toBe(405);
  });

  it("answers a robot that fills the honeypot as if saved, and keeps nothing", async () => {
    const email = "robot@example.com";
    expect(await visitorSave(verona({ email, privacy: true }), { hp: "http://spam.example" })).toMatchObject({ status: 200, json: { confirmed: false } });
    expect(await byEmail(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("saves a logged-in hunter's in the account (no e-mail), and refuses the other roles", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    const res = await visitorSave(verona({ email: "typed@example.com", privacy: false }), { user });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ confirmed: true, saved_search_id: expect.any(Number) });
    const [row] = await savedOf(user.id);
    expect(row).toMatchObject({ id: res.json.saved_search_id, email: null, confirm_token_hash: null });
    expect(row!.confirmed_at).toBeInstanceOf(Date);
    expect(await mailsTo("typed@example.com")).toEqual([]);
    for (const other of [stocker, referent, admin])
      expect((await visitorSave(verona({ email: "typed@example.com", privacy: true }), { user: other })).status).toBe(403);
    expect(await byEmail("typed@example.com")).toEqual([]);
  });

  it(`is limited per address (${VISITOR_SAVES_PER_ADDRESS.max} a day) and per client (${VISITOR_SAVES_PER_IP.max} an hour): 429 with a clear sentence`, async () => {
    const email = "molte@example.com";
    for (let i = 0; i < VISITOR_SAVES_PER_ADDRESS.max; i++) expect((await visitorSave(verona({ email, privacy: true }))).status).toBe(200);
    const refused = await visitorSave(verona({ email, privacy: true }), { locale: "en" });
    expect(refused).toMatchObject({
      status: 429,
      json: { error: "saved_search_too_many", message: "Too many searches saved from here in a short time: please try again later." },
    });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await byEmail(email)).toHaveLength(VISITOR_SAVES_PER_ADDRESS.max);
    expect(await mailsTo(email)).toHaveLength(VISITOR_SAVES_PER_ADDRESS.max);

    const ip = "203.0.113.99";
    for (let i = 0; i < VISITOR_SAVES_PER_IP.max; i++)
      expect((await visitorSave(verona({ email: `ip${i}@example.com`, privacy: true }), { ip })).status).toBe(200);
    const fromIp = await visitorSave(verona({ email: "ip-last@example.com", privacy: true }), { ip, locale: "it" });
    expect(fromIp).toMatchObject({ status: 429, json: { message: "Troppe ricerche salvate da qui in poco tempo: riprova più tardi." } });
    expect(await byEmail("ip-last@example.com")).toEqual([]);
    expect(await mailsTo("ip-last@example.com")).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_OWNER} for one address, counting the ones whose link still works`, async () => {
    const email = "piena@example.com";
    const rows = (expires: Date | null, confirmed: Date | null) => ({
      email,
      lang: "it" as const,
      name: "R",
      location: "",
      lat: 45,
      lng: 9,
      radius: 10,
      confirm_expires_at: expires,
      confirmed_at: confirmed,
    });
    await t.db
      .insertInto("saved_searches")
      .values([
        ...Array.from({ length: SAVED_SEARCHES_PER_OWNER - 1 }, () => rows(null, new Date())),
        // An expired link does not count.
        rows(new Date(Date.now() - 1000), null),
      ])
      .execute();
    expect((await visitorSave(verona({ email, privacy: true }))).status).toBe(200);
    expect(await visitorSave(verona({ email, privacy: true }), { locale: "en" })).toMatchObject({ status: 409, json: { error: "saved_search_limit" } });
  });
});

// 100,000 searches of 2,000 hunters (50 each) and 20,000 visitors' ones: a hunter's page must be
// read by saved_searches_user_idx, not by walking the table.
const SAVED_SEARCHES_CATALOGUE = defineCatalogue("saved_searches", async (db) => {
  await sql`insert into users (email, role, invite_code) select 'ss-' || g || '@plan.test', 'stock_hunter', 'SSPLAN' || g from generate_series(1, 2000) g`.execute(
    db,
  );
  await sql`
    insert into saved_searches (user_id, lang, name, location, lat, lng, radius, confirmed_at, active_since, created_at)
    select u.id, 'it', 'Ricerca ' || g, 'Milano', 45 + (g % 100) / 100.0, 9 + (g % 97) / 100.0, 10 + g % 50, now(), now(), now() - (g || ' minutes')::interval
    from generate_series(1, 100000) g
    join users u on u.email = 'ss-' || (1 + g % 2000) || '@plan.test'`.execute(db);
  await sql`
    insert into saved_searches (email, lang, name, location, lat, lng, radius, confirmed_at, active_since)
    select 'v' || g || '@plan.test', 'en', 'Visitor ' || g, 'Roma', 41.9, 12.5, 20, now(), now() from generate_series(1, 20000) g`.execute(db);
  await sql`vacuum analyze saved_searches`.execute(db);
});

describe("the hunter's list on a large table", () => {
  const c = useCatalogueDatabase(SAVED_SEARCHES_CATALOGUE);
  it("reads a page and the count by saved_searches_user_idx, never the whole table", async () => {
    const user = await c.db.selectFrom("users").select("id").where("email", "=", "ss-1000@plan.test").executeTakeFirstOrThrow();
    for (const offset of [0, 40]) {
      const plan = await queryPlan(c.db, userSavedSearchesPageQuery(c.db, { userId: user.id, limit: 8, offset }));
      expect(plan).not.toMatch(/Seq Scan on saved_searches/);
      expect(plan).toMatch(/Index Scan using saved_searches_user_idx/);
      expect(plan).not.toMatch(/Sort/);
    }
    const countPlan = await queryPlan(c.db, userSavedSearchesCountQuery(c.db, user.id));
    expect(countPlan).not.toMatch(/Seq Scan on saved_searches/);
    expect(countPlan).toMatch(/saved_searches_user_idx/);
    const page = await listHunterSavedSearches(c.db, user.id, { page: 1, limit: 8, locale: "it" });
    expect(page.saved_searches_count).toBe(50);
    expect(page.saved_searches).toHaveLength(8);
  });
});
