// The requester's answers to offers: accept (alone, or declining the request's other open offers
// politely), decline (with or without a reason), ask for changes (kept in the link's thread,
// limited), expiry, offers no longer open, other people's offers; the JSON calls with their
// refusals and bad input; the pages' intents.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeOffer, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { ConflictError, NotFoundError, RateLimitError } from "../errors.ts";
import { pageAction } from "../http/page.ts";
import { todayInItaly } from "../../lib/format.ts";
import { acceptOffer, askForChanges, declineOffer, type Requester } from "./negotiation.service.ts";
import { MESSAGES_PER_AUTHOR_MINUTE } from "./conversation-limits.ts";
import { requestAccessToken, resolveRequestAccess } from "./request-access.service.ts";
import { action as acceptCall } from "../../routes/api/stock-hunter/offers.accept.ts";
import { action as declineCall } from "../../routes/api/stock-hunter/offers.decline.ts";
import { action as askChangesCall } from "../../routes/api/stock-hunter/warehouse-requests.ask-changes.ts";
import { answerIntentSchema, handleAnswerIntent, hunterOfArea, isAnswerIntent, visitorOfToken } from "../../routes/shared/answer-intents.server.ts";

const t = useTestDatabase();
const CTX = { origin: "http://stockspace.test" };

