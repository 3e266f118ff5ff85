// The requester's comparison of a request's offers: the rows of five contacted warehouses (an
// offer, a revised offer covering less than asked, an offer whose dates miss the request's, a
// refusal, a silence), their totals to the cent, the order and the marks, what an anonymised
// warehouse shows, and who may see it (the hunter's API and page, the personal link).
import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeOffer, makeRedeemedWarehouse, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import type { RequestComparison } from "../../lib/offer-comparison.ts";
import { hunterComparison, requestComparison, visitorComparison } from "./comparison.service.ts";
import { renewRequestAccess, requestAccessToken } from "./request-access.service.ts";
import { distanceM } from "../search/zones.ts";
import { loader as offersEndpoint } from "../../routes/api/stock-hunter/requests.offers.ts";
import { hunterComparisonPageLoader, visitorComparisonPageLoader } from "../../routes/shared/comparison-pages.server.ts";
import { headers as requestAccessHeaders } from "../../routes/request-access.tsx";

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";
const TODAY = "2026-12-01";
const OPTS = { vatRate: 22, today: TODAY, locale: "it" as const };
const MILANO = { lat: 45.4642, lng: 9.19 };

type Offer = {
  revision?: number;
  state?: "open" | "superseded" | "withdrawn" | "accepted" | "declined";
  m2_type?: "m2" | "pallet";
  quantity: number;
  price_month: number;
  handling_in?: number | null;
  handling_out?: number | null;
  one_off_fee?: number | null;
  start_date: string;
  end_date: string;
  min_term_months?: number | null;
  valid_until?: string;
};

async function addOffer(linkId: number, o: Offer) {
  const { id } = await makeOffer(t.db, linkId, {
    ...o,
    revision: o.revision ?? 1,
    min_term_months: o.min_term_months ?? null,
    included: "Scaffalature, sorveglianza",
    valid_until: o.valid_until ?? "2026-12-31",
  });
  return Number(id);
}

/** The link's first answer, `hours` after it was made. */
async function answered(linkId: number, hours: number) {
  await t.db
    .updateTable("warehouse_request_warehouses")
    .set({ answered_at: sql`created_at + make_interval(secs => ${hours * 3600})` })
    .where("id", "=", linkId)
    .execute();
}

let hunter: User;
let otherHunter: User;
let owner: User;
let referent: User;
let requestId: number;
let links: number[];
let warehouses: { id: number; lat: number; lng: number; pub_lat: number; pub_lng: number; name: string }[];
let revisedOfferId: number;

