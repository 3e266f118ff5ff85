// Bank transfers: the stocker choosing one (the amount, IBAN and reason code, the e-mails) through
// to the end of the period; the back office's Transfers (Bonifici): the list of stockers waiting
// for their bank transfer to be confirmed (search, pagination, what a row shows), confirming one
// (the subscription starts, audited, the stocker is told, the warehouses become public), the
// page's own loader and action, and the list's query plan on a large table.
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { makePromo, redeemedOf, stockerWithWarehouses } from "../../../tests/support/billing.ts";
import { loadConfig } from "../config.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import type { User } from "../db/types.ts";
import type { BillingContext } from "./subscriptions.service.ts";
import { listTransfers, startTransferSubscription } from "./transfers.service.ts";
import { countTransfers, transfersPageQuery } from "./transfers.queries.ts";
import { runBillingJobs } from "./subscriptions.service.ts";
import { findPublicWarehouses } from "../warehouses/warehouses.queries.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/transfers.tsx";
import { action as initAction } from "../../routes/api/init-subscription.ts";
import { action as paymentTypeAction } from "../../routes/api/stocker/profile.update-payment-type.ts";
import { action as startAction } from "../../routes/api/admin/users.start-subscription.ts";
import { loader as transfersEndpoint } from "../../routes/api/admin/transfers.ts";
import { loader as exportEndpoint } from "../../routes/api/admin/export-transfers.ts";
import ExcelJS from "exceljs";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";

const t = useTestDatabase();
const config = loadConfig({ NODE_ENV: "test", ORIGIN: "http://stockspace.test" });
const ctx: BillingContext = { config, gateway: null, origin: "http://stockspace.test" };
const WAITING = { stripe_status: "pending_transfer", payment_type: "transfer", started_at: null, ends_at: null } as const;
const DAY = 86_400_000;

let admin: User;

/** A stocker waiting for their transfer to be confirmed, with `warehouses` warehouses in the subscription. */
async function waitingStocker(
  opts: { warehouses?: number; daysAgo?: number; fields?: Partial<User>; amount?: number; plan?: "yearly" | "six_months"; promoCodeId?: number } = {},
) {
  const stocker = await makeUser(t.db, { role: "stocker", ...opts.fields });
  const ids: number[] = [];
  for (let i = 0; i < (opts.warehouses ?? 1); i++) ids.push((await makeWarehouse(t.db, { user_id: stocker.id })).id);
  const requestedAt = new Date(Date.now() - (opts.daysAgo ?? 1) * DAY);
  const reason = `SS-${stocker.id.toString(36).toUpperCase().padStart(6, "Q")}`;
  await t.db
    .updateTable("users")
    .set({ stockspace_code: reason, pm_type: "transfer", transfer_requested_at: requestedAt })
    .where("id", "=", stocker.id)
    .execute();
  const subscriptionId = await subscribeWarehouses(t.db, stocker.id, ids, {
    ...WAITING,
    plan: opts.plan ?? "yearly",
    amount: opts.amount ?? 49_000 * ids.length,
    created_at: requestedAt,
    promo_code_id: opts.promoCodeId ?? null,
  });
  return { stocker, ids, subscriptionId, reason, requestedAt };
}

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
});

