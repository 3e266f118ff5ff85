// The demo seed on a real PostgreSQL: a scratch database of its own, migrated from scratch, so
// the test also proves the seed fits the schema's constraints.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase } from "../../../tests/support/db.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import type { Config } from "../config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, maybeSeedDemoData, presentDemoAccounts, seedDemoData } from "./seed.ts";

const ITALY = { minLat: 35.4, maxLat: 47.1, minLng: 6.6, maxLng: 18.6 };

let db: Database;
let dropDatabase: (() => Promise<void>) | null = null;
let uploadsDir: string;
const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<typeof maybeSeedDemoData>[1]["log"];

beforeAll(async () => {
  // A database cloned from the migrated template (tests/support/db.ts), on the embedded
  // server or the one at DATABASE_URL.
  const t = await createTestDatabase();
  db = t.db;
  dropDatabase = t.drop;
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-seed-"));
  await seedDemoData(db, { uploadsDir, warehouses: 300 });
}, 120_000);

afterAll(async () => {
  await dropDatabase?.();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const count = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);

describe("seedDemoData", () => {
  it("creates the demo accounts with their roles, logging in with the demo password", async () => {
    const rows = await db
      .selectFrom("users")
      .select(["email", "role", "account_type", "password_hash", "active", "has_confirmed_code", "invite_code", "stockspace_code"])
      .where(
        "email",
        "in",
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .execute();
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email)!;
      expect(row.role).toBe(account.role);
      expect(row.account_type).toBe(account.accountType ?? null);
      expect(row.active && row.has_confirmed_code).toBe(true);
      expect(row.invite_code).toMatch(/^[A-Z0-9]{8}$/);
      if (account.role === "stocker") expect(row.stockspace_code).toBeTruthy();
    }
    // One shared hash: checking it once covers every demo account.
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(1);
    expect(await verifyPassword(rows[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it("fills every specification category with at least 8 entries, in both languages", async () => {
    const rows = await db
      .selectFrom("specifications")
      .select(["cat_id", (eb) => eb.fn.countAll<string>().as("n")])
      .where("value_en", "is not", null)
      .where("description_en", "is not", null)
      .groupBy("cat_id")
      .orderBy("cat_id")
      .execute();
    expect(rows.map((r) => r.cat_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const r of rows) expect(Number(r.n)).toBeGreaterThanOrEqual(8);
    expect(
      await count(
        db
          .selectFrom("markets")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow(),
      ),
    ).toBeGreaterThanOrEqual(12);
  });

  it("gives the demo stocker claimed warehouses managed by the demo referent", async () => {
    const rows = await db
      .selectFrom("warehouses as w")
      .innerJoin("users as owner", "owner.id", "w.user_id")
      .leftJoin("users as referent", "referent.id", "w.referent_id")
      .select(["w.id", "w.name", "referent.email as referent_email", "w.status"])
      .where("owner.email", "=", "stocker@demo.test")
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const r of rows) expect(r.referent_email).toBe("referent@demo.test");
    expect(rows.some((r) => r.status === "pending")).toBe(true);
    const keeper = await count(
      db
        .selectFrom("warehouses")
        .innerJoin("users", "users.id", "warehouses.user_id")
        .where("users.email", "=", "keeper@demo.test")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow(),
    );
    expect(keeper).toBeGreaterThanOrEqual(5);
  });

  it("mixes claimed and unclaimed, hubs, pending, refused and deactivated warehouses", async () => {
    const row = await db
      .selectFrom("warehouses")
      .select([
        (eb) => eb.fn.countAll<string>().as("total"),
        sql<string>`count(*) filter (where user_id is not null)`.as("claimed"),
        sql<string>`count(*) filter (where is_hub and status = 'approved')`.as("hubs"),
        sql<string>`count(*) filter (where status = 'pending' and to_approve)`.as("pending"),
        sql<string>`count(*) filter (where status = 'refused')`.as("refused"),
        sql<string>`count(*) filter (where deactivated)`.as("deactivated"),
      ])
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    expect(total).toBe(300);
    expect(Number(row.claimed) / total).toBeGreaterThan(0.45);
    expect(Number(row.claimed) / total).toBeLessThan(0.65);
    expect(Number(row.hubs)).toBeGreaterThan(0);
    expect(Number(row.pending)).toBeGreaterThan(0);
    expect(Number(row.refused)).toBeGreaterThan(0);
    expect(Number(row.deactivated)).toBeGreaterThan(0);
  });

  it("gives most redeemed warehouses free space: some full, some partial, open-ended, in pallets, with a public price", async () => {
    const redeemed = await db
      .selectFrom("warehouses")
      .select(["id", "total_m2", "spaces_updated_at", "spaces_last_day"])
      .where("redeemed", "=", true)
      .where("status", "=", "approved")
      .execute();
    expect(redeemed.length).toBeGreaterThan(5);
    const spaces = await db.selectFrom("warehouse_spaces").selectAll().execute();
    const withSpace = new Set(spaces.map((s) => s.warehouse_id));
    const declared = redeemed.filter((w) => w.spaces_updated_at !== null);
    // Most declared; of those, some are full (declared, no space) and most have some.
    expect(declared.length / redeemed.length).toBeGreaterThan(0.9);
    expect(declared.filter((w) => withSpace.has(w.id)).length / redeemed.length).toBeGreaterThan(0.6);
    expect(declared.some((w) => !withSpace.has(w.id))).toBe(true);
    // Only redeemed warehouses have space in the demo.
    const redeemedIds = new Set(redeemed.map((w) => w.id));
    expect(spaces.every((s) => redeemedIds.has(s.warehouse_id))).toBe(true);
    expect(spaces.some((s) => s.available_until === null)).toBe(true);
    expect(spaces.some((s) => s.m2_type === "pallet")).toBe(true);
    expect(spaces.some((s) => s.price_public && s.price_month !== null)).toBe(true);
    expect(spaces.some((s) => !s.price_public && s.price_month !== null)).toBe(true);
    // Within each warehouse's surface; the last free day kept on the row.
    const total = new Map(redeemed.map((w) => [w.id, Number(w.total_m2)]));
    expect(spaces.filter((s) => s.m2_type === "m2").every((s) => s.quantity <= total.get(s.warehouse_id)!)).toBe(true);
    for (const w of declared.filter((d) => withSpace.has(d.id))) {
      const own = spaces.filter((s) => s.warehouse_id === w.id);
      expect(w.spaces_last_day).toBe(
        own.some((s) => s.available_until === null)
          ? null
          : own
              .map((s) => s.available_until!)
              .sort()
              .at(-1),
      );
    }
  });

  it("places every warehouse inside Italy, with an address, a CAP and opening hours", async () => {
    const outside = await db
      .selectFrom("warehouses")
      .select(["id", "lat", "lng"])
      .where((eb) => eb.or([eb("lat", "<", ITALY.minLat), eb("lat", ">", ITALY.maxLat), eb("lng", "<", ITALY.minLng), eb("lng", ">", ITALY.maxLng)]))
      .execute();
    expect(outside).toEqual([]);
    const bad = await db
      .selectFrom("warehouses as w")
      .leftJoin("warehouse_times as t", "t.warehouse_id", "w.id")
      .select("w.id")
      .where((eb) => eb.or([eb("t.warehouse_id", "is", null), eb("w.cap", "!~", "^[0-9]{5}$"), eb("w.vat", "!~", "^[0-9]{11}$")]))
      .execute();
    expect(bad).toEqual([]);
  });

  it("links quote requests to warehouses in all three states, for the demo accounts too", async () => {
    const states = await db
      .selectFrom("warehouse_request_warehouses as l")
      .innerJoin("warehouses as w", "w.id", "l.warehouse_id")
      .innerJoin("warehouse_requests as r", "r.id", "l.warehouse_request_id")
      .leftJoin("users as owner", "owner.id", "w.user_id")
      .leftJoin("users as hunter", "hunter.id", "r.user_id")
      .select(["l.state", "owner.email as owner_email", "hunter.email as hunter_email"])
      .execute();
    const set = (rows: typeof states) => new Set(rows.map((r) => r.state));
    expect(set(states)).toEqual(new Set(["pending", "confirmed", "refused"]));
    expect(set(states.filter((r) => r.owner_email === "stocker@demo.test"))).toEqual(new Set(["pending", "confirmed", "refused"]));
    expect(set(states.filter((r) => r.owner_email === "keeper@demo.test"))).toEqual(new Set(["pending", "confirmed", "refused"]));
    expect(set(states.filter((r) => r.hunter_email === "hunter@demo.test" && r.owner_email === "stocker@demo.test"))).toEqual(
      new Set(["pending", "confirmed", "refused"]),
    );
    // Visitors without an account ask for quotes too, and accepted the terms on the form.
    const visitors = await db.selectFrom("warehouse_requests").select(["conditions", "privacy"]).where("user_id", "is", null).execute();
    expect(visitors.length).toBeGreaterThan(0);
    for (const v of visitors) expect(v.conditions && v.privacy).toBe(true);
  });

  it("answers the demo hunter's recent requests with offers: open, revised after asked changes, accepted; a thread both ways", async () => {
    const offers = await db
      .selectFrom("request_offers as o")
      .innerJoin("warehouse_request_warehouses as l", "l.id", "o.link_id")
      .innerJoin("warehouse_requests as r", "r.id", "l.warehouse_request_id")
      .innerJoin("users as hunter", "hunter.id", "r.user_id")
      .select(["o.state", "o.revision", "o.link_id", "l.state as link_state", "l.answered_at", "hunter.email"])
      .execute();
    expect(offers.length).toBeGreaterThan(0);
    expect(new Set(offers.map((o) => o.email))).toEqual(new Set(["hunter@demo.test"]));
    expect(offers.some((o) => o.state === "open")).toBe(true);
    expect(offers.some((o) => o.state === "superseded" && o.revision === 1)).toBe(true);
    // An accepted offer only on a confirmed link; every answered link counts as answered.
    for (const o of offers.filter((x) => x.state === "accepted")) expect(o.link_state).toBe("confirmed");
    for (const o of offers) expect(o.answered_at).not.toBeNull();
    const sides = await db.selectFrom("request_messages").select(["side", "kind"]).execute();
    expect(new Set(sides.map((m) => m.side))).toEqual(new Set(["hunter", "handler"]));
    expect(sides.some((m) => m.kind === "changes")).toBe(true);
  });

  it("keeps review averages consistent with the ratings and only on confirmed links", async () => {
    const reviews = await db
      .selectFrom("reviews as r")
      .innerJoin("warehouse_request_warehouses as l", "l.id", "r.link_id")
      .selectAll("r")
      .select("l.state")
      .execute();
    expect(reviews.some((r) => r.target === "warehouse")).toBe(true);
    expect(reviews.some((r) => r.target === "hunter")).toBe(true);
    for (const r of reviews) {
      expect(r.state).toBe("confirmed");
      const given = [r.reliability_value, r.communication_value, r.services_value, r.structure_value, r.payments_value, r.goods_value].filter(
        (v): v is number => v !== null,
      );
      const expected = given.length ? Math.trunc((given.reduce((a, b) => a + b, 0) / given.length) * 10) : 0;
      expect(r.avg_value).toBe(expected);
    }
  });

  it("gives the demo users notifications, favourites and the admin something to handle", async () => {
    const notifications = await db
      .selectFrom("notifications as n")
      .innerJoin("users as u", "u.id", "n.user_id")
      .select(["u.email", "n.type", "n.read_at", "n.title"])
      .execute();
    for (const email of ["stocker@demo.test", "referent@demo.test", "hunter@demo.test"]) {
      const mine = notifications.filter((n) => n.email === email);
      expect(mine.some((n) => n.read_at === null)).toBe(true);
      expect(mine.some((n) => n.read_at !== null)).toBe(true);
    }
    expect(new Set(notifications.map((n) => n.type))).toEqual(new Set(["quote_request", "request_state_changed", "review_received", "report_received"]));
    expect(notifications[0]!.title).toHaveProperty("en");

    const favourites = await db
      .selectFrom("favourites")
      .innerJoin("users", "users.id", "favourites.user_id")
      .where("users.email", "=", "hunter@demo.test")
      .select("favourites.warehouse_id")
      .execute();
    expect(favourites.length).toBeGreaterThan(3);

    const pending = await db.selectFrom("users").select(["request_warehouse_id", "password_hash"]).where("approval_status", "=", "pending").execute();
    expect(pending.length).toBeGreaterThan(2);
    expect(pending.every((u) => u.password_hash === null)).toBe(true);
    expect(pending.some((u) => u.request_warehouse_id !== null)).toBe(true);
    expect(
      await count(
        db
          .selectFrom("users")
          .where("approval_status", "=", "refused")
          .where("approval_note", "is not", null)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow(),
      ),
    ).toBe(2);
    expect(
      await count(
        db
          .selectFrom("users")
          .where("transfer_requested_at", "is not", null)
          .where("pm_type", "=", "transfer")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow(),
      ),
    ).toBeGreaterThan(0);

    const crm = await db.selectFrom("crm_entries").select(["event_type", "follow_up_done"]).execute();
    expect(new Set(crm.map((c) => c.event_type))).toEqual(new Set(["call", "mail", "meet", "meeting", "other"]));
    expect(crm.some((c) => c.follow_up_done === false)).toBe(true);
    expect(crm.some((c) => c.follow_up_done === true)).toBe(true);
  });

  it("writes the image pool and points image rows at existing files", async () => {
    const images = await db.selectFrom("images").select(["src", "file"]).distinct().execute();
    expect(images.length).toBeGreaterThan(10);
    for (const image of images) {
      expect(image.src).toBe(`/uploads/${image.file}`);
      expect(fs.existsSync(path.join(uploadsDir, image.file))).toBe(true);
    }
  });

  it("leaves the identity sequences past the seeded ids", async () => {
    const row = await db.insertInto("markets").values({ label: "Prova", label_en: "Test" }).returning("id").executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(12);
    await db.deleteFrom("markets").where("id", "=", row.id).execute();
  });

  it("tells which demo accounts the database has, for the start to print them every time", async () => {
    expect((await presentDemoAccounts(db)).map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    await db.updateTable("users").set({ active: false }).where("email", "=", "keeper@demo.test").execute();
    try {
      expect((await presentDemoAccounts(db)).map((a) => a.email)).not.toContain("keeper@demo.test");
    } finally {
      await db.updateTable("users").set({ active: true }).where("email", "=", "keeper@demo.test").execute();
    }
  });

  it("refuses to seed a database that already has users", async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    await expect(seedDemoData(db, { uploadsDir, warehouses: 10 })).rejects.toThrow(/already has users/);
    const config = { production: false, seedDemoData: true, uploadsDir, seedWarehouses: 10 } as Config;
    expect(await maybeSeedDemoData(db, { config, embedded: true, log: silent })).toBe(false);
  });
});

describe("maybeSeedDemoData", () => {
  // The decision comes before any query, so a database that would fail every query shows
  // whether it was even asked.
  const untouchable = new Proxy({} as Database, {
    get() {
      throw new Error("the database was queried");
    },
  });
  const config = (production: boolean, seedDemoData: boolean) => ({ production, seedDemoData, uploadsDir: "/nonexistent", seedWarehouses: 10 }) as Config;

  it("does nothing in production unless asked explicitly", async () => {
    expect(await maybeSeedDemoData(untouchable, { config: config(true, false), embedded: true, log: silent })).toBe(false);
  });

  it("does nothing on an external database unless asked", async () => {
    expect(await maybeSeedDemoData(untouchable, { config: config(false, false), embedded: false, log: silent })).toBe(false);
  });

  it("seeds an empty embedded database outside production, even with very few warehouses", async () => {
    const small = await createTestDatabase();
    try {
      const cfg = { production: false, seedDemoData: false, uploadsDir, seedWarehouses: 5 } as Config;
      expect(await maybeSeedDemoData(small.db, { config: cfg, embedded: true, log: silent })).toBe(true);
      const warehouses = await small.db.selectFrom("warehouses").select("id").execute();
      expect(warehouses).toHaveLength(5);
      expect(await isDatabaseEmpty(small.db)).toBe(false);
    } finally {
      await small.drop();
    }
  });
});
