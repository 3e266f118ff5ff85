// The handler's side of offers: send, revise (history kept, the open one superseded), withdraw,
// the totals in every answer, the first answer recorded, the requester told (an account or a
// visitor), the state changed in the same step, an administrator's step audited; and every
// refusal (another owner, another referent, another role, nobody, no link, an offer not open,
// bad input) leaving nothing changed. The JSON endpoints and the page's loader and action alike.
import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { todayInItaly } from "../../lib/format.ts";
import { offerTotals } from "../../lib/offer-totals.ts";
import { currentOfferStatuses, handlerOfferPage, linkOffers, offerPrefill, sendOffer, withdrawOffer, type OfferAccess } from "./offers.service.ts";
import { findDealLink } from "./deal.queries.ts";
import { action as stockerSend } from "../../routes/api/stocker/warehouse-requests.offers.ts";
import { action as referentSend } from "../../routes/api/referent/warehouse-requests.offers.ts";
import { action as stockerWithdraw } from "../../routes/api/stocker/warehouse-requests.offers.withdraw.ts";
import { action as referentWithdraw } from "../../routes/api/referent/warehouse-requests.offers.withdraw.ts";
import { action as stockerPageAction, loader as stockerPageLoader } from "../../routes/stocker/request.tsx";
import { action as referentPageAction, loader as referentPageLoader } from "../../routes/referent/request.tsx";
import { loader as stockerMessages } from "../../routes/stocker/messages.tsx";

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";
const CTX = { origin: ORIGIN, vatRate: 22 };

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const TODAY = todayInItaly();

/** A pallet offer over the request's dates. */
const palletOffer = (over: Record<string, unknown> = {}) => ({
  m2_type: "pallet" as const,
  quantity: 300,
  price_month: 650,
  handling_in: 250,
  handling_out: 300,
  one_off_fee: 10_000,
  start_date: "2031-03-01",
  end_date: "2031-05-31",
  min_term_months: 3,
  included: "Assicurazione",
  notes: "",
  valid_until: addDays(TODAY, 10),
  ...over,
});

type Fixture = Awaited<ReturnType<typeof setup>>;
let f: Fixture;

async function setup() {
  const db = t.db;
  const admin = await makeUser(db, { role: "admin" });
  const owner = await makeUser(db, { role: "stocker", lang: "it" });
  const otherOwner = await makeUser(db, { role: "stocker" });
  const referent = await makeUser(db, { role: "referent", lang: "en" });
  const otherReferent = await makeUser(db, { role: "referent" });
  const hunter = await makeUser(db, { role: "stock_hunter", lang: "en" });
  const otherHunter = await makeUser(db, { role: "stock_hunter" });
  const w = await makeWarehouse(db, { user_id: owner.id, referent_id: referent.id, name: "Deposito Alfa", redeemed: true });
  const other = await makeWarehouse(db, { user_id: otherOwner.id, referent_id: otherReferent.id, name: "Deposito Beta" });
  return { admin, owner, otherOwner, referent, otherReferent, hunter, otherHunter, w, other };
}

beforeAll(async () => {
  f = await setup();
});

/** A hunter's request for 800 pallets, 1 March to 31 May 2031, to the warehouse and another one; its link ids. */
async function freshRequest(opts: { userId?: number | null; contact?: string } = {}) {
  const { request, links } = await makeRequest(t.db, {
    userId: opts.userId === undefined ? f.hunter.id : opts.userId,
    warehouseIds: [f.w.id, f.other.id],
    contact: opts.contact,
  });
  await t.db
    .updateTable("warehouse_requests")
    .set({ m2_type: "pallet", m2_value: 800, start_date: "2031-03-01", end_date: "2031-05-31" })
    .where("id", "=", request.id)
    .execute();
  const link = links.find((l) => l.warehouse_id === f.w.id)!.id;
  const otherLink = links.find((l) => l.warehouse_id === f.other.id)!.id;
  return { request, link, otherLink };
}

const own = (u: User, role: "stocker" | "referent"): OfferAccess => ({ actor: actorOf(u), owner: { id: u.id, role }, asAdmin: false });

const offersOf = (linkId: number) => t.db.selectFrom("request_offers").selectAll().where("link_id", "=", linkId).orderBy("revision").execute();
const linkRow = (linkId: number) => t.db.selectFrom("warehouse_request_warehouses").selectAll().where("id", "=", linkId).executeTakeFirstOrThrow();

