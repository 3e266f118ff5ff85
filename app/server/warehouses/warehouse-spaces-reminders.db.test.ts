// The owner's reminder about a warehouse's free space: when every space has ended, or none was
// saved for 60 days, once per state (a save starts over), in the owner's language, with a link to
// the warehouse's page, delivered through the real outbox to a real SMTP server; the job runs
// among the workers and finds its warehouses by index.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql, type CompiledQuery } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testServices } from "../../../tests/support/endpoint.ts";
import { actorOf, makeClaimedWarehouse, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { readMails, startSmtpCapture } from "../../../tests/support/smtp-capture.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { deliverDueMail } from "../mail/outbox.service.ts";
import { createTransport } from "../mail/transport.ts";
import { defaultJobs } from "../jobs/workers.ts";
import { runSpacesReminders } from "./warehouse-spaces.service.ts";
import { endedRemindersQuery, staleRemindersQuery } from "./warehouse-spaces.queries.ts";
import { action as stockerSpaces } from "../../routes/api/stocker/warehouses.update-spaces.ts";
import { todayInItaly } from "../../lib/format.ts";

const t = useTestDatabase();
const origin = "http://stockspace.test";
const log = pino({ level: "silent" });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "spaces-reminders-"));
let smtp: { port: number; close: () => Promise<void> };

const DAY = 86_400_000;
const NOW = new Date();
const day = (offset: number) => todayInItaly(new Date(NOW.getTime() + offset * DAY));

beforeAll(async () => {
  smtp = await startSmtpCapture(path.join(work, "smtp"));
});
afterAll(async () => {
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom("mail_outbox").execute();
  // Each test's warehouses only: the earlier ones are told already or left out.
  await t.db.updateTable("warehouses").set({ spaces_reminder: "stale", spaces_updated_at: null }).execute();
});

const reminders = () => t.db.selectFrom("mail_outbox").selectAll().where("template", "=", "spaces_reminder").orderBy("id").execute();

