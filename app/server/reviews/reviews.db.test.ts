import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeClaimedWarehouse, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { requestNumber } from "../../lib/format.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { action as reviewAction } from "../../routes/api/warehouses.request-review.ts";
import { action as reportAction } from "../../routes/api/warehouses.request-report.ts";
import { reviewAvgValue } from "../../schemas/feedback.ts";
import { getFeedbackContext } from "./reviews.service.ts";
import * as oneOpenReport from "../db/migrations/0019_one_open_report.ts";

const t = useTestDatabase();

let hunter: Awaited<ReturnType<typeof makeUser>>;
let otherHunter: Awaited<ReturnType<typeof makeUser>>;
let referent: Awaited<ReturnType<typeof makeUser>>;
let w: Awaited<ReturnType<typeof makeClaimedWarehouse>>;

beforeAll(async () => {
  hunter = await makeUser(t.db, { role: "stock_hunter", company: "Caccia srl" });
  otherHunter = await makeUser(t.db, { role: "stock_hunter" });
  referent = await makeUser(t.db, { role: "referent" });
  w = await makeClaimedWarehouse(t.db, { name: "Deposito Recensito", referent_id: referent.id });
});

const reviewBody = (ratings: Record<string, number | null> = {}) => ({
  review_data: { full_name: "Mario Rossi", email: "mario@test.example", telephone: "333 1234567", description: "Tutto bene.", ...ratings },
});
const reportBody = {
  report_data: {
    full_name: "Mario Rossi",
    email: "mario@test.example",
    telephone: "333 1234567",
    subject: "Ritardo",
    description: "Nessuna risposta da giorni.",
  },
};
const params = (warehouseId: number, requestId: number) => ({ warehouseId: String(warehouseId), requestId: String(requestId) });

describe("reviewAvgValue", () => {
  it("is the mean of the given ratings × 10, truncated, 0 when none", () => {
    expect(reviewAvgValue([4, 4, 5, null])).toBe(43);
    expect(reviewAvgValue([5, 5, 5, 5])).toBe(50);
    expect(reviewAvgValue([1, 2])).toBe(15);
    expect(reviewAvgValue([2, 2, 3])).toBe(23);
    expect(reviewAvgValue([null, undefined])).toBe(0);
    expect(reviewAvgValue([])).toBe(0);
  });
});