beforeAll(async () => {
  hunter = await makeUser(t.db, { role: "stock_hunter" });
  otherHunter = await makeUser(t.db, { role: "stock_hunter" });
  referent = await makeUser(t.db, { role: "referent" });
  // 1: redeemed, 3 km north; 2: claimed but not redeemed, managed by a referent; 3: redeemed, rated
  // best; 4: refuses; 5: never answers (unclaimed).
  const w1 = await makeRedeemedWarehouse(t.db, { name: "Deposito Uno", city: "Sesto San Giovanni", lat: 45.4912, lng: 9.19 });
  owner = w1.owner;
  const w2 = await makeWarehouse(t.db, { name: "Deposito Due", city: "Rho", user_id: owner.id, referent_id: referent.id, lat: 45.53, lng: 9.04 });
  const w3 = await makeRedeemedWarehouse(t.db, { name: "Deposito Tre", city: "Lodi", lat: 45.3142, lng: 9.5 });
  const w4 = await makeRedeemedWarehouse(t.db, { name: "Deposito Quattro", city: "Monza", lat: 45.58, lng: 9.27 });
  const w5 = await makeWarehouse(t.db, { name: "Deposito Cinque", city: "Pavia", lat: 45.18, lng: 9.15 });
  const ids = [w1.warehouse.id, w2.id, w3.warehouse.id, w4.warehouse.id, w5.id];
  warehouses = await t.db.selectFrom("warehouses").select(["id", "lat", "lng", "pub_lat", "pub_lng", "name"]).where("id", "in", ids).orderBy("id").execute();

  const made = await makeRequest(t.db, { userId: hunter.id, warehouseIds: ids });
  requestId = made.request.id;
  links = made.links.map((l) => l.id);
  // 800 m² for the first quarter of 2027 (90 days), asked from Milan.
  await t.db
    .updateTable("warehouse_requests")
    .set({ m2_type: "m2", m2_value: 800, start_date: "2027-01-01", end_date: "2027-03-31", ...MILANO, radius: 50 })
    .where("id", "=", requestId)
    .execute();

  // 1: € 4,50 per m² for 1.000 m², a one-off € 100; answered in 5 hours.
  await addOffer(links[0]!, { quantity: 1000, price_month: 450, one_off_fee: 10_000, start_date: "2026-12-01", end_date: "2027-06-30", min_term_months: 3 });
  await answered(links[0]!, 5);
  // 2: 300 m² only, € 5,00 then revised to € 4,80 after the hunter asked; answered in 30 minutes.
  await addOffer(links[1]!, { quantity: 300, price_month: 500, state: "superseded", start_date: "2027-01-01", end_date: "2027-12-31" });
  revisedOfferId = await addOffer(links[1]!, { revision: 2, quantity: 300, price_month: 480, start_date: "2027-01-01", end_date: "2027-12-31" });
  await answered(links[1]!, 0.5);
  // 3: € 4,00 for 800 m², but only from February; answered in 3 days.
  await addOffer(links[2]!, { quantity: 800, price_month: 400, start_date: "2027-02-01", end_date: "2027-12-31", min_term_months: 12 });
  await answered(links[2]!, 72);
  // 4: refused.
  await t.db
    .updateTable("warehouse_request_warehouses")
    .set({ state: "refused", answered_at: sql`created_at + interval '2 hours'` })
    .where("id", "=", links[3]!)
    .execute();

  await t.db.updateTable("warehouses").set({ rating_avg: 38, review_count: 4 }).where("id", "=", w1.warehouse.id).execute();
  await t.db.updateTable("warehouses").set({ rating_avg: 46, review_count: 9 }).where("id", "=", w3.warehouse.id).execute();
  // Warehouse 1 declares 1.000 m² free over the request's dates; 3 only from February; 5 nothing.
  await t.db
    .insertInto("warehouse_spaces")
    .values([
      { warehouse_id: w1.warehouse.id, m2_type: "m2", quantity: 1000, available_from: "2026-11-01", available_until: null },
      { warehouse_id: w2.id, m2_type: "m2", quantity: 300, available_from: "2026-11-01", available_until: "2027-12-31" },
      { warehouse_id: w3.warehouse.id, m2_type: "m2", quantity: 5000, available_from: "2027-02-01", available_until: null },
    ])
    .execute();
});

const rowOf = (c: RequestComparison, i: number) => c.rows.find((r) => r.link_id === links[i])!;