async function declare(owner: Awaited<ReturnType<typeof makeClaimedWarehouse>>["owner"], warehouseId: number, spaces: object[]) {
  const res = await callJson(stockerSpaces, t.db, { actor: actorOf(owner), params: { id: String(warehouseId) }, body: { spaces } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

describe("the free space reminder", () => {
  it("tells the owner once when every space has ended, in its language, with the warehouse's page; a save starts over", async () => {
    const { owner, warehouse } = await makeClaimedWarehouse(t.db, { name: "Deposito Reno", city: "Bologna" }, { lang: "en", first_name: "Ada" });
    await declare(owner, warehouse.id, [
      { m2_type: "m2", quantity: 300, available_from: day(-60), available_until: day(-20) },
      { m2_type: "pallet", quantity: 40, available_from: day(-30), available_until: day(-2) },
    ]);
    expect(await runSpacesReminders(t.db, { origin }, NOW)).toEqual({ ended: 1, stale: 0 });
    const [mail] = await reminders();
    expect(mail).toMatchObject({ to_address: owner.email, lang: "en" });
    expect(mail!.subject).toBe("Deposito Reno: is its free space up to date?");
    expect(mail!.text).toContain(
      `Every free space you declared for Deposito Reno (Bologna) has ended, the last one on ${day(-2).split("-").reverse().join(".")}.`,
    );
    expect(mail!.text).toContain(`${origin}/en/stocker/profile/warehouses/${warehouse.id}#availability`);
    expect(
      (await t.db.selectFrom("warehouses").select(["spaces_reminder", "spaces_reminded_at"]).where("id", "=", warehouse.id).executeTakeFirstOrThrow())
        .spaces_reminder,
    ).toBe("ended");

    // Not every day: the state was told.
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + DAY))).toEqual({ ended: 0, stale: 0 });
    expect(await reminders()).toHaveLength(1);

    // A save starts over: a new space that ends, then the next reminder.
    await declare(owner, warehouse.id, [{ m2_type: "m2", quantity: 300, available_from: day(-10), available_until: day(3) }]);
    expect(await runSpacesReminders(t.db, { origin }, NOW)).toEqual({ ended: 0, stale: 0 });
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + 5 * DAY))).toEqual({ ended: 1, stale: 0 });
    expect(await reminders()).toHaveLength(2);
  });

  it("tells the owner once when no space was saved for 60 days, in Italian by default; an open-ended space never ends", async () => {
    const { owner, warehouse } = await makeClaimedWarehouse(t.db, { name: "Magazzino Po", city: "Piacenza" }, { lang: "it" });
    await declare(owner, warehouse.id, [{ m2_type: "m2", quantity: 800, available_from: day(-5), available_until: null }]);
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + 59 * DAY))).toEqual({ ended: 0, stale: 0 });
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + 61 * DAY))).toEqual({ ended: 0, stale: 1 });
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + 90 * DAY))).toEqual({ ended: 0, stale: 0 });
    const [mail] = await reminders();
    expect(mail).toMatchObject({ lang: "it", subject: "Magazzino Po: lo spazio disponibile è aggiornato?" });
    expect(mail!.text).toContain("Non aggiorni lo spazio disponibile di Magazzino Po (Piacenza) da più di 60 giorni.");
    expect(mail!.text).toContain(`${origin}/it/stocker/profile/warehouses/${warehouse.id}#availability`);
  });

  it("after the 'ended' reminder, still tells of 60 days without a save; a warehouse declared full is asked after 60 days too", async () => {
    const { owner, warehouse } = await makeClaimedWarehouse(t.db);
    await declare(owner, warehouse.id, [{ m2_type: "m2", quantity: 100, available_from: day(-30), available_until: day(-1) }]);
    const full = await makeClaimedWarehouse(t.db);
    await declare(full.owner, full.warehouse.id, []);
    expect(await runSpacesReminders(t.db, { origin }, NOW)).toEqual({ ended: 1, stale: 0 });
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + 61 * DAY))).toEqual({ ended: 0, stale: 2 });
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + 62 * DAY))).toEqual({ ended: 0, stale: 0 });
  });

  it("leaves out warehouses that never declared space, are not listed, or have no owner", async () => {
    const { owner, warehouse: never } = await makeClaimedWarehouse(t.db);
    const { owner: o2, warehouse: off } = await makeClaimedWarehouse(t.db);
    await declare(o2, off.id, [{ m2_type: "m2", quantity: 100, available_from: day(-30), available_until: day(-1) }]);
    await t.db.updateTable("warehouses").set({ deactivated: true }).where("id", "=", off.id).execute();
    const unowned = await makeWarehouse(t.db);
    await t.db
      .updateTable("warehouses")
      .set({ spaces_updated_at: new Date(NOW.getTime() - 100 * DAY), spaces_last_day: day(-3), spaces_reminder: null })
      .where("id", "=", unowned.id)
      .execute();
    expect(await runSpacesReminders(t.db, { origin }, new Date(NOW.getTime() + 70 * DAY))).toEqual({ ended: 0, stale: 0 });
    expect(never.user_id).toBe(owner.id);
  });

  it("is delivered by the outbox to a real SMTP server, and runs among the workers", async () => {
    const { owner, warehouse } = await makeClaimedWarehouse(t.db, { name: "Hub Lambro" }, { lang: "en" });
    await declare(owner, warehouse.id, [{ m2_type: "m2", quantity: 100, available_from: day(-30), available_until: day(-1) }]);
    const job = defaultJobs(testServices(t.db)).jobs.find((j) => j.name === "spaces-reminders");
    expect(job?.everyMs).toBe(60 * 60 * 1000);
    await job!.run(new AbortController().signal);
    const transport = createTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: path.join(work, "unused") });
    try {
      expect(await deliverDueMail(t.db, transport, { from: "Stockspace <no-reply@stockspace.test>", log })).toBe(1);
    } finally {
      transport.close();
    }
    const caught = (await readMails(path.join(work, "smtp"))).filter((m) => m.to.includes(owner.email));
    expect(caught).toHaveLength(1);
    expect(caught[0]!.subject).toBe("Hub Lambro: is its free space up to date?");
    expect(caught[0]!.html).toContain(`/en/stocker/profile/warehouses/${warehouse.id}#availability`);
  });
});

describe("the reminder's query plans", () => {
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

  beforeAll(async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    // 60,000 owned warehouses; one in 100 has declared space, one in 300 of those all ended.
    await sql`
      insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id, status,
                              spaces_updated_at, spaces_last_day, spaces_reminder)
      select 'Piano ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 41 + random(), 12 + random(), ${owner.id}, 'approved',
             case when g % 100 = 0 then now() - ((g % 90) || ' days')::interval end,
             case when g % 100 = 0 then current_date + (g % 300) - 150 end,
             case when g % 100 = 0 and g % 7 = 0 then 'ended' end
      from generate_series(1, 60000) g`.execute(t.db);
    await sql`vacuum analyze warehouses`.execute(t.db);
  }, 120_000);

  it("finds the warehouses to remind by their partial indexes, never the whole table", async () => {
    const ended = await plan(endedRemindersQuery(t.db, { today: todayInItaly(), limit: 500 }));
    expect(ended).toMatch(/(Index Scan using|Bitmap Index Scan on) warehouses_spaces_ended_idx/);
    expect(ended).not.toMatch(/Seq Scan on warehouses/);
    const stale = await plan(staleRemindersQuery(t.db, { before: new Date(Date.now() - 60 * DAY), limit: 500 }));
    expect(stale).toMatch(/(Index Scan using|Bitmap Index Scan on) warehouses_spaces_stale_idx/);
    expect(stale).not.toMatch(/Seq Scan on warehouses/);
  });
});