describe("listTransfers", () => {
  let rows: Awaited<ReturnType<typeof waitingStocker>>[];
  beforeAll(async () => {
    // A separate corner of the table: these tests count on exactly these rows waiting.
    await t.db.updateTable("subscriptions").set({ stripe_status: "canceled" }).where("stripe_status", "=", "pending_transfer").execute();
    rows = [];
    for (let i = 0; i < 5; i++) {
      rows.push(
        await waitingStocker({
          daysAgo: 10 - i,
          warehouses: i === 0 ? 3 : 1,
          fields: i === 1 ? { account_type: 1, company: "Logistica Brambilla S.r.l.", last_name: "Brambilla" } : { last_name: `Rossi${i}` },
          plan: i === 2 ? "six_months" : "yearly",
        }),
      );
    }
    // Not waiting: an active subscription (card) and a confirmed transfer.
    const active = await makeUser(t.db, { role: "stocker", last_name: "Rossi-attivo" });
    await subscribeWarehouses(t.db, active.id, [(await makeWarehouse(t.db, { user_id: active.id })).id]);
    const confirmed = await makeUser(t.db, { role: "stocker", last_name: "Rossi-confermato" });
    await subscribeWarehouses(t.db, confirmed.id, [(await makeWarehouse(t.db, { user_id: confirmed.id })).id], { payment_type: "transfer" });
  });

  it("lists only the waiting ones, oldest request first, with what the screen shows", async () => {
    const { transfers, transfers_count } = await listTransfers(t.db, { filters: { search: null }, limit: 20, page: 0 });
    expect(transfers_count).toBe(5);
    expect(transfers.map((r) => r.user_id)).toEqual(rows.map((r) => r.stocker.id));
    const first = transfers[0]!;
    expect(first).toMatchObject({
      email: rows[0]!.stocker.email,
      account_type: 0,
      reason: rows[0]!.reason,
      plan: "yearly",
      amount: 3 * 49_000,
      warehouses_count: 3,
      subscription_id: rows[0]!.subscriptionId,
    });
    expect(first.requested_at?.getTime()).toBe(rows[0]!.requestedAt.getTime());
    // The company's name before the person's; the account type as stored (1: Stock Keeper).
    expect(transfers[1]).toMatchObject({ name: "Logistica Brambilla S.r.l.", account_type: 1 });
    expect(transfers[2]!.plan).toBe("six_months");
  });

  it("searches names, e-mail, company and the reason code, in any case", async () => {
    const search = async (term: string) => (await listTransfers(t.db, { filters: { search: term }, limit: 20, page: 0 })).transfers.map((r) => r.user_id);
    expect(await search("brambilla")).toEqual([rows[1]!.stocker.id]);
    expect(await search(rows[3]!.reason.toLowerCase())).toEqual([rows[3]!.stocker.id]);
    expect(await search(rows[4]!.stocker.email.toUpperCase())).toEqual([rows[4]!.stocker.id]);
    expect(await search("rossi")).toHaveLength(4); // not the active nor the confirmed Rossi
    expect(await search("nessuno-così")).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await countTransfers(t.db, { search: "rossi" })).toBe(4);
  });

  it("pages by the page index (0 first), the count unchanged", async () => {
    const page0 = await listTransfers(t.db, { filters: { search: null }, limit: 2, page: 0 });
    const page1 = await listTransfers(t.db, { filters: { search: null }, limit: 2, page: 1 });
    const page2 = await listTransfers(t.db, { filters: { search: null }, limit: 2, page: 2 });
    const page3 = await listTransfers(t.db, { filters: { search: null }, limit: 2, page: 3 });
    expect([page0, page1, page2].map((p) => p.transfers_count)).toEqual([5, 5, 5]);
    expect([...page0.transfers, ...page1.transfers, ...page2.transfers].map((r) => r.user_id)).toEqual(rows.map((r) => r.stocker.id));
    expect(page2.transfers).toHaveLength(1);
    expect(page3.transfers).toEqual([]);
  });

  it("the page's loader: ?search= and ?page= from the URL, 20 a page, administrators only", async () => {
    const load = (query: string, actor = actorOf(admin)) =>
      pageLoader({
        request: new Request(`http://stockspace.test/admin/transfers${query}`),
        params: {},
        context: testContext(t.db, { actor }),
      } as never) as Promise<Awaited<ReturnType<typeof pageLoader>>>;
    const all = await load("");
    expect(all).toMatchObject({ transfers_count: 5, page: 1, pages: 1, search: null });
    const found = await load("?search=%20Brambilla%20");
    expect(found).toMatchObject({ transfers_count: 1, search: "Brambilla" });
    expect((await load("?page=2")).transfers).toEqual([]);
    const stocker = await makeUser(t.db, { role: "stocker" });
    await expect(load("", actorOf(stocker))).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("filters by kind and by days waiting, sorts by a column both ways, on the page and its JSON twin", async () => {
    const load = async (query: string) =>
      (
        (await pageLoader({
          request: new Request(`http://stockspace.test/admin/transfers${query}`),
          params: {},
          context: testContext(t.db, { actor: actorOf(admin) }),
        } as never)) as Awaited<ReturnType<typeof pageLoader>>
      ).transfers.map((r) => r.user_id);
    const id = (i: number) => rows[i]!.stocker.id;
    // Waiting 10, 9, 8, 7 and 6 days: at least 3 days is every one, at least 7 the first four.
    expect(await load("?waiting=3")).toEqual([0, 1, 2, 3, 4].map(id));
    expect(await load("?waiting=7")).toEqual(expect.arrayContaining([0, 1, 2].map(id)));
    expect(await load("?waiting=7")).not.toContain(id(4));
    expect(await load("?kind=subscription")).toHaveLength(5);
    expect(await load("?kind=addition")).toEqual([]);
    // The newest request first; the largest amount first (the first stocker's three warehouses).
    expect(await load("?sort=requested_at&dir=desc")).toEqual([4, 3, 2, 1, 0].map(id));
    expect((await load("?sort=amount&dir=desc"))[0]).toBe(id(0));
    expect((await load("?sort=amount&dir=asc")).at(-1)).toBe(id(0));
    const json = await callJson(transfersEndpoint, t.db, {
      actor: actorOf(admin),
      method: "GET",
      path: "/api/admin/transfers?filters[waiting_days]=3&order[key]=requested_at&order[dir]=desc",
    });
    expect(json.status).toBe(200);
    expect((json.json as { transfers: { user_id: number }[] }).transfers.map((r) => r.user_id)).toEqual([4, 3, 2, 1, 0].map(id));
    for (const bad of ["filters[kind]=gift", "filters[waiting_days]=2", "order[key]=email"]) {
      expect((await callJson(transfersEndpoint, t.db, { actor: actorOf(admin), method: "GET", path: `/api/admin/transfers?${bad}` })).status, bad).toBe(422);
    }
  });

  it("exports what the list shows as CSV and XLSX (euros as numbers, the day as a date, the reason as text); admins only", async () => {
    const download = async (query: string, actor: User | null = admin) =>
      (await exportEndpoint({
        request: new Request(`http://stockspace.test/api/admin/export-transfers?${query}`),
        params: {},
        context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
      } as never)) as Response;
    const csv = await download("order[key]=amount&order[dir]=desc");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bonifici_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await csv.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Stocker;Email;Tipo account;Causale;Tipo;Piano;Importo;Magazzini;Richiesto il");
    expect(lines).toHaveLength(6);
    const first = lines[1]!.split(";");
    expect(first[1]).toBe(rows[0]!.stocker.email);
    expect(first.slice(3, 8)).toEqual([rows[0]!.reason, "Abbonamento", "Annuale", "1470,00", "3"]);

    const xlsx = await download("filters[waiting_days]=3&search_term=Brambilla&format=xlsx");
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(3).value).toBe("Stock Keeper");
    expect(row.getCell(4).value).toBe(rows[1]!.reason);
    expect(row.getCell(7).value).toBe(490);
    expect(row.getCell(8).value).toBe(1);
    expect(row.getCell(9).value).toBeInstanceOf(Date);
    const audits = await t.db.selectFrom("audit_log").select("details").where("action", "=", "subscription.export_transfers").orderBy("id").execute();
    expect(audits.at(-1)?.details).toMatchObject({ search: "Brambilla", waiting_days: 3 });

    const before = audits.length;
    expect((await download("format=pdf")).status).toBe(422);
    expect((await download("filters[kind]=gift")).status).toBe(422);
    expect((await download("", null)).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) expect((await download("", await makeUser(t.db, { role }))).status, role).toBe(403);
    expect(await t.db.selectFrom("audit_log").select("id").where("action", "=", "subscription.export_transfers").execute()).toHaveLength(before);
  });
});

