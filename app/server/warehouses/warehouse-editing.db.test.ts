// The warehouse calls of the three areas, through their route functions (validation, role
// guard, service): who may create and edit what, the defaults of each role, what a role can
// never change, the position, the audit log, and the referents.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf, attachSpecifications, makeClaimedWarehouse, makeSpecification, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { ensureGazetteerLoaded } from "../geo/gazetteer.ts";
import { gazetteerGeocoder } from "../geo/geocoder.gazetteer.ts";
import { searchWarehouses } from "../search/search.service.ts";
import { searchQuery } from "../../schemas/search.ts";
import { action as adminCreate } from "../../routes/api/admin/warehouses.create.ts";
import { action as adminUpdate } from "../../routes/api/admin/warehouses.update.ts";
import { action as stockerCreate } from "../../routes/api/stocker/warehouses.create.ts";
import { action as stockerUpdate } from "../../routes/api/stocker/warehouses.update.ts";
import { action as referentUpdate } from "../../routes/api/referent/warehouses.update.ts";
import { action as stockerCreateReferent } from "../../routes/api/stocker/warehouses.create-referent.ts";
import { action as stockerUpdateReferent } from "../../routes/api/stocker/warehouses.update-referent.ts";
import { action as referentUpdateReferent } from "../../routes/api/referent/warehouses.update-referent.ts";
import { action as adminUpdateReferent } from "../../routes/api/admin/warehouses.update-referent.ts";
import type { User } from "../db/types.ts";

const t = useTestDatabase();

let admin: User, stocker: User, otherStocker: User, referent: User, hunter: User;
let visible: number[], hidden: number;

const TORINO = { lat: 45.0703, lng: 7.6869 };
const MILANO = { lat: 45.4642, lng: 9.19 };

function payload(overrides: { data?: Record<string, unknown>; [k: string]: unknown } = {}) {
  const { data, ...rest } = overrides;
  return {
    warehouse_data: {
      name: "Polo Nord",
      country: "Italia",
      address: "Via Torino 10",
      cap: "20100",
      city: "Milano",
      province: "MI",
      vat: "IT01234567890",
      website: "www.polonord.example",
      telephone: "+39 02 555 1234",
      email: "info@polonord.example",
      total_m2: "12000",
      m2: 9000,
      m2_cost: "4.5",
      height: "11,5".replace(",", "."),
      bays_number: 12,
      lat: MILANO.lat,
      lng: MILANO.lng,
      ...data,
    },
    contacts: [
      { full_name: "Anna Bianchi", phone: "+39 333 1111111", email: "anna@polonord.example", role: "quote" },
      { full_name: "  ", phone: "+39 333 2222222", email: "not-an-email", role: "billing" },
      { full_name: "Luca Verdi", phone: "", email: "", role: "" },
    ],
    warehouse_times: {
      is_mon_open: true,
      mon_open_time: "08:00",
      mon_close_time: "18:00",
      is_sun_open: false,
      sun_open_time: "09:00",
      sun_close_time: "12:00",
    },
    specifications: visible.slice(0, 3),
    ...rest,
  };
}

const count = async (table: "warehouses" | "audit_log" | "users") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  await ensureGazetteerLoaded(t.db);
  admin = await makeUser(t.db, { role: "admin" });
  stocker = await makeUser(t.db, { role: "stocker", company: "Logistica Nord srl" });
  otherStocker = await makeUser(t.db, { role: "stocker" });
  referent = await makeUser(t.db, { role: "referent", created_by: stocker.id, password_hash: "x" });
  hunter = await makeUser(t.db, { role: "stock_hunter" });
  visible = [];
  for (let i = 0; i < 4; i++) visible.push((await makeSpecification(t.db, { cat_id: 1 + i, value: `Valore ${i}` })).id);
  hidden = (await makeSpecification(t.db, { cat_id: 2, value: "Nascosto", hidden: true })).id;
}, 120_000);

