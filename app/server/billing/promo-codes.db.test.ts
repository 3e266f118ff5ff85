// The back office's promo codes: the rules of a code (form, one discount, window, maximum),
// uniqueness (also under a race), the audit written in the change's own transaction, the list
// (searched, filtered by state, sorted, its popup's address, its CSV and XLSX export), who may do
// it, and the page's action (the form's fields and euros).
import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { testContext } from "../../../tests/support/endpoint.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import type { Actor } from "../context.ts";
import type { User } from "../db/types.ts";
import { createPromoCode, listPromoCodes, updatePromoCode, usablePromoCode } from "./promo-codes.service.ts";
import { promoCodeFormSchema, toPromoCodeInput, type PromoCodeInput } from "../../schemas/promo-codes.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/promo-codes.tsx";
import { loader as exportLoader } from "../../routes/api/admin/export-promo-codes.ts";

const t = useTestDatabase();
let admin: User;
let adminActor: Actor;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  adminActor = actorOf(admin);
});

let n = 0;
const input = (fields: Partial<PromoCodeInput> = {}): PromoCodeInput => ({
  code: `CODE${++n}${Date.now().toString(36)}`.toUpperCase(),
  amount_off: null,
  percent_off: 10,
  hub_percent_off: null,
  valid_from: null,
  valid_until: null,
  max_redemptions: null,
  active: true,
  ...fields,
});

/** The field → code map of a refused call. */
async function refused(work: Promise<unknown>): Promise<Record<string, string>> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  return (err as ValidationError).errors;
}

const row = (id: number) => t.db.selectFrom("promo_codes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const auditOf = (id: number) =>
  t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "promo_code").where("entity_id", "=", id).orderBy("id").execute();

