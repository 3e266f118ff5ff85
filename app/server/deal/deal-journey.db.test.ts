// The deal from end to end, through the JSON calls as the apps would make them: one request to
// five warehouses; three answer with offers (one revised after the requester asks for changes,
// one whose dates start later than asked, one sent by a referent), one refuses, one stays silent.
// The comparison shows five rows with the totals to the cent; the requester accepts one offer
// and declines the others in the same step; each handler is told; the accepted handler confirms
// and the review link appears; a thread runs both ways with e-mails. Everyone else is refused.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import type { User } from "../db/types.ts";
import { todayInItaly } from "../../lib/format.ts";
import { action as stockerOffer } from "../../routes/api/stocker/warehouse-requests.offers.ts";
import { action as referentOffer } from "../../routes/api/referent/warehouse-requests.offers.ts";
import { action as stockerUpdate } from "../../routes/api/stocker/warehouse-requests.update.ts";
import { action as askChanges } from "../../routes/api/stock-hunter/warehouse-requests.ask-changes.ts";
import { action as acceptOffer } from "../../routes/api/stock-hunter/offers.accept.ts";
import { loader as comparison } from "../../routes/api/stock-hunter/requests.offers.ts";
import { action as hunterPost, loader as hunterThread } from "../../routes/api/stock-hunter/warehouse-requests.messages.ts";
import { action as stockerPost, loader as stockerThread } from "../../routes/api/stocker/warehouse-requests.messages.ts";
import { action as referentPost } from "../../routes/api/referent/warehouse-requests.messages.ts";

const t = useTestDatabase();

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = todayInItaly();
const START = addDays(TODAY, 30);
const END = addDays(START, 89); // 90 days
const VALID = addDays(TODAY, 14);

const offer = (fields: Record<string, unknown>) => ({
  offer_data: {
    m2_type: "m2",
    quantity: 1000,
    price_month: 450,
    handling_in: null,
    handling_out: null,
    one_off_fee: null,
    start_date: START,
    end_date: END,
    min_term_months: 3,
    included: "Carico e scarico",
    notes: "",
    valid_until: VALID,
    ...fields,
  },
});

let hunter: User, otherHunter: User, owners: User[], referent: User;
let requestId: number;
let link: number[];

beforeAll(async () => {
  const db = t.db;
  hunter = await makeUser(db, { role: "stock_hunter", first_name: "Giulia" });
  otherHunter = await makeUser(db, { role: "stock_hunter" });
  owners = [];
  for (let i = 0; i < 5; i++) owners.push(await makeUser(db, { role: "stocker", first_name: `Owner${i + 1}` }));
  referent = await makeUser(db, { role: "referent", first_name: "Rita" });
  const warehouses = [];
  for (let i = 0; i < 5; i++) {
    warehouses.push(
      await makeWarehouse(db, {
        user_id: owners[i]!.id,
        referent_id: i === 2 ? referent.id : null,
        name: `Deposito ${i + 1}`,
        lat: 44.5 + i * 0.01,
        lng: 11.3,
      }),
    );
    await subscribeWarehouses(db, owners[i]!.id, [warehouses[i]!.id]);
  }
  const made = await makeRequest(db, { userId: hunter.id, warehouseIds: warehouses.map((w) => w.id) });
  requestId = made.request.id;
  await db
    .updateTable("warehouse_requests")
    .set({ m2_type: "m2", m2_value: 800, start_date: START, end_date: END, lat: 44.49, lng: 11.34 })
    .where("id", "=", requestId)
    .execute();
  link = warehouses.map((w) => made.links.find((l) => l.warehouse_id === w.id)!.id);
});

const as = (user: User) => ({ actor: actorOf(user) });