describe("startTransferSubscription", () => {
  it("starts the subscription: active now, audited, the stocker told, the warehouses public, the row gone", async () => {
    const promo = await t.db
      .insertInto("promo_codes")
      .values({ code: "BONIFICO10", percent_off: 10, max_redemptions: 5 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const w = await waitingStocker({ warehouses: 2, promoCodeId: promo.id, fields: { last_name: "Confermando" } });
    const redeemed = () => t.db.selectFrom("warehouses").select(["id", "redeemed"]).where("id", "in", w.ids).orderBy("id").execute();
    expect((await redeemed()).every((r) => !r.redeemed)).toBe(true);

    const before = Date.now();
    const result = await startTransferSubscription(t.db, actorOf(admin), w.stocker.id, { transfer_info: "  CRO 1234 del 21.11.2026  " }, ctx);
    expect(result).toEqual({ user_id: w.stocker.id });

    const sub = await t.db.selectFrom("subscriptions").selectAll().where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.stripe_status).toBe("active");
    expect(sub.started_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const months = config.billing.plans.yearly.months;
    const expectedEnd = new Date(sub.started_at!);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + months);
    expect(sub.ends_at!.getTime()).toBe(expectedEnd.getTime());
    expect(sub.transfer_info).toBe("CRO 1234 del 21.11.2026");
    expect(sub.confirmed_by).toBe(admin.id);
    const user = await t.db.selectFrom("users").select("transfer_info").where("id", "=", w.stocker.id).executeTakeFirstOrThrow();
    expect(user.transfer_info).toBe("CRO 1234 del 21.11.2026");

    expect((await redeemed()).every((r) => r.redeemed)).toBe(true);
    expect((await t.db.selectFrom("promo_codes").select("times_redeemed").where("id", "=", promo.id).executeTakeFirstOrThrow()).times_redeemed).toBe(1);

    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "subscription.start").where("entity_id", "=", w.stocker.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, entity_type: "user" });
    expect(audit[0]!.details).toMatchObject({
      subscription_id: w.subscriptionId,
      reason: w.reason,
      transfer_info: "CRO 1234 del 21.11.2026",
      before: "pending_transfer",
      after: "active",
    });

    const mail = await t.db.selectFrom("mail_outbox").select(["to_address", "template", "status"]).where("to_address", "=", w.stocker.email).execute();
    expect(mail).toEqual([{ to_address: w.stocker.email, template: "subscription_started", status: "pending" }]);
    const notes = await t.db.selectFrom("notifications").select(["type", "data"]).where("user_id", "=", w.stocker.id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe("subscription_started");
    expect(notes[0]!.data).toMatchObject({ subscription_id: w.subscriptionId });

    const left = await listTransfers(t.db, { filters: { search: "Confermando" }, limit: 20, page: 0 });
    expect(left.transfers_count).toBe(0);
  });

  it("empty notes are kept as none", async () => {
    const w = await waitingStocker();
    await startTransferSubscription(t.db, actorOf(admin), w.stocker.id, { transfer_info: "   " }, ctx);
    const sub = await t.db.selectFrom("subscriptions").select(["transfer_info", "stripe_status"]).where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(sub).toEqual({ transfer_info: null, stripe_status: "active" });
  });

  it("a second confirmation is a conflict and changes nothing", async () => {
    const w = await waitingStocker();
    await startTransferSubscription(t.db, actorOf(admin), w.stocker.id, {}, ctx);
    const auditBefore = await t.db.selectFrom("audit_log").select("id").where("entity_id", "=", w.stocker.id).execute();
    await expect(startTransferSubscription(t.db, actorOf(admin), w.stocker.id, {}, ctx)).rejects.toBeInstanceOf(ConflictError);
    const auditAfter = await t.db.selectFrom("audit_log").select("id").where("entity_id", "=", w.stocker.id).execute();
    expect(auditAfter).toHaveLength(auditBefore.length);
    expect(await t.db.selectFrom("mail_outbox").select("id").where("to_address", "=", w.stocker.email).execute()).toHaveLength(1);
  });

  it("refuses anyone but an administrator, before any change", async () => {
    const w = await waitingStocker();
    for (const role of ["stocker", "referent", "stock_hunter"] as const) {
      const someone = await makeUser(t.db, { role });
      await expect(startTransferSubscription(t.db, actorOf(someone), w.stocker.id, {}, ctx)).rejects.toBeInstanceOf(ForbiddenError);
    }
    await expect(startTransferSubscription(t.db, actorOf(w.stocker), w.stocker.id, {}, ctx)).rejects.toBeInstanceOf(ForbiddenError);
    const sub = await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.stripe_status).toBe("pending_transfer");
  });

  it("an unknown user, or one who is not a stocker, is not found; a stocker with nothing waiting is a conflict", async () => {
    await expect(startTransferSubscription(t.db, actorOf(admin), 987_654_321, {}, ctx)).rejects.toBeInstanceOf(NotFoundError);
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await expect(startTransferSubscription(t.db, actorOf(admin), hunter.id, {}, ctx)).rejects.toBeInstanceOf(NotFoundError);
    const idle = await makeUser(t.db, { role: "stocker" });
    await expect(startTransferSubscription(t.db, actorOf(admin), idle.id, {}, ctx)).rejects.toBeInstanceOf(ConflictError);
  });
});