describe("createPromoCode", () => {
  it("stores the code upper-case with its discount and window, and audits it", async () => {
    const { promo_code_id } = await createPromoCode(
      t.db,
      adminActor,
      input({ code: "  estate-2026_a ", percent_off: 12.5, valid_from: "2026-07-01", valid_until: "2026-07-31", max_redemptions: 30 }),
    );
    const saved = await row(promo_code_id);
    expect(saved).toMatchObject({ code: "ESTATE-2026_A", amount_off: null, hub_percent_off: null, active: true, max_redemptions: 30, times_redeemed: 0 });
    expect(Number(saved.percent_off)).toBe(12.5);
    // Italian time: from 00:00 of the first day to 24:00 of the last (summer: UTC+2).
    expect(saved.valid_from?.toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(saved.valid_until?.toISOString()).toBe("2026-07-31T22:00:00.000Z");

    const audit = await auditOf(promo_code_id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, action: "promo_code.create", entity_type: "promo_code" });
    expect(audit[0]!.details).toEqual({
      after: {
        code: { before: null, after: "ESTATE-2026_A" },
        percent_off: { before: null, after: 12.5 },
        active: { before: null, after: true },
        valid_from: { before: null, after: "2026-06-30T22:00:00.000Z" },
        valid_until: { before: null, after: "2026-07-31T22:00:00.000Z" },
        max_redemptions: { before: null, after: 30 },
      },
    });
  });

  it("keeps the last day usable to its end, in Italian time (winter: UTC+1)", async () => {
    const { promo_code_id } = await createPromoCode(t.db, adminActor, input({ code: "INVERNO", valid_from: "2026-01-10", valid_until: "2026-01-10" }));
    const saved = await row(promo_code_id);
    expect(saved.valid_from?.toISOString()).toBe("2026-01-09T23:00:00.000Z");
    expect(saved.valid_until?.toISOString()).toBe("2026-01-10T23:00:00.000Z");
    await expect(usablePromoCode(t.db, "inverno", new Date("2026-01-09T22:59:59Z"))).rejects.toMatchObject({ errors: { promo_code: "promo_expired" } });
    await expect(usablePromoCode(t.db, "inverno", new Date("2026-01-10T22:59:59Z"))).resolves.toMatchObject({ id: promo_code_id });
    await expect(usablePromoCode(t.db, "inverno", new Date("2026-01-10T23:00:00Z"))).rejects.toMatchObject({ errors: { promo_code: "promo_expired" } });
  });

  it("takes a fixed amount in cents, or a discount on hubs", async () => {
    const fixed = await createPromoCode(t.db, adminActor, input({ percent_off: null, amount_off: 12_550 }));
    expect(await row(fixed.promo_code_id)).toMatchObject({ amount_off: 12_550, percent_off: null });
    const hubs = await createPromoCode(t.db, adminActor, input({ percent_off: null, hub_percent_off: 100 }));
    expect(Number((await row(hubs.promo_code_id)).hub_percent_off)).toBe(100);
  });

  it("refuses a malformed code", async () => {
    for (const code of ["AB", "CIAO MONDO", "SCONTO!", "SCONTÒ", "X".repeat(41), "A/B/C"]) {
      expect(await refused(createPromoCode(t.db, adminActor, input({ code })))).toEqual({ code: "promo_code_format" });
    }
    expect(await refused(createPromoCode(t.db, adminActor, input({ code: "   " })))).toEqual({ code: "required" });
    await expect(createPromoCode(t.db, adminActor, input({ code: "X".repeat(40) }))).resolves.toBeDefined();
    await expect(createPromoCode(t.db, adminActor, input({ code: "abc" }))).resolves.toBeDefined();
  });

  it("wants exactly one discount, within its range", async () => {
    expect(await refused(createPromoCode(t.db, adminActor, input({ percent_off: null })))).toEqual({ discount: "required" });
    expect(await refused(createPromoCode(t.db, adminActor, input({ percent_off: 10, amount_off: 500 })))).toEqual({ discount: "one_discount" });
    expect(await refused(createPromoCode(t.db, adminActor, input({ percent_off: 10, hub_percent_off: 10 })))).toEqual({ discount: "one_discount" });
    for (const percent of [0, -5, 100.01, 12.345, Number.NaN]) {
      expect(await refused(createPromoCode(t.db, adminActor, input({ percent_off: percent })))).toEqual({ percent_off: "percent_range" });
      expect(await refused(createPromoCode(t.db, adminActor, input({ percent_off: null, hub_percent_off: percent })))).toEqual({
        hub_percent_off: "percent_range",
      });
    }
    for (const cents of [0, -100, 12.5]) {
      expect(await refused(createPromoCode(t.db, adminActor, input({ percent_off: null, amount_off: cents })))).toEqual({ amount_off: "invalid" });
    }
  });

  it("wants a window whose last day is not before its first, and a maximum of at least 1", async () => {
    expect(await refused(createPromoCode(t.db, adminActor, input({ valid_from: "2026-05-10", valid_until: "2026-05-09" })))).toEqual({
      valid_until: "date_order",
    });
    expect(await refused(createPromoCode(t.db, adminActor, input({ valid_from: "2026-02-30" })))).toEqual({ valid_from: "invalid" });
    expect(await refused(createPromoCode(t.db, adminActor, input({ valid_until: "31.12.2026" })))).toEqual({ valid_until: "invalid" });
    expect(await refused(createPromoCode(t.db, adminActor, input({ max_redemptions: 0 })))).toEqual({ max_redemptions: "invalid" });
    expect(await refused(createPromoCode(t.db, adminActor, input({ max_redemptions: 2.5 })))).toEqual({ max_redemptions: "invalid" });
    await expect(createPromoCode(t.db, adminActor, input({ valid_until: "2030-01-01" }))).resolves.toBeDefined();
    await expect(createPromoCode(t.db, adminActor, input({ valid_from: "2030-01-01" }))).resolves.toBeDefined();
  });

  it("refuses a code that exists, in any case, and under a race exactly one of two wins", async () => {
    await createPromoCode(t.db, adminActor, input({ code: "UNICO" }));
    expect(await refused(createPromoCode(t.db, adminActor, input({ code: "unico" })))).toEqual({ code: "taken" });
    const results = await Promise.allSettled([
      createPromoCode(t.db, adminActor, input({ code: "GARA" })),
      createPromoCode(t.db, adminActor, input({ code: "gara" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(ValidationError);
    expect(lost.reason.errors).toEqual({ code: "taken" });
    expect(await t.db.selectFrom("promo_codes").select("id").where("code", "=", "GARA").execute()).toHaveLength(1);
  });

  it("writes the code and its audit entry in one transaction: no entry, no code", async () => {
    // An administrator whose account is gone: the audit row's admin_id breaks its foreign key.
    const ghost: Actor = { ...adminActor, id: 987_654_321 };
    await expect(createPromoCode(t.db, ghost, input({ code: "FANTASMA" }))).rejects.toThrow();
    expect(await t.db.selectFrom("promo_codes").select("id").where("code", "=", "FANTASMA").execute()).toEqual([]);
  });

  it("refuses anyone but an administrator", async () => {
    for (const role of ["stocker", "referent", "stock_hunter"] as const) {
      const someone = actorOf(await makeUser(t.db, { role }));
      await expect(createPromoCode(t.db, someone, input({ code: `NO${role.toUpperCase()}` }))).rejects.toBeInstanceOf(ForbiddenError);
      await expect(listPromoCodes(t.db, someone, { page: 1 })).rejects.toBeInstanceOf(ForbiddenError);
    }
    await expect(createPromoCode(t.db, null, input())).rejects.toBeInstanceOf(ForbiddenError);
    expect(await t.db.selectFrom("promo_codes").select("id").where("code", "like", "NO%").execute()).toEqual([]);
  });
});

describe("updatePromoCode", () => {
  it("changes the code and audits the fields that changed, before and after", async () => {
    const { promo_code_id: id } = await createPromoCode(t.db, adminActor, input({ code: "MODIFICA", percent_off: 20, max_redemptions: 10 }));
    await updatePromoCode(
      t.db,
      adminActor,
      id,
      input({ code: "modifica-2", percent_off: null, amount_off: 5_000, max_redemptions: 10, valid_until: "2026-12-31", active: false }),
    );
    const saved = await row(id);
    expect(saved).toMatchObject({ code: "MODIFICA-2", amount_off: 5_000, percent_off: null, active: false, max_redemptions: 10 });
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["promo_code.create", "promo_code.update"]);
    expect(audit[1]!.details).toEqual({
      code: "MODIFICA-2",
      changes: {
        code: { before: "MODIFICA", after: "MODIFICA-2" },
        amount_off: { before: null, after: 5_000 },
        percent_off: { before: 20, after: null },
        active: { before: true, after: false },
        valid_until: { before: null, after: "2026-12-31T23:00:00.000Z" },
      },
    });
  });

  it("writes no audit entry when nothing changed", async () => {
    const fields = input({ code: "UGUALE", valid_from: "2026-03-01" });
    const { promo_code_id: id } = await createPromoCode(t.db, adminActor, fields);
    await updatePromoCode(t.db, adminActor, id, { ...fields, code: "uguale" });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["promo_code.create"]);
  });

  it("keeps the uses counted; the maximum cannot go below them", async () => {
    const { promo_code_id: id } = await createPromoCode(t.db, adminActor, input({ code: "USATO", max_redemptions: 10 }));
    await t.db.updateTable("promo_codes").set({ times_redeemed: 4 }).where("id", "=", id).execute();
    expect(await refused(updatePromoCode(t.db, adminActor, id, input({ code: "USATO", max_redemptions: 3 })))).toEqual({ max_redemptions: "below_redeemed" });
    await updatePromoCode(t.db, adminActor, id, input({ code: "USATO", max_redemptions: 4 }));
    expect(await row(id)).toMatchObject({ times_redeemed: 4, max_redemptions: 4 });
    await updatePromoCode(t.db, adminActor, id, input({ code: "USATO", max_redemptions: null }));
    expect(await row(id)).toMatchObject({ times_redeemed: 4, max_redemptions: null });
  });

  it("follows the same rules as creating, refuses another code's text, an unknown id and a non-administrator", async () => {
    await createPromoCode(t.db, adminActor, input({ code: "ALTRO" }));
    const { promo_code_id: id } = await createPromoCode(t.db, adminActor, input({ code: "MIO" }));
    expect(await refused(updatePromoCode(t.db, adminActor, id, input({ code: "altro" })))).toEqual({ code: "taken" });
    expect(await refused(updatePromoCode(t.db, adminActor, id, input({ code: "MIO", amount_off: 100 })))).toEqual({ discount: "one_discount" });
    await expect(updatePromoCode(t.db, adminActor, 987_654_321, input())).rejects.toBeInstanceOf(NotFoundError);
    const stocker = actorOf(await makeUser(t.db, { role: "stocker" }));
    await expect(updatePromoCode(t.db, stocker, id, input({ code: "RUBATO" }))).rejects.toBeInstanceOf(ForbiddenError);
    expect((await row(id)).code).toBe("MIO");
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["promo_code.create"]);
  });
});

describe("listPromoCodes", () => {
  it("lists newest first, 20 a page, with the uses and whether a code works now", async () => {
    await t.db.deleteFrom("promo_codes").execute();
    const now = new Date("2026-06-15T10:00:00Z");
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const { promo_code_id } = await createPromoCode(t.db, adminActor, input({ code: `LISTA${String(i).padStart(2, "0")}` }));
      ids.push(promo_code_id);
      await t.db
        .updateTable("promo_codes")
        .set({ created_at: new Date(now.getTime() - (23 - i) * 60_000) })
        .where("id", "=", promo_code_id)
        .execute();
    }
    const [inactive, scheduled, expired, usedUp] = ids;
    await t.db.updateTable("promo_codes").set({ active: false }).where("id", "=", inactive!).execute();
    await t.db
      .updateTable("promo_codes")
      .set({ valid_from: new Date("2026-07-01T00:00:00Z") })
      .where("id", "=", scheduled!)
      .execute();
    await t.db
      .updateTable("promo_codes")
      .set({ valid_until: new Date("2026-06-01T00:00:00Z") })
      .where("id", "=", expired!)
      .execute();
    await t.db.updateTable("promo_codes").set({ max_redemptions: 2, times_redeemed: 2 }).where("id", "=", usedUp!).execute();

    const first = await listPromoCodes(t.db, adminActor, { page: 1 }, now);
    expect(first.promo_codes_count).toBe(23);
    expect(first.promo_codes).toHaveLength(20);
    expect(first.promo_codes[0]!.code).toBe("LISTA22");
    expect(first.promo_codes[0]).toMatchObject({ state: "active", percent_off: 10, times_redeemed: 0, max_redemptions: null });
    const second = await listPromoCodes(t.db, adminActor, { page: 2 }, now);
    expect(second.promo_codes.map((p) => p.code)).toEqual(["LISTA02", "LISTA01", "LISTA00"]);
    const states = Object.fromEntries(second.promo_codes.map((p) => [p.id, p.state]));
    expect(states).toEqual({ [inactive!]: "inactive", [scheduled!]: "scheduled", [expired!]: "expired" });
    expect(first.promo_codes.find((p) => p.id === usedUp)).toMatchObject({ state: "used_up", times_redeemed: 2, max_redemptions: 2 });
  });

  it("gives the window back as the days the form shows (the last one included)", async () => {
    const { promo_code_id: id } = await createPromoCode(t.db, adminActor, input({ code: "GIORNI", valid_from: "2026-03-29", valid_until: "2026-10-25" }));
    const { promo_codes } = await listPromoCodes(t.db, adminActor, { page: 1 });
    expect(promo_codes.find((p) => p.id === id)).toMatchObject({ valid_from_day: "2026-03-29", valid_until_day: "2026-10-25" });
  });
});

describe("usablePromoCode (a stocker's code)", () => {
  it("reads the code as the form stores it, and refuses it by the state the back office shows", async () => {
    const now = new Date("2026-06-15T10:00:00Z");
    const make = async (code: string, change: Record<string, unknown>) => {
      const { promo_code_id } = await createPromoCode(t.db, adminActor, input({ code }));
      if (Object.keys(change).length) await t.db.updateTable("promo_codes").set(change).where("id", "=", promo_code_id).execute();
      return promo_code_id;
    };
    const ids = {
      active: await make("USO-ATTIVO", {}),
      inactive: await make("USO-SPENTO", { active: false }),
      scheduled: await make("USO-FUTURO", { valid_from: new Date("2026-07-01T00:00:00Z") }),
      expired: await make("USO-SCADUTO", { valid_until: new Date("2026-06-01T00:00:00Z") }),
      used_up: await make("USO-FINITO", { max_redemptions: 2, times_redeemed: 2 }),
    };
    const { promo_codes } = await listPromoCodes(t.db, adminActor, { page: 1, limit: 100 }, now);
    const stateOf = (id: number) => promo_codes.find((p) => p.id === id)!.state;
    expect(Object.values(ids).map(stateOf)).toEqual(["active", "inactive", "scheduled", "expired", "used_up"]);

    // Typed in any case, with spaces around: the same normaliser as the back office's form.
    const typed = "  uso-attivo ";
    expect(promoCodeFormSchema.safeParse({ code: typed, discount_kind: "percent_off", discount_value: "10" }).data?.code).toBe("USO-ATTIVO");
    await expect(usablePromoCode(t.db, typed, now)).resolves.toMatchObject({ id: ids.active, code: "USO-ATTIVO" });
    const refusal = async (code: string) => (await refused(usablePromoCode(t.db, code, now))).promo_code;
    expect(await refusal("uso-spento")).toBe("promo_unknown");
    expect(await refusal("uso-futuro")).toBe("promo_expired");
    expect(await refusal("uso-scaduto")).toBe("promo_expired");
    expect(await refusal("uso-finito")).toBe("promo_used_up");
    expect(await refusal("NESSUNO")).toBe("promo_unknown");
    expect(await refusal("   ")).toBe("promo_unknown");
  });
});

describe("the form's schema", () => {
  const parse = (fields: Record<string, string>) =>
    promoCodeFormSchema.safeParse({ code: "PROVA", discount_kind: "percent_off", discount_value: "10", ...fields });
  const codes = (fields: Record<string, string>) => {
    const result = parse(fields);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("turns euros with a comma into cents, and one kind into one column", () => {
    const result = parse({ code: " prova ", discount_kind: "amount_off", discount_value: "12,50", max_redemptions: "", valid_from: "", active: "on" });
    expect(result.success).toBe(true);
    expect(toPromoCodeInput(result.data!)).toEqual({
      code: "PROVA",
      amount_off: 1250,
      percent_off: null,
      hub_percent_off: null,
      valid_from: null,
      valid_until: null,
      max_redemptions: null,
      active: true,
    });
    expect(toPromoCodeInput(parse({ discount_kind: "hub_percent_off", discount_value: "33.33" }).data!)).toMatchObject({
      hub_percent_off: 33.33,
      percent_off: null,
      amount_off: null,
      active: false,
    });
  });

  it("names the field that is wrong", () => {
    expect(codes({ code: "ab" })).toEqual({ code: "promo_code_format" });
    expect(codes({ discount_value: "120" })).toEqual({ discount_value: "percent_range" });
    expect(codes({ discount_kind: "amount_off", discount_value: "1,234" })).toEqual({ discount_value: "invalid" });
    expect(codes({ valid_from: "2026-05-02", valid_until: "2026-05-01" })).toEqual({ valid_until: "date_order" });
    expect(codes({ valid_from: "2026-13-01" })).toMatchObject({ valid_from: "invalid" });
    expect(codes({ max_redemptions: "0" })).toHaveProperty("max_redemptions");
  });
});

describe("the Promo codes page", () => {
  const post = (fields: Record<string, string>, actor: Actor = adminActor) => {
    const request = new Request("http://stockspace.test/admin/promo-codes", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    return pageAction({ request, params: {}, context: testContext(t.db, { actor }) } as never) as Promise<Awaited<ReturnType<typeof pageAction>>>;
  };
  const form = {
    intent: "create",
    code: "pagina",
    discount_kind: "amount_off",
    discount_value: "25,00",
    valid_from: "",
    valid_until: "",
    max_redemptions: "5",
    active: "on",
  };

  it("creates from the form, then reports the same code as taken on the code field", async () => {
    expect(await post(form)).toEqual({ ok: true, intent: "create", code: "PAGINA" });
    expect(await t.db.selectFrom("promo_codes").select(["amount_off", "max_redemptions", "active"]).where("code", "=", "PAGINA").executeTakeFirst()).toEqual({
      amount_off: 2500,
      max_redemptions: 5,
      active: true,
    });
    expect(await post(form)).toMatchObject({ ok: false, intent: "create", errors: { code: "taken" } });
  });

  it("answers the invalid fields by their form names", async () => {
    const result = await post({ ...form, code: "", discount_value: "abc", valid_from: "2026-05-02", valid_until: "2026-05-01", max_redemptions: "0" });
    expect(result).toMatchObject({ ok: false, errors: { code: "required", discount_value: expect.any(String), max_redemptions: expect.any(String) } });
  });

  it("updates by id; the maximum below the uses comes back on its field", async () => {
    const { promo_code_id: id } = await createPromoCode(t.db, adminActor, input({ code: "DAPAGINA", max_redemptions: 5 }));
    await t.db.updateTable("promo_codes").set({ times_redeemed: 3 }).where("id", "=", id).execute();
    const update = { ...form, intent: "update", id: String(id), code: "DAPAGINA", discount_kind: "percent_off", discount_value: "15" };
    expect(await post({ ...update, max_redemptions: "2" })).toMatchObject({ ok: false, intent: "update", errors: { max_redemptions: "below_redeemed" } });
    expect(await post(update)).toEqual({ ok: true, intent: "update", code: "DAPAGINA" });
    expect(Number((await row(id)).percent_off)).toBe(15);
    expect(await post({ ...update, id: "987654321" })).toMatchObject({ ok: false, error: "not_found" });
  });

  it("is for administrators only", async () => {
    const stocker = actorOf(await makeUser(t.db, { role: "stocker" }));
    await expect(post({ ...form, code: "INTRUSO" }, stocker)).rejects.toMatchObject({ init: { status: 403 } });
    const load = (actor: Actor) =>
      pageLoader({ request: new Request("http://stockspace.test/admin/promo-codes?page=1"), params: {}, context: testContext(t.db, { actor }) } as never);
    await expect(load(stocker)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(load(adminActor)).resolves.toMatchObject({ page: 1 });
  });
});

describe("the list's search, state filter, order, popup address and export", () => {
  const tag = `EL${Date.now().toString(36).toUpperCase()}`;
  const now = new Date();
  const DAY = 86_400_000;
  let codes: { usable: number; expired: number; usedUp: number; off: number };
  beforeAll(async () => {
    const make = async (suffix: string, change: Record<string, unknown>, minutesAgo: number) => {
      const { promo_code_id } = await createPromoCode(t.db, adminActor, input({ code: `${tag}-${suffix}` }));
      await t.db
        .updateTable("promo_codes")
        .set({ ...change, created_at: new Date(now.getTime() - minutesAgo * 60_000) })
        .where("id", "=", promo_code_id)
        .execute();
      return promo_code_id;
    };
    codes = {
      usable: await make("B", { valid_until: new Date(now.getTime() + 30 * DAY), times_redeemed: 3, max_redemptions: 10 }, 4),
      expired: await make("D", { valid_until: new Date(now.getTime() - 2 * DAY), amount_off: 1250, percent_off: null }, 3),
      usedUp: await make("A", { max_redemptions: 5, times_redeemed: 5 }, 2),
      off: await make("C", { active: false, times_redeemed: 1 }, 1),
    };
  });
  const page = async (query: string, actor: User | null = admin) =>
    (await pageLoader({
      request: new Request(`http://stockspace.test/admin/promo-codes?search=${tag.toLowerCase()}&${query}`),
      params: {},
      context: testContext(t.db, actor ? { actor: actorOf(actor) } : {}),
    } as never)) as { promo_codes: { id: number }[]; promo_codes_count: number; editing: { id: number } | null; state: string; order: object };
  const ids = async (query = "") => (await page(query)).promo_codes.map((p) => p.id);
  const download = async (query: string, actor: User | null = admin) =>
    (await exportLoader({
      request: new Request(`http://stockspace.test/api/admin/export-promo-codes?${query}`),
      params: {},
      context: testContext(t.db, actor ? { actor: actorOf(actor) } : {}),
    } as never)) as Response;

  it("searches the code in any case, filters by state and sorts by each column both ways", async () => {
    expect(await ids()).toEqual([codes.off, codes.usedUp, codes.expired, codes.usable]);
    expect(await ids("state=usable")).toEqual([codes.usable]);
    expect(await ids("state=expired")).toEqual([codes.expired]);
    expect(await ids("state=used_up")).toEqual([codes.usedUp]);
    expect(await ids("sort=code")).toEqual([codes.usedUp, codes.usable, codes.off, codes.expired]);
    expect(await ids("sort=code&dir=desc")).toEqual([codes.expired, codes.off, codes.usable, codes.usedUp]);
    expect(await ids("sort=created_at&dir=asc")).toEqual([codes.usable, codes.expired, codes.usedUp, codes.off]);
    expect(await ids("sort=uses")).toEqual([codes.usedUp, codes.usable, codes.off, codes.expired]);
    // Expiry: the nearest end first, the codes without one after (ties by id).
    expect(await ids("sort=expiry&dir=asc")).toEqual([codes.expired, codes.usable, codes.usedUp, codes.off]);
    // Junk in the URL is the default.
    expect(await ids("state=maybe&sort=secret&dir=up")).toEqual([codes.off, codes.usedUp, codes.expired, codes.usable]);
    expect((await page("state=maybe")).state).toBe("");
  });

  it("opens the popup on the code the URL names (?edit=), wherever it is in the list", async () => {
    expect((await page(`state=usable&edit=${codes.off}`)).editing).toMatchObject({ id: codes.off, state: "inactive" });
    expect((await page("edit=999999999")).editing).toBeNull();
    expect((await page("edit=abc")).editing).toBeNull();
  });

  it("exports what the list shows, in its order, as CSV and typed XLSX, audited", async () => {
    const csv = await download(`search_term=${tag}&order[key]=code`);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toMatch(/filename="codici_promo_\d{2}\.\d{2}\.\d{4}\.csv"/);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await csv.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Codice;Sconto (€);Sconto (%);Sconto hub (%);Valido dal;Valido fino al;Utilizzi;Utilizzi massimi;Attivo;Stato;Creato il");
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual([`${tag}-A`, `${tag}-B`, `${tag}-C`, `${tag}-D`]);
    expect(lines[4]).toContain(";12,50;");

    const xlsx = await download(`search_term=${tag}&filters[state]=expired&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const ws = workbook.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe(`${tag}-D`);
    expect(row.getCell(2).value).toBe(12.5);
    expect(row.getCell(2).numFmt).toBe('#,##0.00 "€"');
    expect(row.getCell(3).value).toBeNull();
    expect(row.getCell(6).value).toBeInstanceOf(Date);
    expect(row.getCell(6).numFmt).toBe("dd/mm/yyyy");
    expect(row.getCell(7).value).toBe(0);
    expect(row.getCell(9).value).toBe("Sì");
    expect(row.getCell(10).value).toBe("Scaduto");
    expect(row.getCell(11).value).toBeInstanceOf(Date);

    const audit = await t.db.selectFrom("audit_log").select(["details", "admin_id"]).where("action", "=", "promo_code.export").orderBy("id").execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ admin_id: admin.id, details: { search: tag, state: "expired", order: "created_at desc" } });
  });

  it("is for administrators only, and refuses a format, state or order it does not know", async () => {
    for (const role of ["stocker", "stock_hunter", "referent"] as const) {
      const someone = await makeUser(t.db, { role });
      expect((await download("", someone)).status, role).toBe(403);
      await expect(page("", someone)).rejects.toMatchObject({ init: { status: 403 } });
    }
    expect((await download("", null)).status).toBe(401);
    for (const bad of ["format=pdf", "filters[state]=maybe", "order[key]=secret", "order[dir]=up"]) expect((await download(bad)).status, bad).toBe(422);
  });
});