describe("POST /api/warehouses/{id}/requests/{id}/review", () => {
  it("lets the hunter review a confirmed link once; the second is refused (409)", async () => {
    const { request, links } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "confirmed" });
    const first = await callJson(reviewAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(hunter),
      body: reviewBody({ reliability_value: 4, communication_value: 4, services_value: 5, structure_value: null }),
    });
    expect(first.status).toBe(200);
    const review = await t.db.selectFrom("reviews").selectAll().where("id", "=", first.json.review_id).executeTakeFirstOrThrow();
    expect(review).toMatchObject({
      user_id: hunter.id,
      link_id: links[0]!.id,
      target: "warehouse",
      avg_value: 43,
      services_value: 5,
      structure_value: null,
      payments_value: null,
    });

    // The owner and the referent are told, the author is not.
    const notified = await t.db.selectFrom("notifications").select(["user_id", "message"]).where("type", "=", "review_received").execute();
    expect(notified.map((n) => n.user_id).sort()).toEqual([w.owner.id, referent.id].sort());
    expect((notified[0]!.message as Record<string, string>).it).toContain("Caccia srl");

    const second = await callJson(reviewAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(hunter), body: reviewBody() });
    expect(second.status).toBe(409);
    expect(second.json.error).toBe("already_reviewed");
    // Said as it is, in the user's language: not the generic "some fields are missing".
    expect(second.json.message).toBe("Hai già recensito questa richiesta: è possibile una sola recensione per richiesta e magazzino.");
    const secondEn = await callJson(reviewAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(hunter),
      body: reviewBody(),
      locale: "en",
    });
    expect(secondEn.json).toMatchObject({
      error: "already_reviewed",
      message: "You have already reviewed this request: there can be only one review per request and warehouse.",
    });
    expect(await t.db.selectFrom("reviews").select("id").where("link_id", "=", links[0]!.id).execute()).toHaveLength(1);
  });

  it("refuses a review while the link is pending or refused (409)", async () => {
    for (const state of ["pending", "refused"] as const) {
      const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state });
      const res = await callJson(reviewAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(hunter), body: reviewBody() });
      expect(res.status).toBe(409);
      expect(res.json.error).toBe("not_confirmed");
      expect(res.json.message).toBe("Non puoi ancora recensire: potrai farlo quando il magazzino avrà confermato la richiesta.");
      const en = await callJson(reviewAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(hunter), body: reviewBody(), locale: "en" });
      expect(en.json).toMatchObject({ error: "not_confirmed", message: "You cannot review yet: you can once the warehouse has confirmed the request." });
    }
  });

  it("lets the stocker and the referent review the hunter on payments and goods", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "confirmed" });
    const byReferent = await callJson(reviewAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(referent),
      body: reviewBody({ payments_value: 3, goods_value: 4 }),
    });
    expect(byReferent.status).toBe(200);
    const review = await t.db.selectFrom("reviews").selectAll().where("id", "=", byReferent.json.review_id).executeTakeFirstOrThrow();
    expect(review).toMatchObject({ target: "hunter", payments_value: 3, goods_value: 4, avg_value: 35 });
    // The owner may write their own review of the same link.
    const byOwner = await callJson(reviewAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(w.owner), body: reviewBody() });
    expect(byOwner.status).toBe(200);
    expect((await t.db.selectFrom("reviews").select("avg_value").where("id", "=", byOwner.json.review_id).executeTakeFirstOrThrow()).avg_value).toBe(0);
    // The hunter hears about reviews of them.
    const toHunter = await t.db.selectFrom("notifications").select("id").where("user_id", "=", hunter.id).where("type", "=", "review_received").execute();
    expect(toHunter.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses the other side's criteria and ratings out of 1–5", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "confirmed" });
    const foreign = await callJson(reviewAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(hunter),
      body: reviewBody({ payments_value: 4 }),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors).toEqual({ payments_value: "not_allowed" });
    const six = await callJson(reviewAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(hunter),
      body: reviewBody({ reliability_value: 6 }),
    });
    expect(six.status).toBe(422);
    const missing = await callJson(reviewAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(hunter),
      body: { review_data: { full_name: "", email: "", telephone: " " } },
    });
    expect(missing.json.errors).toEqual({ full_name: "required", email: "required", telephone: "required" });
    expect(await t.db.selectFrom("reviews").select("id").where("warehouse_request_id", "=", request.id).execute()).toHaveLength(0);
  });

  it("answers the same 404 to a user who is not a party as for a link that does not exist, 401 when logged out", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "confirmed" });
    const stranger = await callJson(reviewAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(otherHunter), body: reviewBody() });
    expect(stranger.status).toBe(404);
    const otherStocker = await makeUser(t.db, { role: "stocker" });
    expect((await callJson(reviewAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(otherStocker), body: reviewBody() })).status).toBe(
      404,
    );
    const admin = await makeUser(t.db, { role: "admin" });
    expect((await callJson(reportAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(admin), body: reportBody })).status).toBe(404);
    // Another warehouse's id with this request: no such link.
    const other = await makeClaimedWarehouse(t.db);
    expect((await callJson(reviewAction, t.db, { params: params(other.warehouse.id, request.id), actor: actorOf(hunter), body: reviewBody() })).status).toBe(
      404,
    );
    expect((await callJson(reviewAction, t.db, { params: params(w.warehouse.id, request.id), actor: null, body: reviewBody() })).status).toBe(401);
    expect(await t.db.selectFrom("reviews").select("id").where("warehouse_request_id", "=", request.id).execute()).toHaveLength(0);
  });
});

