// Quote requests in the logged-in areas: the stocker's and the referent's lists and state
// changes (with the hunter's notification and e-mail), the hunter's own list and warehouse
// page, the JSON calls, and the lists' query plans on a large catalogue.
import { beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeSpecification, makeUser, makeWarehouse, makeRequest, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { requestNumber } from "../../lib/format.ts";
import { hunterRequestPage, hunterWarehouseDetail, listHandlerRequests, listHunterRequests, updateRequestState } from "./area-requests.service.ts";
import {
  handlerLinksCountQuery,
  handlerRequestsPage,
  handlerLinksPageQuery,
  hunterRequestsCountQuery,
  hunterRequestsPageQuery,
} from "./area-requests.queries.ts";
import { loader as stockerRequests } from "../../routes/api/stocker/requests.ts";
import { loader as referentRequests } from "../../routes/api/referent/requests.ts";
import { action as stockerUpdate } from "../../routes/api/stocker/warehouse-requests.update.ts";
import { action as referentUpdate } from "../../routes/api/referent/warehouse-requests.update.ts";
import { loader as hunterRequests } from "../../routes/api/stock-hunter/requests.ts";
import {
  handlerRequestsPageAction,
  hunterRequestsPageLoader as loadHunterRequestsPage,
  hunterWarehousePageLoader as loadHunterWarehousePage,
} from "../../routes/shared/request-pages.server.ts";
import { handlerRequestsQuery } from "../../schemas/area-requests.ts";
import { createReview } from "../reviews/reviews.service.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { listFavourites } from "../areas/dashboard.service.ts";
import { listAdminRequests } from "../admin-requests/admin-requests.service.ts";

// The page's loader and action for one role, called as the route calls them.
const handlerRequestsAction = (args: Parameters<typeof loadHunterRequestsPage>[0], role: "stocker" | "referent") => handlerRequestsPageAction(role)(args);

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";

type Fixture = Awaited<ReturnType<typeof setup>>;
let f: Fixture;

/** A request with its links dated `iso` (request and links), with specifications. */
async function requestAt(opts: { userId: number | null; warehouseIds: number[]; iso: string; contact?: string; specs?: number[] }) {
  const { request, links } = await makeRequest(t.db, { userId: opts.userId, warehouseIds: opts.warehouseIds, contact: opts.contact });
  await t.db.updateTable("warehouse_requests").set({ created_at: opts.iso }).where("id", "=", request.id).execute();
  await t.db.updateTable("warehouse_request_warehouses").set({ created_at: opts.iso }).where("warehouse_request_id", "=", request.id).execute();
  if (opts.specs?.length) {
    await t.db
      .insertInto("warehouse_request_specifications")
      .values(opts.specs.map((specification_id) => ({ warehouse_request_id: request.id, specification_id })))
      .execute();
  }
  const link = (warehouseId: number) => links.find((l) => l.warehouse_id === warehouseId)!;
  return { request, links, link };
}

async function setup() {
  const db = t.db;
  const admin = await makeUser(db, { role: "admin" });
  const stockerA = await makeUser(db, { role: "stocker", first_name: "Anna" });
  const stockerB = await makeUser(db, { role: "stocker", first_name: "Bruno" });
  const referent1 = await makeUser(db, { role: "referent", first_name: "Rita", last_name: "Rossi" });
  const referent2 = await makeUser(db, { role: "referent", first_name: "Remo" });
  const hunter1 = await makeUser(db, { role: "stock_hunter", lang: "en", first_name: "Hugo" });
  const hunter2 = await makeUser(db, { role: "stock_hunter" });
  const wa1 = await makeWarehouse(db, { user_id: stockerA.id, name: "Alfa Uno", city: "Milano" });
  const wa2 = await makeWarehouse(db, { user_id: stockerA.id, referent_id: referent1.id, name: "Alfa Due", city: "Monza", is_hub: true });
  const wb1 = await makeWarehouse(db, { user_id: stockerB.id, referent_id: referent2.id, name: "Beta", city: "Lodi" });
  const wu = await makeWarehouse(db, { name: "Magazzino Segreto", city: "Bergamo", address: "Via Nascosta 9" });
  await subscribeWarehouses(db, stockerA.id, [wa1.id, wa2.id]);
  await subscribeWarehouses(db, stockerB.id, [wb1.id]);
  const s1 = await makeSpecification(db, { cat_id: 1, value: "Picking", value_en: "Picking EN" });
  const s2 = await makeSpecification(db, { cat_id: 3, value: "Allarme", value_en: "Alarm" });

  const q1 = await requestAt({ userId: hunter1.id, warehouseIds: [wa1.id, wb1.id, wu.id], iso: "2030-03-01T10:00:00Z", specs: [s2.id, s1.id] });
  // 23:30 UTC on 10 March is 00:30 on 11 March in Italy.
  const q2 = await requestAt({ userId: hunter1.id, warehouseIds: [wa2.id], iso: "2030-03-10T23:30:00Z" });
  const q3 = await requestAt({ userId: hunter2.id, warehouseIds: [wa1.id, wa2.id], iso: "2030-03-20T09:00:00Z" });
  await db.updateTable("warehouse_request_warehouses").set({ state: "confirmed" }).where("id", "=", q3.link(wa1.id).id).execute();
  const q4 = await requestAt({ userId: null, warehouseIds: [wa1.id], iso: "2030-04-01T09:00:00Z", contact: "visitor-list@test.example" });
  return { admin, stockerA, stockerB, referent1, referent2, hunter1, hunter2, wa1, wa2, wb1, wu, s1, s2, q1, q2, q3, q4 };
}

beforeAll(async () => {
  f = await setup();
});

const asStocker = (u: User) => ({ id: u.id, role: "stocker" as const });
const asReferent = (u: User) => ({ id: u.id, role: "referent" as const });
const list = (owner: { id: number; role: "stocker" | "referent" }, filters = {}, page = 0, limit = 8, locale: "it" | "en" = "it") =>
  listHandlerRequests(t.db, owner, { page, limit, filters, locale });
const ownAccess = (u: User, role: "stocker" | "referent") => ({ actor: actorOf(u), owner: { id: u.id, role }, asAdmin: false });

describe("the stocker's and the referent's request lists", () => {
  it("list the links of the owner's warehouses, newest first (ties by id), with the request and its specifications", async () => {
    const { warehouse_requests: items, warehouse_requests_count: count } = await list(asStocker(f.stockerA));
    expect(count).toBe(5);
    expect(items.map((i) => i.id)).toEqual([
      f.q4.link(f.wa1.id).id,
      f.q3.link(f.wa2.id).id,
      f.q3.link(f.wa1.id).id,
      f.q2.link(f.wa2.id).id,
      f.q1.link(f.wa1.id).id,
    ]);
    const first = items.at(-1)!;
    expect(first).toMatchObject({
      warehouse_id: f.wa1.id,
      warehouse_request_id: f.q1.request.id,
      state: "pending",
      warehouse: { id: f.wa1.id, name: "Alfa Uno", city: "Milano" },
      warehouse_request: {
        id: f.q1.request.id,
        business_name: "Logistica Test srl",
        referent: "Mario Rossi",
        contact: f.q1.request.contact,
        location: "Milano",
        radius: 10,
        m2_type: "m2",
      },
      review_url: null,
      report_url: `/it/warehouses/${f.wa1.id}/requests/${f.q1.request.id}/report`,
    });
    // In the page's language, ordered by category.
    expect(first.warehouse_request.specifications).toEqual([
      { id: f.s1.id, value: "Picking", category: expect.any(String), cat_id: 1 },
      { id: f.s2.id, value: "Allarme", category: expect.any(String), cat_id: 3 },
    ]);
    const en = await list(asStocker(f.stockerA), {}, 0, 8, "en");
    expect(en.warehouse_requests.at(-1)!.warehouse_request.specifications.map((s) => s.value)).toEqual(["Picking EN", "Alarm"]);
    expect(en.warehouse_requests.at(-1)!.report_url).toMatch(/^\/en\/warehouses\//);
    // The review link only once confirmed.
    const confirmed = items.find((i) => i.id === f.q3.link(f.wa1.id).id)!;
    expect(confirmed.review_url).toBe(`/it/warehouses/${f.wa1.id}/requests/${f.q3.request.id}/review`);
  });

  it("filter by warehouse, state and Italian calendar days (inclusive), and count what they keep", async () => {
    const byWarehouse = await list(asStocker(f.stockerA), { warehouse_id: f.wa2.id });
    expect(byWarehouse.warehouse_requests.map((i) => i.warehouse_id)).toEqual([f.wa2.id, f.wa2.id]);
    expect(byWarehouse.warehouse_requests_count).toBe(2);
    const confirmed = await list(asStocker(f.stockerA), { state: "confirmed" });
    expect(confirmed.warehouse_requests.map((i) => i.id)).toEqual([f.q3.link(f.wa1.id).id]);
    expect(confirmed.warehouse_requests_count).toBe(1);
    // q2 was sent at 00:30 on 11 March, Italian time.
    const eleventh = await list(asStocker(f.stockerA), { from: "2030-03-11", to: "2030-03-11" });
    expect(eleventh.warehouse_requests.map((i) => i.id)).toEqual([f.q2.link(f.wa2.id).id]);
    expect((await list(asStocker(f.stockerA), { from: "2030-03-10", to: "2030-03-10" })).warehouse_requests_count).toBe(0);
    const march = await list(asStocker(f.stockerA), { from: "2030-03-01", to: "2030-03-20" });
    expect(march.warehouse_requests_count).toBe(4);
    const combined = await list(asStocker(f.stockerA), { warehouse_id: f.wa1.id, state: "pending", from: "2030-03-02" });
    expect(combined.warehouse_requests.map((i) => i.id)).toEqual([f.q4.link(f.wa1.id).id]);
  });

  it("a warehouse filter naming someone else's warehouse matches nothing", async () => {
    const other = await list(asStocker(f.stockerA), { warehouse_id: f.wb1.id });
    expect(other).toEqual({ warehouse_requests: [], warehouse_requests_count: 0 });
    expect((await list(asReferent(f.referent1), { warehouse_id: f.wa1.id })).warehouse_requests_count).toBe(0);
  });

  it("page by index with the total count on every page", async () => {
    const all = (await list(asStocker(f.stockerA))).warehouse_requests.map((i) => i.id);
    const pages = await Promise.all([0, 1, 2, 3].map((page) => list(asStocker(f.stockerA), {}, page, 2)));
    expect(pages.map((p) => p.warehouse_requests.map((i) => i.id))).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4), []]);
    expect(pages.every((p) => p.warehouse_requests_count === 5)).toBe(true);
  });

  it("show a referent only the warehouses it manages, and another owner only its own", async () => {
    const r1 = await list(asReferent(f.referent1));
    expect(r1.warehouse_requests.map((i) => i.id)).toEqual([f.q3.link(f.wa2.id).id, f.q2.link(f.wa2.id).id]);
    const r2 = await list(asReferent(f.referent2));
    expect(r2.warehouse_requests.map((i) => i.id)).toEqual([f.q1.link(f.wb1.id).id]);
    const b = await list(asStocker(f.stockerB));
    expect(b.warehouse_requests.map((i) => i.id)).toEqual([f.q1.link(f.wb1.id).id]);
    // A stocker's id read as a referent's (or the other way round) finds nothing.
    expect((await list(asReferent(f.stockerA))).warehouse_requests_count).toBe(0);
    // A hunter has no such list.
    await expect(
      listHandlerRequests(t.db, { id: f.hunter1.id, role: "stock_hunter" } as never, { page: 0, limit: 8, filters: {}, locale: "it" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("the stock hunter's requests", () => {
  const hunterList = (u: User, filters = {}, page = 0, limit = 8, locale: "it" | "en" = "it") =>
    listHunterRequests(t.db, { id: u.id, role: "stock_hunter" }, { page, limit, filters, locale });

  it("lists the hunter's own requests newest first, each with its warehouses; unclaimed ones anonymised", async () => {
    const { user_requests: items } = await hunterList(f.hunter1, { to: "2030-12-31" });
    expect(items.map((r) => r.id)).toEqual([f.q2.request.id, f.q1.request.id]);
    const q1 = items[1]!;
    expect(q1.specifications.map((s) => s.value)).toEqual(["Picking", "Allarme"]);
    expect(q1.warehouses.map((w) => w.id)).toEqual([f.wa1.id, f.wb1.id, f.wu.id]);
    const [a1, b1, u] = q1.warehouses;
    expect(a1).toMatchObject({
      link_id: f.q1.link(f.wa1.id).id,
      name: "Alfa Uno",
      city: "Milano",
      address: "Via Roma 1",
      state: "pending",
      redeemed: true,
      referent: { name: "Anna stocker", email: f.stockerA.email },
      review_url: null,
      report_url: `/it/warehouses/${f.wa1.id}/requests/${f.q1.request.id}/report`,
      detail_url: `/it/warehouses/${f.wa1.id}`,
    });
    // The referent answers for a warehouse that has one.
    expect(b1!.referent).toEqual({ name: "Remo referent", email: f.referent2.email });
    expect(u).toMatchObject({ name: `Stocker ${f.wu.id}`, city: "Bergamo", address: null, redeemed: false, referent: null, detail_url: null });
    expect(JSON.stringify(items)).not.toContain("Segreto");
    expect(JSON.stringify(items)).not.toContain("Nascosta");
    const q2 = items[0]!;
    expect(q2.warehouses[0]).toMatchObject({ name: "Alfa Due", is_hub: true, referent: { name: "Rita Rossi", email: f.referent1.email } });
  });

  it("names an owner with a company by its company, as the favourites and the back office's list do", async () => {
    await t.db.updateTable("users").set({ company: "Alfa Magazzini Srl" }).where("id", "=", f.stockerA.id).execute();
    try {
      const owner = { name: "Alfa Magazzini Srl", email: f.stockerA.email };
      const { user_requests: items } = await hunterList(f.hunter1, { to: "2030-12-31" });
      expect(items.find((r) => r.id === f.q1.request.id)!.warehouses.find((w) => w.id === f.wa1.id)!.referent).toEqual(owner);
      expect((await hunterWarehouseDetail(t.db, { id: f.hunter2.id, role: "stock_hunter" }, f.wa1.id, "en")).warehouse.referent).toEqual(owner);
      await t.db
        .insertInto("favourites")
        .values({ user_id: f.hunter1.id, warehouse_id: f.wa1.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      expect((await listFavourites(t.db, f.hunter1.id, { page: 0, limit: 8, locale: "it" })).favourites.find((w) => w.id === f.wa1.id)!.referent).toEqual(
        owner,
      );
      const { warehouse_requests } = await listAdminRequests(t.db, actorOf(f.admin), { search: null, from: null, to: null, limit: 50, page: 0 });
      const handler = warehouse_requests.find((r) => r.id === f.q1.request.id)!.warehouses.find((w) => w.id === f.wa1.id)!.handler;
      expect(handler).toEqual({ kind: "owner", ...owner });
    } finally {
      await t.db.deleteFrom("favourites").where("user_id", "=", f.hunter1.id).where("warehouse_id", "=", f.wa1.id).execute();
      await t.db.updateTable("users").set({ company: f.stockerA.company }).where("id", "=", f.stockerA.id).execute();
    }
  });

  it("filters by dates and state, counts, pages; another hunter's requests never appear", async () => {
    const all = await hunterList(f.hunter1, { to: "2030-12-31" });
    expect(all.user_requests_count).toBe(2);
    expect((await hunterList(f.hunter1, { from: "2030-03-11", to: "2030-03-11" })).user_requests.map((r) => r.id)).toEqual([f.q2.request.id]);
    const paged = await hunterList(f.hunter1, { to: "2030-12-31" }, 1, 1);
    expect(paged.user_requests.map((r) => r.id)).toEqual([f.q1.request.id]);
    expect(paged.user_requests_count).toBe(2);
    const two = await hunterList(f.hunter2, { to: "2030-12-31" });
    expect(two.user_requests.map((r) => r.id)).toEqual([f.q3.request.id]);
    const confirmed = await hunterList(f.hunter2, { state: "confirmed", to: "2030-12-31" });
    expect(confirmed.user_requests_count).toBe(1);
    expect(confirmed.user_requests[0]!.warehouses.find((w) => w.id === f.wa1.id)!.review_url).toBe(
      `/it/warehouses/${f.wa1.id}/requests/${f.q3.request.id}/review`,
    );
    expect((await hunterList(f.hunter1, { state: "confirmed", to: "2030-12-31" })).user_requests.filter((r) => r.id === f.q3.request.id)).toEqual([]);
    await expect(listHunterRequests(t.db, { id: f.stockerA.id, role: "stocker" }, { page: 0, limit: 8, filters: {}, locale: "it" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it("a link to one request opens the page it is on; someone else's request opens nothing", async () => {
    const hunter = { id: f.hunter1.id, role: "stock_hunter" as const };
    expect(await hunterRequestPage(t.db, hunter, f.q2.request.id, 1)).toBe(1);
    expect(await hunterRequestPage(t.db, hunter, f.q1.request.id, 1)).toBe(2);
    expect(await hunterRequestPage(t.db, hunter, f.q1.request.id, 8)).toBe(1);
    expect(await hunterRequestPage(t.db, hunter, f.q3.request.id, 1)).toBeNull();
    const request = new Request(`${ORIGIN}/it/stock-hunter/profile/messages?selected=${f.q1.request.id}`);
    const context = testContext(t.db, { actor: actorOf(f.hunter1) }) as unknown as Readonly<RouterContextProvider>;
    const page = await loadHunterRequestsPage({ request, params: {}, context });
    expect(page.selected).toBe(f.q1.request.id);
    const foreign = await loadHunterRequestsPage({
      request: new Request(`${ORIGIN}/it/stock-hunter/profile/messages?selected=${f.q3.request.id}`),
      params: {},
      context,
    });
    expect(foreign.selected).toBeNull();
    expect(foreign.user_requests.some((r) => r.id === f.q3.request.id)).toBe(false);
  });

  it("the page ignores a bad URL filter and says so, instead of failing", async () => {
    const request = new Request(`${ORIGIN}/it/stock-hunter/profile/messages?from=2030-03-12&to=2030-03-01&state=lost`);
    const context = testContext(t.db, { actor: actorOf(f.hunter1) }) as unknown as Readonly<RouterContextProvider>;
    const page = await loadHunterRequestsPage({ request, params: {}, context });
    expect(page.filterErrors).toEqual({ from: "after_end", to: "before_start", state: "invalid" });
    expect(page.filtered).toBe(false);
    expect(page.user_requests_count).toBeGreaterThanOrEqual(2);
  });

  it("GET /api/stock-hunter/requests: the caller's own; 403 for other roles", async () => {
    const res = await callJson(hunterRequests, t.db, {
      method: "GET",
      path: "/api/stock-hunter/requests?limit=8&offset=0&filters[to]=2030-12-31&filters[from]=2030-01-01",
      actor: actorOf(f.hunter2),
    });
    expect(res.status).toBe(200);
    expect(res.json.user_requests_count).toBe(1);
    expect(res.json.user_requests[0].id).toBe(f.q3.request.id);
    expect((await callJson(hunterRequests, t.db, { method: "GET", actor: actorOf(f.stockerA) })).status).toBe(403);
    expect(
      (
        await callJson(hunterRequests, t.db, {
          method: "GET",
          path: "/api/stock-hunter/requests?filters[warehouse_id]=1&filters[state]=x",
          actor: actorOf(f.hunter1),
        })
      ).status,
    ).toBe(422);
  });

  it("a warehouse's page: the card and the hunter's history; 404 without a request or a favourite", async () => {
    const detail = await hunterWarehouseDetail(t.db, { id: f.hunter1.id, role: "stock_hunter" }, f.wu.id, "it");
    expect(detail.warehouse).toMatchObject({
      id: f.wu.id,
      name: `Stocker ${f.wu.id}`,
      address: null,
      cap: null,
      redeemed: false,
      referent: null,
      detail_url: null,
      rating: null,
    });
    // A quote request from the page is placed where the search shows the warehouse (its published, jittered position).
    const published = await t.db.selectFrom("warehouses").select(["pub_lat", "pub_lng"]).where("id", "=", f.wu.id).executeTakeFirstOrThrow();
    expect(detail.warehouse.quote_position).toEqual({ lat: published.pub_lat, lng: published.pub_lng });
    expect(detail.requests.map((r) => r.request_id)).toEqual([f.q1.request.id]);
    expect(JSON.stringify(detail)).not.toContain("Segreto");

    const two = await hunterWarehouseDetail(t.db, { id: f.hunter2.id, role: "stock_hunter" }, f.wa1.id, "en");
    expect(two.warehouse).toMatchObject({ name: "Alfa Uno", redeemed: true, referent: { email: f.stockerA.email }, detail_url: `/en/warehouses/${f.wa1.id}` });
    expect(two.requests).toEqual([
      expect.objectContaining({
        request_id: f.q3.request.id,
        state: "confirmed",
        review_url: `/en/warehouses/${f.wa1.id}/requests/${f.q3.request.id}/review`,
        report_url: `/en/warehouses/${f.wa1.id}/requests/${f.q3.request.id}/report`,
      }),
    ]);

    // hunter2 never asked wb1: 404, until it becomes a favourite.
    await expect(hunterWarehouseDetail(t.db, { id: f.hunter2.id, role: "stock_hunter" }, f.wb1.id, "it")).rejects.toBeInstanceOf(NotFoundError);
    await expect(hunterWarehouseDetail(t.db, { id: f.hunter2.id, role: "stock_hunter" }, 9_999_999, "it")).rejects.toBeInstanceOf(NotFoundError);
    await t.db.insertInto("favourites").values({ user_id: f.hunter2.id, warehouse_id: f.wb1.id }).execute();
    const favourite = await hunterWarehouseDetail(t.db, { id: f.hunter2.id, role: "stock_hunter" }, f.wb1.id, "it");
    expect(favourite).toMatchObject({ favourite: true, requests: [] });
    // A deactivated warehouse takes no requests: the page offers none.
    await t.db.updateTable("warehouses").set({ deactivated: true }).where("id", "=", f.wb1.id).execute();
    expect((await hunterWarehouseDetail(t.db, { id: f.hunter2.id, role: "stock_hunter" }, f.wb1.id, "it")).warehouse.quote_position).toBeNull();
    await t.db.updateTable("warehouses").set({ deactivated: false }).where("id", "=", f.wb1.id).execute();
    await expect(hunterWarehouseDetail(t.db, { id: f.stockerB.id, role: "stocker" }, f.wb1.id, "it")).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("shows the hunters' average rating once the warehouse has reviews", async () => {
    const link = f.q3.link(f.wa1.id);
    await t.db
      .insertInto("reviews")
      .values({
        user_id: f.hunter2.id,
        warehouse_id: f.wa1.id,
        warehouse_request_id: f.q3.request.id,
        link_id: link.id,
        full_name: "H",
        email: "h@test.example",
        telephone: "1",
        avg_value: 43,
        reliability_value: 4,
      })
      .execute();
    const detail = await hunterWarehouseDetail(t.db, { id: f.hunter2.id, role: "stock_hunter" }, f.wa1.id, "it");
    expect(detail.warehouse.rating).toEqual({ avg_value: 43, count: 1 });
  });

  it("the page loader answers 404 for a warehouse with no relation and for a bad id", async () => {
    const call = async (id: string) => {
      const request = new Request(`${ORIGIN}/it/stock-hunter/profile/warehouses/${id}`);
      const context = testContext(t.db, { actor: actorOf(f.hunter2) }) as unknown as Readonly<RouterContextProvider>;
      try {
        await loadHunterWarehousePage({ request, params: { id }, context });
        return 200;
      } catch (err) {
        return (err as { init?: { status?: number } }).init?.status;
      }
    };
    expect(await call(String(f.wa2.id))).toBe(200);
    expect(await call(String(f.wu.id))).toBe(404);
    expect(await call("abc")).toBe(404);
  });
});

describe("the JSON lists", () => {
  it("GET /api/stocker/requests reads limit, offset (page index) and filters[…] from the query", async () => {
    const res = await callJson(stockerRequests, t.db, {
      method: "GET",
      path: `/api/stocker/requests?limit=2&offset=0&filters[warehouse_id]=${f.wa1.id}&filters[from]=2030-03-01&filters[to]=2030-04-30`,
      actor: actorOf(f.stockerA),
    });
    expect(res.status).toBe(200);
    expect(res.json.warehouse_requests_count).toBe(3);
    expect(res.json.warehouse_requests.map((i: { id: number }) => i.id)).toEqual([f.q4.link(f.wa1.id).id, f.q3.link(f.wa1.id).id]);
    const second = await callJson(stockerRequests, t.db, {
      method: "GET",
      path: `/api/stocker/requests?limit=2&offset=1&filters[warehouse_id]=${f.wa1.id}&filters[to]=2030-04-30&filters[from]=2030-03-01`,
      actor: actorOf(f.stockerA),
    });
    expect(second.json.warehouse_requests.map((i: { id: number }) => i.id)).toEqual([f.q1.link(f.wa1.id).id]);
    // Defaults: 8 from the first page.
    const plain = await callJson(stockerRequests, t.db, { method: "GET", path: "/api/stocker/requests", actor: actorOf(f.stockerB) });
    expect(plain.json.warehouse_requests_count).toBe(1);
    // The spec's fields, and whether the caller reviewed the link (with the review).
    expect(Object.keys(plain.json.warehouse_requests[0]).sort()).toEqual([
      "created_at",
      "id",
      "report_url",
      "review",
      "review_url",
      "reviewed",
      "state",
      "warehouse",
      "warehouse_id",
      "warehouse_request",
      "warehouse_request_id",
    ]);
  });

  it("answers 422 with field codes for bad queries, 403 for other roles", async () => {
    for (const query of [
      "limit=0",
      "limit=51",
      "limit=abc",
      "offset=-1",
      "offset=1.5",
      "filters[state]=lost",
      "filters[from]=2030-02-30",
      "filters[warehouse_id]=x",
      "filters=abc",
    ]) {
      const res = await callJson(stockerRequests, t.db, { method: "GET", path: `/api/stocker/requests?${query}`, actor: actorOf(f.stockerA) });
      expect(res.status, query).toBe(422);
    }
    const reversed = await callJson(stockerRequests, t.db, {
      method: "GET",
      path: "/api/stocker/requests?filters[from]=2030-03-02&filters[to]=2030-03-01",
      actor: actorOf(f.stockerA),
    });
    expect(reversed.json.errors).toEqual({ "filters.from": "after_end", "filters.to": "before_start" });
    expect((await callJson(stockerRequests, t.db, { method: "GET", actor: actorOf(f.hunter1) })).status).toBe(403);
    expect((await callJson(stockerRequests, t.db, { method: "GET", actor: actorOf(f.referent1) })).status).toBe(403);
    expect((await callJson(stockerRequests, t.db, { method: "GET", actor: null })).status).toBe(401);
    expect((await callJson(referentRequests, t.db, { method: "GET", actor: actorOf(f.stockerA) })).status).toBe(403);
    const referent = await callJson(referentRequests, t.db, {
      method: "GET",
      path: "/api/referent/requests?filters[state]=pending",
      actor: actorOf(f.referent2),
    });
    expect(referent.status).toBe(200);
    expect(referent.json.warehouse_requests.every((i: { warehouse_id: number }) => i.warehouse_id === f.wb1.id)).toBe(true);
  });

  it("the query schema nests filters[…] and keeps its defaults", () => {
    expect(handlerRequestsQuery.parse({})).toEqual({ limit: 8, offset: 0, filters: { warehouse_id: null, from: null, to: null, state: null } });
    expect(handlerRequestsQuery.parse({ limit: "8", offset: "3", filters: { state: "refused", warehouse_id: "12", from: "", to: "2030-01-31" } })).toEqual({
      limit: 8,
      offset: 3,
      filters: { warehouse_id: 12, from: null, to: "2030-01-31", state: "refused" },
    });
  });
});

describe("changing a link's state", () => {
  const counts = async () => ({
    notifications: Number(
      (
        await t.db
          .selectFrom("notifications")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    mails: Number(
      (
        await t.db
          .selectFrom("mail_outbox")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audits: Number(
      (
        await t.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const linkRow = (id: number) => t.db.selectFrom("warehouse_request_warehouses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const fresh = (warehouseIds: number[], userId: number | null = f.hunter1.id, contact?: string) => makeRequest(t.db, { userId, warehouseIds, contact });

  it("by the owner: the state, who and when, the first answer; the hunter notified in the app and by e-mail with the review link", async () => {
    const { request, links } = await fresh([f.wa1.id]);
    const before = await counts();
    const result = await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), links[0]!.id, "confirmed", { origin: ORIGIN });
    expect(result).toEqual({ warehouse_request_id: request.id, changed: true });
    const row = await linkRow(links[0]!.id);
    expect(row).toMatchObject({ state: "confirmed", state_changed_by: f.stockerA.id });
    expect(row.state_changed_at).toBeInstanceOf(Date);
    expect(row.answered_at).toBeInstanceOf(Date);

    const after = await counts();
    expect(after.notifications - before.notifications).toBe(1);
    expect(after.mails - before.mails).toBe(1);
    expect(after.audits).toBe(before.audits); // the owner's own change is not a back-office action
    const notification = await t.db.selectFrom("notifications").selectAll().where("user_id", "=", f.hunter1.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(notification.type).toBe("request_state_changed");
    expect(notification.title).toEqual({ it: "Richiesta confermata", en: "Request confirmed" });
    expect((notification.message as Record<string, string>).en).toBe(`Alfa Uno confirmed your request no. ${requestNumber(request.id)}.`);
    expect(notification.data).toEqual({
      warehouse_id: f.wa1.id,
      warehouse_request_id: request.id,
      link_id: links[0]!.id,
      state: "confirmed",
      review_url: `/en/warehouses/${f.wa1.id}/requests/${request.id}/review`,
      report_url: `/en/warehouses/${f.wa1.id}/requests/${request.id}/report`,
      url: `/en/stock-hunter/profile/messages?selected=${request.id}`,
    });
    const mail = await t.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: f.hunter1.email, template: "request_state_changed", lang: "en" });
    expect(mail.subject).toBe(`Request no. ${requestNumber(request.id)} confirmed by Alfa Uno`);
    expect(mail.text).toContain("Hello Hugo,");
    expect(mail.text).toContain("Alfa Uno (Milano) has confirmed your quote request");
    expect(mail.text).toContain(`${ORIGIN}/en/warehouses/${f.wa1.id}/requests/${request.id}/review`);
    expect(mail.text).toContain(`${ORIGIN}/en/warehouses/${f.wa1.id}/requests/${request.id}/report`);
    expect(mail.text).toContain(`${ORIGIN}/en/stock-hunter/profile/messages?selected=${request.id}`);
  });

  it("setting the same state again changes nothing and sends nothing", async () => {
    const { links } = await fresh([f.wa1.id]);
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), links[0]!.id, "refused", { origin: ORIGIN });
    const first = await linkRow(links[0]!.id);
    const before = await counts();
    const again = await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), links[0]!.id, "refused", { origin: ORIGIN });
    expect(again.changed).toBe(false);
    expect(await counts()).toEqual(before);
    expect((await linkRow(links[0]!.id)).state_changed_at).toEqual(first.state_changed_at);
    // Pending is "unchanged" for a new link too.
    const { links: other } = await fresh([f.wa1.id]);
    expect((await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), other[0]!.id, "pending", { origin: ORIGIN })).changed).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it("keeps the first answer's time when the link goes back to pending and on again; a refusal carries no review link", async () => {
    const { links } = await fresh([f.wa1.id]);
    const id = links[0]!.id;
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), id, "refused", { origin: ORIGIN });
    const answered = (await linkRow(id)).answered_at;
    const refusal = await t.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(refusal.text).not.toContain("/review");
    expect(refusal.text).toContain("/report");
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), id, "pending", { origin: ORIGIN });
    expect(await linkRow(id)).toMatchObject({ state: "pending", answered_at: answered });
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), id, "confirmed", { origin: ORIGIN });
    expect(await linkRow(id)).toMatchObject({ state: "confirmed", answered_at: answered });
  });

  it("by the referent of the link's warehouse", async () => {
    const { links } = await fresh([f.wa2.id]);
    await updateRequestState(t.db, ownAccess(f.referent1, "referent"), links[0]!.id, "confirmed", { origin: ORIGIN });
    expect(await linkRow(links[0]!.id)).toMatchObject({ state: "confirmed", state_changed_by: f.referent1.id });
    // The owner of a warehouse with a referent may answer too.
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), links[0]!.id, "refused", { origin: ORIGIN });
    expect((await linkRow(links[0]!.id)).state).toBe("refused");
  });

  it("is refused to another stocker, another referent, a hunter, and for a link that does not exist; nothing changes", async () => {
    const { links } = await fresh([f.wa1.id, f.wa2.id]);
    const [onA1, onA2] = [links.find((l) => l.warehouse_id === f.wa1.id)!.id, links.find((l) => l.warehouse_id === f.wa2.id)!.id];
    const before = await counts();
    await expect(updateRequestState(t.db, ownAccess(f.stockerB, "stocker"), onA1, "confirmed", { origin: ORIGIN })).rejects.toBeInstanceOf(ForbiddenError);
    // referent1 manages wa2, not wa1; referent2 neither.
    await expect(updateRequestState(t.db, ownAccess(f.referent1, "referent"), onA1, "confirmed", { origin: ORIGIN })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateRequestState(t.db, ownAccess(f.referent2, "referent"), onA2, "confirmed", { origin: ORIGIN })).rejects.toBeInstanceOf(ForbiddenError);
    // A referent's id presented as a stocker's area (or the reverse) is nobody's warehouse.
    await expect(
      updateRequestState(t.db, { actor: actorOf(f.referent1), owner: { id: f.referent1.id, role: "stocker" }, asAdmin: false }, onA2, "confirmed", {
        origin: ORIGIN,
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      updateRequestState(t.db, { actor: actorOf(f.hunter1), owner: { id: f.hunter1.id, role: "stock_hunter" }, asAdmin: false }, onA1, "confirmed", {
        origin: ORIGIN,
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    // Someone acting in another user's area without being an administrator's view.
    await expect(
      updateRequestState(t.db, { actor: actorOf(f.stockerB), owner: { id: f.stockerA.id, role: "stocker" }, asAdmin: false }, onA1, "confirmed", {
        origin: ORIGIN,
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      updateRequestState(t.db, { actor: actorOf(f.stockerB), owner: { id: f.stockerA.id, role: "stocker" }, asAdmin: true }, onA1, "confirmed", {
        origin: ORIGIN,
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), 9_999_999, "confirmed", { origin: ORIGIN })).rejects.toBeInstanceOf(NotFoundError);
    expect((await linkRow(onA1)).state).toBe("pending");
    expect((await linkRow(onA2)).state).toBe("pending");
    expect(await counts()).toEqual(before);
  });

  it("by an administrator in the stocker's area: done in the stocker's name and written to the audit log", async () => {
    const { request, links } = await fresh([f.wa1.id]);
    const access = { actor: actorOf(f.admin), owner: { id: f.stockerA.id, role: "stocker" as const }, asAdmin: true };
    await updateRequestState(t.db, access, links[0]!.id, "confirmed", { origin: ORIGIN });
    expect(await linkRow(links[0]!.id)).toMatchObject({ state: "confirmed", state_changed_by: f.admin.id });
    const entry = await t.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ admin_id: f.admin.id, action: "warehouse_request.state", entity_type: "warehouse_request", entity_id: request.id });
    expect(entry.details).toMatchObject({ link_id: links[0]!.id, before: "pending", after: "confirmed" });
    // Still only for the links of that stocker's warehouses.
    const { links: others } = await fresh([f.wb1.id]);
    await expect(updateRequestState(t.db, access, others[0]!.id, "confirmed", { origin: ORIGIN })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("a visitor's request: an e-mail to its contact address with our facts only, no review link, no notification", async () => {
    const free = {
      business_name: "Spamfirm PILLS srl",
      referent: "Visit pills.spam.example",
      message: "Claim your prize at http://prize.spam.example",
      location: "Click spam.example",
    };
    const { request, links } = await fresh([f.wu.id, f.wa1.id], null, "Visitor-State@test.example");
    await t.db
      .updateTable("warehouse_requests")
      .set({ ...free, lang: "en" })
      .where("id", "=", request.id)
      .execute();
    const before = await counts();
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), links.find((l) => l.warehouse_id === f.wa1.id)!.id, "confirmed", { origin: ORIGIN });
    const after = await counts();
    expect(after.notifications).toBe(before.notifications);
    expect(after.mails - before.mails).toBe(1);
    const mail = await t.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: "Visitor-State@test.example", lang: "en", template: "request_state_changed" });
    for (const body of [mail.text, mail.html, mail.subject]) {
      for (const text of Object.values(free)) expect(body).not.toContain(text);
      expect(body).not.toMatch(/spam|pills|prize/i);
      expect(body).not.toContain("/review");
      expect(body).not.toContain("/report");
    }
    expect(mail.text.split("\n")[0]).toBe("Hello,");
    expect(mail.text).toContain("Alfa Uno (Milano)");
    expect(mail.text).toContain(requestNumber(request.id));
  });

  it("names an unclaimed warehouse by its anonymous name only", async () => {
    // An administrator gives the unclaimed warehouse a referent, who answers.
    const keeper = await makeUser(t.db, { role: "referent" });
    await t.db.updateTable("warehouses").set({ referent_id: keeper.id }).where("id", "=", f.wu.id).execute();
    try {
      const { links } = await fresh([f.wu.id]);
      await updateRequestState(t.db, ownAccess(keeper, "referent"), links[0]!.id, "refused", { origin: ORIGIN });
      const mail = await t.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(mail.text).toContain(`Stocker ${f.wu.id} (Bergamo)`);
      expect(mail.text + mail.html + mail.subject).not.toContain("Segreto");
      const notification = await t.db
        .selectFrom("notifications")
        .selectAll()
        .where("user_id", "=", f.hunter1.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(notification.message)).not.toContain("Segreto");
    } finally {
      await t.db.updateTable("warehouses").set({ referent_id: null }).where("id", "=", f.wu.id).execute();
    }
  });
});

describe("the JSON state change", () => {
  it("POST …/warehouse-requests/{id}/update: the owner's and the referent's; 403 on a link that is not theirs, 404 on none, 422 on a bad state", async () => {
    const { request, links } = await makeRequest(t.db, { userId: f.hunter2.id, warehouseIds: [f.wa2.id, f.wb1.id] });
    const onA2 = links.find((l) => l.warehouse_id === f.wa2.id)!.id;
    const onB1 = links.find((l) => l.warehouse_id === f.wb1.id)!.id;
    const ok = await callJson(stockerUpdate, t.db, { params: { id: String(onA2) }, body: { state: "confirmed" }, actor: actorOf(f.stockerA) });
    expect(ok).toMatchObject({ status: 200, json: { warehouse_request_id: request.id } });
    const byReferent = await callJson(referentUpdate, t.db, { params: { id: String(onB1) }, body: { state: "refused" }, actor: actorOf(f.referent2) });
    expect(byReferent).toMatchObject({ status: 200, json: { warehouse_request_id: request.id } });

    expect((await callJson(stockerUpdate, t.db, { params: { id: String(onB1) }, body: { state: "confirmed" }, actor: actorOf(f.stockerA) })).status).toBe(403);
    expect((await callJson(referentUpdate, t.db, { params: { id: String(onB1) }, body: { state: "confirmed" }, actor: actorOf(f.referent1) })).status).toBe(
      403,
    );
    expect((await callJson(referentUpdate, t.db, { params: { id: "9999999" }, body: { state: "confirmed" }, actor: actorOf(f.referent1) })).status).toBe(404);
    expect((await callJson(stockerUpdate, t.db, { params: { id: String(onA2) }, body: { state: "confirmed" }, actor: actorOf(f.hunter2) })).status).toBe(403);
    expect((await callJson(referentUpdate, t.db, { params: { id: String(onA2) }, body: { state: "confirmed" }, actor: actorOf(f.stockerA) })).status).toBe(403);
    expect((await callJson(stockerUpdate, t.db, { params: { id: String(onA2) }, body: { state: "confirmed" }, actor: null })).status).toBe(401);
    for (const body of [{ state: "done" }, {}, { state: ["confirmed"] }, { state: null }]) {
      const res = await callJson(stockerUpdate, t.db, { params: { id: String(onA2) }, body, actor: actorOf(f.stockerA) });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors.state).toBeTruthy();
    }
    expect((await callJson(stockerUpdate, t.db, { params: { id: "abc" }, body: { state: "refused" }, actor: actorOf(f.stockerA) })).status).toBe(422);
    const states = await t.db
      .selectFrom("warehouse_request_warehouses")
      .select(["id", "state"])
      .where("warehouse_request_id", "=", request.id)
      .orderBy("id")
      .execute();
    expect(states.map((s) => s.state)).toEqual(["confirmed", "refused"]);
  });
});

describe("the page action behind the state selector", () => {
  const post = async (actor: User | null, fields: Record<string, string>, params: Record<string, string> = {}) => {
    const body = new URLSearchParams(fields);
    const request = new Request(`${ORIGIN}/it/stocker/profile/messages`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const context = testContext(t.db, { actor: actor ? actorOf(actor) : null }) as unknown as Readonly<RouterContextProvider>;
    return handlerRequestsAction({ request, params, context }, "stocker");
  };
  const status = async (p: Promise<unknown>) => {
    try {
      await p;
      return 200;
    } catch (err) {
      return (err as { init?: { status?: number } }).init?.status ?? (err as Response).status;
    }
  };

  it("changes the state, answers field errors for bad input and not_found for someone else's link to the selector; an administrator's change is audited", async () => {
    const { links } = await makeRequest(t.db, { userId: f.hunter1.id, warehouseIds: [f.wa1.id, f.wb1.id] });
    const onA1 = String(links.find((l) => l.warehouse_id === f.wa1.id)!.id);
    const onB1 = String(links.find((l) => l.warehouse_id === f.wb1.id)!.id);
    expect(await post(f.stockerA, { intent: "state", link_id: onA1, state: "confirmed" })).toEqual({ ok: true, link_id: Number(onA1), state: "confirmed" });
    // The page action's failure (pageAction): the selector goes back to the link's state and says why.
    expect(await post(f.stockerA, { intent: "state", link_id: onA1, state: "lost" })).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { state: "invalid" },
    });
    expect(await post(f.stockerA, { intent: "state", link_id: "x", state: "refused" })).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { link_id: "invalid" },
    });
    // Someone else's link is not found, exactly like a link that does not exist.
    expect(await post(f.stockerA, { intent: "state", link_id: onB1, state: "refused" })).toMatchObject({ ok: false, error: "not_found", errors: {} });
    expect(await post(f.stockerA, { intent: "state", link_id: "9999999", state: "refused" })).toMatchObject({ ok: false, error: "not_found", errors: {} });
    // Another role is refused before anything is read.
    expect(await status(post(f.hunter1, { intent: "state", link_id: onA1, state: "refused" }))).toBe(403);
    // The administrator's view of stocker A: /admin/stocker/{id}/messages.
    expect(await post(f.admin, { intent: "state", link_id: onA1, state: "refused" }, { userId: String(f.stockerA.id) })).toMatchObject({ ok: true });
    const entry = await t.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ admin_id: f.admin.id, action: "warehouse_request.state" });
    expect(await post(f.admin, { intent: "state", link_id: onB1, state: "refused" }, { userId: String(f.stockerA.id) })).toMatchObject({
      ok: false,
      error: "not_found",
    });
    const states = await t.db
      .selectFrom("warehouse_request_warehouses")
      .select(["warehouse_id", "state"])
      .where("id", "in", [Number(onA1), Number(onB1)])
      .execute();
    expect(Object.fromEntries(states.map((s) => [s.warehouse_id, s.state]))).toEqual({ [f.wa1.id]: "refused", [f.wb1.id]: "pending" });
  });
});

describe("a link already reviewed", () => {
  const reviewData = {
    full_name: "Hugo H",
    email: "hugo@test.example",
    telephone: "333 1234567",
    description: "Spazi puliti, risposte rapide.",
    reliability_value: 5,
    communication_value: 4,
    services_value: null,
    structure_value: 4,
    payments_value: null,
    goods_value: null,
  };

  it("offers no review page to its author any more, but says it is reviewed and shows the review: the hunter's list, the API, the warehouse page, the owner's list", async () => {
    // hunter1 asks wa1 (confirmed, then reviewed) and wa2 (confirmed, not reviewed).
    const { request, links } = await makeRequest(t.db, { userId: f.hunter1.id, warehouseIds: [f.wa1.id, f.wa2.id], state: "confirmed" });
    const reviewed = links.find((l) => l.warehouse_id === f.wa1.id)!;
    const open = links.find((l) => l.warehouse_id === f.wa2.id)!;
    const reviewId = await createReview(t.db, actorOf(f.hunter1), f.wa1.id, request.id, reviewData, { origin: ORIGIN });

    // The hunter's requests, as the page loads them and as the API answers them.
    const page = await listHunterRequests(t.db, { id: f.hunter1.id, role: "stock_hunter" }, { page: 0, limit: 8, filters: {}, locale: "it" });
    const item = page.user_requests.find((r) => r.id === request.id)!;
    const expected = {
      reviewed: true,
      review_url: null,
      report_url: `/it/warehouses/${f.wa1.id}/requests/${request.id}/report`,
      review: {
        id: reviewId,
        avg_value: 43,
        description: "Spazi puliti, risposte rapide.",
        reliability_value: 5,
        communication_value: 4,
        services_value: null,
        structure_value: 4,
        payments_value: null,
        goods_value: null,
      },
    };
    expect(item.warehouses.find((w) => w.link_id === reviewed.id)).toMatchObject(expected);
    expect(item.warehouses.find((w) => w.link_id === open.id)).toMatchObject({
      reviewed: false,
      review: null,
      review_url: `/it/warehouses/${f.wa2.id}/requests/${request.id}/review`,
    });

    const api = await callJson(hunterRequests, t.db, { method: "GET", path: "/api/stock-hunter/requests?limit=8&offset=0", actor: actorOf(f.hunter1) });
    const apiItem = api.json.user_requests.find((r: { id: number }) => r.id === request.id);
    const apiReviewed = apiItem.warehouses.find((w: { link_id: number }) => w.link_id === reviewed.id);
    expect(apiReviewed).toMatchObject(expected);
    expect(new Date(apiReviewed.review.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(apiItem.warehouses.find((w: { link_id: number }) => w.link_id === open.id)).toMatchObject({ reviewed: false, review: null });

    // The hunter's page of the warehouse.
    const detail = await hunterWarehouseDetail(t.db, { id: f.hunter1.id, role: "stock_hunter" }, f.wa1.id, "en");
    expect(detail.requests.find((r) => r.link_id === reviewed.id)).toMatchObject({
      ...expected,
      report_url: `/en/warehouses/${f.wa1.id}/requests/${request.id}/report`,
    });

    // The owner's list: the hunter's review is not the owner's, so the owner may still review the hunter.
    const owner = await listHandlerRequests(t.db, asStocker(f.stockerA), { page: 0, limit: 50, filters: {}, locale: "it" });
    expect(owner.warehouse_requests.find((l) => l.id === reviewed.id)).toMatchObject({
      reviewed: false,
      review: null,
      review_url: `/it/warehouses/${f.wa1.id}/requests/${request.id}/review`,
    });
    await createReview(
      t.db,
      actorOf(f.stockerA),
      f.wa1.id,
      request.id,
      { ...reviewData, structure_value: null, payments_value: 3, goods_value: 3 },
      { origin: ORIGIN },
    );
    const after = await listHandlerRequests(t.db, asStocker(f.stockerA), { page: 0, limit: 50, filters: {}, locale: "it" });
    expect(after.warehouse_requests.find((l) => l.id === reviewed.id)).toMatchObject({
      reviewed: true,
      review_url: null,
      review: { avg_value: 37, payments_value: 3 },
    });
    // The JSON list says the same.
    const stockerApi = await callJson(stockerRequests, t.db, { method: "GET", path: "/api/stocker/requests?limit=50&offset=0", actor: actorOf(f.stockerA) });
    expect(stockerApi.json.warehouse_requests.find((l: { id: number }) => l.id === reviewed.id)).toMatchObject({ reviewed: true, review_url: null });
  });

  it("confirmed again after the review, the hunter's notification and e-mail carry no review link", async () => {
    const { request, links } = await makeRequest(t.db, { userId: f.hunter1.id, warehouseIds: [f.wa1.id], state: "confirmed" });
    await createReview(t.db, actorOf(f.hunter1), f.wa1.id, request.id, reviewData, { origin: ORIGIN });
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), links[0]!.id, "pending", { origin: ORIGIN });
    await updateRequestState(t.db, ownAccess(f.stockerA, "stocker"), links[0]!.id, "confirmed", { origin: ORIGIN });
    const notification = await t.db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", f.hunter1.id)
      .where("type", "=", "request_state_changed")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(notification.data).toMatchObject({ state: "confirmed", review_url: null, link_id: links[0]!.id });
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", f.hunter1.email).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.text).not.toContain("/review");
    expect(mail.text).toContain("/report");
  });
});

// ---------------------------------------------------------------- query plans

const AREA_REQUESTS_CATALOGUE = defineCatalogue("area_requests", async (db) => {
  // 60,000 warehouses of 2,000 owners (one of them with 1,500) and 500 referents, 40,000
  // requests of 1,000 hunters reaching 10 warehouses each: 400,000 links.
  const first = (await makeUser(db, { role: "stocker" })).id;
  await sql`
    insert into users (email, role, account_type, invite_code)
    select 'plan-owner-' || g || '@plan.test', 'stocker', 0, 'PLANRO' || g from generate_series(1, 2000) g`.execute(db);
  await sql`
    insert into users (email, role, invite_code)
    select 'plan-referent-' || g || '@plan.test', 'referent', 'PLANRR' || g from generate_series(1, 500) g`.execute(db);
  await sql`
    insert into users (email, role, invite_code)
    select 'plan-hunter-' || g || '@plan.test', 'stock_hunter', 'PLANRH' || g from generate_series(1, 1000) g`.execute(db);
  const bigOwner = first + 1;
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id, referent_id, created_at)
    select 'Plan ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 41 + random(), 12 + random(),
           case when g <= 1500 then ${bigOwner} else ${first} + 1 + (g % 2000) end, ${first} + 2001 + (g % 500), now() - (g || ' minutes')::interval
    from generate_series(1, 60000) g`.execute(db);
  await sql`
    insert into warehouse_requests (user_id, business_name, contact, referent, message, location, created_at)
    select ${first} + 2501 + (g % 1000), 'Plan srl', 'plan-' || g || '@plan.test', 'Piano', 'Plan', 'Roma', now() - (g || ' minutes')::interval
    from generate_series(1, 40000) g`.execute(db);
  // One insert numbers its rows consecutively: warehouse g is firstWarehouse + g - 1. Ten
  // distinct warehouses per request (44729 is prime to 60000).
  await sql`
    with fw as (select min(id) as id from warehouses where name like 'Plan %')
    insert into warehouse_request_warehouses (warehouse_request_id, warehouse_id, state, created_at)
    select r.id, fw.id + (r.id * 7919 + k * 44729) % 60000, (array['pending', 'confirmed', 'refused'])[1 + (r.id + k) % 3], r.created_at
    from warehouse_requests r cross join generate_series(1, 10) k cross join fw
    where r.business_name = 'Plan srl'`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
  await sql`vacuum analyze warehouse_request_warehouses`.execute(db);
  await sql`vacuum analyze warehouse_requests`.execute(db);
  await sql`analyze users`.execute(db);
});

describe("the request lists' query plans on a large catalogue", () => {
  const t = useCatalogueDatabase(AREA_REQUESTS_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);
  let bigOwner: number;
  let bigReferent: number;
  let bigHunter: number;
  beforeAll(async () => {
    // The owner with 1,500 warehouses, the first referent and the first hunter.
    const idOf = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    bigOwner = await idOf("plan-owner-1@plan.test");
    bigReferent = await idOf("plan-referent-1@plan.test");
    bigHunter = await idOf("plan-hunter-1@plan.test");
  });

  const noScans = (text: string) => {
    expect(text).not.toMatch(/Seq Scan on warehouse_request_warehouses/);
    expect(text).not.toMatch(/Seq Scan on warehouses/);
    expect(text).not.toMatch(/Seq Scan on warehouse_requests/);
  };

  it("read a stocker's and a referent's links through their warehouses' indexes, with and without filters", async () => {
    for (const [by, userId, index] of [
      ["owner", () => bigOwner, /warehouses_user_id_created_at_idx/],
      ["referent", () => bigReferent, /warehouses_referent_id_created_at_idx/],
    ] as const) {
      for (const filters of [
        { warehouseId: null, from: null, to: null, state: null },
        { warehouseId: null, from: null, to: null, state: "confirmed" as const },
        { warehouseId: null, from: "2020-01-01", to: "2040-12-31", state: "pending" as const },
      ]) {
        const args = { by, userId: userId(), ...filters };
        const page = await plan(handlerLinksPageQuery(t.db, { ...args, offset: 16, limit: 8 }));
        expect(page).toMatch(index);
        // Each warehouse's links through one of its two indexes, (warehouse_id, state) or
        // (warehouse_id, created_at): their costs are near equal at about seven links a warehouse,
        // and which one wins follows the indexes' sizes (built row by row or after the rows).
        expect(page).toMatch(/warehouse_request_warehouses_warehouse_(state|created_at)_idx/);
        noScans(page);
        const count = await plan(handlerLinksCountQuery(t.db, args));
        expect(count).toMatch(index);
        expect(count).toMatch(/warehouse_request_warehouses_warehouse_(state|created_at)_idx/);
        noScans(count);
      }
    }
    // The whole page query (with the requests and their specifications) as the service runs it.
    const rows = await handlerRequestsPage(t.db, {
      by: "owner",
      userId: bigOwner,
      warehouseId: null,
      from: null,
      to: null,
      state: null,
      offset: 0,
      limit: 8,
      locale: "it",
    });
    expect(rows).toHaveLength(8);
    const created = rows.map((r) => new Date(r.link_created_at).getTime());
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });

  it("read a hunter's requests by warehouse_requests_user_id_created_at_idx", async () => {
    const page = await plan(hunterRequestsPageQuery(t.db, { userId: bigHunter, from: null, to: null, state: null, offset: 8, limit: 8, locale: "it" }));
    expect(page).toMatch(/warehouse_requests_user_id_created_at_idx/);
    noScans(page);
    const filtered = await plan(
      hunterRequestsPageQuery(t.db, { userId: bigHunter, from: "2020-01-01", to: "2040-12-31", state: "confirmed", offset: 0, limit: 8, locale: "en" }),
    );
    expect(filtered).toMatch(/warehouse_requests_user_id_created_at_idx/);
    noScans(filtered);
    const count = await plan(hunterRequestsCountQuery(t.db, { userId: bigHunter, from: null, to: null, state: "pending" }));
    expect(count).toMatch(/warehouse_requests_user_id_created_at_idx/);
    noScans(count);
  });
});