describe("requestComparison", () => {
  it("has one row per contacted warehouse, with the totals to the cent", async () => {
    const c = (await requestComparison(t.db, requestId, OPTS))!;
    expect(c.rows).toHaveLength(5);
    expect(c.counts).toEqual({ contacted: 5, offers: 3, not_answered: 1 });
    expect(c.request).toMatchObject({ id: requestId, m2_value: 800, start_date: "2027-01-01", end_date: "2027-03-31", location: "Milano", radius: 50 });
    expect(c.request.number).toBe(String(requestId).padStart(10, "0"));

    // 800 × 4,50 = 3.600 a month; 90 days: 10.800 + 100 once = 10.900; VAT 22%: 13.298.
    expect(rowOf(c, 0).offer!.totals).toMatchObject({ quantity: 800, capped: false, monthly: 360_000, days: 90, period: 1_090_000, vat_included: 1_329_800 });
    expect(rowOf(c, 0).offer!.totals.dates_cover).toBe(true);
    expect(rowOf(c, 0)).toMatchObject({ revisions: 1, min_term_months: 3, state: "pending", not_answered: false, answer_seconds: 5 * 3600 });

    // The revision is the current offer: 300 of the 800 asked, 300 × 4,80 = 1.440 a month, 4.320 for 90 days, 5.270,40 with VAT.
    const revised = rowOf(c, 1);
    expect(revised.offer).toMatchObject({ offer_id: revisedOfferId, revision: 2, status: "open", price_month: 480 });
    expect(revised.offer!.totals).toMatchObject({ quantity: 300, asked_quantity: 800, capped: true, monthly: 144_000, period: 432_000, vat_included: 527_040 });
    expect(revised.revisions).toBe(2);
    // The history both sides see: the first revision, superseded, with its own totals.
    expect(revised.earlier_offers).toHaveLength(1);
    expect(revised.earlier_offers[0]).toMatchObject({ revision: 1, status: "superseded" });
    expect(rowOf(c, 0).earlier_offers).toEqual([]);
    expect(revised.answer_seconds).toBe(1800);

    // From February only: the dates do not cover the request's; the totals still count the request's 90 days.
    expect(rowOf(c, 2).offer!.totals).toMatchObject({ dates_cover: false, quantity: 800, days: 90, period: 960_000, vat_included: 1_171_200 });
    expect(rowOf(c, 2).min_term_months).toBe(12);

    expect(rowOf(c, 3)).toMatchObject({ state: "refused", offer: null, revisions: 0, not_answered: false, answer_seconds: 7200 });
    expect(rowOf(c, 4)).toMatchObject({ state: "pending", offer: null, not_answered: true, answer_seconds: null });
  });

  it("judges each warehouse's declared free space against the request as the search does", async () => {
    const c = (await requestComparison(t.db, requestId, OPTS))!;
    expect(rowOf(c, 0).availability).toMatchObject({ status: "available", unmet: [], space: { quantity: 1000, available_until: null } });
    expect(rowOf(c, 1).availability).toMatchObject({ status: "partial", unmet: ["quantity"], space: { quantity: 300 } });
    expect(rowOf(c, 2).availability).toMatchObject({ status: "unavailable", unmet: ["dates"], space: null });
    expect(rowOf(c, 4).availability).toMatchObject({ status: "on_request", space: null });
  });

  it("sorts by price, distance, rating and speed, and marks the cheapest and the best rated", async () => {
    const order = async (sort: "price" | "distance" | "rating" | "speed") =>
      (await requestComparison(t.db, requestId, { ...OPTS, sort }))!.rows.map((r) => links.indexOf(r.link_id) + 1);
    // Cheapest first (5.270,40, 11.712, 13.298), then the rows without an offer in the links' order.
    expect(await order("price")).toEqual([2, 3, 1, 4, 5]);
    expect(await order("rating")).toEqual([3, 1, 2, 4, 5]);
    // 30 minutes, 2 hours, 5 hours, 3 days, never.
    expect(await order("speed")).toEqual([2, 4, 1, 3, 5]);
    // Sesto 3 km, Rho ≈ 13 km, Monza ≈ 14 km, Pavia ≈ 32 km, Lodi ≈ 30 km.
    const c = (await requestComparison(t.db, requestId, { ...OPTS, sort: "distance" }))!;
    const km = c.rows.map((r) => r.distance_km!);
    expect([...km].sort((a, b) => a - b)).toEqual(km);
    expect(rowOf(c, 0).distance_km).toBeCloseTo(3, 0);

    expect(c.rows.filter((r) => r.marks.cheapest).map((r) => r.link_id)).toEqual([links[1]]);
    expect(c.rows.filter((r) => r.marks.best_rated).map((r) => r.link_id)).toEqual([links[2]]);
  });

  it("shows an expired offer as such, after the live ones by price, and never the cheapest", async () => {
    const expired = await requestComparison(t.db, requestId, { ...OPTS, today: "2027-01-05" });
    // Every offer is valid until 31.12.2026: on 5 January all are expired, none is marked.
    expect(expired!.rows.filter((r) => r.offer).every((r) => r.offer!.status === "expired")).toBe(true);
    expect(expired!.rows.some((r) => r.marks.cheapest)).toBe(false);

    await t.db.updateTable("request_offers").set({ valid_until: "2026-11-30" }).where("id", "=", revisedOfferId).execute();
    try {
      const c = (await requestComparison(t.db, requestId, OPTS))!;
      expect(rowOf(c, 1).offer!.status).toBe("expired");
      expect(c.rows.map((r) => links.indexOf(r.link_id) + 1)).toEqual([3, 1, 2, 4, 5]);
      expect(c.rows.filter((r) => r.marks.cheapest).map((r) => r.link_id)).toEqual([links[2]]);
    } finally {
      await t.db.updateTable("request_offers").set({ valid_until: "2026-12-31" }).where("id", "=", revisedOfferId).execute();
    }
  });

  it("anonymises a warehouse until redeemed and measures to its public position, never the exact one", async () => {
    const c = (await requestComparison(t.db, requestId, OPTS))!;
    const w2 = warehouses.find((w) => w.name === "Deposito Due")!;
    const anonymous = rowOf(c, 1);
    expect(anonymous.warehouse).toEqual({ id: w2.id, name: `Stocker ${w2.id}`, city: "Rho", redeemed: false, is_hub: false, detail_url: null });
    expect(JSON.stringify(anonymous)).not.toContain("Deposito Due");
    expect(anonymous.distance_approx).toBe(true);
    // Unredeemed, its published position is moved; the distance is to that one.
    const w5 = warehouses.find((w) => w.name === "Deposito Cinque")!;
    expect([w5.pub_lat, w5.pub_lng]).not.toEqual([w5.lat, w5.lng]);
    const silent = rowOf(c, 4);
    const toPublic = Math.round(distanceM(MILANO.lat, MILANO.lng, w5.pub_lat, w5.pub_lng) / 10) / 100;
    const toExact = Math.round(distanceM(MILANO.lat, MILANO.lng, w5.lat, w5.lng) / 10) / 100;
    expect(silent.distance_km).toBe(toPublic);
    expect(toExact).not.toBe(toPublic);
    expect(silent.warehouse.name).toBe(`Stocker ${w5.id}`);

    const redeemed = rowOf(c, 0);
    expect(redeemed.warehouse).toMatchObject({ name: "Deposito Uno", redeemed: true, detail_url: `/it/warehouses/${redeemed.warehouse.id}` });
    expect(redeemed.distance_approx).toBe(false);
    expect(redeemed.rating).toEqual({ avg_value: 38, count: 4 });
  });

  it("has no distance when the request has no position, and null for a request that does not exist", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [warehouses[0]!.id] });
    const c = (await requestComparison(t.db, request.id, OPTS))!;
    expect(c.rows[0]).toMatchObject({ distance_km: null, availability: { status: "not_asked" } });
    expect(await requestComparison(t.db, 999_999_999, OPTS)).toBeNull();
  });
});

