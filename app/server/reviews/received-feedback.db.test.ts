// The reviews and reports an owner received: whose they are (a stocker's warehouses, a referent's,
// a hunter itself), their shape, the JSON calls of the three areas with their refusals, the page's
// loader, the warehouse's average where hunters choose, and the lists' plans on a large catalogue.
import { beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson, pageShown, testContext } from "../../../tests/support/endpoint.ts";
import type { FeedbackTarget, User } from "../db/types.ts";
import { NotFoundError } from "../errors.ts";
import { getReceivedReport, getReceivedReview, listReceivedReports, listReceivedReviews } from "./received-feedback.service.ts";
import { receivedReportsPageQuery, receivedReviewsPageQuery, type FeedbackOwner } from "./received-feedback.queries.ts";
import { warehouseRatingCriteria, warehouseRatings } from "./warehouse-ratings.queries.ts";
import { compareWarehouses, getWarehouseSheet } from "../warehouses/warehouses.service.ts";
import { searchCards } from "../search/search.service.ts";
import { loader as stockerReviews } from "../../routes/api/stocker/reviews.ts";
import { loader as stockerReports } from "../../routes/api/stocker/reports.ts";
import { loader as referentReviews } from "../../routes/api/referent/reviews.ts";
import { loader as referentReports } from "../../routes/api/referent/reports.ts";
import { loader as hunterReviews } from "../../routes/api/stock_hunter/reviews.ts";
import { action as hunterReportsPost, loader as hunterReports } from "../../routes/api/stock_hunter/reports.ts";
import { searchCardsQuery } from "../../schemas/search.ts";
import { feedbackListPageLoader } from "../../routes/shared/feedback-list-pages.server.ts";
import type { AreaRole } from "../../lib/area-paths.ts";

// The page's loader and action for one role, called as the route calls them.
const loadFeedbackListPage = (args: Parameters<ReturnType<typeof feedbackListPageLoader>>[0], role: AreaRole) => feedbackListPageLoader(role)(args);

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";

type Link = { id: number; warehouse_id: number; warehouse_request_id: number };

let stockerA: User;
let stockerB: User;
let referent: User;
let hunter: User;
let otherHunter: User;
let admin: User;
let wa1: Awaited<ReturnType<typeof makeWarehouse>>;
let wa2: Awaited<ReturnType<typeof makeWarehouse>>;
let wb: Awaited<ReturnType<typeof makeWarehouse>>;
let unclaimed: Awaited<ReturnType<typeof makeWarehouse>>;
const ids: Record<string, number> = {};

