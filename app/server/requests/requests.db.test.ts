import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  actorOf,
  makeClaimedWarehouse,
  makeRedeemedWarehouse,
  makeSpecification,
  makeUser,
  makeWarehouse,
  requestTableCounts,
} from "../../../tests/support/factories.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { action as sendRequests } from "../../routes/api/warehouses.send-requests.ts";
import { action as ownerRequestEmails } from "../../routes/api/stocker/warehouses.update-request-emails.ts";
import { sendRequestsSchema } from "../../schemas/quote.ts";
import { requestNumber } from "../../lib/format.ts";
import { resolveRequestAccess } from "../deal/request-access.service.ts";
import { QUOTE_LIMIT_PER_ACCOUNT, QUOTE_LIMIT_PER_VISITOR_CONTACT, QUOTE_LIMIT_PER_VISITOR_IP } from "./requests.service.ts";

const t = useTestDatabase();

type Fixture = Awaited<ReturnType<typeof setup>>;
let f: Fixture;

/** Notifications about one request (their data holds its id). */
const aboutRequest = (id: number) => sql<boolean>`(data->>'warehouse_request_id')::bigint = ${id}`;

async function setup() {
  const db = t.db;
  const admins = [await makeUser(db, { role: "admin", lang: "it" }), await makeUser(db, { role: "admin", lang: "en" })];
  const a = await makeRedeemedWarehouse(db, { name: "Deposito Alfa", city: "Milano" });
  const b = await makeRedeemedWarehouse(db, { name: "Deposito Beta", city: "Monza" }, { lang: "en" });
  const c = await makeRedeemedWarehouse(db, { name: "Deposito Gamma", city: "Lodi" });
  const referent = await makeUser(db, { role: "referent", first_name: "Rita" });
  const d = await makeRedeemedWarehouse(db, { name: "Deposito Delta", city: "Pavia", referent_id: referent.id });
  const unclaimed = await makeWarehouse(db, { name: "Magazzino Segreto", city: "Bergamo" });
  const deactivated = (await makeRedeemedWarehouse(db, { deactivated: true })).warehouse;
  const pending = (await makeRedeemedWarehouse(db, { status: "pending" })).warehouse;
  const refused = (await makeRedeemedWarehouse(db, { status: "refused" })).warehouse;
  const specs = [
    await makeSpecification(db, { cat_id: 1, value: "Picking", value_en: "Picking EN" }),
    await makeSpecification(db, { cat_id: 3, value: "Allarme", value_en: "Alarm" }),
  ];
  const hunter = await makeUser(db, { role: "stock_hunter", email: "Cacciatore@Test.example" });
  return { admins, a, b, c, d, referent, unclaimed, deactivated, pending, refused, specs, hunter };
}

beforeAll(async () => {
  f = await setup();
});