async function counts() {
  const n = async (table: "request_offers" | "notifications" | "mail_outbox" | "audit_log") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { offers: await n("request_offers"), notifications: await n("notifications"), mails: await n("mail_outbox"), audit: await n("audit_log") };
}

describe("sending and revising an offer", () => {
  it("sends revision 1: stored in cents, the first answer recorded, the hunter told in the app and by e-mail", async () => {
    const { link, request } = await freshRequest();
    const before = await t.db.selectFrom("warehouses").select(["requests_answered"]).where("id", "=", f.w.id).executeTakeFirstOrThrow();
    const { offer_id } = await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX);

    const [row] = await offersOf(link);
    expect(row).toMatchObject({ id: offer_id, revision: 1, state: "open", price_month: 650, handling_in: 250, quantity: 300, created_by: f.owner.id });
    expect((await linkRow(link)).answered_at).not.toBeNull();
    // Still pending: an offer is an answer, not a state.
    expect((await linkRow(link)).state).toBe("pending");
    const after = await t.db.selectFrom("warehouses").select(["requests_answered"]).where("id", "=", f.w.id).executeTakeFirstOrThrow();
    expect(after.requests_answered).toBe(before.requests_answered + 1);

    const note = await t.db.selectFrom("notifications").selectAll().where("user_id", "=", f.hunter.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: "deal_offer_sent" });
    expect(note.data).toMatchObject({ link_id: link, warehouse_request_id: request.id, url: `/en/stock-hunter/profile/messages/${request.id}` });
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", f.hunter.email).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: "deal_step", lang: "en" });
    // Private costs never reach the requester.
    expect(mail.text + mail.html).not.toMatch(/7,75|5,25|3,10/);
  });

  it("a revision supersedes the open offer, keeps the history (newest first) and tells the hunter it was revised", async () => {
    const { link } = await freshRequest();
    const first = await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX);
    const second = await sendOffer(t.db, own(f.referent, "referent"), link, { offer_data: palletOffer({ price_month: 600 }) }, CTX);
    const rows = await offersOf(link);
    expect(rows.map((r) => [r.id, r.revision, r.state])).toEqual([
      [first.offer_id, 1, "superseded"],
      [second.offer_id, 2, "open"],
    ]);
    expect(rows[0]!.state_changed_at).not.toBeNull();
    const types = await t.db.selectFrom("notifications").select("type").where("user_id", "=", f.hunter.id).orderBy("id", "desc").limit(1).execute();
    expect(types[0]!.type).toBe("deal_offer_revised");

    const link0 = (await findDealLink(t.db, link))!;
    const views = await linkOffers(t.db, link, { asked: link0, vatRate: 22 });
    expect(views.map((v) => [v.revision, v.status])).toEqual([
      [2, "open"],
      [1, "superseded"],
    ]);
  });

  it("answers with the totals computed by offerTotals: 300 of 800 pallets over 92 days, to the cent", async () => {
    const { link } = await freshRequest();
    await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX);
    const dealLink = (await findDealLink(t.db, link))!;
    const [view] = await linkOffers(t.db, link, { asked: dealLink, vatRate: 22 });
    // monthly = 650 × 300 = 195.000; period = round(195.000 × 92 / 30) + (250 + 300) × 300 + 10.000 = 598.000 + 165.000 + 10.000
    expect(view!.totals).toMatchObject({
      quantity: 300,
      asked_quantity: 800,
      capped: true,
      days: 92,
      monthly: 195_000,
      period: 773_000,
      vat_included: 943_060,
    });
    expect(view!.totals).toEqual(offerTotals(palletOffer(), { m2_type: "pallet", m2_value: 800, start_date: "2031-03-01", end_date: "2031-05-31" }, 22));
  });

  it("withdraws the open offer, once; a superseded one or another link's cannot be withdrawn", async () => {
    const { link, otherLink } = await freshRequest();
    const first = await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX);
    const second = await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer({ quantity: 800 }) }, CTX);
    await expect(withdrawOffer(t.db, own(f.owner, "stocker"), link, first.offer_id, CTX)).rejects.toMatchObject({ status: 409, code: "offer_not_open" });
    const theirs = await sendOffer(t.db, own(f.otherOwner, "stocker"), otherLink, { offer_data: palletOffer() }, CTX);
    // Another link's offer through this link: not found.
    await expect(withdrawOffer(t.db, own(f.owner, "stocker"), link, theirs.offer_id, CTX)).rejects.toBeInstanceOf(NotFoundError);
    // Someone else's link: forbidden.
    await expect(withdrawOffer(t.db, own(f.owner, "stocker"), otherLink, theirs.offer_id, CTX)).rejects.toBeInstanceOf(ForbiddenError);

    await withdrawOffer(t.db, own(f.referent, "referent"), link, second.offer_id, CTX);
    expect((await offersOf(link)).map((r) => r.state)).toEqual(["superseded", "withdrawn"]);
    const note = await t.db.selectFrom("notifications").selectAll().where("user_id", "=", f.hunter.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(note.type).toBe("deal_offer_withdrawn");
    await expect(withdrawOffer(t.db, own(f.owner, "stocker"), link, second.offer_id, CTX)).rejects.toBeInstanceOf(ConflictError);
    // After a withdrawal a new offer is revision 3, nothing superseded.
    await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX);
    expect((await offersOf(link)).map((r) => [r.revision, r.state])).toEqual([
      [1, "superseded"],
      [2, "withdrawn"],
      [3, "open"],
    ]);
  });

  it("refuses a new offer once the current one is accepted (409), and on a refused link unless the offer reopens it", async () => {
    const { link } = await freshRequest();
    const { offer_id } = await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX);
    await t.db.updateTable("request_offers").set({ state: "accepted" }).where("id", "=", offer_id).execute();
    await expect(sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX)).rejects.toMatchObject({ code: "offer_accepted" });
    await expect(withdrawOffer(t.db, own(f.owner, "stocker"), link, offer_id, CTX)).rejects.toMatchObject({ code: "offer_not_open" });

    const refused = await freshRequest();
    await t.db.updateTable("warehouse_request_warehouses").set({ state: "refused" }).where("id", "=", refused.link).execute();
    await expect(sendOffer(t.db, own(f.owner, "stocker"), refused.link, { offer_data: palletOffer() }, CTX)).rejects.toMatchObject({
      code: "link_refused",
    });
    await expect(sendOffer(t.db, own(f.owner, "stocker"), refused.link, { offer_data: palletOffer(), state: "refused" }, CTX)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await offersOf(refused.link)).toEqual([]);
    await sendOffer(t.db, own(f.owner, "stocker"), refused.link, { offer_data: palletOffer(), state: "pending" }, CTX);
    expect((await linkRow(refused.link)).state).toBe("pending");
  });

  it("with a state: the link changes in the same step, through the state service (its message too)", async () => {
    const { link } = await freshRequest();
    await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer(), state: "confirmed" }, CTX);
    expect(await linkRow(link)).toMatchObject({ state: "confirmed", state_changed_by: f.owner.id });
    const types = await t.db.selectFrom("notifications").select("type").where("user_id", "=", f.hunter.id).orderBy("id", "desc").limit(2).execute();
    expect(types.map((n) => n.type).sort()).toEqual(["deal_offer_sent", "request_state_changed"]);
  });

  it("a visitor's request: the e-mail goes to its contact address with the personal link, the warehouse anonymised unless redeemed", async () => {
    const { otherLink } = await freshRequest({ userId: null, contact: "visitor-offer@test.example" });
    await sendOffer(t.db, own(f.otherOwner, "stocker"), otherLink, { offer_data: palletOffer() }, CTX);
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "visitor-offer@test.example").executeTakeFirstOrThrow();
    expect(mail.template).toBe("deal_step");
    expect(mail.text).toMatch(/\/it\/requests\/[A-Za-z0-9_-]{43}/);
    expect(mail.text).not.toContain("Deposito Beta");
    expect(mail.text).toContain(`Stocker ${f.other.id}`);
  });

  it("an administrator in the stocker's area: sent in the stocker's name, audited; still only on that stocker's links", async () => {
    const { link, otherLink, request } = await freshRequest();
    const access: OfferAccess = { actor: actorOf(f.admin), owner: { id: f.owner.id, role: "stocker" }, asAdmin: true };
    const { offer_id } = await sendOffer(t.db, access, link, { offer_data: palletOffer() }, CTX);
    const entry = await t.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ admin_id: f.admin.id, action: "warehouse_request.offer", entity_id: request.id });
    expect(entry.details).toMatchObject({ link_id: link, offer_id, revision: 1, owner_id: f.owner.id });
    await withdrawOffer(t.db, access, link, offer_id, CTX);
    expect((await t.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow()).action).toBe("warehouse_request.offer_withdrawn");
    await expect(sendOffer(t.db, access, otherLink, { offer_data: palletOffer() }, CTX)).rejects.toBeInstanceOf(ForbiddenError);
    // Not an administrator: no acting for someone else.
    await expect(sendOffer(t.db, { ...access, actor: actorOf(f.otherOwner) }, link, { offer_data: palletOffer() }, CTX)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("refuses another owner, another referent, a hunter, a missing link and a past validity; nothing changes", async () => {
    const { link } = await freshRequest();
    const before = await counts();
    const send = (access: OfferAccess, id = link, offer = palletOffer()) => sendOffer(t.db, access, id, { offer_data: offer }, CTX);
    await expect(send(own(f.otherOwner, "stocker"))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(send(own(f.otherReferent, "referent"))).rejects.toBeInstanceOf(ForbiddenError);
    // The owner acting as a referent (its role is not referent) and a hunter.
    await expect(send({ actor: actorOf(f.owner), owner: { id: f.owner.id, role: "referent" }, asAdmin: false })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(send({ actor: actorOf(f.hunter), owner: { id: f.hunter.id, role: "stock_hunter" }, asAdmin: false })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(send(own(f.owner, "stocker"), 9_999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(send(own(f.owner, "stocker"), link, palletOffer({ valid_until: addDays(TODAY, -1) }))).rejects.toBeInstanceOf(ValidationError);
    expect(await counts()).toEqual(before);
    expect((await linkRow(link)).answered_at).toBeNull();
  });
});

describe("the offer form's starting values", () => {
  it("from the warehouse's free space in the request's unit and its private costs, the request's dates, valid two weeks", async () => {
    const { link } = await freshRequest();
    await t.db
      .insertInto("warehouse_spaces")
      .values([
        { warehouse_id: f.w.id, m2_type: "m2", quantity: 900, available_from: "2030-01-01", available_until: null, price_month: 420 },
        { warehouse_id: f.w.id, m2_type: "pallet", quantity: 500, available_from: "2030-01-01", available_until: null, min_term_months: 2, price_month: null },
      ])
      .execute();
    const dealLink = (await findDealLink(t.db, link))!;
    // 800 asked, 500 free: 500; no price on the space: m2_pallet € 7,75; handling € 3,10 each way.
    expect(await offerPrefill(t.db, dealLink, "2030-06-01")).toEqual({
      m2_type: "pallet",
      quantity: 500,
      price_month: 775,
      handling_in: 310,
      handling_out: 310,
      one_off_fee: null,
      start_date: "2031-03-01",
      end_date: "2031-05-31",
      min_term_months: 2,
      included: "",
      notes: "",
      valid_until: "2030-06-15",
    });
    await t.db.deleteFrom("warehouse_spaces").where("warehouse_id", "=", f.w.id).execute();
    // From the current offer once there is one.
    await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer({ included: "Tutto" }) }, CTX);
    expect(await offerPrefill(t.db, dealLink)).toMatchObject({ quantity: 300, price_month: 650, included: "Tutto", valid_until: palletOffer().valid_until });
  });
});

describe("the JSON endpoints", () => {
  const path = (id: number) => `/api/stocker/warehouse-requests/${id}/offers`;

  it("POST …/offers: the owner's and the referent's → { offer_id }; withdraw → { offer_id }", async () => {
    const { link } = await freshRequest();
    const sent = await callJson(stockerSend, t.db, {
      path: path(link),
      params: { id: String(link) },
      body: { offer_data: palletOffer() },
      actor: actorOf(f.owner),
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ offer_id: expect.any(Number) });
    const revised = await callJson(referentSend, t.db, {
      params: { id: String(link) },
      body: { offer_data: palletOffer({ price_month: 500 }), state: "confirmed" },
      actor: actorOf(f.referent),
    });
    expect(revised.status).toBe(200);
    expect((await linkRow(link)).state).toBe("confirmed");
    const withdrawn = await callJson(referentWithdraw, t.db, {
      params: { id: String(link), offerId: String(revised.json.offer_id) },
      actor: actorOf(f.referent),
    });
    expect(withdrawn).toMatchObject({ status: 200, json: { offer_id: revised.json.offer_id } });
    const again = await callJson(stockerWithdraw, t.db, { params: { id: String(link), offerId: String(revised.json.offer_id) }, actor: actorOf(f.owner) });
    expect(again).toMatchObject({ status: 409, json: { error: "offer_not_open" } });
    // The owner withdraws its own next offer the same way.
    const third = await callJson(stockerSend, t.db, { params: { id: String(link) }, body: { offer_data: palletOffer() }, actor: actorOf(f.owner) });
    const ownWithdrawn = await callJson(stockerWithdraw, t.db, { params: { id: String(link), offerId: String(third.json.offer_id) }, actor: actorOf(f.owner) });
    expect(ownWithdrawn).toMatchObject({ status: 200, json: { offer_id: third.json.offer_id } });
  });

  it("refuses: another owner 403, another referent 403, the wrong role 403, nobody 401, no link 404, an offer of another link 404", async () => {
    const { link, otherLink } = await freshRequest();
    const before = await counts();
    const body = { offer_data: palletOffer() };
    const send = (fn: typeof stockerSend, actor: User | null, id = link) =>
      callJson(fn, t.db, { params: { id: String(id) }, body, actor: actor ? actorOf(actor) : null }).then((r) => r.status);
    expect(await send(stockerSend, f.otherOwner)).toBe(403);
    expect(await send(referentSend, f.otherReferent)).toBe(403);
    expect(await send(stockerSend, f.referent)).toBe(403);
    expect(await send(referentSend, f.owner)).toBe(403);
    expect(await send(stockerSend, f.hunter)).toBe(403);
    expect(await send(stockerSend, f.otherHunter)).toBe(403);
    expect(await send(stockerSend, f.admin)).toBe(403);
    expect(await send(stockerSend, null)).toBe(401);
    expect(await send(stockerSend, f.owner, 9_999_999)).toBe(404);
    expect((await callJson(stockerSend, t.db, { params: { id: "abc" }, body, actor: actorOf(f.owner) })).status).toBe(422);
    expect(await counts()).toEqual(before);

    const theirs = await sendOffer(t.db, own(f.otherOwner, "stocker"), otherLink, { offer_data: palletOffer() }, CTX);
    const withdraw = (fn: typeof stockerWithdraw, actor: User | null, id: number, offerId: number) =>
      callJson(fn, t.db, { params: { id: String(id), offerId: String(offerId) }, actor: actor ? actorOf(actor) : null }).then((r) => r.status);
    expect(await withdraw(stockerWithdraw, f.owner, otherLink, theirs.offer_id)).toBe(403);
    expect(await withdraw(referentWithdraw, f.referent, otherLink, theirs.offer_id)).toBe(403);
    expect(await withdraw(stockerWithdraw, f.owner, link, theirs.offer_id)).toBe(404);
    expect(await withdraw(stockerWithdraw, f.hunter, otherLink, theirs.offer_id)).toBe(403);
    expect(await withdraw(stockerWithdraw, null, otherLink, theirs.offer_id)).toBe(401);
    expect((await offersOf(otherLink)).map((r) => r.state)).toEqual(["open"]);
  });

  it("bad input → 422 with the field codes, nothing written", async () => {
    const { link } = await freshRequest();
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ m2_type: "m2" }, "handling_in", "pallet_only"],
      [{ end_date: "2031-02-01" }, "end_date", "before_start_date"],
      [{ price_month: -1 }, "price_month", "too_small"],
      [{ price_month: 1.5 }, "price_month", "invalid"],
      [{ notes: "a\u0000b" }, "notes", "invalid"],
      [{ included: "x".repeat(2001) }, "included", "too_long"],
      [{ quantity: 1e12 }, "quantity", "too_big"],
      [{ one_off_fee: 1e15 }, "one_off_fee", "too_big"],
      [{ valid_until: "2031-02-30" }, "valid_until", "invalid"],
      [{ valid_until: addDays(TODAY, -3) }, "valid_until", "past"],
    ];
    for (const [over, field, code] of cases) {
      const res = await callJson(stockerSend, t.db, { params: { id: String(link) }, body: { offer_data: palletOffer(over) }, actor: actorOf(f.owner) });
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(422);
      expect(res.json.errors[field], field).toBe(code);
    }
    const badState = await callJson(stockerSend, t.db, {
      params: { id: String(link) },
      body: { offer_data: palletOffer(), state: "won" },
      actor: actorOf(f.owner),
    });
    expect(badState.status).toBe(422);
    expect((await callJson(stockerSend, t.db, { params: { id: String(link) }, body: {}, actor: actorOf(f.owner) })).status).toBe(422);
    expect(await counts()).toEqual(before);
    expect((await linkRow(link)).answered_at).toBeNull();
  });
});