async function review(
  author: User,
  link: Link,
  target: FeedbackTarget,
  iso: string,
  values: Record<string, number | null>,
  description: string | null = "Tutto bene",
) {
  const given = Object.values(values).filter((v): v is number => v !== null);
  const avg = given.length ? Math.trunc((given.reduce((a, b) => a + b, 0) / given.length) * 10) : 0;
  const row = await t.db
    .insertInto("reviews")
    .values({
      user_id: author.id,
      warehouse_id: link.warehouse_id,
      warehouse_request_id: link.warehouse_request_id,
      link_id: link.id,
      target,
      full_name: "Firmato Dal Form",
      email: "f@test.example",
      telephone: "333 1234567",
      description,
      avg_value: avg,
      created_at: new Date(iso),
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function report(author: User, link: Link, target: FeedbackTarget, iso: string, subject: string) {
  const row = await t.db
    .insertInto("reports")
    .values({
      user_id: author.id,
      warehouse_id: link.warehouse_id,
      warehouse_request_id: link.warehouse_request_id,
      link_id: link.id,
      target,
      full_name: "Firmato Dal Form",
      email: "f@test.example",
      telephone: "333 1234567",
      subject,
      description: `Descrizione di ${subject}`,
      created_at: new Date(iso),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  stockerA = await makeUser(t.db, { role: "stocker", company: null, first_name: "Anna", last_name: "Bianchi" });
  stockerB = await makeUser(t.db, { role: "stocker", company: "Magazzini B" });
  referent = await makeUser(t.db, { role: "referent", company: null, first_name: "Rita", last_name: "Rossi" });
  hunter = await makeUser(t.db, { role: "stock_hunter", company: "Caccia srl" });
  otherHunter = await makeUser(t.db, { role: "stock_hunter", company: "  ", first_name: "Oscar", last_name: "Neri" });
  admin = await makeUser(t.db, { role: "admin" });
  wa1 = await makeWarehouse(t.db, { user_id: stockerA.id, referent_id: referent.id, name: "A uno" });
  wa2 = await makeWarehouse(t.db, { user_id: stockerA.id, name: "A due" });
  wb = await makeWarehouse(t.db, { user_id: stockerB.id, name: "B" });
  await subscribeWarehouses(t.db, stockerA.id, [wa1.id, wa2.id]);
  await subscribeWarehouses(t.db, stockerB.id, [wb.id]);
  unclaimed = await makeWarehouse(t.db, { referent_id: referent.id, name: "Senza padrone" });

  const h = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [wa1.id, wb.id, unclaimed.id], state: "confirmed" });
  const o = await makeRequest(t.db, { userId: otherHunter.id, warehouseIds: [wa2.id, wa1.id], state: "confirmed" });
  const link = (links: Link[], warehouseId: number) => links.find((l) => l.warehouse_id === warehouseId)!;

  // About warehouses (written by hunters).
  ids.hOnA1 = await review(hunter, link(h.links, wa1.id), "warehouse", "2030-01-01T10:00:00Z", {
    reliability_value: 4,
    communication_value: 5,
    services_value: null,
    structure_value: 3,
  });
  ids.oOnA2 = await review(
    otherHunter,
    link(o.links, wa2.id),
    "warehouse",
    "2030-01-03T10:00:00Z",
    { reliability_value: 5, communication_value: 5, services_value: 5, structure_value: 5 },
    null,
  );
  ids.oOnA1 = await review(otherHunter, link(o.links, wa1.id), "warehouse", "2030-01-02T10:00:00Z", {
    reliability_value: 2,
    communication_value: null,
    services_value: null,
    structure_value: null,
  });
  ids.hOnB = await review(hunter, link(h.links, wb.id), "warehouse", "2030-01-04T10:00:00Z", {
    reliability_value: 3,
    communication_value: null,
    services_value: null,
    structure_value: null,
  });
  // About hunters (written by the warehouses' side).
  ids.refOnH = await review(referent, link(h.links, wa1.id), "hunter", "2030-01-05T10:00:00Z", {
    reliability_value: 4,
    communication_value: null,
    payments_value: 5,
    goods_value: null,
  });
  ids.refOnHUnclaimed = await review(referent, link(h.links, unclaimed.id), "hunter", "2030-01-06T10:00:00Z", {
    reliability_value: 1,
    communication_value: null,
    payments_value: null,
    goods_value: null,
  });
  ids.bOnO = await review(stockerB, link(o.links, wa2.id), "hunter", "2030-01-07T10:00:00Z", {
    reliability_value: 3,
    communication_value: null,
    payments_value: null,
    goods_value: null,
  });

  ids.repHOnA1 = await report(hunter, link(h.links, wa1.id), "warehouse", "2030-02-01T10:00:00Z", "Ritardo");
  ids.repOOnA2 = await report(otherHunter, link(o.links, wa2.id), "warehouse", "2030-02-02T10:00:00Z", "Sporco");
  ids.repBOnH = await report(stockerB, link(h.links, wb.id), "hunter", "2030-02-03T10:00:00Z", "Merce non conforme");
});

describe("whose reviews and reports", () => {
  it("gives a stocker those about its own warehouses, newest first, with the author and the ratings given", async () => {
    const { reviews, reviews_count } = await listReceivedReviews(t.db, stockerA, { page: 0, limit: 8 });
    expect(reviews_count).toBe(3);
    expect(reviews.map((r) => r.id)).toEqual([ids.oOnA2, ids.oOnA1, ids.hOnA1]);
    const h = reviews.find((r) => r.id === ids.hOnA1)!;
    expect(h).toMatchObject({
      author: { company: "Caccia srl", full_name: "Firmato Dal Form" },
      author_name: "Caccia srl",
      warehouse: { id: wa1.id, name: "A uno" },
      avg_value: 40,
      reliability_value: 4,
      services_value: null,
      description: "Tutto bene",
    });
    expect(h.ratings).toEqual([
      { key: "reliability_value", value: 4 },
      { key: "communication_value", value: 5 },
      { key: "structure_value", value: 3 },
    ]);
    // A blank company falls back to the account's names.
    expect(reviews.find((r) => r.id === ids.oOnA2)!.author_name).toBe("Oscar Neri");

    const page2 = await listReceivedReviews(t.db, stockerA, { page: 1, limit: 2 });
    expect(page2.reviews.map((r) => r.id)).toEqual([ids.hOnA1]);
    const reports = await listReceivedReports(t.db, stockerA, { page: 0, limit: 8 });
    expect(reports.reports.map((r) => r.id)).toEqual([ids.repOOnA2, ids.repHOnA1]);
    expect(reports.reports[0]).toMatchObject({ subject: "Sporco", description: "Descrizione di Sporco", author_name: "Oscar Neri" });
  });

  it("gives a referent those about the warehouses it manages, and a hunter those about itself", async () => {
    const forReferent = await listReceivedReviews(t.db, referent, { page: 0, limit: 8 });
    expect(forReferent.reviews.map((r) => r.id)).toEqual([ids.oOnA1, ids.hOnA1]);
    expect((await listReceivedReports(t.db, referent, { page: 0, limit: 8 })).reports.map((r) => r.id)).toEqual([ids.repHOnA1]);

    const forHunter = await listReceivedReviews(t.db, hunter, { page: 0, limit: 8 });
    expect(forHunter.reviews.map((r) => r.id)).toEqual([ids.refOnHUnclaimed, ids.refOnH]);
    expect(forHunter.reviews[1]).toMatchObject({ author_name: "Rita Rossi", warehouse: { name: "A uno" }, avg_value: 45 });
    expect(forHunter.reviews[1]!.ratings).toEqual([
      { key: "reliability_value", value: 4 },
      { key: "payments_value", value: 5 },
    ]);
    // An unclaimed warehouse stays anonymous to the hunter.
    expect(forHunter.reviews[0]!.warehouse.name).toBe(`Stocker ${unclaimed.id}`);
    expect(JSON.stringify(forHunter)).not.toContain("Senza padrone");
    expect((await listReceivedReports(t.db, hunter, { page: 0, limit: 8 })).reports.map((r) => r.id)).toEqual([ids.repBOnH]);
    expect((await listReceivedReviews(t.db, otherHunter, { page: 0, limit: 8 })).reviews.map((r) => r.id)).toEqual([ids.bOnO]);
    expect((await listReceivedReviews(t.db, stockerB, { page: 0, limit: 8 })).reviews.map((r) => r.id)).toEqual([ids.hOnB]);
  });

  it("opens one only for the owner who received it", async () => {
    expect((await getReceivedReview(t.db, stockerA, ids.hOnA1!)).id).toBe(ids.hOnA1);
    await expect(getReceivedReview(t.db, stockerB, ids.hOnA1!)).rejects.toBeInstanceOf(NotFoundError);
    // The hunter wrote it, but did not receive it.
    await expect(getReceivedReview(t.db, hunter, ids.hOnA1!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getReceivedReport(t.db, otherHunter, ids.repBOnH!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getReceivedReview(t.db, admin, ids.hOnA1!)).rejects.toMatchObject({ status: 403 });
  });
});

describe("the JSON calls", () => {
  const get = (fn: typeof stockerReviews, path: string, user: User | null) => callJson(fn, t.db, { method: "GET", path, actor: user ? actorOf(user) : null });

  it("answer each area's own, with limit 8 by default and offset as the page index", async () => {
    const res = await get(stockerReviews, "/api/stocker/reviews", stockerA);
    expect(res.status).toBe(200);
    expect(res.json.reviews_count).toBe(3);
    expect(res.json.reviews[0]).toMatchObject({ id: ids.oOnA2, user: { first_name: "Oscar", last_name: "Neri" }, avg_value: 50, description: null });
    expect((await get(stockerReviews, "/api/stocker/reviews?limit=1&offset=2", stockerA)).json.reviews.map((r: { id: number }) => r.id)).toEqual([ids.hOnA1]);
    expect((await get(stockerReports, "/api/stocker/reports", stockerA)).json.reports_count).toBe(2);
    expect((await get(referentReviews, "/api/referent/reviews", referent)).json.reviews_count).toBe(2);
    expect((await get(referentReports, "/api/referent/reports", referent)).json.reports.map((r: { id: number }) => r.id)).toEqual([ids.repHOnA1]);
    expect((await get(hunterReviews, "/api/stock_hunter/reviews", hunter)).json.reviews_count).toBe(2);
    const hunterOwn = await get(hunterReports, "/api/stock_hunter/reports", hunter);
    expect(hunterOwn.json).toMatchObject({ reports_count: 1, reports: [{ id: ids.repBOnH, subject: "Merce non conforme", user: { company: "Magazzini B" } }] });
  });

  it("refuse other roles, visitors, bad queries and other methods", async () => {
    expect((await get(stockerReviews, "/api/stocker/reviews", referent)).status).toBe(403);
    expect((await get(stockerReviews, "/api/stocker/reviews", hunter)).status).toBe(403);
    expect((await get(stockerReviews, "/api/stocker/reviews", admin)).status).toBe(403);
    expect((await get(referentReports, "/api/referent/reports", stockerA)).status).toBe(403);
    expect((await get(hunterReviews, "/api/stock_hunter/reviews", stockerA)).status).toBe(403);
    expect((await get(hunterReports, "/api/stock_hunter/reports", null)).status).toBe(401);
    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=51", "limit"],
      ["offset=-1", "offset"],
      ["offset=x", "offset"],
      ["limit[]=1", "limit"],
    ]) {
      const res = await get(stockerReviews, `/api/stocker/reviews?${query}`, stockerA);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.json.errors), query).toEqual([field]);
    }
    expect((await callJson(hunterReportsPost, t.db, { actor: actorOf(hunter) })).status).toBe(405);
  });
});