describe("the Transfers page's action", () => {
  const post = (fields: Record<string, string>, actor: User) => {
    const body = new URLSearchParams(fields);
    const request = new Request("http://stockspace.test/admin/transfers", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    return pageAction({ request, params: {}, context: testContext(t.db, { actor: actorOf(actor) }) } as never) as Promise<
      Awaited<ReturnType<typeof pageAction>>
    >;
  };

  it("confirms with the notes, then reports a repeat as no longer waiting", async () => {
    const w = await waitingStocker();
    expect(await post({ user_id: String(w.stocker.id), transfer_info: "Visto in banca" }, admin)).toEqual({ ok: true, user_id: w.stocker.id });
    const sub = await t.db.selectFrom("subscriptions").select(["stripe_status", "transfer_info"]).where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(sub).toEqual({ stripe_status: "active", transfer_info: "Visto in banca" });
    expect(await post({ user_id: String(w.stocker.id) }, admin)).toMatchObject({ ok: false, error: "no_transfer_waiting", errors: {} });
  });

  it("refuses a bad id or over-long notes, and a non-administrator", async () => {
    const w = await waitingStocker();
    expect(await post({ user_id: "abc" }, admin)).toMatchObject({ ok: false, error: "invalid", errors: { user_id: "invalid" } });
    expect(await post({ user_id: String(w.stocker.id), transfer_info: "x".repeat(2001) }, admin)).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { transfer_info: "too_long" },
    });
    await expect(post({ user_id: String(w.stocker.id) }, w.stocker)).rejects.toMatchObject({ init: { status: 403 } });
    const sub = await t.db.selectFrom("subscriptions").select("stripe_status").where("id", "=", w.subscriptionId).executeTakeFirstOrThrow();
    expect(sub.stripe_status).toBe("pending_transfer");
  });
});