describe("who may see a comparison", () => {
  it("is the hunter who sent the request: another hunter 404, another role 403", async () => {
    const own = await hunterComparison(t.db, { id: hunter.id, role: "stock_hunter" }, requestId, OPTS);
    expect(own.rows).toHaveLength(5);
    await expect(hunterComparison(t.db, { id: otherHunter.id, role: "stock_hunter" }, requestId, OPTS)).rejects.toMatchObject({ status: 404 });
    await expect(hunterComparison(t.db, { id: owner.id, role: "stocker" }, requestId, OPTS)).rejects.toMatchObject({ status: 403 });
    await expect(hunterComparison(t.db, { id: hunter.id, role: "stock_hunter" }, 999_999_999, OPTS)).rejects.toMatchObject({ status: 404 });
  });

  it("GET /api/stock-hunter/requests/{request_id}/offers answers the hunter and refuses everyone else", async () => {
    const get = (user: User | null, id = String(requestId), query = "") =>
      callJson(offersEndpoint, t.db, {
        method: "GET",
        path: `/api/stock-hunter/requests/${id}/offers${query}`,
        params: { request_id: id },
        actor: user ? actorOf(user) : null,
      });
    const ok = await get(hunter, String(requestId), "?sort=rating");
    expect(ok.status).toBe(200);
    expect(ok.json.rows.map((r: { link_id: number }) => r.link_id)).toEqual([links[2], links[0], links[1], links[3], links[4]]);
    expect(ok.json.rows[0].offer.totals.vat_included).toBe(1_171_200);

    const admin = await makeUser(t.db, { role: "admin" });
    expect((await get(otherHunter)).status).toBe(404);
    expect((await get(owner)).status).toBe(403);
    expect((await get(referent)).status).toBe(403);
    expect((await get(admin)).status).toBe(403);
    expect((await get(null)).status).toBe(401);
    expect((await get(hunter, "999999999")).status).toBe(404);
    expect((await get(hunter, "abc")).status).toBe(422);
    expect((await get(hunter, String(requestId), "?sort=cheapest")).status).toBe(422);
  });

  const context = (user: User | null) => testContext(t.db, { actor: user ? actorOf(user) : null }) as unknown as Readonly<RouterContextProvider>;
  const status = async (p: Promise<unknown>) => {
    try {
      await p;
      return 200;
    } catch (err) {
      return (err as { init?: { status?: number } }).init?.status ?? (err as Response).status;
    }
  };

  it("the hunter's page: its own request sorted by ?sort=, a bad sort ignored; anyone else refused", async () => {
    const load = (user: User | null, search = "", id = String(requestId)) =>
      hunterComparisonPageLoader({ request: new Request(`${ORIGIN}/it/stock-hunter/profile/messages/${id}${search}`), params: { id }, context: context(user) });
    const page = await load(hunter, "?sort=speed");
    expect(page.sort).toBe("speed");
    expect(page.comparison.rows[0]!.link_id).toBe(links[1]);
    expect((await load(hunter, "?sort=nonsense")).sort).toBe("price");
    expect(await status(load(otherHunter))).toBe(404);
    expect(await status(load(hunter, "", "999999999"))).toBe(404);
    expect(await status(load(hunter, "", "abc"))).toBe(404);
    expect(await status(load(owner))).toBe(403);
    expect(await status(load(referent))).toBe(403);
    expect(await status(load(null))).toBe(401);
  });

  it("the administrator's view of the hunter's area shows the hunter's request, and only there", async () => {
    const admin = await makeUser(t.db, { role: "admin" });
    const load = (userId: number) =>
      hunterComparisonPageLoader({
        request: new Request(`${ORIGIN}/admin/stock-hunter/${userId}/messages/${requestId}`),
        params: { userId: String(userId), id: String(requestId) },
        context: context(admin),
      });
    const page = await load(hunter.id);
    expect(page.comparison.rows).toHaveLength(5);
    expect(page.frame).toMatchObject({ asAdmin: true, base: `/admin/stock-hunter/${hunter.id}` });
    expect(await status(load(otherHunter.id))).toBe(404);
  });

  it("the personal link: a good token opens it, a forged, unknown or revoked one is a 404", async () => {
    const visitor = await makeRequest(t.db, { userId: null, warehouseIds: [warehouses[0]!.id, warehouses[1]!.id] });
    await addOffer(visitor.links[0]!.id, { quantity: 100, price_month: 600, start_date: "2027-01-01", end_date: "2027-01-30" });
    const token = await requestAccessToken(t.db, visitor.request.id);

    const c = await visitorComparison(t.db, token, OPTS);
    expect(c.request.id).toBe(visitor.request.id);
    expect(c.rows).toHaveLength(2);
    // 100 × 6,00 × 30 days / 30 = 600, with VAT 732.
    expect(c.rows[0]!.offer!.totals).toMatchObject({ quantity: 100, days: 30, period: 60_000, vat_included: 73_200 });

    const load = (tok: string) =>
      visitorComparisonPageLoader({ request: new Request(`${ORIGIN}/it/requests/${tok}`), params: { locale: "it", token: tok }, context: context(null) });
    expect((await load(token)).comparison.request.id).toBe(visitor.request.id);
    // A logged-in user of any role sees what the link opens, no more (the token is the access).
    expect(await status(load("A".repeat(43)))).toBe(404);
    expect(await status(load("not-a-token"))).toBe(404);
    expect(await status(load("x".repeat(200)))).toBe(404);
    await expect(visitorComparison(t.db, token.slice(0, 42), OPTS)).rejects.toMatchObject({ status: 404 });

    const renewed = await renewRequestAccess(t.db, visitor.request.id);
    expect(await status(load(token))).toBe(404);
    expect((await load(renewed)).comparison.request.id).toBe(visitor.request.id);

    // The token is in the address: never indexed, never sent on as a referrer, never in a shared cache.
    expect(requestAccessHeaders()).toEqual({ "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" });
  });
});
