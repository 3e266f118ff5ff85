// The conversation on a request link: both directions with their notifications and e-mails, a
// visitor through the personal link, the order, the limits, bad input, who may read and write
// (another owner or referent 403, another hunter 404, anonymous 401, an administrator reads,
// audited, and never writes), through the JSON endpoints as the routes export them.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { adminLinkMessages, linkMessages, postMessage, requestMessages } from "./conversation.service.ts";
import { resolveRequestAccess } from "./request-access.service.ts";
import { MESSAGES_PER_AUTHOR_MINUTE, MESSAGES_PER_LINK_DAY, MESSAGES_PER_VISITOR_HOUR } from "./conversation-limits.ts";
import { handleMessageIntent, messageIntentSchema } from "../../routes/shared/conversation-intents.server.ts";
import * as stockerRoute from "../../routes/api/stocker/warehouse-requests.messages.ts";
import * as referentRoute from "../../routes/api/referent/warehouse-requests.messages.ts";
import * as hunterRoute from "../../routes/api/stock-hunter/warehouse-requests.messages.ts";
import * as adminRoute from "../../routes/api/admin/warehouse-requests.messages.ts";
import { loader as adminRequestsLoader } from "../../routes/admin/requests.tsx";
import { hunterRequestsPageAction, hunterRequestsPageLoader } from "../../routes/shared/request-pages.server.ts";

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";

/** A hunter's request to a warehouse with an owner and a referent, and to another owner's warehouse. */
async function scene() {
  const owner = await makeUser(t.db, { role: "stocker", first_name: "Olga", lang: "it" });
  const referent = await makeUser(t.db, { role: "referent", first_name: "Renato", lang: "en" });
  const hunter = await makeUser(t.db, { role: "stock_hunter", first_name: "Ugo" });
  const w = await makeWarehouse(t.db, { user_id: owner.id, referent_id: referent.id, name: "Deposito Nord" });
  const otherOwner = await makeUser(t.db, { role: "stocker" });
  const otherReferent = await makeUser(t.db, { role: "referent" });
  const w2 = await makeWarehouse(t.db, { user_id: otherOwner.id, referent_id: otherReferent.id });
  const { request, links } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.id, w2.id] });
  return { owner, referent, hunter, otherOwner, otherReferent, request, link: links[0]!, otherLink: links[1]! };
}

const get = (route: { loader: unknown }, user: User | null, linkId: number) =>
  callJson(route.loader as never, t.db, { method: "GET", actor: user ? actorOf(user) : null, params: { id: String(linkId) } });
const post = (route: { action: unknown }, user: User | null, linkId: number, body: unknown) =>
  callJson(route.action as never, t.db, { actor: user ? actorOf(user) : null, params: { id: String(linkId) }, body });

async function messagesOf(linkId: number) {
  return t.db.selectFrom("request_messages").selectAll().where("link_id", "=", linkId).orderBy("id").execute();
}
async function mailsTo(address: string) {
  return t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", address).orderBy("id").execute();
}
async function notesOf(userId: number) {
  return t.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}
async function counts() {
  const n = async (table: "request_messages" | "mail_outbox" | "notifications") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { messages: await n("request_messages"), mails: await n("mail_outbox"), notes: await n("notifications") };
}