describe("the bank transfer, from the stocker's choice to the end of the period", () => {
  it("gives the amount, IBAN and reason code, e-mails the stocker and the administrators; the admin's confirmation makes the warehouses public", async () => {
    const { stocker, ids } = await stockerWithWarehouses(t.db, { company: "Depositi Bianchi srl" });
    const promo = await makePromo(t.db, { amount_off: 5000, max_redemptions: 10 });
    const init = await callJson(initAction, t.db, { actor: actorOf(stocker), body: { subscription: "yearly", promo_code: promo.code, w_ids: ids } });
    const res = await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "transfer" } });
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(stocker.id);
    expect(res.json.transfer).toMatchObject({
      amount: init.json.price.total,
      amount_excl_vat: init.json.price.totalExclVat,
      iban: config.billing.transfer.iban,
      beneficiary: config.billing.transfer.beneficiary,
      warehouses_count: 3,
    });
    expect(res.json.transfer.reason).toMatch(/^SS-[A-HJ-NP-Z2-9]{6}$/);
    const user = await t.db
      .selectFrom("users")
      .select(["pm_type", "stockspace_code", "transfer_requested_at"])
      .where("id", "=", stocker.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ pm_type: "transfer", stockspace_code: res.json.transfer.reason });
    expect(user.transfer_requested_at).not.toBeNull();
    const mails = await t.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text"])
      .where("text", "like", `%${res.json.transfer.reason}%`)
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([admin.email, stocker.email].sort());
    for (const mail of mails) expect(mail.text).toContain("€\u00a01.420,00"); // 3 × 490,00 − 50,00
    expect(mails.find((m) => m.to_address === stocker.email)!.text).toContain(config.billing.transfer.iban);
    expect(await redeemedOf(t.db, ids)).toEqual([false, false, false]);

    // Someone else's confirmation is refused; the admin's starts it, audited.
    expect(
      (
        await callJson(startAction, t.db, {
          actor: actorOf(await makeUser(t.db, { role: "stocker" })),
          params: { id: String(stocker.id) },
          body: { user_data: { transfer_info: "x" } },
        })
      ).status,
    ).toBe(403);
    const confirmed = await callJson(startAction, t.db, {
      actor: actorOf(admin),
      params: { id: String(stocker.id) },
      body: { user_data: { transfer_info: "CRO 1234" } },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ user_id: stocker.id });
    expect(await redeemedOf(t.db, ids)).toEqual([true, true, true]);
    expect((await findPublicWarehouses(t.db, ids)).map((w) => w.name).sort()).toEqual(
      ids.map((_, i) => ["Alfa", "Beta", "Gamma"][i] + ` ${stocker.id}`).sort(),
    );
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "subscription.start").where("entity_id", "=", stocker.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ transfer_info: "CRO 1234", before: "pending_transfer", after: "active" });
    const promoAfter = await t.db.selectFrom("promo_codes").select("times_redeemed").where("id", "=", promo.id).executeTakeFirstOrThrow();
    expect(promoAfter.times_redeemed).toBe(1);
    const notification = await t.db.selectFrom("notifications").select("type").where("user_id", "=", stocker.id).execute();
    expect(notification.map((n) => n.type)).toContain("subscription_started");
    // Twice: nothing waits any more.
    expect((await callJson(startAction, t.db, { actor: actorOf(admin), params: { id: String(stocker.id) }, body: {} })).status).toBe(409);

    // The end date passes: the job ends it and the warehouses are anonymised again.
    const s = await t.db
      .selectFrom("subscriptions")
      .select(["id", "ends_at"])
      .where("user_id", "=", stocker.id)
      .where("stripe_status", "=", "active")
      .executeTakeFirstOrThrow();
    const reminder = await runBillingJobs(t.db, { config: config, origin: "http://stockspace.test" }, new Date(s.ends_at!.getTime() - 3 * 86_400_000));
    expect(reminder.reminded).toBeGreaterThanOrEqual(1);
    expect((await runBillingJobs(t.db, { config: config, origin: "http://stockspace.test" }, new Date(s.ends_at!.getTime() - 2 * 86_400_000))).reminded).toBe(
      0,
    );
    const ended = await runBillingJobs(t.db, { config: config, origin: "http://stockspace.test" }, new Date(s.ends_at!.getTime() + 1000));
    expect(ended.expired).toBeGreaterThanOrEqual(1);
    expect(await redeemedOf(t.db, ids)).toEqual([false, false, false]);
    expect(await findPublicWarehouses(t.db, ids)).toEqual([]);
  });

  it("needs an initialised subscription, and takes only the transfer", async () => {
    const { stocker } = await stockerWithWarehouses(t.db);
    expect((await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "transfer" } })).status).toBe(404);
    expect((await callJson(paymentTypeAction, t.db, { actor: actorOf(stocker), body: { payment_type: "bitcoin" } })).status).toBe(422);
    expect(
      (await callJson(paymentTypeAction, t.db, { actor: actorOf(await makeUser(t.db, { role: "stock_hunter" })), body: { payment_type: "transfer" } })).status,
    ).toBe(403);
  });
});

