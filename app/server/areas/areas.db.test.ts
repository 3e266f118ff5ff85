// Who may open an area, whose data its start pages show, and the plan of the dashboard's
// latest-requests query at catalogue scale.
import { beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeRedeemedWarehouse, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { auditAreaView, openArea, ownerAsReader } from "./area-access.ts";
import { hunterProfile, listFavourites, ownerDashboard } from "./dashboard.service.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../errors.ts";

const t = useTestDatabase();

describe("opening an area", () => {
  it("gives a user their own area and refuses the other roles", async () => {
    const stocker = actorOf(await makeUser(t.db, { role: "stocker" }));
    const hunter = actorOf(await makeUser(t.db, { role: "stock_hunter" }));
    const own = await openArea(t.db, stocker, "stocker", null);
    expect(own).toMatchObject({ asAdmin: false, owner: { id: stocker.id, role: "stocker" } });
    expect(ownerAsReader(own)).toBe(stocker);
    await expect(openArea(t.db, hunter, "stocker", null)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(openArea(t.db, stocker, "stock_hunter", null)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(openArea(t.db, null, "referent", null)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("lets only an administrator open a stocker's or a hunter's area by id, and only for a user of that role", async () => {
    const admin = actorOf(await makeUser(t.db, { role: "admin" }));
    const stocker = await makeUser(t.db, { role: "stocker", first_name: "Sara" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const referent = await makeUser(t.db, { role: "referent" });
    const view = await openArea(t.db, admin, "stocker", stocker.id);
    expect(view).toMatchObject({ asAdmin: true, actor: { id: admin.id }, owner: { id: stocker.id, firstName: "Sara" } });
    // Reads happen in the owner's name; the administrator stays the actor.
    expect(ownerAsReader(view)).toMatchObject({ id: stocker.id, role: "stocker" });
    expect((await openArea(t.db, admin, "stock_hunter", hunter.id)).owner.id).toBe(hunter.id);
    await expect(openArea(t.db, admin, "stocker", hunter.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(openArea(t.db, admin, "stocker", 999_999_999)).rejects.toBeInstanceOf(NotFoundError);
    // The spec's admin prefix exists for stockers and stock hunters only.
    await expect(openArea(t.db, admin, "referent", referent.id)).rejects.toBeInstanceOf(NotFoundError);
    // Anyone else asking for a user's area by id is refused by role, whoever the user is.
    await expect(openArea(t.db, actorOf(stocker), "stocker", stocker.id)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("writes an administrator's visit to the audit log, and nobody else's", async () => {
    const admin = actorOf(await makeUser(t.db, { role: "admin" }));
    const stocker = await makeUser(t.db, { role: "stocker" });
    await auditAreaView(t.db, await openArea(t.db, admin, "stocker", stocker.id), "/messages");
    await auditAreaView(t.db, await openArea(t.db, actorOf(stocker), "stocker", null), "/messages");
    const rows = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", stocker.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_id: admin.id, action: "user.area_view", entity_type: "user", details: { area: "stocker", page: "/messages" } });
  });
});

describe("the start pages", () => {
  it("show a stocker its own warehouses, waiting requests and latest requests, none of another's", async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    const other = await makeUser(t.db, { role: "stocker" });
    const a = await makeWarehouse(t.db, { user_id: owner.id, name: "Mine A" });
    const b = await makeWarehouse(t.db, { user_id: owner.id, name: "Mine B" });
    const theirs = await makeWarehouse(t.db, { user_id: other.id, name: "Theirs" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await makeRequest(t.db, { userId: hunter.id, warehouseIds: [a.id, theirs.id] });
    await makeRequest(t.db, { userId: hunter.id, warehouseIds: [b.id], state: "confirmed" });
    const dash = await ownerDashboard(t.db, { id: owner.id, role: "stocker" });
    expect(dash.warehouses_count).toBe(2);
    expect(dash.warehouses.map((w) => w.name).sort()).toEqual(["Mine A", "Mine B"]);
    expect(dash.pending_requests_count).toBe(1);
    expect(dash.latest_requests.map((r) => r.warehouse_name).sort()).toEqual(["Mine A", "Mine B"]);
    expect(dash.user.email).toBe(owner.email);
  });

  it("show a referent the warehouses it manages", async () => {
    const referent = await makeUser(t.db, { role: "referent" });
    const { warehouse: managed } = await makeRedeemedWarehouse(t.db, { referent_id: referent.id, name: "Managed" });
    await makeRedeemedWarehouse(t.db, { name: "Not managed" });
    await makeRequest(t.db, { userId: null, warehouseIds: [managed.id] });
    const dash = await ownerDashboard(t.db, { id: referent.id, role: "referent" });
    expect(dash.warehouses.map((w) => w.name)).toEqual(["Managed"]);
    expect(dash.latest_requests).toHaveLength(1);
  });

  it("show a hunter its favourites anonymised unless redeemed, and its own requests only", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const other = await makeUser(t.db, { role: "stock_hunter" });
    const referent = await makeUser(t.db, { role: "referent", first_name: "Rita", last_name: "Bassi" });
    const { warehouse: redeemed } = await makeRedeemedWarehouse(t.db, { name: "Deposito Vero", referent_id: referent.id });
    const unclaimed = await makeWarehouse(t.db, { name: "Segreto Srl", address: "Via Nascosta 1" });
    await t.db
      .insertInto("favourites")
      .values([
        { user_id: hunter.id, warehouse_id: redeemed.id },
        { user_id: hunter.id, warehouse_id: unclaimed.id },
      ])
      .execute();
    await makeRequest(t.db, { userId: hunter.id, warehouseIds: [redeemed.id, unclaimed.id], state: "confirmed" });
    await makeRequest(t.db, { userId: other.id, warehouseIds: [redeemed.id] });

    const { favourites, favourites_count } = await listFavourites(t.db, hunter.id, { page: 0, limit: 8, locale: "it" });
    expect(favourites_count).toBe(2);
    const byId = new Map(favourites.map((f) => [f.id, f]));
    expect(byId.get(redeemed.id)).toMatchObject({
      name: "Deposito Vero",
      redeemed: true,
      referent: { name: "Rita Bassi", email: referent.email },
      detail_url: `/it/warehouses/${redeemed.id}`,
    });
    expect(byId.get(unclaimed.id)).toMatchObject({ name: `Stocker ${unclaimed.id}`, address: null, redeemed: false, referent: null, detail_url: null });
    expect(JSON.stringify(favourites)).not.toContain("Segreto");
    // A favourite takes a quote request at its published position, until it is switched off.
    const published = await t.db.selectFrom("warehouses").select(["pub_lat", "pub_lng"]).where("id", "=", redeemed.id).executeTakeFirstOrThrow();
    expect(byId.get(redeemed.id)!.quote_position).toEqual({ lat: published.pub_lat, lng: published.pub_lng });
    await t.db.updateTable("warehouses").set({ deactivated: true }).where("id", "=", redeemed.id).execute();
    const switchedOff = (await listFavourites(t.db, hunter.id, { page: 0, limit: 8, locale: "it" })).favourites.find((f) => f.id === redeemed.id);
    // Switched off, it takes no request and has no public sheet.
    expect(switchedOff).toMatchObject({ quote_position: null, detail_url: null });
    await t.db.updateTable("warehouses").set({ deactivated: false }).where("id", "=", redeemed.id).execute();

    const profile = await hunterProfile(t.db, hunter.id, "en");
    expect(profile.requests_count).toBe(1);
    expect(profile.requests[0]!.warehouses.map((w) => w.name)).toEqual(["Deposito Vero", `Stocker ${unclaimed.id}`]);
    expect(JSON.stringify(profile)).not.toContain("Segreto");
  });
});

describe("the dashboard's latest requests at catalogue scale", () => {
  let ownerId: number;
  beforeAll(async () => {
    const first = (await makeUser(t.db, { role: "stocker" })).id;
    await sql`insert into users (email, role, account_type, invite_code) select 'dash-' || g || '@plan.test', 'stocker', 0, 'DASH' || g from generate_series(1, 1000) g`.execute(
      t.db,
    );
    ownerId = first + 500;
    await sql`
      insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id)
      select 'Dash ' || g, 'Italia', 'Via ' || g, '00100', 'Roma', 'RM', 41 + random(), 12 + random(), ${first} + 1 + (g % 1000)
      from generate_series(1, 30000) g`.execute(t.db);
    const seedWarehouse = await makeWarehouse(t.db, { name: "Seed" });
    const requestId = (await makeRequest(t.db, { userId: null, warehouseIds: [seedWarehouse.id] })).request.id;
    await sql`
      insert into warehouse_request_warehouses (warehouse_request_id, warehouse_id, created_at)
      select ${requestId}, id, now() - (id % 1000 || ' minutes')::interval from warehouses where name like 'Dash %'`.execute(t.db);
    await sql`vacuum analyze warehouses`.execute(t.db);
    await sql`vacuum analyze warehouse_request_warehouses`.execute(t.db);
  }, 120_000);

  it("reads the owner's warehouses and each one's newest links by index", async () => {
    const { rows } = await t.db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(
        `explain select l.id from warehouses w cross join lateral (select link.id, link.created_at from warehouse_request_warehouses link where link.warehouse_id = w.id order by link.created_at desc limit 5) l where w.user_id = $1 order by l.created_at desc limit 5`,
        [ownerId],
      ),
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).not.toMatch(/Seq Scan on (warehouses|warehouse_request_warehouses)/);
    const dash = await ownerDashboard(t.db, { id: ownerId, role: "stocker" });
    expect(dash.warehouses_count).toBe(30);
    expect(dash.latest_requests).toHaveLength(5);
  });
});