describe("POST /api/warehouses/{id}/requests/{id}/report", () => {
  // Many reports by the same hunter in this file: keep the hourly limit (10) out of the way.
  beforeEach(async () => {
    await t.db.deleteFrom("rate_limits").execute();
  });

  it("lets a party report at any time, and tells the owner and referent", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "pending" });
    const res = await callJson(reportAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(hunter), body: reportBody });
    expect(res.status).toBe(200);
    const report = await t.db.selectFrom("reports").selectAll().where("id", "=", res.json.report_id).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ user_id: hunter.id, target: "warehouse", subject: "Ritardo" });
    const notified = await t.db
      .selectFrom("notifications")
      .select("user_id")
      .where("type", "=", "report_received")
      .where("user_id", "in", [w.owner.id, referent.id])
      .execute();
    expect(notified).toHaveLength(2);
  });

  it("takes one open report per author and link: a second is refused with 409 already_reported, writing and telling nothing", async () => {
    const other = await makeClaimedWarehouse(t.db);
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id, other.warehouse.id], state: "pending" });
    const report = (who: typeof hunter, warehouseId = w.warehouse.id, locale: "it" | "en" = "it") =>
      callJson(reportAction, t.db, { params: params(warehouseId, request.id), actor: actorOf(who), body: reportBody, locale });
    const first = await report(hunter);
    expect(first.status).toBe(200);
    const counts = async () => ({
      reports: (await t.db.selectFrom("reports").select("id").where("warehouse_request_id", "=", request.id).execute()).length,
      notifications: (await t.db.selectFrom("notifications").select("id").where("type", "=", "report_received").execute()).length,
      mails: (await t.db.selectFrom("mail_outbox").select("id").execute()).length,
    });
    const before = await counts();

    const second = await report(hunter);
    expect(second.status).toBe(409);
    expect(second.json).toEqual({ error: "already_reported", message: "Hai già inviato una segnalazione su questa richiesta" });
    expect((await report(hunter, w.warehouse.id, "en")).json).toEqual({ error: "already_reported", message: "You have already sent a report on this request" });
    expect(await counts()).toEqual(before);

    // The same author on another warehouse of the request, and the other party on this link, each have their own.
    expect((await report(hunter, other.warehouse.id)).status).toBe(200);
    expect((await report(referent)).status).toBe(200);
    expect((await report(referent)).status).toBe(409);

    // Once the report is closed, the author may report again.
    await t.db.updateTable("reports").set({ closed_at: new Date() }).where("id", "=", first.json.report_id).execute();
    expect((await report(hunter)).status).toBe(200);
  });

  it("keeps one when several arrive at once (the partial unique index decides)", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "pending" });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => callJson(reportAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(hunter), body: reportBody })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.error === "already_reported")).toBe(true);
    expect(await t.db.selectFrom("reports").select("id").where("warehouse_request_id", "=", request.id).execute()).toHaveLength(1);
  });

  it("is refused by the database too, whatever the code path", async () => {
    const { request, links } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "pending" });
    const row = {
      user_id: hunter.id,
      warehouse_id: w.warehouse.id,
      warehouse_request_id: request.id,
      link_id: links[0]!.id,
      full_name: "M",
      email: "m@x.it",
      telephone: "1",
      subject: "S",
      description: "D",
    };
    await t.db.insertInto("reports").values(row).execute();
    await expect(t.db.insertInto("reports").values(row).execute()).rejects.toMatchObject({ code: "23505", constraint: "reports_user_id_link_id_open_key" });
    await t.db
      .insertInto("reports")
      .values({ ...row, closed_at: new Date() })
      .execute();
  });

  it("requires every field and refuses 10 KB texts", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id] });
    const empty = await callJson(reportAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(hunter), body: { report_data: {} } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.errors).sort()).toEqual(["description", "email", "full_name", "subject", "telephone"]);
    const big = await callJson(reportAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(hunter),
      body: { report_data: { ...reportBody.report_data, description: "x".repeat(10 * 1024) } },
    });
    expect(big.status).toBe(422);
    expect(big.json.errors).toEqual({ description: "too_long" });
    expect(await t.db.selectFrom("reports").select("id").where("warehouse_request_id", "=", request.id).execute()).toHaveLength(0);
  });
});