const TRANSFERS_CATALOGUE = defineCatalogue("transfers", async (db) => {
  // 20,000 stockers, each with an ended subscription and most with a running one, 50 of them
  // waiting for their transfer (an administrator confirms them within days), and 40,000 stock
  // hunters: the waiting few are the way in, their users are read by key.
  const first = (await makeUser(db, { role: "stocker" })).id;
  await sql`
    insert into users (email, role, account_type, first_name, last_name, invite_code, stockspace_code, transfer_requested_at)
    select 'plan-' || g || '@transfers.test', 'stocker', 0, 'Nome' || g, 'Cognome' || g, 'PLANT' || g,
           case when g % 400 = 0 then 'SS-P' || g end, case when g % 400 = 0 then now() - (g || ' minutes')::interval end
    from generate_series(1, 20000) g`.execute(db);
  await sql`
    insert into users (email, role, first_name, last_name, invite_code)
    select 'hunter-' || g || '@transfers.test', 'stock_hunter', 'Cacciatore' || g, 'Cognome' || g, 'PLANH' || g
    from generate_series(1, 40000) g`.execute(db);
  await sql`
    insert into subscriptions (user_id, stripe_status, plan, payment_type, price_unit_amount, amount, created_at)
    select ${first} + g, 'canceled', 'yearly', 'card', 49000, 49000, now() - interval '400 days'
    from generate_series(1, 20000) g`.execute(db);
  await sql`
    insert into subscriptions (user_id, stripe_status, plan, payment_type, price_unit_amount, amount, created_at)
    select ${first} + g, case when g % 400 = 0 then 'pending_transfer' else 'active' end, 'yearly',
           case when g % 400 = 0 then 'transfer' else 'card' end, 49000, 49000, now() - (g || ' minutes')::interval
    from generate_series(1, 20000) g where g % 7 <> 1 or g % 400 = 0`.execute(db);
  // Warehouses added to running subscriptions: most additions confirmed long ago, 25 waiting.
  await sql`
    insert into subscription_additions (subscription_id, user_id, warehouse_ids, payment_type, status, amount, new_amount, created_at)
    select s.id, s.user_id, array[1], 'transfer', case when row_number() over (order by s.id) % 200 = 0 then 'pending_transfer' else 'confirmed' end,
           24500, 98000, now() - (row_number() over (order by s.id) || ' minutes')::interval
    from subscriptions s where s.stripe_status = 'active' and s.id % 3 = 0`.execute(db);
  await sql`analyze users`.execute(db);
  await sql`analyze subscriptions`.execute(db);
  await sql`analyze subscription_additions`.execute(db);
});