describe("the deal, end to end", () => {
  it("runs from five contacted warehouses to a confirmed deal with a review link", async () => {
    const db = t.db;
    // 1. Three offers: the owner of the first, the second starting two weeks late, the referent of the third (300 m² only).
    const first = await callJson(stockerOffer, db, { ...as(owners[0]!), params: { id: String(link[0]) }, body: offer({}) });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const late = await callJson(stockerOffer, db, {
      ...as(owners[1]!),
      params: { id: String(link[1]) },
      body: offer({ start_date: addDays(START, 14), price_month: 390, one_off_fee: 25_000 }),
    });
    expect(late.status, JSON.stringify(late.json)).toBe(200);
    const byReferent = await callJson(referentOffer, db, {
      ...as(referent),
      params: { id: String(link[2]) },
      body: offer({ quantity: 300, price_month: 500 }),
    });
    expect(byReferent.status, JSON.stringify(byReferent.json)).toBe(200);
    // 2. The fourth refuses; the fifth stays silent.
    expect((await callJson(stockerUpdate, db, { ...as(owners[3]!), params: { id: String(link[3]) }, body: { state: "refused" } })).status).toBe(200);

    // 3. The requester asks the first for changes; its owner revises.
    const asked = await callJson(askChanges, db, { ...as(hunter), params: { id: String(link[0]) }, body: { message: "Potete fare 4,20 €/m² per tre mesi?" } });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    const revised = await callJson(stockerOffer, db, { ...as(owners[0]!), params: { id: String(link[0]) }, body: offer({ price_month: 420 }) });
    expect(revised.status, JSON.stringify(revised.json)).toBe(200);

    // 4. The comparison: five rows, totals to the cent (800 m², 90 days, VAT 22%).
    const cmp = await callJson(comparison, db, { ...as(hunter), method: "GET", params: { request_id: String(requestId) }, path: "/api/test?sort=price" });
    expect(cmp.status, JSON.stringify(cmp.json)).toBe(200);
    const rows = cmp.json.rows as any[];
    expect(rows).toHaveLength(5);
    const row = (i: number) => rows.find((r) => r.link_id === link[i])!;
    // 420 × 800 = 336,000 a month; × 90 / 30 = 1,008,000; × 1.22 = 1,229,760.
    expect(row(0).offer.totals).toMatchObject({ quantity: 800, monthly: 336_000, period: 1_008_000, vat_included: 1_229_760, dates_cover: true });
    expect(row(0).revisions).toBe(2);
    // 390 × 800 = 312,000; × 90 / 30 = 936,000 + 25,000 = 961,000; × 1.22 = 1,172,420; starts late.
    expect(row(1).offer.totals).toMatchObject({ period: 961_000, vat_included: 1_172_420, dates_cover: false });
    // 300 of 800: 500 × 300 = 150,000; × 3 = 450,000; × 1.22 = 549,000.
    expect(row(2).offer.totals).toMatchObject({ quantity: 300, asked_quantity: 800, capped: true, period: 450_000, vat_included: 549_000 });
    expect(row(3)).toMatchObject({ state: "refused", offer: null });
    expect(row(4)).toMatchObject({ state: "pending", offer: null, not_answered: true });
    // Sorted by price: the live offers cheapest first, then the rows without one.
    expect(rows.slice(0, 3).map((r) => r.link_id)).toEqual([link[2], link[1], link[0]]);
    expect(row(2).marks.cheapest).toBe(true);
    const byRating = await callJson(comparison, db, { ...as(hunter), method: "GET", params: { request_id: String(requestId) }, path: "/api/test?sort=rating" });
    expect(byRating.status).toBe(200);
    expect(byRating.json.rows).toHaveLength(5);

    // 5. Accept the revised offer and decline the other open ones in the same step.
    await db.deleteFrom("notifications").execute();
    const accepted = await callJson(acceptOffer, db, { ...as(hunter), params: { offerId: String(revised.json.offer_id) }, body: { decline_others: true } });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const states = await db.selectFrom("request_offers").select(["link_id", "state"]).where("state", "in", ["open", "accepted", "declined"]).execute();
    expect(Object.fromEntries(states.map((s) => [s.link_id, s.state]))).toEqual({ [link[0]!]: "accepted", [link[1]!]: "declined", [link[2]!]: "declined" });
    const told = await db.selectFrom("notifications").select(["user_id", "type"]).execute();
    expect(told).toEqual(
      expect.arrayContaining([
        { user_id: owners[0]!.id, type: "deal_offer_accepted" },
        { user_id: owners[1]!.id, type: "deal_offer_declined" },
        { user_id: owners[2]!.id, type: "deal_offer_declined" },
        { user_id: referent.id, type: "deal_offer_declined" },
      ]),
    );

    // 6. The accepted handler confirms: the requester is told, with the review link.
    expect((await callJson(stockerUpdate, db, { ...as(owners[0]!), params: { id: String(link[0]) }, body: { state: "confirmed" } })).status).toBe(200);
    const confirmed = await db
      .selectFrom("notifications")
      .select("data")
      .where("user_id", "=", hunter.id)
      .where("type", "=", "request_state_changed")
      .executeTakeFirstOrThrow();
    expect((confirmed.data as { review_url: string | null }).review_url).toMatch(/review/);
  });

  it("runs a thread both ways, with e-mails", async () => {
    const db = t.db;
    const sent = await callJson(hunterPost, db, { ...as(hunter), params: { id: String(link[0]) }, body: { message: "Quando possiamo fare un sopralluogo?" } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const reply = await callJson(stockerPost, db, {
      ...as(owners[0]!),
      params: { id: String(link[0]) },
      body: { message: "Martedì alle 10, <b>va bene</b>?" },
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const thread = await callJson(stockerThread, db, { ...as(owners[0]!), method: "GET", params: { id: String(link[0]) } });
    expect(thread.json.messages.map((m: { body: string }) => m.body).slice(-2)).toEqual([
      "Quando possiamo fare un sopralluogo?",
      "Martedì alle 10, <b>va bene</b>?",
    ]);
    const mails = await db.selectFrom("mail_outbox").select(["to_address"]).where("template", "=", "deal_step").execute();
    expect(mails.map((m) => m.to_address)).toEqual(expect.arrayContaining([owners[0]!.email, hunter.email]));
  });

  it("refuses everyone else on every call", async () => {
    const db = t.db;
    const id = { id: String(link[0]) };
    expect((await callJson(comparison, db, { ...as(otherHunter), method: "GET", params: { request_id: String(requestId) } })).status).toBe(404);
    expect((await callJson(comparison, db, { ...as(owners[0]!), method: "GET", params: { request_id: String(requestId) } })).status).toBe(403);
    expect((await callJson(hunterThread, db, { ...as(otherHunter), method: "GET", params: id })).status).toBe(404);
    expect((await callJson(hunterPost, db, { ...as(otherHunter), params: id, body: { message: "ciao" } })).status).toBe(404);
    expect((await callJson(askChanges, db, { ...as(otherHunter), params: { id: String(link[1]) }, body: { message: "ciao" } })).status).toBe(404);
    const someOffer = await db.selectFrom("request_offers").select("id").where("link_id", "=", link[1]!).executeTakeFirstOrThrow();
    expect((await callJson(acceptOffer, db, { ...as(otherHunter), params: { offerId: String(someOffer.id) }, body: {} })).status).toBe(404);
    // Another owner, another warehouse's referent.
    expect((await callJson(stockerOffer, db, { ...as(owners[1]!), params: id, body: offer({}) })).status).toBe(403);
    expect((await callJson(referentOffer, db, { ...as(referent), params: id, body: offer({}) })).status).toBe(403);
    expect((await callJson(stockerThread, db, { ...as(owners[1]!), method: "GET", params: id })).status).toBe(403);
    expect((await callJson(referentPost, db, { ...as(referent), params: id, body: { message: "ciao" } })).status).toBe(403);
    // A visitor without a session.
    expect((await callJson(comparison, db, { method: "GET", params: { request_id: String(requestId) } })).status).toBe(401);
  });
});
