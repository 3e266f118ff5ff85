// Reading notifications in the areas: the list (newest first, in the reader's language, paged,
// filtered), marking one read (its own user only, once; never by an administrator's view), the
// JSON calls of the two paths with their refusals, the pages' loader and action, and the list's
// plan on a large table.
import { beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { openArea } from "../areas/area-access.ts";
import { createNotification, listNotifications, localizedText, markNotificationRead } from "./notifications.service.ts";
import { notificationsPageQuery } from "./notifications.queries.ts";
import { loader as hunterList } from "../../routes/api/stock-hunter/notifications.ts";
import { action as hunterRead, loader as hunterReadGet } from "../../routes/api/stock-hunter/notifications.set-as-read.ts";
import { loader as referentList } from "../../routes/api/referent/notifications.ts";
import { action as referentRead } from "../../routes/api/referent/notifications.set-as-read.ts";
import { notificationLink, notificationsPageAction, notificationsPageLoader } from "../../routes/shared/notification-pages.server.ts";
import type { AreaRole } from "../../lib/area-paths.ts";

// The page's loader and action for one role, called as the route calls them.
type PageCall = Parameters<ReturnType<typeof notificationsPageLoader>>[0];
const loadNotificationsPage = (args: PageCall, role: AreaRole) => notificationsPageLoader(role)(args);
const notificationsAction = (args: PageCall, role: AreaRole) => notificationsPageAction(role)(args);

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";

let hunter: User;
let otherHunter: User;
let stocker: User;
let referent: User;
let admin: User;

/** A notification for `userId`, created at `iso`. */
async function notify(userId: number, opts: { iso?: string; type?: string; title?: string; message?: string; data?: Record<string, string> } = {}) {
  const id = await createNotification(t.db, {
    userId,
    type: opts.type ?? "quote_request",
    title: (locale) => `${opts.title ?? "Titolo"} ${locale}`,
    message: (locale) => (opts.message ?? "Messaggio {locale}").replace("{locale}", locale),
    data: opts.data,
  });
  if (opts.iso)
    await t.db
      .updateTable("notifications")
      .set({ created_at: new Date(opts.iso) })
      .where("id", "=", id)
      .execute();
  return id;
}

const readAt = async (id: number) => (await t.db.selectFrom("notifications").select("read_at").where("id", "=", id).executeTakeFirstOrThrow()).read_at;

beforeAll(async () => {
  hunter = await makeUser(t.db, { role: "stock_hunter" });
  otherHunter = await makeUser(t.db, { role: "stock_hunter" });
  stocker = await makeUser(t.db, { role: "stocker" });
  referent = await makeUser(t.db, { role: "referent" });
  admin = await makeUser(t.db, { role: "admin" });
});

describe("listing a user's notifications", () => {
  it("pages them newest first in the reader's language, counts them, and filters unread ones and a type", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    const ids = [];
    for (let day = 1; day <= 10; day++)
      ids.push(await notify(user.id, { iso: `2030-01-${String(day).padStart(2, "0")}T10:00:00Z`, type: day % 2 ? "quote_request" : "review_received" }));
    await notify(otherHunter.id, { iso: "2030-02-01T10:00:00Z" });
    await t.db.updateTable("notifications").set({ read_at: new Date() }).where("id", "in", ids.slice(0, 4)).execute();

    const first = await listNotifications(t.db, user.id, { page: 0, limit: 8, locale: "en" });
    expect(first.notifications_count).toBe(10);
    expect(first.notifications.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 8));
    expect(first.notifications[0]).toMatchObject({ title: "Titolo en", message: "Messaggio en", type: "review_received", read_at: null });
    const second = await listNotifications(t.db, user.id, { page: 1, limit: 8, locale: "it" });
    expect(second.notifications.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    expect(second.notifications[0]!.title).toBe("Titolo it");

    const unread = await listNotifications(t.db, user.id, { page: 0, limit: 8, locale: "it", filters: { unread: true } });
    expect(unread.notifications_count).toBe(6);
    expect(unread.notifications.every((n) => n.read_at === null)).toBe(true);
    const reviews = await listNotifications(t.db, user.id, { page: 0, limit: 8, locale: "it", filters: { type: "review_received", unread: true } });
    expect(reviews.notifications.map((n) => n.id)).toEqual([ids[9], ids[7], ids[5]]);
    expect(reviews.notifications_count).toBe(3);
  });

  it("reads a stored text in the other language when the asked one is missing", () => {
    expect(localizedText({ it: "Ciao" }, "en")).toBe("Ciao");
    expect(localizedText({ it: "Ciao", en: "Hello" }, "en")).toBe("Hello");
    expect(localizedText({}, "it")).toBe("");
  });
});