describe("the Transfers list's query plan", () => {
  const t = useCatalogueDatabase(TRANSFERS_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

  it("reads the waiting subscriptions and additions by their status indexes, then their users by key", async () => {
    const page = await plan(transfersPageQuery(t.db, { filters: { search: null }, limit: 20, offset: 40 }));
    expect(page).toMatch(/Index Scan( Backward)? (using|on) subscriptions_stripe_status_idx/);
    expect(page).toMatch(/(Index|Bitmap Index) Scan (using|on) subscription_additions_(waiting|one_waiting)_idx/);
    expect(page).not.toMatch(/Seq Scan on subscription_additions/);
    expect(page).toMatch(/Index Scan using users_pkey on users u/);
    expect(page).not.toMatch(/Seq Scan on (subscriptions|users)/);
    // A rare name, and a term inside a bound of the users' search histogram: the worst estimate
    // the statistics can give (histogramBound). Either way the waiting few come first.
    const unlucky = (await histogramBound(t.db, "users_search_trgm_idx")).split(" ")[0]!;
    for (const search of ["Cognome123", unlucky]) {
      const searched = await plan(transfersPageQuery(t.db, { filters: { search }, limit: 20, offset: 0 }));
      expect(searched, search).toMatch(/Index Scan( Backward)? (using|on) subscriptions_stripe_status_idx/);
      expect(searched, search).toMatch(/Index Scan using users_pkey on users u/);
      expect(searched, search).not.toMatch(/Seq Scan on (subscriptions|users|subscription_additions)/);
    }
    expect(await countTransfers(t.db, { search: null })).toBeGreaterThanOrEqual(50 + 25);
  });
});