let ipCounter = 0;
/** A fresh client address per call, so the per-IP limit does not interfere with other tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function requestData(overrides: Record<string, unknown> = {}) {
  return {
    business_name: "Logistica Nord srl",
    contact: `buyer-${Math.random().toString(36).slice(2)}@test.example`,
    telephone: "+39 333 0000000",
    referent: "Giulia Bianchi",
    message: "Cerchiamo 800 m2 coperti da giugno a settembre.",
    location: "Milano",
    radius: 25,
    m2_type: "m2",
    m2_value: 800,
    start_date: "2031-06-01",
    end_date: "2031-09-30",
    conditions: true,
    privacy: true,
    data_f: true,
    data_g: false,
    lat: 45.46,
    lng: 9.19,
    ...overrides,
  };
}

const fiveIds = () => [f.a.warehouse.id, f.b.warehouse.id, f.c.warehouse.id, f.d.warehouse.id, f.unclaimed.id];

describe("POST /api/warehouses/send-requests", () => {
  it("writes one request with five pending links, a notification and an e-mail per handler, and a confirmation", async () => {
    const before = await requestTableCounts(t.db);
    const data = requestData();
    const { status, json } = await callJson(sendRequests, t.db, {
      body: { request_data: data, warehouse_ids: fiveIds(), specification_ids: f.specs.map((s) => s.id) },
      locale: "it",
      ip: freshIp(),
    });
    expect(status).toBe(200);
    expect(json.error).toBe(false);
    const requestId = json.warehouse_request_id as number;

    const request = await t.db.selectFrom("warehouse_requests").selectAll().where("id", "=", requestId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({
      user_id: null,
      business_name: "Logistica Nord srl",
      contact: data.contact,
      radius: 25,
      m2_value: 800,
      start_date: "2031-06-01",
      end_date: "2031-09-30",
      conditions: true,
      privacy: true,
      data_f: true,
      data_g: false,
      lang: "it",
    });

    const links = await t.db.selectFrom("warehouse_request_warehouses").selectAll().where("warehouse_request_id", "=", requestId).orderBy("id").execute();
    expect(links.map((l) => l.warehouse_id)).toEqual(fiveIds());
    expect(links.every((l) => l.state === "pending")).toBe(true);

    const specs = await t.db.selectFrom("warehouse_request_specifications").select("specification_id").where("warehouse_request_id", "=", requestId).execute();
    expect(specs.map((s) => s.specification_id).sort()).toEqual(f.specs.map((s) => s.id).sort());

    // Handlers: the owners of a, b, c; d's referent and d's owner too; both admins for the unclaimed one.
    const notifications = await t.db.selectFrom("notifications").selectAll().where("type", "=", "quote_request").where(aboutRequest(requestId)).execute();
    const byUser = (id: number) => notifications.filter((n) => n.user_id === id);
    for (const w of [f.a, f.b, f.c]) expect(byUser(w.owner.id)).toHaveLength(1);
    expect(byUser(f.referent.id)).toHaveLength(1);
    expect(byUser(f.d.owner.id)).toHaveLength(1);
    for (const admin of f.admins) expect(byUser(admin.id)).toHaveLength(1);
    expect(notifications).toHaveLength(7);
    // Stored in both languages.
    const first = byUser(f.a.owner.id)[0]!;
    expect(first.title).toEqual({ it: "Nuova richiesta di preventivo", en: "New quote request" });
    expect(String((first.message as Record<string, string>).en)).toContain("Deposito Alfa");
    expect(first.data).toMatchObject({ warehouse_id: f.a.warehouse.id, warehouse_request_id: requestId, link_id: links[0]!.id });

    const after = await requestTableCounts(t.db);
    expect(after.mails - before.mails).toBe(8); // 7 handler e-mails + 1 confirmation
    const mails = await t.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(8).execute();
    const to = (address: string) => mails.filter((mail) => mail.to_address === address);
    expect(to(f.a.owner.email)[0]).toMatchObject({ template: "quote_request_received", lang: "it", reply_to: data.contact });
    expect(to(f.b.owner.email)[0]).toMatchObject({ template: "quote_request_received", lang: "en" });
    expect(to(f.b.owner.email)[0]!.text).toContain("Picking EN");
    expect(to(f.referent.email)).toHaveLength(1);
    expect(to(f.d.owner.email)).toHaveLength(1);
    for (const admin of f.admins) expect(to(admin.email)[0]!.text).toContain("Magazzino Segreto");

    const confirmation = to(data.contact)[0]!;
    expect(confirmation.template).toBe("quote_request_confirmation");
    for (const name of ["Deposito Alfa", "Deposito Beta", "Deposito Gamma", "Deposito Delta"]) expect(confirmation.text).toContain(name);
    // The requester does not learn the unclaimed warehouse's identity.
    expect(confirmation.text).toContain(`Stocker ${f.unclaimed.id}`);
    expect(confirmation.text).not.toContain("Magazzino Segreto");
    expect(confirmation.text).toContain("01.06.2031");
  });

  it("tells the owner of a warehouse its referent handles, in the app and by e-mail, unless the owner turned the e-mail off for that warehouse", async () => {
    const referent = await makeUser(t.db, { role: "referent", first_name: "Remo", last_name: "Ricci", lang: "en" });
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db, { name: "Deposito Referenziato", city: "Cremona", referent_id: referent.id });
    const other = await makeRedeemedWarehouse(t.db, { name: "Deposito Altro", city: "Lodi", referent_id: referent.id }, { lang: "en" });
    const send = async () => {
      const { status, json } = await callJson(sendRequests, t.db, {
        body: { request_data: requestData(), warehouse_ids: [warehouse.id, other.warehouse.id] },
        locale: "it",
        ip: freshIp(),
      });
      expect(status).toBe(200);
      return json.warehouse_request_id as number;
    };
    const told = async (requestId: number, userId: number) =>
      t.db.selectFrom("notifications").selectAll().where("type", "=", "quote_request").where("user_id", "=", userId).where(aboutRequest(requestId)).execute();
    const mailsTo = (address: string, requestId: number) =>
      t.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to_address", "=", address)
        .where("template", "=", "quote_request_received")
        .where("subject", "like", `%${requestNumber(requestId)}%`)
        .execute();

    // By default: the referent and the owner, each in the app and by e-mail, in their language.
    const first = await send();
    expect(await told(first, referent.id)).toHaveLength(2);
    const [ownerNote] = await told(first, owner.id);
    expect((ownerNote!.message as Record<string, string>).it).toContain("La gestisce il tuo referente, Remo Ricci.");
    expect(ownerNote!.data).toMatchObject({ warehouse_id: warehouse.id, warehouse_request_id: first, url: "/it/stocker/profile/messages" });
    expect(await mailsTo(referent.email, first)).toHaveLength(2);
    const [ownerMail] = await mailsTo(owner.email, first);
    expect(ownerMail!.lang).toBe("it");
    expect(ownerMail!.text).toContain("La gestisce il tuo referente, Remo Ricci");
    expect(ownerMail!.text).toContain(`/it/stocker/profile/warehouses/${warehouse.id}`);
    expect(ownerMail!.reply_to).not.toBeNull();
    // The other owner, in English.
    const [otherMail] = await mailsTo(other.owner.email, first);
    expect(otherMail!.text).toContain("Your referent, Remo Ricci, handles it");

    // The owner turns the e-mails off for this warehouse only.
    const off = await callJson(ownerRequestEmails, t.db, {
      params: { id: String(warehouse.id) },
      body: { warehouse_data: { owner_request_emails: false } },
      actor: actorOf(owner),
    });
    expect(off).toMatchObject({ status: 200, json: { warehouse_id: warehouse.id, owner_request_emails: false } });
    const second = await send();
    expect(await told(second, owner.id)).toHaveLength(1);
    expect(await mailsTo(owner.email, second)).toHaveLength(0);
    expect(await mailsTo(referent.email, second)).toHaveLength(2);
    expect(await mailsTo(other.owner.email, second)).toHaveLength(1);

    // Without an active referent the owner handles the requests: the e-mail goes whatever the switch says.
    await t.db.updateTable("users").set({ active: false }).where("id", "=", referent.id).execute();
    const third = await send();
    const [handled] = await mailsTo(owner.email, third);
    expect(handled!.text).toContain("Rispondi direttamente al richiedente");
    expect(handled!.text).not.toContain("referente");
    expect(await told(third, referent.id)).toHaveLength(0);
    await t.db.updateTable("users").set({ active: true }).where("id", "=", referent.id).execute();

    // And on again.
    await callJson(ownerRequestEmails, t.db, {
      params: { id: String(warehouse.id) },
      body: { warehouse_data: { owner_request_emails: 1 } },
      actor: actorOf(owner),
    });
    expect(await mailsTo(owner.email, await send())).toHaveLength(1);
  });

  it("lets only the warehouse's owner turn its e-mails off: 401, 403, 404 and 422 otherwise, nothing changed", async () => {
    const referent = await makeUser(t.db, { role: "referent" });
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db, { referent_id: referent.id });
    const otherStocker = await makeUser(t.db, { role: "stocker" });
    const post = (actor: Parameters<typeof actorOf>[0] | null, body: unknown, id: number = warehouse.id) =>
      callJson(ownerRequestEmails, t.db, { params: { id: String(id) }, body, actor: actor ? actorOf(actor) : null });
    const off = { warehouse_data: { owner_request_emails: false } };
    expect((await post(null, off)).status).toBe(401);
    expect((await post(referent, off)).status).toBe(403);
    expect((await post(f.hunter, off)).status).toBe(403);
    expect((await post(f.admins[0]!, off)).status).toBe(403);
    expect((await post(otherStocker, off)).status).toBe(403);
    expect((await post(owner, off, 999_999_999)).status).toBe(404);
    for (const body of [
      {},
      { warehouse_data: {} },
      { warehouse_data: { owner_request_emails: "maybe" } },
      { warehouse_data: { owner_request_emails: null } },
    ]) {
      const res = await post(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const stored = await t.db.selectFrom("warehouses").select("owner_request_emails").where("id", "=", warehouse.id).executeTakeFirstOrThrow();
    expect(stored.owner_request_emails).toBe(true);
  });

  it("tells the owner of a warehouse no subscription covers that the sender saw it anonymised, with the way to subscribe", async () => {
    const { owner, warehouse } = await makeClaimedWarehouse(t.db, { name: "Deposito Scoperto", city: "Como" }, { lang: "en" });
    const { status } = await callJson(sendRequests, t.db, {
      body: { request_data: requestData(), warehouse_ids: [warehouse.id, f.a.warehouse.id] },
      locale: "it",
      ip: freshIp(),
    });
    expect(status).toBe(200);
    const mailTo = async (address: string) =>
      t.db
        .selectFrom("mail_outbox")
        .select(["text", "html"])
        .where("to_address", "=", address)
        .where("template", "=", "quote_request_received")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
    const uncovered = await mailTo(owner.email);
    const billing = `/en/stocker/profile/billing?w=${warehouse.id}`;
    expect(uncovered.text).toContain("The sender saw Deposito Scoperto without its name, address or photos");
    expect(uncovered.text).toContain(`Subscribe for this warehouse: http://`);
    expect(uncovered.text).toContain(billing);
    expect(uncovered.html).toContain(billing);
    // A covered warehouse's owner is not asked to subscribe.
    const covered = await mailTo(f.a.owner.email);
    expect(covered.text).not.toContain("/billing");
  });

  it("records a logged-in user's request under their account without asking for consents", async () => {
    const { status, json } = await callJson(sendRequests, t.db, {
      body: {
        request_data: requestData({ contact: f.hunter.email, conditions: false, privacy: false, data_f: null, data_g: null }),
        warehouse_ids: [f.a.warehouse.id],
      },
      actor: actorOf(f.hunter),
      ip: freshIp(),
    });
    expect(status).toBe(200);
    const request = await t.db.selectFrom("warehouse_requests").select(["user_id"]).where("id", "=", json.warehouse_request_id).executeTakeFirstOrThrow();
    expect(request.user_id).toBe(f.hunter.id);
  });

  it("answers errors.email when a visitor writes an existing account's e-mail, in any case, and writes nothing", async () => {
    const before = await requestTableCounts(t.db);
    const it_ = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ contact: "cacciatore@TEST.example" }), warehouse_ids: [f.a.warehouse.id] },
      locale: "it",
      ip: freshIp(),
    });
    expect(it_.status).toBe(422);
    expect(it_.json.errors).toEqual({ email: "taken" });
    expect(it_.json.message).toBe("L'indirizzo e-mail è già stato utilizzato");
    const en = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ contact: f.a.owner.email }), warehouse_ids: [f.a.warehouse.id] },
      locale: "en",
      ip: freshIp(),
    });
    expect(en.json.message).toBe("This e-mail address has already been used");
    expect(await requestTableCounts(t.db)).toEqual(before);
  });

  it("refuses the whole request when one warehouse is deactivated, not approved or unknown, and writes nothing", async () => {
    const before = await requestTableCounts(t.db);
    for (const bad of [f.deactivated.id, f.pending.id, f.refused.id, 987654321]) {
      const { status, json } = await callJson(sendRequests, t.db, {
        body: { request_data: requestData(), warehouse_ids: [f.a.warehouse.id, f.b.warehouse.id, bad] },
        ip: freshIp(),
      });
      expect(status).toBe(422);
      expect(json.errors).toEqual({ warehouse_ids: "unavailable" });
    }
    expect(await requestTableCounts(t.db)).toEqual(before);
  });

  it("refuses more than 50 warehouses (500 ids) and none at all", async () => {
    const before = await requestTableCounts(t.db);
    const many = Array.from({ length: 500 }, (_, i) => i + 1);
    const tooMany = await callJson(sendRequests, t.db, { body: { request_data: requestData(), warehouse_ids: many }, ip: freshIp() });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.errors.warehouse_ids).toBe("too_big");
    const none = await callJson(sendRequests, t.db, { body: { request_data: requestData(), warehouse_ids: [] }, ip: freshIp() });
    expect(none.status).toBe(422);
    expect(none.json.errors.warehouse_ids).toBeDefined();
    expect(await requestTableCounts(t.db)).toEqual(before);
  });

  it("flags both dates when the start is after the end", async () => {
    const { status, json } = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ start_date: "2031-10-01", end_date: "2031-09-01" }), warehouse_ids: [f.a.warehouse.id] },
      ip: freshIp(),
    });
    expect(status).toBe(422);
    expect(json.errors).toMatchObject({ start_date: "after_end", end_date: "before_start" });
  });

  it("accepts equal dates and refuses impossible ones", () => {
    const ok = sendRequestsSchema.safeParse({ request_data: requestData({ start_date: "2031-06-01", end_date: "2031-06-01" }), warehouse_ids: [1] });
    expect(ok.success).toBe(true);
    const bad = sendRequestsSchema.safeParse({ request_data: requestData({ start_date: "2031-02-30" }), warehouse_ids: [1] });
    expect(bad.success).toBe(false);
  });

  it("refuses dates before today (Italian calendar) and writes nothing", async () => {
    const before = await requestTableCounts(t.db);
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });
    const { status, json } = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ start_date: yesterday, end_date: yesterday }), warehouse_ids: [f.a.warehouse.id] },
      ip: freshIp(),
    });
    expect(status).toBe(422);
    expect(json.errors).toMatchObject({ start_date: "in_the_past", end_date: "in_the_past" });
    expect(await requestTableCounts(t.db)).toEqual(before);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });
    expect(sendRequestsSchema.safeParse({ request_data: requestData({ start_date: today, end_date: today }), warehouse_ids: [1] }).success).toBe(true);
  });

  it("refuses 10 KB fields with too_long and writes nothing", async () => {
    const before = await requestTableCounts(t.db);
    const big = "x".repeat(10 * 1024);
    const { status, json } = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ business_name: big, message: big, referent: big, telephone: big }), warehouse_ids: [f.a.warehouse.id] },
      ip: freshIp(),
    });
    expect(status).toBe(422);
    expect(json.errors).toMatchObject({ business_name: "too_long", message: "too_long", referent: "too_long", telephone: "too_long" });
    expect(await requestTableCounts(t.db)).toEqual(before);
  });

  it("lists the required fields, and a visitor's conditions and privacy", async () => {
    const { status, json } = await callJson(sendRequests, t.db, {
      body: {
        request_data: requestData({ business_name: "  ", contact: "", referent: "", message: "", conditions: false, privacy: false }),
        warehouse_ids: [f.a.warehouse.id],
      },
      ip: freshIp(),
    });
    expect(status).toBe(422);
    expect(json.errors).toMatchObject({ business_name: "required", contact: "required", referent: "required", message: "required" });

    const consents = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ conditions: false, privacy: false }), warehouse_ids: [f.a.warehouse.id] },
      ip: freshIp(),
    });
    expect(consents.status).toBe(422);
    expect(consents.json.errors).toEqual({ conditions: "required", privacy: "required" });
  });

  it("on the sheet form requires the telephone and, from a visitor, an answer to both consents", async () => {
    const { json } = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ source: "sheet", telephone: "", data_f: null, data_g: "" }), warehouse_ids: [f.a.warehouse.id] },
      ip: freshIp(),
    });
    expect(json.errors).toEqual({ telephone: "required" });
    const consents = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ source: "sheet", data_f: null, data_g: "" }), warehouse_ids: [f.a.warehouse.id] },
      ip: freshIp(),
    });
    expect(consents.json.errors).toEqual({ data_f: "required", data_g: "required" });
    // "No" is an answer.
    const no = await callJson(sendRequests, t.db, {
      body: { request_data: requestData({ source: "sheet", data_f: false, data_g: "0" }), warehouse_ids: [f.a.warehouse.id] },
      ip: freshIp(),
    });
    expect(no.status).toBe(200);
  });

  it("refuses unknown specification ids", async () => {
    const before = await requestTableCounts(t.db);
    const { status, json } = await callJson(sendRequests, t.db, {
      body: { request_data: requestData(), warehouse_ids: [f.a.warehouse.id], specification_ids: [f.specs[0]!.id, 99999999] },
      ip: freshIp(),
    });
    expect(status).toBe(422);
    expect(json.errors).toEqual({ specification_ids: "invalid" });
    expect(await requestTableCounts(t.db)).toEqual(before);
  });

  it("pretends success but writes nothing when the honeypot is filled", async () => {
    const before = await requestTableCounts(t.db);
    const { status, json } = await callJson(sendRequests, t.db, {
      body: { request_data: requestData(), warehouse_ids: [f.a.warehouse.id], hp: "http://spam.example" },
      ip: freshIp(),
    });
    expect(status).toBe(200);
    expect(json.warehouse_request_id).toBeNull();
    expect(await requestTableCounts(t.db)).toEqual(before);
  });

  it("answers 422 for a body that is not JSON", async () => {
    const request = new Request("http://stockspace.test/api/warehouses/send-requests", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    const { testContext } = await import("../../../tests/support/endpoint.ts");
    const response = await sendRequests({ request, params: {}, context: testContext(t.db) });
    expect(response.status).toBe(422);
  });
});

describe("quote limits: accepted requests, by account for logged-in users", () => {
  const send = (opts: { contact: string; ip?: string; actor?: ReturnType<typeof actorOf> | null; warehouseIds?: number[]; locale?: "it" | "en" }) =>
    callJson(sendRequests, t.db, {
      body: { request_data: requestData({ contact: opts.contact }), warehouse_ids: opts.warehouseIds ?? [f.c.warehouse.id] },
      ip: opts.ip ?? freshIp(),
      actor: opts.actor ?? null,
      locale: opts.locale,
    });
  const rowsWithContact = async (contact: string) =>
    Number(
      (
        await t.db
          .selectFrom("warehouse_requests")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where(sql`lower(contact)`, "=", contact.toLowerCase())
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("are 20 an hour per account, 20 per visitor IP and 10 per visitor contact address", () => {
    expect([QUOTE_LIMIT_PER_ACCOUNT.max, QUOTE_LIMIT_PER_VISITOR_IP.max, QUOTE_LIMIT_PER_VISITOR_CONTACT.max]).toEqual([20, 20, 10]);
  });

  it("ten visitor requests written with someone's address stop the 11th visitor, not that person's own logged-in requests", async () => {
    const contact = "victim-one@test.example";
    for (let i = 0; i < 10; i++) expect((await send({ contact })).status).toBe(200);
    const limited = await send({ contact, locale: "en" });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ error: "too_many_requests" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3500);
    // The owner of the address opens an account and sends from it: counted by account, not by address.
    const victim = await makeUser(t.db, { email: contact });
    for (let i = 0; i < 3; i++) expect((await send({ contact, actor: actorOf(victim) })).status).toBe(200);
    expect(await rowsWithContact(contact)).toBe(13);
  });

  it("visitor attempts with an account's address are refused and cost the account nothing", async () => {
    const victim = await makeUser(t.db, { email: "victim-two@test.example" });
    const ip = freshIp();
    for (let i = 0; i < 25; i++) expect((await send({ contact: victim.email, ip })).status).toBe(422);
    expect((await send({ contact: victim.email, ip, actor: actorOf(victim) })).status).toBe(200);
  });

  it("an account's own limit holds whatever addresses and IPs it uses; other accounts and visitors on its IP are not affected", async () => {
    const busy = await makeUser(t.db, { email: "busy-account@test.example" });
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await send({ contact: i % 2 ? busy.email : `typed-${i}@test.example`, ip: i % 3 ? ip : freshIp(), actor: actorOf(busy) });
      expect(res.status).toBe(200);
    }
    expect((await send({ contact: busy.email, actor: actorOf(busy) })).status).toBe(429);
    expect((await send({ contact: "elsewhere@test.example", ip: freshIp(), actor: actorOf(busy) })).status).toBe(429);
    const colleague = await makeUser(t.db, { email: "colleague@test.example" });
    expect((await send({ contact: colleague.email, ip, actor: actorOf(colleague) })).status).toBe(200);
    expect((await send({ contact: "walk-in@test.example", ip })).status).toBe(200);
  });

  it("a visitor IP gets 20 accepted requests an hour; a logged-in user on that IP is counted apart", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await send({ contact: `ip-${i}@test.example`, ip })).status).toBe(200);
    expect((await send({ contact: "ip-21@test.example", ip })).status).toBe(429);
    expect((await send({ contact: f.hunter.email, ip, actor: actorOf(f.hunter) })).status).toBe(200);
  });

  it("refused and rate-limited attempts count nothing", async () => {
    const contact = "refused-often@test.example";
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const bad = await send({ contact, ip, warehouseIds: [f.c.warehouse.id, 987654321] });
      expect(bad.status).toBe(422);
    }
    expect(await rowsWithContact(contact)).toBe(0);
    for (let i = 0; i < 10; i++) expect((await send({ contact, ip })).status).toBe(200);
    // Past the address's limit: more attempts are refused and do not extend the wait.
    const first = await send({ contact, ip });
    for (let i = 0; i < 5; i++) expect((await send({ contact, ip })).status).toBe(429);
    const later = await send({ contact, ip });
    expect(Number(later.headers.get("Retry-After"))).toBeLessThanOrEqual(Number(first.headers.get("Retry-After")));
    // The IP itself was charged for its 10 accepted requests only: 10 more with other addresses pass.
    for (let i = 0; i < 10; i++) expect((await send({ contact: `other-${i}@test.example`, ip })).status).toBe(200);
    expect((await send({ contact: "one-too-many@test.example", ip })).status).toBe(429);
  });

  it("holds under concurrency: 16 simultaneous requests with one address write exactly 10", async () => {
    const contact = "race@test.example";
    const results = await Promise.all(Array.from({ length: 16 }, () => send({ contact })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
    expect(await rowsWithContact(contact)).toBe(10);
  });

  it("an old request leaves the window: the limit slides", async () => {
    const contact = "slides@test.example";
    for (let i = 0; i < 10; i++) expect((await send({ contact })).status).toBe(200);
    expect((await send({ contact })).status).toBe(429);
    await t.db
      .updateTable("warehouse_requests")
      .set({ created_at: new Date(Date.now() - 3601_000) })
      .where("id", "=", (eb) =>
        eb
          .selectFrom("warehouse_requests")
          .select((e) => e.fn.min("id").as("id"))
          .where("contact", "=", contact),
      )
      .execute();
    expect((await send({ contact })).status).toBe(200);
    expect((await send({ contact })).status).toBe(429);
  });
});

describe("the requester's confirmation e-mail carries no stranger's text", () => {
  const free = {
    business_name: "Spamfirm BUY-CHEAP-PILLS srl",
    referent: "Visit pills.spam.example now",
    telephone: "+39 333 SPAMSPAM",
    location: "Click spam-location.example",
    message: "Congratulations! You won a prize, claim it at http://prize.spam.example",
  };
  const confirmationTo = (contact: string) =>
    t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where(sql`lower(to_address)`, "=", contact.toLowerCase())
      .where("template", "=", "quote_request_confirmation")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
  const post = (contact: string, actor: ReturnType<typeof actorOf> | null, locale: "it" | "en" = "en") =>
    callJson(sendRequests, t.db, {
      body: {
        request_data: requestData({ ...free, contact, m2_value: 1234 }),
        warehouse_ids: [f.a.warehouse.id, f.unclaimed.id],
        specification_ids: [f.specs[1]!.id],
      },
      actor,
      locale,
      ip: freshIp(),
    });

  it("a visitor's: greets generically and shows only our facts (number, warehouses, space, dates, requirements)", async () => {
    for (const locale of ["it", "en"] as const) {
      const contact = `stranger-${locale}@test.example`;
      const res = await post(contact, null, locale);
      expect(res.status).toBe(200);
      const mail = await confirmationTo(contact);
      for (const body of [mail.text, mail.html, mail.subject]) {
        for (const text of Object.values(free)) expect(body).not.toContain(text);
        expect(body).not.toMatch(/spam|pills|prize/i);
      }
      expect(mail.text.split("\n")[0]).toBe(locale === "it" ? "Buongiorno," : "Hello,");
      expect(mail.text).toContain("Deposito Alfa");
      expect(mail.text).toContain(`Stocker ${f.unclaimed.id}`);
      expect(mail.text).toContain(requestNumber(res.json.warehouse_request_id));
      expect(mail.text).toMatch(/1[.,]?234/);
      expect(mail.text).toContain("01.06.2031");
      expect(mail.text).toContain(locale === "en" ? "Alarm" : "Allarme");
    }
    // The warehouses themselves still receive the visitor's words (that is what a request is).
    const received = await t.db
      .selectFrom("mail_outbox")
      .select("text")
      .where("to_address", "=", f.a.owner.email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(received.text).toContain(free.message);
  });

  it("a visitor's carries the request's personal link (which opens it); a stock hunter's the request's page in their area", async () => {
    const res = await post("follow-me@test.example", null, "it");
    const mail = await confirmationTo("follow-me@test.example");
    const token = /http:\/\/stockspace\.test\/it\/requests\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(await resolveRequestAccess(t.db, token)).toBe(res.json.warehouse_request_id);

    const hunter = await makeUser(t.db, { role: "stock_hunter", lang: "en" });
    const own = await post(hunter.email, actorOf(hunter), "en");
    const hunterMail = await confirmationTo(hunter.email);
    expect(hunterMail.text).toContain(`http://stockspace.test/en/stock-hunter/profile/messages/${own.json.warehouse_request_id}`);
    expect(hunterMail.text).not.toMatch(/\/requests\/[A-Za-z0-9_-]{43}/);
  });

  it("a logged-in user's, to their own address, keeps their words; to any other address it does not", async () => {
    const user = await makeUser(t.db, { email: "Own-Address@test.example" });
    expect((await post("own-address@TEST.example", actorOf(user))).status).toBe(200);
    const own = await confirmationTo("own-address@TEST.example");
    expect(own.text).toContain(free.message);
    expect(own.text.split("\n")[0]).toBe(`Hello ${free.referent},`);

    expect((await post("someone-else@test.example", actorOf(user))).status).toBe(200);
    const other = await confirmationTo("someone-else@test.example");
    for (const text of Object.values(free)) expect(other.text + other.html).not.toContain(text);
  });
});