describe("marking a notification read", () => {
  it("marks the user's own once (the first read_at stays) and refuses anyone else's", async () => {
    const id = await notify(hunter.id);
    expect(await markNotificationRead(t.db, actorOf(hunter), id)).toEqual({ notification_id: id, marked: true });
    const first = await readAt(id);
    expect(first).toBeInstanceOf(Date);
    expect(await markNotificationRead(t.db, actorOf(hunter), id)).toEqual({ notification_id: id, marked: false });
    expect(await readAt(id)).toEqual(first);

    const theirs = await notify(otherHunter.id);
    await expect(markNotificationRead(t.db, actorOf(hunter), theirs)).rejects.toBeInstanceOf(NotFoundError);
    await expect(markNotificationRead(t.db, actorOf(hunter), theirs, { foreign: "forbidden" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(markNotificationRead(t.db, actorOf(hunter), 999_999_999, { foreign: "forbidden" })).rejects.toBeInstanceOf(NotFoundError);
    expect(await readAt(theirs)).toBeNull();
  });

  it("does not mark anything read in an administrator's view of the user's area", async () => {
    const id = await notify(stocker.id);
    const view = await openArea(t.db, actorOf(admin), "stocker", stocker.id);
    expect(await markNotificationRead(t.db, view, id)).toEqual({ notification_id: id, marked: false });
    expect(await readAt(id)).toBeNull();
    // Still only the viewed user's notifications.
    await expect(markNotificationRead(t.db, view, await notify(hunter.id))).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the JSON calls", () => {
  it("GET /api/stock-hunter/notifications answers the hunter's and the stocker's own, with safe markup", async () => {
    const id = await notify(hunter.id, {
      message: 'Ciao <b>Mario</b><script>alert(1)</script>\n<a href="javascript:alert(1)">x</a>',
      data: { url: "/it/stock-hunter/profile/messages" },
    });
    await notify(otherHunter.id);
    const res = await callJson(hunterList, t.db, {
      method: "GET",
      path: "/api/stock-hunter/notifications?limit=8&offset=0",
      actor: actorOf(hunter),
      locale: "en",
    });
    expect(res.status).toBe(200);
    const mine = res.json.notifications.find((n: { id: number }) => n.id === id);
    expect(mine.message).toBe("Ciao <b>Mario</b><br />x");
    expect(mine).toMatchObject({
      title: "Titolo en",
      read_at: null,
      data: { url: "/it/stock-hunter/profile/messages", title: "Titolo en", message: mine.message },
    });
    expect(res.json.notifications_count).toBe(res.json.notifications.length);
    expect(Object.keys(mine).sort()).toEqual(["created_at", "data", "id", "message", "read_at", "title", "type"]);

    const stockerOwn = await notify(stocker.id);
    const asStocker = await callJson(hunterList, t.db, { method: "GET", path: "/api/stock-hunter/notifications", actor: actorOf(stocker) });
    expect(asStocker.json.notifications.map((n: { id: number }) => n.id)).toContain(stockerOwn);
    expect(asStocker.json.notifications.map((n: { id: number }) => n.id)).not.toContain(id);

    const filtered = await callJson(hunterList, t.db, {
      method: "GET",
      path: "/api/stock-hunter/notifications?filters[unread]=1&filters[type]=nothing_like_this",
      actor: actorOf(hunter),
    });
    expect(filtered.json).toEqual({ notifications: [], notifications_count: 0 });
  });

  it("refuses other roles, visitors and bad queries", async () => {
    const get = (fn: typeof hunterList, path: string, user: User | null) => callJson(fn, t.db, { method: "GET", path, actor: user ? actorOf(user) : null });
    expect((await get(hunterList, "/api/stock-hunter/notifications", referent)).status).toBe(403);
    expect((await get(hunterList, "/api/stock-hunter/notifications", admin)).status).toBe(403);
    expect((await get(hunterList, "/api/stock-hunter/notifications", null)).status).toBe(401);
    expect((await get(referentList, "/api/referent/notifications", hunter)).status).toBe(403);
    expect((await get(referentList, "/api/referent/notifications", stocker)).status).toBe(403);
    expect((await get(referentList, "/api/referent/notifications", referent)).status).toBe(200);
    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=51", "limit"],
      ["limit=abc", "limit"],
      ["offset=-1", "offset"],
      ["offset=1.5", "offset"],
      ["filters[unread]=maybe", "filters.unread"],
      ["filters[type]=Robert');DROP", "filters.type"],
    ]) {
      const res = await get(hunterList, `/api/stock-hunter/notifications?${query}`, hunter);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.json.errors), query).toEqual([field]);
    }
  });

  it("POST …/set-as-read marks the caller's own; another user's is 403, a missing one 404; the method is checked", async () => {
    const own = await notify(referent.id);
    const res = await callJson(referentRead, t.db, { params: { id: String(own) }, actor: actorOf(referent) });
    expect(res).toMatchObject({ status: 200, json: { notification_id: own } });
    expect(await readAt(own)).toBeInstanceOf(Date);
    expect((await callJson(referentRead, t.db, { params: { id: String(own) }, actor: actorOf(referent) })).status).toBe(200);

    const hunters = await notify(hunter.id);
    const stranger = await callJson(hunterRead, t.db, { params: { id: String(hunters) }, actor: actorOf(otherHunter) });
    expect(stranger.status).toBe(403);
    expect((await callJson(hunterRead, t.db, { params: { id: String(hunters) }, actor: actorOf(stocker) })).status).toBe(403);
    expect((await callJson(referentRead, t.db, { params: { id: String(hunters) }, actor: actorOf(hunter) })).status).toBe(403);
    expect(await readAt(hunters)).toBeNull();
    expect((await callJson(hunterRead, t.db, { params: { id: "999999999" }, actor: actorOf(hunter) })).status).toBe(404);
    expect((await callJson(hunterRead, t.db, { params: { id: "abc" }, actor: actorOf(hunter) })).status).toBe(422);
    expect((await callJson(hunterRead, t.db, { params: { id: String(hunters) }, actor: null })).status).toBe(401);
    expect((await callJson(hunterReadGet, t.db, { method: "GET", params: { id: String(hunters) }, actor: actorOf(hunter) })).status).toBe(405);

    expect((await callJson(hunterRead, t.db, { params: { id: String(hunters) }, actor: actorOf(hunter) })).json).toEqual({ notification_id: hunters });
    expect(await readAt(hunters)).toBeInstanceOf(Date);
  });
});

describe("the notifications pages", () => {
  const context = (user: User | null) => testContext(t.db, { actor: user ? actorOf(user) : null }) as unknown as Readonly<RouterContextProvider>;
  const status = async (p: Promise<unknown>) => {
    try {
      await p;
      return 200;
    } catch (err) {
      return (err as { init?: { status?: number } }).init?.status ?? (err as Response).status;
    }
  };
  const post = (user: User, role: "stocker" | "stock_hunter", fields: Record<string, string>, params: Record<string, string> = {}) => {
    const request = new Request(`${ORIGIN}/it/x/notifications`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    return notificationsAction({ request, params, context: context(user) }, role);
  };

  it("loads a page with sanitized messages and the selected notification; another's selected one is a 404", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter" });
    const id = await notify(user.id, {
      message: '<p onclick="x()">Richiesta <a href="https://example.com" target="_blank">vista</a></p><img src=x onerror=alert(1)>',
      data: { url: "/en/stock-hunter/profile/messages?page=2", review_url: "/en/warehouses/1/requests/2/review" },
    });
    const load = (search: string, who: User = user) =>
      loadNotificationsPage(
        { request: new Request(`${ORIGIN}/it/stock-hunter/profile/notifications${search}`), params: {}, context: context(who) },
        "stock_hunter",
      );
    const page = await load(`?selected=${id}`);
    expect(page.notifications_count).toBe(1);
    expect(page.pages).toBe(1);
    expect(page.selected).toMatchObject({
      id,
      html: '<p>Richiesta <a href="https://example.com" rel="noopener noreferrer">vista</a></p>',
      preview: "Richiesta vista",
      url: "/it/stock-hunter/profile/messages?page=2",
      review_url: "/it/warehouses/1/requests/2/review",
    });
    // Opening the page does not mark it read: selecting it in the browser does, through the action.
    expect(await readAt(id)).toBeNull();
    expect(await status(load(`?selected=${await notify(otherHunter.id)}`))).toBe(404);
    expect((await load("?selected=abc")).selected).toBeNull();
    expect(await status(load("", stocker))).toBe(403);
  });

  it("marks read through the action for the user, never in an administrator's view; bad input and another's notification come back to the page", async () => {
    const id = await notify(stocker.id);
    const asAdmin = await post(admin, "stocker", { intent: "read", id: String(id) }, { userId: String(stocker.id) });
    expect(asAdmin).toEqual({ ok: true, notification_id: id });
    expect(await readAt(id)).toBeNull();
    const audited = await t.db.selectFrom("audit_log").select("id").where("admin_id", "=", admin.id).execute();
    expect(audited).toHaveLength(0);

    expect(await post(stocker, "stocker", { intent: "read", id: String(id) })).toEqual({ ok: true, notification_id: id });
    expect(await readAt(id)).toBeInstanceOf(Date);

    // The page action's failure (pageAction): the field codes and the sentence in the page's language.
    const bad = await post(stocker, "stocker", { intent: "delete", id: "x" });
    expect(bad).toMatchObject({ ok: false, intent: "delete", error: "invalid", errors: { intent: "invalid", id: "invalid" } });
    const theirs = await notify(hunter.id);
    // Another user's notification is not found, like a missing one.
    expect(await post(stocker, "stocker", { intent: "read", id: String(theirs) })).toMatchObject({ ok: false, error: "not_found" });
    expect(await status(post(hunter, "stocker", { intent: "read", id: String(theirs) }))).toBe(403);
    expect(await readAt(theirs)).toBeNull();
  });

  it("keeps a notification's links on this site and inside the viewed area", () => {
    const own = { base: "/en/stocker/profile", locale: "en" as const, owner: { role: "stocker" as const } } as Parameters<typeof notificationLink>[1];
    const adminView = { base: "/admin/stocker/42", locale: "it" as const, owner: { role: "stocker" as const } } as Parameters<typeof notificationLink>[1];
    expect(notificationLink("/it/stocker/profile/messages", own)).toBe("/en/stocker/profile/messages");
    expect(notificationLink("/it/stocker/profile", adminView)).toBe("/admin/stocker/42");
    expect(notificationLink("/it/stocker/profile/reviews?show=reports", adminView)).toBe("/admin/stocker/42/reviews?show=reports");
    expect(notificationLink("/it/referent/profile/messages", own)).toBeNull();
    expect(notificationLink("/it/warehouses/5", own)).toBe("/en/warehouses/5");
    expect(notificationLink("/admin/warehouses/5/edit", own)).toBe("/admin/warehouses/5/edit");
    for (const bad of ["https://evil.example", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", undefined, 7])
      expect(notificationLink(bad, own)).toBeNull();
  });
});

const NOTIFICATIONS_CATALOGUE = defineCatalogue("notifications", async (db) => {
  const first = (await makeUser(db, { role: "stock_hunter" })).id;
  await sql`insert into users (email, role, invite_code) select 'notif-' || g || '@plan.test', 'stock_hunter', 'NOTIF' || g from generate_series(1, 2000) g`.execute(
    db,
  );
  await sql`
    insert into notifications (user_id, type, title, message, created_at, read_at)
    select ${first} + 1 + (g % 2000), case when g % 3 = 0 then 'review_received' else 'quote_request' end,
           '{"it":"t","en":"t"}', '{"it":"m","en":"m"}', now() - (g || ' minutes')::interval,
           case when g % 4 = 0 then null else now() end
    from generate_series(1, 200000) g`.execute(db);
  await sql`vacuum analyze notifications`.execute(db);
});

describe("the list's plan on a large table", () => {
  const t = useCatalogueDatabase(NOTIFICATIONS_CATALOGUE);
  let userId: number;
  beforeAll(async () => {
    // One of the 2,000 users: 100 notifications.
    userId = (await t.db.selectFrom("users").select("id").where("email", "=", "notif-1000@plan.test").executeTakeFirstOrThrow()).id;
  });
  it("reads a user's page by notifications_user_id_created_at_idx, never the whole table", async () => {
    for (const filters of [
      { unread: false, type: null },
      { unread: true, type: null },
      { unread: false, type: "review_received" },
    ]) {
      const compiled = notificationsPageQuery(t.db, { userId, filters, limit: 8, offset: 16 }).compile();
      const { rows } = await t.db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan, JSON.stringify(filters)).not.toMatch(/Seq Scan on notifications/);
      // The unread ones come from the partial index notifications_unread_idx (the user's unread only).
      expect(plan, JSON.stringify(filters)).toMatch(
        filters.unread ? /notifications_(unread|user_id_created_at)_idx/ : /Index Scan using notifications_user_id_created_at_idx/,
      );
    }
    const list = await listNotifications(t.db, userId, { page: 0, limit: 8, locale: "it" });
    expect(list.notifications_count).toBe(100);
    expect(list.notifications).toHaveLength(8);
  });
});