describe("the reviews and reports page", () => {
  const load = async (user: User, role: "stocker" | "referent" | "stock_hunter", search: string, params: Record<string, string> = {}) => {
    const context = testContext(t.db, { actor: actorOf(user) }) as unknown as Readonly<RouterContextProvider>;
    // Shown: the writes left for a page answered 200 run, as the root middleware runs them.
    const page = await loadFeedbackListPage({ request: new Request(`${ORIGIN}/it/x/reviews${search}`), params, context }, role);
    await pageShown(context);
    return page;
  };
  const status = async (p: Promise<unknown>) => {
    try {
      await p;
      return 200;
    } catch (err) {
      return (err as { init?: { status?: number } }).init?.status;
    }
  };

  it("shows the chosen list with both counts, the page and the selected one; another's is a 404", async () => {
    const reviews = await load(stockerA, "stocker", `?selected=${ids.hOnA1}`);
    expect(reviews).toMatchObject({ reviews_count: 3, reports_count: 2, page: 1, pages: 1 });
    expect(reviews.list.show).toBe("reviews");
    expect(reviews.list.items).toHaveLength(3);
    expect(reviews.list.selected?.id).toBe(ids.hOnA1);
    const reports = await load(referent, "referent", "?show=reports");
    expect(reports.list).toMatchObject({ show: "reports", selected: null });
    expect(reports.list.items.map((r) => r.id)).toEqual([ids.repHOnA1]);
    // Junk ?show and ?page fall back to the reviews' first page.
    expect((await load(stockerA, "stocker", "?show=<x>&page=-3")).list.show).toBe("reviews");
    expect(await status(load(stockerB, "stocker", `?selected=${ids.hOnA1}`))).toBe(404);
    expect(await status(load(stockerA, "stocker", `?show=reports&selected=${ids.repBOnH}`))).toBe(404);
    expect(await status(load(hunter, "stocker", ""))).toBe(403);
    // An administrator sees the stocker's, and the visit is audited.
    const asAdmin = await load(admin, "stocker", "", { userId: String(stockerA.id) });
    expect(asAdmin.reviews_count).toBe(3);
    expect(await t.db.selectFrom("audit_log").select("id").where("admin_id", "=", admin.id).where("entity_id", "=", stockerA.id).execute()).toHaveLength(1);
  });
});