describe("creating a warehouse", () => {
  it("in the back office: approved, no hub request, no owner, and written to the audit log", async () => {
    const audits = await count("audit_log");
    const res = await callJson(adminCreate, t.db, { actor: actorOf(admin), body: payload() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id = res.json.warehouse_id as number;
    const w = await t.db.selectFrom("warehouses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(w).toMatchObject({
      name: "Polo Nord",
      status: "approved",
      is_hub: false,
      to_approve: false,
      user_id: null,
      created_by: admin.id,
      email: "info@polonord.example",
      total_m2: 12000,
      m2: 9000,
      height: 11.5,
      m2_cost: 4.5,
    });
    // The blank-named contact is dropped (its bad e-mail with it); a blank role is "none".
    const contacts = await t.db.selectFrom("contacts").select(["full_name", "role", "phone"]).where("warehouse_id", "=", id).orderBy("id").execute();
    expect(contacts).toEqual([
      { full_name: "Anna Bianchi", role: "quote", phone: "+39 333 1111111" },
      { full_name: "Luca Verdi", role: "0", phone: null },
    ]);
    const times = await t.db.selectFrom("warehouse_times").selectAll().where("warehouse_id", "=", id).executeTakeFirstOrThrow();
    expect(times).toMatchObject({
      is_mon_open: true,
      mon_open_time: "08:00:00",
      mon_close_time: "18:00:00",
      is_tue_open: true,
      tue_open_time: null,
      is_sun_open: false,
      sun_open_time: null,
    });
    const specs = await t.db.selectFrom("warehouse_specifications").select("specification_id").where("warehouse_id", "=", id).execute();
    expect(specs.map((s) => s.specification_id).sort()).toEqual(visible.slice(0, 3).sort());
    expect(await count("audit_log")).toBe(audits + 1);
    const entry = await t.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ admin_id: admin.id, action: "warehouse.create", entity_type: "warehouse", entity_id: id });
    expect((entry.details as any).after.name).toEqual({ before: null, after: "Polo Nord" });
  });

  it("by a stocker: its own, pending as a hub request, with its account's e-mail whatever was sent", async () => {
    const res = await callJson(stockerCreate, t.db, {
      actor: actorOf(stocker),
      body: payload({ data: { email: "someone@else.example", status: "approved", user_id: otherStocker.id, is_hub: false } }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const w = await t.db.selectFrom("warehouses").selectAll().where("id", "=", res.json.warehouse_id).executeTakeFirstOrThrow();
    expect(w).toMatchObject({
      status: "pending",
      to_approve: true,
      is_hub: true,
      user_id: stocker.id,
      created_by: stocker.id,
      email: stocker.email,
      referent_id: null,
    });
    // The operator is told, in Italian, with the link to the warehouse in the back office.
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("template", "=", "hub_request_admin").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ lang: "it", reply_to: stocker.email });
    expect(mail.subject).toBe("Nuovo magazzino da approvare: Polo Nord");
    expect(mail.text).toContain(`/admin/warehouses/${w.id}/edit`);
  });

  it("requires name, country, address, cap, city and province everywhere, and vat and m2 from the owners; writes nothing then", async () => {
    const before = await count("warehouses");
    const blank = { name: " ", country: "", address: "", cap: "", city: "", province: "", vat: "", m2: "" };
    const asAdmin = await callJson(adminCreate, t.db, { actor: actorOf(admin), body: payload({ data: blank }) });
    expect(asAdmin.status).toBe(422);
    expect(asAdmin.json.errors).toEqual({
      name: "required",
      country: "required",
      address: "required",
      cap: "required",
      city: "required",
      province: "required",
    });
    const asStocker = await callJson(stockerCreate, t.db, { actor: actorOf(stocker), body: payload({ data: blank }) });
    expect(asStocker.json.errors).toMatchObject({ name: "required", vat: "required", m2: "required" });
    const negative = await callJson(adminCreate, t.db, { actor: actorOf(admin), body: payload({ data: { total_m2: -1, height: "abc", bays_number: 2.5 } }) });
    expect(negative.json.errors).toMatchObject({ total_m2: "too_small", height: "invalid", bays_number: "invalid" });
    expect(await count("warehouses")).toBe(before);
  });

  it("never saves a position outside Italy, and places a warehouse without a pin at its town", async () => {
    const sea = await callJson(stockerCreate, t.db, { actor: actorOf(stocker), body: payload({ data: { lat: 36.8, lng: 10.2 } }) }); // Tunis
    expect(sea.status).toBe(422);
    expect(sea.json.errors).toEqual({ lat: "outside_italy" });
    const nice = await callJson(stockerCreate, t.db, { actor: actorOf(stocker), body: payload({ data: { lat: 43.7, lng: 7.26 } }) });
    expect(nice.json.errors).toEqual({ lat: "outside_italy" });
    const atlantic = await callJson(stockerCreate, t.db, { actor: actorOf(stocker), body: payload({ data: { lat: 45, lng: -20 } }) });
    expect(atlantic.json.errors).toEqual({ lng: "outside_italy" });
    const placed = await callJson(stockerCreate, t.db, {
      actor: actorOf(stocker),
      body: payload({ data: { lat: null, lng: null, city: "Torino", province: "TO", cap: "10100" } }),
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const w = await t.db.selectFrom("warehouses").select(["lat", "lng"]).where("id", "=", placed.json.warehouse_id).executeTakeFirstOrThrow();
    expect(w.lat).toBeCloseTo(TORINO.lat, 1);
    expect(w.lng).toBeCloseTo(TORINO.lng, 1);
    const nowhere = await callJson(stockerCreate, t.db, {
      actor: actorOf(stocker),
      body: payload({ data: { lat: null, lng: null, city: "Qqqzzzx", province: "ZZ" } }),
    });
    expect(nowhere.status).toBe(422);
    expect(nowhere.json.errors).toEqual({ lat: "required" });
  });

  it("is refused to other roles by the area guard of each call", async () => {
    for (const [fn, who] of [
      [adminCreate, stocker],
      [adminCreate, referent],
      [stockerCreate, admin],
      [stockerCreate, hunter],
      [stockerCreate, referent],
    ] as const) {
      const res = await callJson(fn, t.db, { actor: actorOf(who), body: payload() });
      expect(res.status, `${who.role}`).toBe(403);
    }
    expect((await callJson(stockerCreate, t.db, { actor: null, body: payload() })).status).toBe(401);
  });
});

describe("editing a warehouse", () => {
  it("lets a stocker edit its own, but not approve it, take it from its owner or change its main e-mail", async () => {
    const { warehouse } = await makeClaimedWarehouse(t.db, { status: "pending", to_approve: true, email: "kept@example.com" }, {});
    await t.db.updateTable("warehouses").set({ user_id: stocker.id }).where("id", "=", warehouse.id).execute();
    const res = await callJson(stockerUpdate, t.db, {
      actor: actorOf(stocker),
      params: { id: String(warehouse.id) },
      body: payload({
        data: { name: "Nuovo nome", email: "new@example.com", status: "approved", to_approve: false, user_id: otherStocker.id, referent_id: referent.id },
        imgs_to_delete: [],
      }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const w = await t.db.selectFrom("warehouses").selectAll().where("id", "=", warehouse.id).executeTakeFirstOrThrow();
    expect(w).toMatchObject({ name: "Nuovo nome", status: "pending", to_approve: true, user_id: stocker.id, email: "kept@example.com", referent_id: null });
  });

  it("answers 403 for someone else's warehouse on the map, 404 for one that is not listed or does not exist, and changes nothing", async () => {
    const listed = await makeWarehouse(t.db, { user_id: otherStocker.id, name: "Di un altro" });
    const pending = await makeWarehouse(t.db, { user_id: otherStocker.id, status: "pending" });
    const body = payload({ data: { name: "Preso" }, imgs_to_delete: [] });
    expect((await callJson(stockerUpdate, t.db, { actor: actorOf(stocker), params: { id: String(listed.id) }, body })).status).toBe(403);
    expect((await callJson(stockerUpdate, t.db, { actor: actorOf(stocker), params: { id: String(pending.id) }, body })).status).toBe(404);
    expect((await callJson(stockerUpdate, t.db, { actor: actorOf(stocker), params: { id: "999999999" }, body })).status).toBe(404);
    expect((await callJson(referentUpdate, t.db, { actor: actorOf(referent), params: { id: String(listed.id) }, body })).status).toBe(403);
    const after = await t.db.selectFrom("warehouses").select("name").where("id", "=", listed.id).executeTakeFirstOrThrow();
    expect(after.name).toBe("Di un altro");
  });

  it("lets a referent edit the warehouses it manages", async () => {
    const w = await makeWarehouse(t.db, { user_id: stocker.id, referent_id: referent.id });
    const res = await callJson(referentUpdate, t.db, {
      actor: actorOf(referent),
      params: { id: String(w.id) },
      body: payload({ data: { name: "Gestito dal referente" }, imgs_to_delete: [] }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ warehouse_id: w.id });
  });

  it("keeps the hidden specifications a warehouse has, refuses unknown ones and other warehouses' photos", async () => {
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    await attachSpecifications(t.db, w.id, [visible[0]!, hidden]);
    const other = await makeWarehouse(t.db, { user_id: stocker.id });
    const otherImage = await t.db
      .insertInto("images")
      .values({ warehouse_id: other.id, src: "/uploads/x.webp", file: "x.webp" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const save = (body: unknown) => callJson(stockerUpdate, t.db, { actor: actorOf(stocker), params: { id: String(w.id) }, body });

    expect((await save(payload({ specifications: [visible[1]], imgs_to_delete: [] }))).status).toBe(200);
    const specs = await t.db.selectFrom("warehouse_specifications").select("specification_id").where("warehouse_id", "=", w.id).execute();
    expect(specs.map((s) => s.specification_id).sort()).toEqual([visible[1]!, hidden].sort());

    const unknown = await save(payload({ specifications: [999_999], imgs_to_delete: [] }));
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual({ specifications: "invalid" });
    const foreign = await save(payload({ data: { name: "Mai" }, imgs_to_delete: [otherImage.id] }));
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors).toEqual({ imgs_to_delete: "invalid" });
    expect((await t.db.selectFrom("warehouses").select("name").where("id", "=", w.id).executeTakeFirstOrThrow()).name).toBe("Polo Nord");
  });

  it("moves a warehouse: the next search finds it at its new place, and the back office's change is audited with before and after", async () => {
    const w = await makeWarehouse(t.db, { user_id: otherStocker.id, city: "Milano", lat: MILANO.lat, lng: MILANO.lng, name: "In viaggio" });
    const unclaimed = await makeWarehouse(t.db, { user_id: null, lat: MILANO.lat, lng: MILANO.lng });
    const search = async (at: { lat: number; lng: number }) => {
      const r = await searchWarehouses({ db: t.db, geocoder: gazetteerGeocoder(t.db) }, searchQuery.parse({ lat: at.lat, lng: at.lng, radius: 10 }), "it");
      return [...r.warehouses, ...r.other_warehouses];
    };
    expect((await search(MILANO)).map((x) => x.id)).toEqual(expect.arrayContaining([w.id, unclaimed.id]));

    const move = (id: number) =>
      callJson(adminUpdate, t.db, {
        actor: actorOf(admin),
        params: { id: String(id) },
        body: payload({ data: { name: "In viaggio", city: "Torino", province: "TO", cap: "10100", lat: TORINO.lat, lng: TORINO.lng }, imgs_to_delete: [] }),
      });
    expect((await move(w.id)).status).toBe(200);
    expect((await move(unclaimed.id)).status).toBe(200);

    const inTurin = await search(TORINO);
    expect(inTurin.map((x) => x.id)).toEqual(expect.arrayContaining([w.id, unclaimed.id]));
    expect((await search(MILANO)).map((x) => x.id)).not.toEqual(expect.arrayContaining([w.id]));
    expect((await search(MILANO)).map((x) => x.id)).not.toContain(unclaimed.id);
    // The unclaimed one stays anonymised at its new place: not shown at its true position.
    const shown = inTurin.find((x) => x.id === unclaimed.id)!;
    expect(shown.lat === TORINO.lat && shown.lng === TORINO.lng).toBe(false);
    expect(Math.abs(shown.lat - TORINO.lat)).toBeLessThanOrEqual(0.004);

    const entry = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", w.id)
      .where("action", "=", "warehouse.update")
      .executeTakeFirstOrThrow();
    expect(entry.admin_id).toBe(admin.id);
    expect((entry.details as any).changes.city).toEqual({ before: "Milano", after: "Torino" });
    expect((entry.details as any).changes.lat).toEqual({ before: MILANO.lat, after: TORINO.lat });
  });

  it("keeps the stored position when no pin is sent and the address is the same", async () => {
    const w = await makeWarehouse(t.db, { user_id: stocker.id, address: "Via Torino 10", cap: "20100", city: "Milano", province: "MI", lat: 45.47, lng: 9.2 });
    const res = await callJson(stockerUpdate, t.db, {
      actor: actorOf(stocker),
      params: { id: String(w.id) },
      body: payload({ data: { lat: "", lng: "" }, imgs_to_delete: [] }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await t.db.selectFrom("warehouses").select(["lat", "lng"]).where("id", "=", w.id).executeTakeFirstOrThrow()).toEqual({ lat: 45.47, lng: 9.2 });
  });
});

describe("the referent of a warehouse", () => {
  const newReferent = (email: string) => ({
    user_data: { first_name: "Giulia", last_name: "Neri", email, telephone: "+39 340 1234567", role: "referent", user_id: 1 },
  });

  it("is created by the owner, invited by e-mail and assigned at once", async () => {
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    const email = `giulia-${Date.now()}@example.com`;
    const res = await callJson(stockerCreateReferent, t.db, { actor: actorOf(stocker), params: { id: String(w.id) }, body: newReferent(email) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", res.json.user_id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "referent", email, first_name: "Giulia", created_by: stocker.id, company: "Logistica Nord srl", password_hash: null });
    expect((await t.db.selectFrom("warehouses").select("referent_id").where("id", "=", w.id).executeTakeFirstOrThrow()).referent_id).toBe(user.id);
    const mail = await t.db.selectFrom("mail_outbox").select(["template", "text"]).where("to_address", "=", email).executeTakeFirstOrThrow();
    expect(mail.template).toBe("invitation");
    expect(mail.text).toContain(`/complete-account/${user.id}?u_token=`);
  });

  it("answers errors.email when the address has an account, and creates nothing", async () => {
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    const users = await count("users");
    const res = await callJson(stockerCreateReferent, t.db, {
      actor: actorOf(stocker),
      params: { id: String(w.id) },
      body: newReferent(hunter.email.toUpperCase()),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ email: "taken" });
    expect(await count("users")).toBe(users);
    const missing = await callJson(stockerCreateReferent, t.db, {
      actor: actorOf(stocker),
      params: { id: String(w.id) },
      body: { user_data: { first_name: "", last_name: "", email: "", telephone: "" } },
    });
    expect(missing.json.errors).toEqual({ first_name: "required", last_name: "required", email: "required", telephone: "required" });
  });

  it("is chosen among the owner's referents, by the owner or by the warehouse's referent, never someone else's", async () => {
    const w = await makeWarehouse(t.db, { user_id: stocker.id, referent_id: referent.id });
    const second = await makeUser(t.db, { role: "referent", created_by: stocker.id, password_hash: "x" });
    const strangers = await makeUser(t.db, { role: "referent", created_by: otherStocker.id });
    const assign = (fn: typeof stockerUpdateReferent, who: User, referentId: number, id = w.id) =>
      callJson(fn, t.db, { actor: actorOf(who), params: { id: String(id) }, body: { warehouse_data: { referent_id: referentId } } });

    expect((await assign(stockerUpdateReferent, stocker, strangers.id)).json.errors).toEqual({ referent_id: "invalid" });
    expect((await assign(stockerUpdateReferent, stocker, hunter.id)).status).toBe(422);
    const byReferent = await assign(referentUpdateReferent, referent, second.id);
    expect(byReferent.status, JSON.stringify(byReferent.json)).toBe(200);
    expect(byReferent.json).toEqual({ warehouse_id: w.id });
    // The new referent is told; the old one no longer manages it.
    const note = await t.db.selectFrom("notifications").select(["type", "data"]).where("user_id", "=", second.id).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: "referent_assigned", data: { warehouse_id: w.id } });
    expect((await assign(referentUpdateReferent, referent, referent.id)).status).toBe(403);
    expect((await assign(stockerUpdateReferent, otherStocker, second.id)).status).toBe(403);
    expect((await assign(stockerUpdateReferent, stocker, referent.id)).status).toBe(200);
    // The back office picks among the same referents.
    expect(await assign(adminUpdateReferent, admin, second.id)).toMatchObject({ status: 200, json: { warehouse_id: w.id } });
  });
});