describe("the handler's page of a link", () => {
  const pageArgs = (path: string, actor: User, params: Record<string, string>, form?: Record<string, string>) => {
    const context = testContext(t.db, { actor: actorOf(actor) }) as unknown as Readonly<RouterContextProvider>;
    const request = form
      ? new Request(`http://stockspace.test${path}`, { method: "POST", body: new URLSearchParams(form) })
      : new Request(`http://stockspace.test${path}`);
    return { request, params, context };
  };
  const euroForm = (over: Record<string, string> = {}) => {
    const values: Record<string, string> = {
      m2_type: "pallet",
      quantity: "300",
      price_month: "6,50",
      handling_in: "2,50",
      handling_out: "3",
      one_off_fee: "100,00",
      start_date: "01.03.2031",
      end_date: "31.05.2031",
      min_term_months: "3",
      included: "",
      notes: "",
      valid_until: addDays(TODAY, 10),
      ...over,
    };
    return { intent: "offer", ...Object.fromEntries(Object.entries(values).map(([k, v]) => [`offer_data[${k}]`, v])) };
  };

  it("loads the request, the offers with their totals and the prefill; another handler's link is not found", async () => {
    const { link, otherLink } = await freshRequest();
    await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer() }, CTX);
    const page = await stockerPageLoader(pageArgs(`/it/stocker/profile/messages/${link}`, f.owner, { id: String(link) }));
    expect(page.link).toMatchObject({ id: link, state: "pending", warehouse: { id: f.w.id, name: "Deposito Alfa" } });
    expect(page.link.request).toMatchObject({ m2_type: "pallet", start_date: "2031-03-01" });
    expect(page.offers).toHaveLength(1);
    expect(page.current!.totals.vat_included).toBe(943_060);
    expect(page.prefill.price_month).toBe(650);
    const byReferent = await referentPageLoader(pageArgs(`/en/referent/profile/messages/${link}`, f.referent, { id: String(link) }));
    expect(byReferent.link.id).toBe(link);

    for (const [loader, actor, id] of [
      [stockerPageLoader, f.owner, otherLink],
      [referentPageLoader, f.referent, otherLink],
      [stockerPageLoader, f.otherOwner, link],
      [stockerPageLoader, f.owner, 9_999_999],
    ] as const) {
      await expect(loader(pageArgs(`/it/x/${id}`, actor, { id: String(id) }))).rejects.toMatchObject({ init: { status: 404 } });
    }
    await expect(stockerPageLoader(pageArgs(`/it/x/${link}`, f.hunter, { id: String(link) }))).rejects.toMatchObject({ init: { status: 403 } });
    await expect(stockerPageLoader(pageArgs(`/it/x/abc`, f.owner, { id: "abc" }))).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("the administrator's view of the stocker's page loads the same", async () => {
    const { link } = await freshRequest();
    const args = pageArgs(`/admin/stocker/${f.owner.id}/messages/${link}`, f.admin, { id: String(link), userId: String(f.owner.id) });
    const page = await stockerPageLoader(args);
    expect(page.frame).toMatchObject({ asAdmin: true, base: `/admin/stocker/${f.owner.id}` });
  });

  it("the action sends an offer typed in euros, withdraws it and sets the state, as the JSON calls do", async () => {
    const { link } = await freshRequest();
    const params = { id: String(link) };
    // The state field left at "unchanged" posts a blank.
    const sent = await stockerPageAction(pageArgs(`/it/x/${link}`, f.owner, params, { ...euroForm(), state: "" }));
    expect(sent).toMatchObject({ ok: true, intent: "offer" });
    const [row] = await offersOf(link);
    expect(row).toMatchObject({ price_month: 650, handling_in: 250, handling_out: 300, one_off_fee: 10_000, start_date: "2031-03-01" });

    const withdrawn = await referentPageAction(pageArgs(`/en/x/${link}`, f.referent, params, { intent: "withdraw", offer_id: String(row!.id) }));
    expect(withdrawn).toMatchObject({ ok: true, intent: "withdraw" });
    const state = await stockerPageAction(pageArgs(`/it/x/${link}`, f.owner, params, { intent: "state", state: "confirmed" }));
    expect(state).toMatchObject({ ok: true, intent: "state", state: "confirmed" });
    expect((await linkRow(link)).state).toBe("confirmed");
  });

  it("the link's conversation: loaded with the page, written by its handlers, never on another link or by an administrator", async () => {
    const { link, otherLink } = await freshRequest();
    const params = { id: String(link) };
    const posted = await referentPageAction(
      pageArgs(`/it/x/${link}`, f.referent, params, { intent: "message", link_id: String(link), message: "Possiamo da marzo." }),
    );
    expect(posted).toMatchObject({ ok: true, intent: "message", link_id: link });
    const page = await stockerPageLoader(pageArgs(`/it/x/${link}`, f.owner, params));
    expect(page.messages.map((x) => x.body)).toEqual(["Possiamo da marzo."]);
    // Only this page's link: another link posted here is not found, even one of the same handler.
    const elsewhere = await stockerPageAction(
      pageArgs(`/it/x/${link}`, f.owner, params, { intent: "message", link_id: String(otherLink), message: "Altrove" }),
    );
    expect(elsewhere).toMatchObject({ ok: false, error: "not_found" });
    const asAdmin = await stockerPageAction(
      pageArgs(
        `/admin/stocker/${f.owner.id}/messages/${link}`,
        f.admin,
        { id: String(link), userId: String(f.owner.id) },
        { intent: "message", link_id: String(link), message: "Mai" },
      ),
    ).catch((e: unknown) => e);
    expect(JSON.stringify(asAdmin)).toMatch(/read_only|forbidden|403|not_found/);
    const stored = await t.db.selectFrom("request_messages").select("body").where("link_id", "in", [link, otherLink]).execute();
    expect(stored.map((x) => x.body)).toEqual(["Possiamo da marzo."]);
  });

  it("a bad form comes back with the field codes and what was typed; another handler's link is not found; nothing changes", async () => {
    const { link, otherLink } = await freshRequest();
    const before = await counts();
    const bad = await stockerPageAction(
      pageArgs(`/it/x/${link}`, f.owner, { id: String(link) }, euroForm({ m2_type: "m2", price_month: "-4", end_date: "01.01.2031" })),
    );
    expect(bad).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { handling_in: "pallet_only", price_month: "too_small", end_date: "before_start_date" },
      values: { price_month: "-4", end_date: "01.01.2031", m2_type: "m2" },
    });
    const theirs = await stockerPageAction(pageArgs(`/it/x/${otherLink}`, f.owner, { id: String(otherLink) }, euroForm()));
    expect(theirs).toMatchObject({ ok: false, error: "not_found" });
    await expect(stockerPageAction(pageArgs(`/it/x/${link}`, f.hunter, { id: String(link) }, euroForm()))).rejects.toMatchObject({ init: { status: 403 } });
    expect(await counts()).toEqual(before);
  });
});