describe("the warehouse's average where hunters choose", () => {
  it("is the mean of its hunters' rated reviews with their count, on the sheet (with each criterion's), the comparison and the search's cards", async () => {
    const ratings = await warehouseRatings(t.db, [wa1.id, wa2.id, wb.id, unclaimed.id]);
    // wa1: 40 and 20 → 30; the hunter-target review on wa1 does not count.
    expect(ratings.get(wa1.id)).toEqual({ avg_value: 30, count: 2 });
    expect(ratings.get(wa2.id)).toEqual({ avg_value: 50, count: 1 });
    expect(ratings.has(unclaimed.id)).toBe(false);

    const sheet = await getWarehouseSheet(t.db, null, wa1.id, { locale: "it" });
    expect(sheet).toMatchObject({ rating_avg: 30, review_count: 2 });
    // Per criterion, over the reviews that rated it (4 and 2; 5; 3); services, rated by nobody, is left out.
    expect(sheet.rating_criteria).toEqual([
      { key: "reliability_value", avg_value: 30, count: 2 },
      { key: "communication_value", avg_value: 50, count: 1 },
      { key: "structure_value", avg_value: 30, count: 1 },
    ]);
    expect(await warehouseRatingCriteria(t.db, wa2.id)).toEqual(
      ["reliability_value", "communication_value", "services_value", "structure_value"].map((key) => ({ key, avg_value: 50, count: 1 })),
    );
    expect(await warehouseRatingCriteria(t.db, unclaimed.id)).toEqual([]);
    const compared = await compareWarehouses(t.db, null, [wa1.id, wa2.id], { locale: "it" });
    expect(compared.warehouses.map((w) => [w.rating_avg, w.review_count])).toEqual([
      [30, 2],
      [50, 1],
    ]);
    const cards = await searchCards(t.db, searchCardsQuery.parse({ ids: [wa1.id, wb.id, unclaimed.id], lat: 45.46, lng: 9.19 }), "it");
    expect(cards.warehouses.map((w) => [w.id, w.rating_avg, w.review_count])).toEqual([
      [wa1.id, 30, 2],
      [wb.id, 30, 1],
      [unclaimed.id, null, 0],
    ]);
  });
});