describe("the conversation, both ways", () => {
  it("hunter → owner and referent, told in the app and by e-mail with the text and the link", async () => {
    const s = await scene();
    const res = await post(hunterRoute, s.hunter, s.link.id, { message: "  Potete partire da marzo?\r\nGrazie  " });
    expect(res.status).toBe(200);
    expect(res.json.message_id).toEqual(expect.any(Number));

    const [row] = await messagesOf(s.link.id);
    expect(row).toMatchObject({ id: res.json.message_id, side: "hunter", kind: "message", author_id: s.hunter.id, body: "Potete partire da marzo?\nGrazie" });

    for (const [who, path] of [
      [s.owner, `/it/stocker/profile/messages/${s.link.id}`],
      [s.referent, `/en/referent/profile/messages/${s.link.id}`],
    ] as const) {
      const notes = await notesOf(who.id);
      expect(notes.map((n) => n.type)).toEqual(["deal_message"]);
      expect(notes[0]!.data).toMatchObject({ link_id: s.link.id, url: path, quote: "Potete partire da marzo? Grazie" });
      const mails = await mailsTo(who.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("Potete partire da marzo?");
      expect(mails[0]!.text).toContain(`${ORIGIN}${path}`);
    }
    // The other warehouse's handlers hear nothing.
    expect(await notesOf(s.otherOwner.id)).toEqual([]);
  });

  it("handler → hunter, and each side reads the thread oldest first with its own authors", async () => {
    const s = await scene();
    await post(hunterRoute, s.hunter, s.link.id, { message: "Prima domanda" });
    const res = await post(referentRoute, s.referent, s.link.id, { message: "Risposta del referente" });
    expect(res.status).toBe(200);
    await post(stockerRoute, s.owner, s.link.id, { message: "E del proprietario" });

    const notes = await notesOf(s.hunter.id);
    expect(notes.map((n) => n.type)).toEqual(["deal_message", "deal_message"]);
    expect(notes[0]!.data).toMatchObject({ url: `/it/stock-hunter/profile/messages/${s.request.id}`, quote: "Risposta del referente" });
    const mails = await mailsTo(s.hunter.email);
    expect(mails).toHaveLength(2);
    // The warehouse is not redeemed: the hunter reads it anonymised.
    expect(mails[0]!.text).not.toContain("Deposito Nord");
    expect(mails[0]!.text).toContain("Risposta del referente");

    const hunterView = await get(hunterRoute, s.hunter, s.link.id);
    expect(hunterView.status).toBe(200);
    expect(hunterView.json.messages.map((x: { body: string; author: string; mine: boolean; side: string }) => [x.body, x.author, x.mine, x.side])).toEqual([
      ["Prima domanda", "Tu", true, "hunter"],
      ["Risposta del referente", "Renato", false, "handler"],
      ["E del proprietario", "Olga", false, "handler"],
    ]);
    const ownerView = await get(stockerRoute, s.owner, s.link.id);
    expect(ownerView.json.messages.map((x: { author: string; mine: boolean }) => [x.author, x.mine])).toEqual([
      ["Il richiedente", false],
      ["Renato", false],
      ["Tu", true],
    ]);
    const referentView = await get(referentRoute, s.referent, s.link.id);
    expect(referentView.json.messages.map((x: { author: string }) => x.author)).toEqual(["Il richiedente", "Tu", "Olga"]);
  });

  it("shows an ask for changes among the messages, with its kind", async () => {
    const s = await scene();
    await t.db
      .insertInto("request_messages")
      .values({ link_id: s.link.id, side: "hunter", kind: "changes", author_id: s.hunter.id, body: "Prezzo più basso?" })
      .execute();
    await post(stockerRoute, s.owner, s.link.id, { message: "Vediamo" });
    const view = await linkMessages(t.db, { kind: "hunter", userId: s.hunter.id }, s.link.id, { locale: "it" });
    expect(view.messages.map((x) => [x.kind, x.body])).toEqual([
      ["changes", "Prezzo più basso?"],
      ["message", "Vediamo"],
    ]);
  });

  it("handler → visitor: an e-mail to the request's address with the personal link", async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    const { request, links } = await makeRequest(t.db, { userId: null, warehouseIds: [w.id], contact: "visitatore@example.test" });
    const res = await post(stockerRoute, owner, links[0]!.id, { message: "Possiamo offrirvi 300 m²" });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo("visitatore@example.test");
    expect(mail!.text).toContain("Possiamo offrirvi 300 m²");
    const token = /\/it\/requests\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    expect(await resolveRequestAccess(t.db, token)).toBe(request.id);
  });

  it("a visitor writes through the personal link's request, and no other request's links", async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    const visitor = await makeRequest(t.db, { userId: null, warehouseIds: [w.id] });
    const other = await makeRequest(t.db, { userId: null, warehouseIds: [w.id] });
    const who = { kind: "visitor" as const, requestId: visitor.request.id };

    const { message_id } = await postMessage(t.db, who, visitor.links[0]!.id, { message: "Sono un visitatore" }, { origin: ORIGIN });
    const [row] = await messagesOf(visitor.links[0]!.id);
    expect(row).toMatchObject({ id: message_id, side: "hunter", author_id: null });
    expect((await notesOf(owner.id)).map((n) => n.type)).toEqual(["deal_message"]);
    const view = await linkMessages(t.db, who, visitor.links[0]!.id, { locale: "en" });
    expect(view.messages.map((x) => [x.author, x.mine])).toEqual([["You", true]]);

    await expect(postMessage(t.db, who, other.links[0]!.id, { message: "x" }, { origin: ORIGIN })).rejects.toMatchObject({ status: 404 });
    await expect(linkMessages(t.db, who, other.links[0]!.id, { locale: "it" })).rejects.toMatchObject({ status: 404 });
    const threads = await requestMessages(t.db, who, visitor.request.id, { locale: "it" });
    expect(threads.get(visitor.links[0]!.id)!.messages).toHaveLength(1);
    await expect(requestMessages(t.db, who, other.request.id, { locale: "it" })).rejects.toMatchObject({ status: 404 });
  });

  it("gives the hunter every thread of a request, by link, and nobody else's", async () => {
    const s = await scene();
    await post(hunterRoute, s.hunter, s.link.id, { message: "Al primo" });
    await post(stockerRoute, s.otherOwner, s.otherLink.id, { message: "Dal secondo" });
    const threads = await requestMessages(t.db, { kind: "hunter", userId: s.hunter.id }, s.request.id, { locale: "it" });
    expect([...threads.entries()].map(([id, th]) => [id, th.messages.map((x) => x.body)])).toEqual([
      [s.link.id, ["Al primo"]],
      [s.otherLink.id, ["Dal secondo"]],
    ]);
    const stranger = await makeUser(t.db, { role: "stock_hunter" });
    await expect(requestMessages(t.db, { kind: "hunter", userId: stranger.id }, s.request.id, { locale: "it" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("limits and bad input", () => {
  it(`refuses an author's message past ${MESSAGES_PER_AUTHOR_MINUTE.max} a minute with 429, storing and sending nothing`, async () => {
    const s = await scene();
    for (let i = 0; i < MESSAGES_PER_AUTHOR_MINUTE.max; i++) expect((await post(hunterRoute, s.hunter, s.link.id, { message: `n. ${i}` })).status).toBe(200);
    const before = await counts();
    // Across links: the limit is the author's.
    const res = await post(hunterRoute, s.hunter, s.otherLink.id, { message: "uno di troppo" });
    expect(res.status).toBe(429);
    expect(res.json.error).toBe("too_many_messages");
    expect(res.json.message).toContain(String(MESSAGES_PER_AUTHOR_MINUTE.max));
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    // The other side still answers.
    expect((await post(stockerRoute, s.owner, s.link.id, { message: "Rispondo io" })).status).toBe(200);
  });

  it(`refuses a link's message past ${MESSAGES_PER_LINK_DAY.max} a day, both sides together`, async () => {
    const s = await scene();
    const earlier = new Date(Date.now() - 3 * 3600 * 1000);
    await t.db
      .insertInto("request_messages")
      .values(
        Array.from({ length: MESSAGES_PER_LINK_DAY.max }, (_, i) => ({
          link_id: s.link.id,
          side: i % 2 ? ("hunter" as const) : ("handler" as const),
          author_id: i % 2 ? s.hunter.id : s.owner.id,
          body: `vecchio ${i}`,
          created_at: earlier,
        })),
      )
      .execute();
    const res = await post(referentRoute, s.referent, s.link.id, { message: "ancora" });
    expect(res.status).toBe(429);
    expect((await messagesOf(s.link.id)).length).toBe(MESSAGES_PER_LINK_DAY.max);
    // Another link of the same request is not affected.
    expect((await post(hunterRoute, s.hunter, s.otherLink.id, { message: "altro magazzino" })).status).toBe(200);
  });

  it(`counts a visitor's messages by request: ${MESSAGES_PER_VISITOR_HOUR.max} an hour over all its links`, async () => {
    const w1 = await makeWarehouse(t.db, {});
    const w2 = await makeWarehouse(t.db, {});
    const visitor = await makeRequest(t.db, { userId: null, warehouseIds: [w1.id, w2.id] });
    const earlier = new Date(Date.now() - 20 * 60 * 1000);
    await t.db
      .insertInto("request_messages")
      .values(
        Array.from({ length: MESSAGES_PER_VISITOR_HOUR.max }, (_, i) => ({
          link_id: visitor.links[i % 2]!.id,
          side: "hunter" as const,
          body: `v${i}`,
          created_at: earlier,
        })),
      )
      .execute();
    await expect(
      postMessage(t.db, { kind: "visitor", requestId: visitor.request.id }, visitor.links[0]!.id, { message: "di troppo" }, { origin: ORIGIN }),
    ).rejects.toMatchObject({ status: 429, code: "too_many_messages" });
  });

  it("answers 422 for a message too long, blank or with a NUL, storing nothing", async () => {
    const s = await scene();
    const before = await counts();
    for (const [message, code] of [
      ["x".repeat(4001), "too_long"],
      ["   \n  ", "required"],
      ["ciao\u0000", "invalid"],
      [undefined, "required"],
    ] as const) {
      const res = await post(hunterRoute, s.hunter, s.link.id, { message });
      expect(res.status, String(code)).toBe(422);
      expect(res.json.errors).toEqual({ message: code });
    }
    expect(await counts()).toEqual(before);
    expect((await post(hunterRoute, s.hunter, s.link.id, { message: "x".repeat(4000) })).status).toBe(200);
  });

  it("keeps markup as text", async () => {
    const s = await scene();
    await post(hunterRoute, s.hunter, s.link.id, { message: "<script>alert(1)</script> <b>ciao</b>" });
    const view = await get(stockerRoute, s.owner, s.link.id);
    expect(view.json.messages[0].body).toBe("<script>alert(1)</script> <b>ciao</b>");
  });
});

describe("who may read and write", () => {
  it("refuses another owner and another referent with 403, on both methods", async () => {
    const s = await scene();
    expect((await get(stockerRoute, s.otherOwner, s.link.id)).status).toBe(403);
    expect((await post(stockerRoute, s.otherOwner, s.link.id, { message: "intruso" })).status).toBe(403);
    expect((await get(referentRoute, s.otherReferent, s.link.id)).status).toBe(403);
    expect((await post(referentRoute, s.otherReferent, s.link.id, { message: "intruso" })).status).toBe(403);
    // The owner is not the referent: each area answers for its own role.
    expect((await post(referentRoute, s.owner, s.link.id, { message: "x" })).status).toBe(403);
    expect(await messagesOf(s.link.id)).toEqual([]);
  });

  it("answers another hunter 404, and a missing link 404", async () => {
    const s = await scene();
    const stranger = await makeUser(t.db, { role: "stock_hunter" });
    expect((await get(hunterRoute, stranger, s.link.id)).status).toBe(404);
    expect((await post(hunterRoute, stranger, s.link.id, { message: "intruso" })).status).toBe(404);
    expect((await get(hunterRoute, s.hunter, 99_999_999)).status).toBe(404);
    expect((await post(stockerRoute, s.owner, 99_999_999, { message: "x" })).status).toBe(404);
    expect((await get(hunterRoute, s.hunter, "abc" as never)).status).toBe(422);
    expect(await messagesOf(s.link.id)).toEqual([]);
  });

  it("answers anonymous 401 and another role 403", async () => {
    const s = await scene();
    for (const route of [stockerRoute, referentRoute, hunterRoute, adminRoute]) expect((await get(route, null, s.link.id)).status).toBe(401);
    for (const route of [stockerRoute, referentRoute, hunterRoute]) expect((await post(route, null, s.link.id, { message: "x" })).status).toBe(401);
    expect((await post(hunterRoute, s.owner, s.link.id, { message: "x" })).status).toBe(403);
    expect((await get(stockerRoute, s.hunter, s.link.id)).status).toBe(403);
    expect((await get(adminRoute, s.owner, s.link.id)).status).toBe(403);
  });

  it("lets an administrator read a thread from the back office, audited, and never write", async () => {
    const s = await scene();
    const admin = await makeUser(t.db, { role: "admin" });
    await post(hunterRoute, s.hunter, s.link.id, { message: "Per l'assistenza" });

    const res = await get(adminRoute, admin, s.link.id);
    expect(res.status).toBe(200);
    expect(res.json.messages.map((x: { body: string; author: string; mine: boolean }) => [x.body, x.author, x.mine])).toEqual([
      ["Per l'assistenza", "Il richiedente", false],
    ]);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("admin_id", "=", admin.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "warehouse_request.thread_read", entity_type: "warehouse_request", entity_id: s.request.id });
    expect(audit[0]!.details).toMatchObject({ link_id: s.link.id, messages: 1 });
    // A missing link: 404, nothing audited.
    expect((await get(adminRoute, admin, 99_999_999)).status).toBe(404);
    expect(await t.db.selectFrom("audit_log").selectAll().where("admin_id", "=", admin.id).execute()).toHaveLength(1);

    // No write, by any door: the back office's call has no POST, the areas' calls are not the administrator's,
    // and an administrator looking at the owner's area reads but cannot post.
    const before = await counts();
    expect((await post(adminRoute, admin, s.link.id, { message: "x" })).status).toBe(405);
    for (const route of [stockerRoute, referentRoute, hunterRoute]) expect((await post(route, admin, s.link.id, { message: "x" })).status).toBe(403);
    const asAdmin = { kind: "handler" as const, actor: actorOf(admin), owner: { id: s.owner.id, role: "stocker" as const }, asAdmin: true };
    expect((await linkMessages(t.db, asAdmin, s.link.id, { locale: "it" })).messages).toHaveLength(1);
    await expect(postMessage(t.db, asAdmin, s.link.id, { message: "x" }, { origin: ORIGIN })).rejects.toMatchObject({ status: 403 });
    await expect(handleMessageIntent(t.db, asAdmin, { intent: "message", link_id: s.link.id, message: "x" }, { origin: ORIGIN })).rejects.toMatchObject({
      status: 403,
    });
    await expect(adminLinkMessages(t.db, actorOf(s.owner), s.link.id, { locale: "it" })).rejects.toMatchObject({ status: 403 });
    expect(await counts()).toEqual(before);
  });
});

describe("the pages' message intent", () => {
  it("posts as the service does, and answers another owner's link as not found", async () => {
    const s = await scene();
    const body = messageIntentSchema.parse({ intent: "message", link_id: String(s.link.id), message: " Ciao " });
    expect(body).toEqual({ intent: "message", link_id: s.link.id, message: "Ciao" });
    const owner = { kind: "handler" as const, actor: actorOf(s.owner), owner: { id: s.owner.id, role: "stocker" as const }, asAdmin: false };
    const result = await handleMessageIntent(t.db, owner, body, { origin: ORIGIN });
    expect(result).toMatchObject({ ok: true, intent: "message", link_id: s.link.id, message_id: expect.any(Number) });
    const other = { kind: "handler" as const, actor: actorOf(s.otherOwner), owner: { id: s.otherOwner.id, role: "stocker" as const }, asAdmin: false };
    await expect(handleMessageIntent(t.db, other, body, { origin: ORIGIN })).rejects.toMatchObject({ status: 404 });
    expect(messageIntentSchema.safeParse({ intent: "message", link_id: "1", message: "" }).success).toBe(false);
    // A box's text within the limit with its line breaks passes, though a browser posts each break as two characters.
    const lines = `${"x".repeat(999)}\r\n`.repeat(4).trimEnd();
    expect(lines.replace(/\r\n/g, "\n").length).toBe(3999);
    expect(messageIntentSchema.safeParse({ intent: "message", link_id: "1", message: lines }).data?.message).toBe(lines.replace(/\r\n/g, "\n"));
  });
});

describe("the back office's request card", () => {
  const load = (path: string, user: User) =>
    adminRequestsLoader({ request: new Request(`http://stockspace.test${path}`), params: {}, context: testContext(t.db, { actor: actorOf(user) }) } as never);
  const reads = (admin: User) =>
    t.db.selectFrom("audit_log").selectAll().where("admin_id", "=", admin.id).where("action", "=", "warehouse_request.thread_read").execute();

  it("shows a warehouse's conversation of the open card, audited each time, and nothing for a link elsewhere", async () => {
    const s = await scene();
    const admin = await makeUser(t.db, { role: "admin" });
    await post(hunterRoute, s.hunter, s.link.id, { message: "Dal richiedente" });
    const search = `search=${encodeURIComponent(s.request.contact)}`;

    const closed = await load(`/admin/requests?${search}&open=${s.request.id}`, admin);
    expect(closed.thread).toBeNull();
    expect(await reads(admin)).toHaveLength(0);

    const shown = await load(`/admin/requests?${search}&open=${s.request.id}&thread=${s.link.id}`, admin);
    expect(shown.thread).toMatchObject({ link_id: s.link.id, messages: [{ body: "Dal richiedente", side: "hunter" }] });
    expect(await reads(admin)).toHaveLength(1);

    // A link that is not in the open card (or no card open): not read, not audited.
    const other = await makeRequest(t.db, { userId: s.hunter.id, warehouseIds: [(await makeWarehouse(t.db, {})).id] });
    expect((await load(`/admin/requests?${search}&open=${s.request.id}&thread=${other.links[0]!.id}`, admin)).thread).toBeNull();
    expect((await load(`/admin/requests?${search}&thread=${s.link.id}`, admin)).thread).toBeNull();
    expect(await reads(admin)).toHaveLength(1);
  });
});

describe("the hunter's requests page", () => {
  const context = (user: User) => testContext(t.db, { actor: actorOf(user) });
  const postForm = (user: User, fields: Record<string, string>, path = "/it/stock-hunter/profile/messages", params: Record<string, string> = {}) =>
    hunterRequestsPageAction({
      request: new Request(`${ORIGIN}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params,
      context: context(user),
    } as never);

  it("opens the selected request with each warehouse's conversation, and writes in one", async () => {
    const s = await scene();
    await post(stockerRoute, s.owner, s.link.id, { message: "Buongiorno" });
    const page = await hunterRequestsPageLoader({
      request: new Request(`${ORIGIN}/it/stock-hunter/profile/messages?selected=${s.request.id}`),
      params: {},
      context: context(s.hunter),
    } as never);
    expect(page.selected).toBe(s.request.id);
    expect(Object.keys(page.conversations).sort()).toEqual([String(s.link.id), String(s.otherLink.id)].sort());
    expect(page.conversations[String(s.link.id)]!.map((x) => [x.author, x.body])).toEqual([["Olga", "Buongiorno"]]);
    expect(page.conversations[String(s.otherLink.id)]).toEqual([]);

    const sent = await postForm(s.hunter, { intent: "message", link_id: String(s.link.id), message: "Grazie,\r\na presto" });
    expect(sent).toMatchObject({ ok: true, intent: "message", link_id: s.link.id });
    expect((await messagesOf(s.link.id)).at(-1)!.body).toBe("Grazie,\na presto");
  });

  it("gives a refused message back with what was typed, and refuses another's link and an administrator's view", async () => {
    const s = await scene();
    const before = await counts();
    const blank = await postForm(s.hunter, { intent: "message", link_id: String(s.link.id), message: "   " });
    expect(blank).toMatchObject({ ok: false, intent: "message", errors: { message: "required" }, values: { link_id: String(s.link.id), message: "   " } });
    const stranger = await makeUser(t.db, { role: "stock_hunter" });
    expect(await postForm(stranger, { intent: "message", link_id: String(s.link.id), message: "intruso" })).toMatchObject({ ok: false, error: "not_found" });
    const admin = await makeUser(t.db, { role: "admin" });
    await expect(
      postForm(admin, { intent: "message", link_id: String(s.link.id), message: "dall'amministrazione" }, `/admin/stock-hunter/${s.hunter.id}/messages`, {
        userId: String(s.hunter.id),
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await counts()).toEqual(before);
  });
});