describe("getFeedbackContext", () => {
  it("tells the page what the actor rates and whether the review form is open", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "confirmed" });
    const forHunter = await getFeedbackContext(t.db, actorOf(hunter), w.warehouse.id, request.id);
    expect(forHunter).toMatchObject({
      target: "warehouse",
      canReview: true,
      reviewed: false,
      criteria: ["reliability_value", "communication_value", "services_value", "structure_value"],
    });
    const forReferent = await getFeedbackContext(t.db, actorOf(referent), w.warehouse.id, request.id);
    expect(forReferent.criteria).toEqual(["reliability_value", "communication_value", "payments_value", "goods_value"]);
    await expect(getFeedbackContext(t.db, actorOf(otherHunter), w.warehouse.id, request.id)).rejects.toMatchObject({ status: 404 });
  });

  it("tells the report page whether the actor already has an open report on the link", async () => {
    const { request } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.warehouse.id], state: "pending" });
    expect((await getFeedbackContext(t.db, actorOf(hunter), w.warehouse.id, request.id)).reported).toBe(false);
    expect((await callJson(reportAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(hunter), body: reportBody })).status).toBe(200);
    expect((await getFeedbackContext(t.db, actorOf(hunter), w.warehouse.id, request.id)).reported).toBe(true);
    expect((await getFeedbackContext(t.db, actorOf(referent), w.warehouse.id, request.id)).reported).toBe(false);
  });
});