const FEEDBACK_CATALOGUE = defineCatalogue("received_feedback", async (db) => {
  const first = (await makeUser(db, { role: "stocker" })).id;
  await sql`insert into users (email, role, account_type, invite_code) select 'fbo-' || g || '@plan.test', 'stocker', 0, 'FBO' || g from generate_series(1, 2000) g`.execute(
    db,
  );
  await sql`insert into users (email, role, invite_code) select 'fbr-' || g || '@plan.test', 'referent', 'FBR' || g from generate_series(1, 500) g`.execute(db);
  await sql`insert into users (email, role, invite_code) select 'fbh-' || g || '@plan.test', 'stock_hunter', 'FBH' || g from generate_series(1, 2000) g`.execute(
    db,
  );
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id, referent_id)
    select 'Plan ' || g, 'Italia', 'Via ' || g, '00100', 'Roma', 'RM', 41 + random(), 12 + random(), ${first} + 1 + (g % 2000), ${first} + 2001 + (g % 500)
    from generate_series(1, 60000) g`.execute(db);
  await sql`
    insert into warehouse_requests (user_id, business_name, contact, referent, message, location)
    select ${first} + 2501 + (g % 2000), 'Plan srl', 'plan-' || g || '@plan.test', 'Piano', 'Plan', 'Roma'
    from generate_series(1, 60000) g`.execute(db);
  // One link per plan request, to a plan warehouse; on each a review and a report both ways.
  await sql`
    with w as (select id, row_number() over (order by id) as n from warehouses where name like 'Plan %'),
         r as (select id, row_number() over (order by id) as n from warehouse_requests where business_name = 'Plan srl')
    insert into warehouse_request_warehouses (warehouse_request_id, warehouse_id, state)
    select r.id, w.id, 'confirmed' from r join w on w.n = r.n`.execute(db);
  await sql`
    insert into reviews (user_id, warehouse_id, warehouse_request_id, link_id, target, full_name, email, telephone, avg_value, reliability_value, created_at)
    select ${first} + t.k, l.warehouse_id, l.warehouse_request_id, l.id, t.target, 'P', 'p@plan.test', '1', 40, 4, now() - (l.id % 5000 || ' minutes')::interval
    from warehouse_request_warehouses l join warehouses w on w.id = l.warehouse_id
    cross join (values (0, 'warehouse'), (1, 'hunter')) as t (k, target)
    where w.name like 'Plan %'`.execute(db);
  await sql`
    insert into reports (user_id, warehouse_id, warehouse_request_id, link_id, target, full_name, email, telephone, subject, description, created_at)
    select ${first} + t.k, l.warehouse_id, l.warehouse_request_id, l.id, t.target, 'P', 'p@plan.test', '1', 'S', 'D', now() - (l.id % 5000 || ' minutes')::interval
    from warehouse_request_warehouses l join warehouses w on w.id = l.warehouse_id
    cross join (values (0, 'warehouse'), (1, 'hunter')) as t (k, target)
    where w.name like 'Plan %'`.execute(db);
  for (const table of ["users", "warehouses", "warehouse_requests", "warehouse_request_warehouses", "reviews", "reports"])
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
});

describe("the lists' plans on a large catalogue", () => {
  const t = useCatalogueDatabase(FEEDBACK_CATALOGUE);
  let owners: FeedbackOwner[];
  beforeAll(async () => {
    // A stocker, a referent and a hunter among the many.
    const idOf = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    owners = [
      { id: await idOf("fbo-1000@plan.test"), role: "stocker" },
      { id: await idOf("fbr-200@plan.test"), role: "referent" },
      { id: await idOf("fbh-1000@plan.test"), role: "stock_hunter" },
    ];
  });
  it("reads an owner's page through the owner's warehouses or requests and the feedback indexes, never a whole table", async () => {
    for (const owner of owners) {
      for (const query of [receivedReviewsPageQuery(t.db, owner, { limit: 8, offset: 8 }), receivedReportsPageQuery(t.db, owner, { limit: 8, offset: 8 })]) {
        const compiled = query.compile();
        const { rows } = await t.db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan, `${owner.role}\n${plan}`).not.toMatch(/Seq Scan on (reviews|reports|warehouses|warehouse_requests|users)/);
        expect(plan, `${owner.role}\n${plan}`).toMatch(
          owner.role === "stock_hunter" ? /(reviews|reports)_warehouse_request_id_idx/ : /(reviews|reports)_warehouse_id_created_at_idx/,
        );
      }
    }
    expect((await listReceivedReviews(t.db, owners[0]!, { page: 0, limit: 8 })).reviews_count).toBeGreaterThan(0);
    expect((await listReceivedReports(t.db, owners[2]!, { page: 0, limit: 8 })).reports_count).toBeGreaterThan(0);
  });
});