describe("the requests list's offer column", () => {
  it("gives each link its current offer's status, expired once past valid_until", async () => {
    const { link, otherLink } = await freshRequest();
    await sendOffer(t.db, own(f.owner, "stocker"), link, { offer_data: palletOffer({ valid_until: TODAY }) }, CTX);
    expect(await currentOfferStatuses(t.db, [link, otherLink], TODAY)).toEqual({ [link]: "open" });
    expect(await currentOfferStatuses(t.db, [link], addDays(TODAY, 1))).toEqual({ [link]: "expired" });
    const context = testContext(t.db, { actor: actorOf(f.owner) }) as unknown as Readonly<RouterContextProvider>;
    const list = await stockerMessages({ request: new Request("http://stockspace.test/it/stocker/profile/messages"), params: {}, context });
    expect(list.offer_statuses).toMatchObject({ [link]: "open" });
    expect(list.offer_statuses).not.toHaveProperty(String(otherLink));
  });
});

describe("handlerOfferPage", () => {
  it("is refused to a referent acting as a stocker", async () => {
    const { link } = await freshRequest();
    await expect(
      handlerOfferPage(t.db, { actor: actorOf(f.referent), owner: { id: f.referent.id, role: "stocker" }, asAdmin: false }, link, {
        locale: "it",
        vatRate: 22,
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});