/** A day `n` days from today in Italy's calendar ('YYYY-MM-DD'). */
function dayFromToday(n: number): string {
  const d = new Date(`${todayInItaly()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** An offer on a link, as the handler's offers service would store it (that service is not under test here). */
const insertOffer = (linkId: number, fields: { state?: "open" | "superseded" | "withdrawn"; valid_until?: string; revision?: number } = {}) =>
  makeOffer(t.db, linkId, { min_term_months: 3, valid_until: dayFromToday(10), ...fields });

const offerRow = (id: number) => t.db.selectFrom("request_offers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const notificationsOf = (userId: number) => t.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).orderBy("id").execute();
const mailsTo = (address: string) => t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", address).orderBy("id").execute();

async function counts() {
  const n = async (table: "request_offers" | "request_messages" | "notifications" | "mail_outbox") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const states = await t.db.selectFrom("request_offers").select(["id", "state"]).orderBy("id").execute();
  return {
    offers: await n("request_offers"),
    messages: await n("request_messages"),
    notifications: await n("notifications"),
    mails: await n("mail_outbox"),
    states,
  };
}

type Fixture = {
  hunter: User;
  otherHunter: User;
  ownerA: User;
  referentA: User;
  ownerB: User;
  referentB: User;
  ownerC: User;
  /** The hunter's request to warehouses A (owner + referent), B (owner + referent) and C (owner only). */
  links: { a: number; b: number; c: number };
  requestId: number;
  hunterWho: Requester;
};
let f: Fixture;

beforeEach(async () => {
  const db = t.db;
  const hunter = await makeUser(db, { role: "stock_hunter", lang: "it" });
  const otherHunter = await makeUser(db, { role: "stock_hunter" });
  const ownerA = await makeUser(db, { role: "stocker", lang: "it" });
  const referentA = await makeUser(db, { role: "referent", lang: "en" });
  const ownerB = await makeUser(db, { role: "stocker", lang: "en" });
  const referentB = await makeUser(db, { role: "referent", lang: "it" });
  const ownerC = await makeUser(db, { role: "stocker", lang: "it" });
  const wa = await makeWarehouse(db, { user_id: ownerA.id, referent_id: referentA.id, name: "Deposito Alfa" });
  const wb = await makeWarehouse(db, { user_id: ownerB.id, referent_id: referentB.id, name: "Deposito Beta" });
  const wc = await makeWarehouse(db, { user_id: ownerC.id, name: "Deposito Gamma" });
  const { request, links } = await makeRequest(db, { userId: hunter.id, warehouseIds: [wa.id, wb.id, wc.id] });
  const link = (wid: number) => links.find((l) => l.warehouse_id === wid)!.id;
  f = {
    hunter,
    otherHunter,
    ownerA,
    referentA,
    ownerB,
    referentB,
    ownerC,
    links: { a: link(wa.id), b: link(wb.id), c: link(wc.id) },
    requestId: request.id,
    hunterWho: { kind: "hunter", userId: hunter.id },
  };
});

describe("acceptOffer", () => {
  it("accepts the open offer, asks both handlers to confirm, and leaves the link's state to them", async () => {
    const offer = await insertOffer(f.links.a);
    const other = await insertOffer(f.links.b);
    const result = await acceptOffer(t.db, f.hunterWho, offer.id, { decline_others: false }, CTX);
    expect(result).toEqual({ offer_id: offer.id, link_id: f.links.a, declined_offer_ids: [] });

    const row = await offerRow(offer.id);
    expect(row.state).toBe("accepted");
    expect(row.state_changed_at).not.toBeNull();
    // The others stay open; the link is not confirmed by the requester.
    expect((await offerRow(other.id)).state).toBe("open");
    const link = await t.db.selectFrom("warehouse_request_warehouses").select("state").where("id", "=", f.links.a).executeTakeFirstOrThrow();
    expect(link.state).toBe("pending");

    for (const handler of [f.ownerA, f.referentA]) {
      expect((await notificationsOf(handler.id)).map((n) => n.type)).toEqual(["deal_offer_accepted"]);
      expect((await mailsTo(handler.email)).map((x) => x.template)).toEqual(["deal_step"]);
    }
    expect(await notificationsOf(f.ownerB.id)).toEqual([]);
  });

  it("with decline_others, declines every other open offer of the request, each handler told politely in their language", async () => {
    const offer = await insertOffer(f.links.a);
    const offerB = await insertOffer(f.links.b);
    const offerC = await insertOffer(f.links.c);
    // An expired open offer is declined as well; a withdrawn one is left as it is.
    await t.db.updateTable("request_offers").set({ state: "withdrawn" }).where("id", "=", offerC.id).execute();
    const offerC2 = await insertOffer(f.links.c, { valid_until: dayFromToday(-3) });

    const result = await acceptOffer(t.db, f.hunterWho, offer.id, { decline_others: true }, CTX);
    expect(result.declined_offer_ids.sort()).toEqual([offerB.id, offerC2.id].sort());
    expect((await offerRow(offerB.id)).state).toBe("declined");
    expect((await offerRow(offerB.id)).decline_reason).toBeNull();
    expect((await offerRow(offerC2.id)).state).toBe("declined");
    expect((await offerRow(offerC.id)).state).toBe("withdrawn");

    // Owner B reads English, referent B Italian: the same polite words, each in their language.
    const [noteOwnerB] = await notificationsOf(f.ownerB.id);
    const [noteRefB] = await notificationsOf(f.referentB.id);
    expect(noteOwnerB!.type).toBe("deal_offer_declined");
    expect(noteOwnerB!.data.quote).toMatch(/^Thank you for your offer/);
    expect(noteRefB!.data.quote).toMatch(/^Grazie per la vostra offerta/);
    const [mailOwnerB] = await mailsTo(f.ownerB.email);
    expect(mailOwnerB!.text).toContain("Thank you for your offer");
    const [mailRefB] = await mailsTo(f.referentB.email);
    expect(mailRefB!.text).toContain("Grazie per la vostra offerta");
    expect((await notificationsOf(f.ownerC.id)).map((n) => n.type)).toEqual(["deal_offer_declined"]);
    // The accepted warehouse is asked to confirm, not declined.
    expect((await notificationsOf(f.ownerA.id)).map((n) => n.type)).toEqual(["deal_offer_accepted"]);
  });

  it("takes two acceptances declining the others one after the other: one wins, the other finds its offer declined", async () => {
    const offer = await insertOffer(f.links.a);
    const offerB = await insertOffer(f.links.b);
    const results = await Promise.allSettled([
      acceptOffer(t.db, f.hunterWho, offer.id, { decline_others: true }, CTX),
      acceptOffer(t.db, f.hunterWho, offerB.id, { decline_others: true }, CTX),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, code: "offer_not_open" });
    const states = [(await offerRow(offer.id)).state, (await offerRow(offerB.id)).state].sort();
    expect(states).toEqual(["accepted", "declined"]);
  });

  it("lets the requester accept a second offer of the same request (a split quantity)", async () => {
    const offer = await insertOffer(f.links.a);
    const offerB = await insertOffer(f.links.b);
    await acceptOffer(t.db, f.hunterWho, offer.id, { decline_others: false }, CTX);
    await acceptOffer(t.db, f.hunterWho, offerB.id, { decline_others: false }, CTX);
    expect((await offerRow(offerB.id)).state).toBe("accepted");
  });

  it("refuses an expired offer (409 offer_expired), the last valid day still accepts", async () => {
    const expired = await insertOffer(f.links.a, { valid_until: dayFromToday(-1) });
    const before = await counts();
    await expect(acceptOffer(t.db, f.hunterWho, expired.id, { decline_others: true }, CTX)).rejects.toMatchObject({ status: 409, code: "offer_expired" });
    expect(await counts()).toEqual(before);

    const lastDay = await insertOffer(f.links.b, { valid_until: todayInItaly() });
    await acceptOffer(t.db, f.hunterWho, lastDay.id, { decline_others: false }, CTX);
    expect((await offerRow(lastDay.id)).state).toBe("accepted");
  });

  it("decides expiry by Italy's calendar, not the server's", async () => {
    const offer = await insertOffer(f.links.a, { valid_until: "2031-03-31" });
    // 22:30 UTC on 31 March is already 1 April in Rome (summer time).
    const now = new Date("2031-03-31T22:30:00Z");
    await expect(acceptOffer(t.db, f.hunterWho, offer.id, { decline_others: false }, { ...CTX, now })).rejects.toMatchObject({ code: "offer_expired" });
    await acceptOffer(t.db, f.hunterWho, offer.id, { decline_others: false }, { ...CTX, now: new Date("2031-03-31T21:30:00Z") });
  });

  it("refuses an offer that is no longer open (409 offer_not_open): superseded, withdrawn, answered, or its link refused", async () => {
    const superseded = await insertOffer(f.links.a, { state: "superseded" });
    const withdrawn = await insertOffer(f.links.b, { state: "withdrawn" });
    const open = await insertOffer(f.links.c);
    await t.db.updateTable("warehouse_request_warehouses").set({ state: "refused" }).where("id", "=", f.links.c).execute();
    const before = await counts();
    for (const id of [superseded.id, withdrawn.id, open.id]) {
      await expect(acceptOffer(t.db, f.hunterWho, id, { decline_others: false }, CTX)).rejects.toMatchObject({ status: 409, code: "offer_not_open" });
    }
    expect(await counts()).toEqual(before);

    const current = await insertOffer(f.links.a);
    await acceptOffer(t.db, f.hunterWho, current.id, { decline_others: false }, CTX);
    await expect(acceptOffer(t.db, f.hunterWho, current.id, { decline_others: false }, CTX)).rejects.toBeInstanceOf(ConflictError);
  });

  it("does not reveal another requester's offer, nor a missing one (404)", async () => {
    const offer = await insertOffer(f.links.a);
    const before = await counts();
    await expect(acceptOffer(t.db, { kind: "hunter", userId: f.otherHunter.id }, offer.id, { decline_others: true }, CTX)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(acceptOffer(t.db, { kind: "visitor", requestId: f.requestId + 1000 }, offer.id, { decline_others: false }, CTX)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(acceptOffer(t.db, f.hunterWho, offer.id + 1000, { decline_others: false }, CTX)).rejects.toBeInstanceOf(NotFoundError);
    expect(await counts()).toEqual(before);
  });
});

describe("a visitor through the personal link", () => {
  it("answers the offers of the request the link opens, and only those", async () => {
    const w = await makeWarehouse(t.db, { user_id: f.ownerA.id, name: "Deposito Visitatori" });
    const visit = await makeRequest(t.db, { userId: null, warehouseIds: [w.id], contact: "visitor@example.test" });
    const requestId = (await resolveRequestAccess(t.db, await requestAccessToken(t.db, visit.request.id)))!;
    const who: Requester = { kind: "visitor", requestId };
    const offer = await insertOffer(visit.links[0]!.id);
    const { message_id } = await askForChanges(t.db, who, visit.links[0]!.id, { message: "Si può partire a febbraio?" }, CTX);
    const msg = await t.db.selectFrom("request_messages").selectAll().where("id", "=", message_id).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ side: "hunter", kind: "changes", author_id: null });
    await acceptOffer(t.db, who, offer.id, { decline_others: true }, CTX);
    expect((await offerRow(offer.id)).state).toBe("accepted");

    // The hunter's request is not the visitor's.
    const hunterOffer = await insertOffer(f.links.a);
    await expect(declineOffer(t.db, who, hunterOffer.id, { reason: "" }, CTX)).rejects.toBeInstanceOf(NotFoundError);
    await expect(askForChanges(t.db, who, f.links.a, { message: "x" }, CTX)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("declineOffer", () => {
  it("declines with a reason, which the handlers read", async () => {
    const offer = await insertOffer(f.links.a);
    expect(await declineOffer(t.db, f.hunterWho, offer.id, { reason: "  Troppo caro per noi.  " }, CTX)).toEqual({ offer_id: offer.id });
    const row = await offerRow(offer.id);
    expect(row).toMatchObject({ state: "declined", decline_reason: "Troppo caro per noi." });
    for (const handler of [f.ownerA, f.referentA]) {
      const [note] = await notificationsOf(handler.id);
      expect(note).toMatchObject({ type: "deal_offer_declined", data: expect.objectContaining({ quote: "Troppo caro per noi." }) });
      const [mail] = await mailsTo(handler.email);
      expect(mail!.text).toContain("Troppo caro per noi.");
    }
  });

  it("declines without a reason, and an expired offer too", async () => {
    const offer = await insertOffer(f.links.b, { valid_until: dayFromToday(-5) });
    await declineOffer(t.db, f.hunterWho, offer.id, { reason: "" }, CTX);
    expect(await offerRow(offer.id)).toMatchObject({ state: "declined", decline_reason: null });
    const [note] = await notificationsOf(f.ownerB.id);
    expect(note!.data).not.toHaveProperty("quote");
  });

  it("refuses an offer no longer open (409) and another requester's (404)", async () => {
    const withdrawn = await insertOffer(f.links.a, { state: "withdrawn" });
    await expect(declineOffer(t.db, f.hunterWho, withdrawn.id, { reason: "" }, CTX)).rejects.toMatchObject({ status: 409, code: "offer_not_open" });
    const open = await insertOffer(f.links.b);
    await expect(declineOffer(t.db, { kind: "hunter", userId: f.otherHunter.id }, open.id, { reason: "" }, CTX)).rejects.toBeInstanceOf(NotFoundError);
    expect((await offerRow(open.id)).state).toBe("open");
  });
});

describe("askForChanges", () => {
  it("keeps the message in the link's thread and relays it to both handlers", async () => {
    await insertOffer(f.links.a);
    const { message_id } = await askForChanges(t.db, f.hunterWho, f.links.a, { message: "Potete fare 4 € al m²?" }, CTX);
    const msg = await t.db.selectFrom("request_messages").selectAll().where("id", "=", message_id).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ link_id: f.links.a, side: "hunter", kind: "changes", author_id: f.hunter.id, body: "Potete fare 4 € al m²?" });
    for (const handler of [f.ownerA, f.referentA]) {
      const [note] = await notificationsOf(handler.id);
      expect(note).toMatchObject({ type: "deal_changes_asked", data: expect.objectContaining({ quote: "Potete fare 4 € al m²?", link_id: f.links.a }) });
      expect((await mailsTo(handler.email))[0]!.text).toContain("Potete fare 4 € al m²?");
    }
  });

  it("asks an expired offer to be renewed, but needs an open offer on the link (409)", async () => {
    await insertOffer(f.links.a, { valid_until: dayFromToday(-2) });
    await askForChanges(t.db, f.hunterWho, f.links.a, { message: "Potete rinnovarla?" }, CTX);
    await insertOffer(f.links.b, { state: "withdrawn" });
    await expect(askForChanges(t.db, f.hunterWho, f.links.b, { message: "?" }, CTX)).rejects.toMatchObject({ status: 409, code: "offer_not_open" });
    await expect(askForChanges(t.db, f.hunterWho, f.links.c, { message: "?" }, CTX)).rejects.toMatchObject({ status: 409, code: "offer_not_open" });
  });

  it("shares the conversation's limits (429 too_many_messages), nothing written over the limit", async () => {
    await insertOffer(f.links.a);
    for (let i = 0; i < MESSAGES_PER_AUTHOR_MINUTE.max; i++) await askForChanges(t.db, f.hunterWho, f.links.a, { message: `Modifica ${i}` }, CTX);
    const before = await counts();
    const err = await askForChanges(t.db, f.hunterWho, f.links.a, { message: "Ancora" }, CTX).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, code: "too_many_messages" });
    expect((err as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    // Another hunter is not counted with them.
    const other = await makeRequest(t.db, { userId: f.otherHunter.id, warehouseIds: [(await makeWarehouse(t.db, {})).id] });
    await insertOffer(other.links[0]!.id);
    await askForChanges(t.db, { kind: "hunter", userId: f.otherHunter.id }, other.links[0]!.id, { message: "Ciao" }, CTX);
  });

  it("refuses another requester's link, and a missing one (404)", async () => {
    await insertOffer(f.links.a);
    const before = await counts();
    await expect(askForChanges(t.db, { kind: "hunter", userId: f.otherHunter.id }, f.links.a, { message: "Ciao" }, CTX)).rejects.toBeInstanceOf(NotFoundError);
    await expect(askForChanges(t.db, f.hunterWho, 999_999_999, { message: "Ciao" }, CTX)).rejects.toBeInstanceOf(NotFoundError);
    expect(await counts()).toEqual(before);
  });
});

describe("the JSON calls", () => {
  const paramsOf = (offerId: number) => ({ offerId: String(offerId) });

  it("accept, decline and ask for changes as the request's hunter", async () => {
    const offer = await insertOffer(f.links.a);
    const offerB = await insertOffer(f.links.b);
    const offerC = await insertOffer(f.links.c);
    const actor = actorOf(f.hunter);

    const changes = await callJson(askChangesCall, t.db, { params: { id: String(f.links.c) }, body: { message: "Prezzo?" }, actor });
    expect(changes.status).toBe(200);
    expect(changes.json).toEqual({ message_id: expect.any(Number) });

    const declined = await callJson(declineCall, t.db, { params: paramsOf(offerC.id), body: { reason: "No" }, actor });
    expect(declined).toMatchObject({ status: 200, json: { offer_id: offerC.id } });

    const accepted = await callJson(acceptCall, t.db, { params: paramsOf(offer.id), body: { decline_others: true }, actor });
    expect(accepted).toMatchObject({ status: 200, json: { offer_id: offer.id, link_id: f.links.a, declined_offer_ids: [offerB.id] } });
  });

  it("accepts without a body (decline_others defaults to false)", async () => {
    const offer = await insertOffer(f.links.a);
    const offerB = await insertOffer(f.links.b);
    const res = await callJson(acceptCall, t.db, { params: paramsOf(offer.id), actor: actorOf(f.hunter) });
    expect(res).toMatchObject({ status: 200, json: { declined_offer_ids: [] } });
    expect((await offerRow(offerB.id)).state).toBe("open");
  });

  it("refuses anonymous callers (401), other roles (403) and other hunters (404), changing nothing", async () => {
    const offer = await insertOffer(f.links.a);
    const before = await counts();
    const calls = [
      { fn: acceptCall, params: paramsOf(offer.id), body: { decline_others: true } },
      { fn: declineCall, params: paramsOf(offer.id), body: { reason: "No" } },
      { fn: askChangesCall, params: { id: String(f.links.a) }, body: { message: "Prezzo?" } },
    ];
    const admin = await makeUser(t.db, { role: "admin" });
    for (const call of calls) {
      expect((await callJson(call.fn, t.db, { params: call.params, body: call.body, actor: null })).status).toBe(401);
      for (const user of [f.ownerA, f.referentA, admin]) {
        expect((await callJson(call.fn, t.db, { params: call.params, body: call.body, actor: actorOf(user) })).status).toBe(403);
      }
      const other = await callJson(call.fn, t.db, { params: call.params, body: call.body, actor: actorOf(f.otherHunter) });
      expect(other).toMatchObject({ status: 404, json: { error: "not_found" } });
    }
    expect(await counts()).toEqual(before);
  });

  it("answers bad input with 422 and field codes, changing nothing", async () => {
    const offer = await insertOffer(f.links.a);
    const actor = actorOf(f.hunter);
    const before = await counts();
    const bad = [
      { fn: askChangesCall, params: { id: String(f.links.a) }, body: {}, field: "message" },
      { fn: askChangesCall, params: { id: String(f.links.a) }, body: { message: "   " }, field: "message" },
      { fn: askChangesCall, params: { id: String(f.links.a) }, body: { message: "x".repeat(4001) }, field: "message" },
      { fn: askChangesCall, params: { id: String(f.links.a) }, body: { message: "a\u0000b" }, field: "message" },
      { fn: declineCall, params: paramsOf(offer.id), body: { reason: "x".repeat(2001) }, field: "reason" },
      { fn: declineCall, params: paramsOf(offer.id), body: { reason: 42 }, field: "reason" },
      { fn: acceptCall, params: paramsOf(offer.id), body: { decline_others: "perhaps" }, field: "decline_others" },
    ];
    for (const b of bad) {
      const res = await callJson(b.fn, t.db, { params: b.params, body: b.body, actor });
      expect(res.status, JSON.stringify(b.body).slice(0, 40)).toBe(422);
      expect(res.json.errors).toHaveProperty(b.field);
    }
    for (const params of [{ offerId: "abc" }, { offerId: "0" }, { offerId: "-1" }]) {
      expect((await callJson(acceptCall, t.db, { params, body: {}, actor })).status).toBe(422);
    }
    expect((await callJson(acceptCall, t.db, { params: paramsOf(offer.id), rawBody: "{not json", actor })).status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it("answers 409 with the code and its sentence, 429 with Retry-After", async () => {
    const expired = await insertOffer(f.links.a, { valid_until: dayFromToday(-1) });
    const res = await callJson(acceptCall, t.db, { params: paramsOf(expired.id), actor: actorOf(f.hunter), locale: "en" });
    expect(res).toMatchObject({ status: 409, json: { error: "offer_expired", message: expect.stringMatching(/expired/) } });

    for (let i = 0; i < MESSAGES_PER_AUTHOR_MINUTE.max; i++) await askForChanges(t.db, f.hunterWho, f.links.a, { message: `M${i}` }, CTX);
    const limited = await callJson(askChangesCall, t.db, { params: { id: String(f.links.a) }, body: { message: "Again" }, actor: actorOf(f.hunter) });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe("too_many_messages");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the pages' answers (handleAnswerIntent)", () => {
  // As the hunter's page of a request mounts it.
  const pageActionOf = pageAction({ access: { area: "stock_hunter" }, body: answerIntentSchema, keepValues: true }, ({ area, body, services }) =>
    handleAnswerIntent(services.db, hunterOfArea(area), body, { origin: services.config.origin }),
  );

  async function postForm(user: User, fields: Record<string, string>) {
    const request = new Request("http://stockspace.test/it/stock-hunter/profile/messages/1", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return pageActionOf({ request, params: {}, context: testContext(t.db, { actor: actorOf(user) }) });
  }

  it("runs each intent, as the forms post them", async () => {
    const offer = await insertOffer(f.links.a);
    const offerB = await insertOffer(f.links.b);
    const offerC = await insertOffer(f.links.c);
    expect(isAnswerIntent("accept") && isAnswerIntent("ask_changes") && !isAnswerIntent("message") && !isAnswerIntent(null)).toBe(true);

    expect(await postForm(f.hunter, { intent: "ask_changes", link_id: String(f.links.c), message: "Da marzo?" })).toEqual({
      ok: true,
      intent: "ask_changes",
      link_id: f.links.c,
      message_id: expect.any(Number),
    });
    expect(await postForm(f.hunter, { intent: "decline", offer_id: String(offerC.id), reason: "" })).toEqual({
      ok: true,
      intent: "decline",
      offer_id: offerC.id,
    });
    // The ticked box posts "on".
    expect(await postForm(f.hunter, { intent: "accept", offer_id: String(offer.id), decline_others: "on" })).toEqual({
      ok: true,
      intent: "accept",
      offer_id: offer.id,
      link_id: f.links.a,
      declined_offer_ids: [offerB.id],
    });
  });

  it("accepts without declining the others when the box is not ticked (absent)", async () => {
    const offer = await insertOffer(f.links.a);
    const offerB = await insertOffer(f.links.b);
    const result = await handleAnswerIntent(t.db, f.hunterWho, answerIntentSchema.parse({ intent: "accept", offer_id: String(offer.id) }), CTX);
    expect(result).toMatchObject({ ok: true, intent: "accept", declined_offer_ids: [] });
    expect((await offerRow(offerB.id)).state).toBe("open");
  });

  it("gives failures back to the form: the code, its sentence, what was posted", async () => {
    const expired = await insertOffer(f.links.a, { valid_until: dayFromToday(-1) });
    expect(await postForm(f.hunter, { intent: "accept", offer_id: String(expired.id) })).toMatchObject({
      ok: false,
      intent: "accept",
      error: "offer_expired",
      message: expect.stringMatching(/scaduta/),
      values: { offer_id: String(expired.id) },
    });
    expect(await postForm(f.hunter, { intent: "ask_changes", link_id: String(f.links.a), message: "" })).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { message: "required" },
    });
    expect(await postForm(f.otherHunter, { intent: "decline", offer_id: String(expired.id), reason: "" })).toMatchObject({ ok: false, error: "not_found" });
    expect(await postForm(f.hunter, { intent: "nonsense" })).toMatchObject({ ok: false, error: "invalid" });
    expect((await offerRow(expired.id)).state).toBe("open");
  });

  it("answers for a visitor by the personal link's token, and nothing for a bad token (404)", async () => {
    const w = await makeWarehouse(t.db, { user_id: f.ownerA.id });
    const visit = await makeRequest(t.db, { userId: null, warehouseIds: [w.id], contact: "visitor-page@example.test" });
    const offer = await insertOffer(visit.links[0]!.id);
    const token = await requestAccessToken(t.db, visit.request.id);
    const who = await visitorOfToken(t.db, token);
    expect(who).toEqual({ kind: "visitor", requestId: visit.request.id });
    expect(await handleAnswerIntent(t.db, who, answerIntentSchema.parse({ intent: "decline", offer_id: offer.id, reason: "Grazie, no" }), CTX)).toEqual({
      ok: true,
      intent: "decline",
      offer_id: offer.id,
    });
    await expect(visitorOfToken(t.db, "A".repeat(43))).rejects.toBeInstanceOf(NotFoundError);
  });

  it("never answers in a hunter's name for an administrator viewing the area", () => {
    expect(() => hunterOfArea({ asAdmin: true, owner: { id: 1, role: "stock_hunter" } } as never)).toThrow();
  });
});