describe("who hears of a review or report, in the app and by e-mail", () => {
  it("tells the owner and referent of feedback on the warehouse, the hunter alone of feedback on them; each gets its e-mail", async () => {
    const author = await makeUser(t.db, { role: "stock_hunter", company: "<b>Bold</b> & Co" });
    const { request } = await makeRequest(t.db, { userId: author.id, warehouseIds: [w.warehouse.id], state: "confirmed" });
    const review = await callJson(reviewAction, t.db, {
      params: params(w.warehouse.id, request.id),
      actor: actorOf(author),
      body: reviewBody({ reliability_value: 5, communication_value: 4, services_value: null, structure_value: null }),
    });
    expect(review.status).toBe(200);
    const told = await t.db
      .selectFrom("notifications")
      .select(["user_id", "message", "data"])
      .where("type", "=", "review_received")
      .where(sql<boolean>`data @> ${JSON.stringify({ review_id: review.json.review_id })}::jsonb`)
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([w.owner.id, referent.id].sort());
    // The author's company is text in the notification's markup, never markup of its own.
    expect((told[0]!.message as Record<string, string>).it).toContain("&lt;b&gt;Bold&lt;/b&gt; &amp; Co");
    const ownerNote = told.find((n) => n.user_id === w.owner.id)!;
    expect(ownerNote.data).toMatchObject({ url: "/it/stocker/profile/reviews", target: "warehouse" });
    const mails = await t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("template", "=", "feedback_received")
      .where("subject", "like", `%${requestNumber(request.id)}%`)
      .where("to_address", "in", [w.owner.email, referent.email])
      .execute();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("4,5/5");
    expect(mails[0]!.text).toContain("<b>Bold</b> & Co");
    expect(mails.find((mail) => mail.to_address === referent.email)!.text).toContain("http://stockspace.test/it/referent/profile/reviews");

    // The referent reports the hunter: only the hunter hears of it, with the link to its reports.
    const report = await callJson(reportAction, t.db, { params: params(w.warehouse.id, request.id), actor: actorOf(referent), body: reportBody });
    const reportTold = await t.db
      .selectFrom("notifications")
      .select(["user_id", "data"])
      .where("type", "=", "report_received")
      .where(sql<boolean>`data @> ${JSON.stringify({ report_id: report.json.report_id })}::jsonb`)
      .execute();
    expect(reportTold.map((n) => n.user_id)).toEqual([author.id]);
    expect(reportTold[0]!.data).toMatchObject({ url: "/it/stock-hunter/profile/reviews?show=reports", target: "hunter" });
    const toHunter = await t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("template", "=", "feedback_received")
      .where("to_address", "=", author.email)
      .execute();
    expect(toHunter).toHaveLength(1);
    expect(toHunter[0]!.subject).toBe(`Nuova segnalazione sulla richiesta n. ${requestNumber(request.id)}`);
    expect(toHunter[0]!.text).toContain("Oggetto: Ritardo");
  });

  it("never names an unclaimed warehouse to the hunter, and sends no e-mail to a deactivated account", async () => {
    const author = await makeUser(t.db, { role: "stock_hunter" });
    const manager = await makeUser(t.db, { role: "referent" });
    const unclaimed = await makeWarehouse(t.db, { name: "Nome Segreto", referent_id: manager.id });
    const { request } = await makeRequest(t.db, { userId: author.id, warehouseIds: [unclaimed.id], state: "confirmed" });
    const res = await callJson(reviewAction, t.db, {
      params: params(unclaimed.id, request.id),
      actor: actorOf(manager),
      body: reviewBody({ payments_value: 4 }),
    });
    expect(res.status).toBe(200);
    const note = await t.db.selectFrom("notifications").select("message").where("user_id", "=", author.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(note.message)).not.toContain("Nome Segreto");
    expect(JSON.stringify(note.message)).toContain(`Stocker ${unclaimed.id}`);
    const mail = await t.db.selectFrom("mail_outbox").select("text").where("to_address", "=", author.email).executeTakeFirstOrThrow();
    expect(mail.text).not.toContain("Nome Segreto");

    await t.db.updateTable("users").set({ active: false }).where("id", "=", manager.id).execute();
    await callJson(reportAction, t.db, { params: params(unclaimed.id, request.id), actor: actorOf(author), body: reportBody });
    expect(await t.db.selectFrom("notifications").select("id").where("user_id", "=", manager.id).where("type", "=", "report_received").execute()).toHaveLength(
      1,
    );
    expect(await t.db.selectFrom("mail_outbox").select("id").where("to_address", "=", manager.email).execute()).toHaveLength(0);
  });
});

describe("migration 0019 (one open report per author and link)", () => {
  it("keeps the reports an author had already repeated: the first stays open, the later ones are closed", async () => {
    const { request, links } = await makeRequest(t.db, { userId: otherHunter.id, warehouseIds: [w.warehouse.id], state: "pending" });
    await oneOpenReport.down(t.db);
    const row = {
      user_id: otherHunter.id,
      warehouse_id: w.warehouse.id,
      warehouse_request_id: request.id,
      link_id: links[0]!.id,
      full_name: "M",
      email: "m@x.it",
      telephone: "1",
      description: "D",
    };
    // Repeated before the rule, in another order than their dates.
    for (const [subject, at] of [
      ["second", "2026-11-02"],
      ["first", "2026-11-01"],
      ["third", "2026-11-03"],
    ] as const) {
      await t.db
        .insertInto("reports")
        .values({ ...row, subject, created_at: new Date(`${at}T10:00:00Z`) })
        .execute();
    }
    await oneOpenReport.up(t.db);
    const after = await t.db
      .selectFrom("reports")
      .select(["subject", "closed_at"])
      .where("warehouse_request_id", "=", request.id)
      .orderBy("created_at")
      .execute();
    expect(after.map((r) => [r.subject, r.closed_at === null])).toEqual([
      ["first", true],
      ["second", false],
      ["third", false],
    ]);
  });
});
