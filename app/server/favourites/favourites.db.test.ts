import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeRedeemedWarehouse, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { action as toggle } from "../../routes/api/stock-hunter.toggle-favourite.ts";
import { toggleFavourite } from "./favourites.service.ts";

const t = useTestDatabase();
let hunter: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  hunter = await makeUser(t.db, { role: "stock_hunter" });
});

describe("POST /api/stock-hunter/warehouses/{id}/toggle-favourite", () => {
  it("adds a claimed warehouse, then removes it, answering the hunter's favourite ids", async () => {
    const a = await makeRedeemedWarehouse(t.db);
    const b = await makeRedeemedWarehouse(t.db);
    const call = (id: number) => callJson(toggle, t.db, { params: { id: String(id) }, actor: actorOf(hunter) });
    const first = await call(a.warehouse.id);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ favourite_ids: [a.warehouse.id] });
    expect((await call(b.warehouse.id)).json.favourite_ids).toEqual([a.warehouse.id, b.warehouse.id]);
    expect((await call(a.warehouse.id)).json.favourite_ids).toEqual([b.warehouse.id]);
    const rows = await t.db.selectFrom("favourites").select("warehouse_id").where("user_id", "=", hunter.id).execute();
    expect(rows.map((r) => r.warehouse_id)).toEqual([b.warehouse.id]);
  });

  it("refuses unclaimed warehouses (422) and unknown or deactivated ones (404)", async () => {
    const unclaimed = await makeWarehouse(t.db);
    const off = await makeRedeemedWarehouse(t.db, { deactivated: true });
    const res = await callJson(toggle, t.db, { params: { id: String(unclaimed.id) }, actor: actorOf(hunter) });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ warehouse_id: "not_claimed" });
    // Said as it is, in the user's language: not the generic "some fields are missing".
    expect(res.json.message).toBe("Questo magazzino non è ancora riscattato dal suo stocker: non si può aggiungere ai preferiti.");
    const en = await callJson(toggle, t.db, { params: { id: String(unclaimed.id) }, actor: actorOf(hunter), locale: "en" });
    expect(en.json).toMatchObject({
      error: "not_claimed",
      message: "This warehouse has not been claimed by its stocker yet: it cannot be added to favourites.",
    });
    expect((await callJson(toggle, t.db, { params: { id: "99999999" }, actor: actorOf(hunter) })).status).toBe(404);
    expect((await callJson(toggle, t.db, { params: { id: String(off.warehouse.id) }, actor: actorOf(hunter) })).status).toBe(404);
    const count = await t.db.selectFrom("favourites").select("warehouse_id").where("warehouse_id", "in", [unclaimed.id, off.warehouse.id]).execute();
    expect(count).toEqual([]);
  });

  it("still removes a favourite whose warehouse was deactivated later", async () => {
    const w = await makeRedeemedWarehouse(t.db);
    await toggleFavourite(t.db, actorOf(hunter), w.warehouse.id);
    await t.db.updateTable("warehouses").set({ deactivated: true }).where("id", "=", w.warehouse.id).execute();
    expect(await toggleFavourite(t.db, actorOf(hunter), w.warehouse.id)).not.toContain(w.warehouse.id);
  });

  it("is for logged-in stock hunters only", async () => {
    const w = await makeRedeemedWarehouse(t.db);
    expect((await callJson(toggle, t.db, { params: { id: String(w.warehouse.id) }, actor: null })).status).toBe(401);
    const stocker = await makeUser(t.db, { role: "stocker" });
    expect((await callJson(toggle, t.db, { params: { id: String(w.warehouse.id) }, actor: actorOf(stocker) })).status).toBe(403);
    await expect(toggleFavourite(t.db, actorOf(stocker), w.warehouse.id)).rejects.toMatchObject({ status: 403 });
  });
});
