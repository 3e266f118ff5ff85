// The plan of the undelivered e-mails' list at scale: an outbox that keeps 300,000 sent messages
// and 150 that failed for good. The page (a later one, and searched by recipient, a term the
// statistics cannot rule out included) and its count read the failed rows through their partial
// index (mail_outbox_failed_idx, migration 0030), never the whole outbox.
import { sql, type CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";
import { failedMailPageQuery } from "./failed-mail.queries.ts";

const SENT = 300_000;
const FAILED = 150;

const OUTBOX = defineCatalogue("failed_mail", async (db) => {
  await sql`
    insert into mail_outbox (to_address, subject, html, text, template, lang, status, attempts, sent_at, created_at)
    select 'user' || g || '@example' || (g % 97) || '.com', 'Oggetto ' || g, '<p>x</p>', 'x', 'confirm_code', 'it', 'sent', 0,
           now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(1, ${SENT}) g`.execute(db);
  await sql`
    insert into mail_outbox (to_address, subject, html, text, template, lang, status, attempts, last_error, last_error_at, created_at)
    select 'bounce' || g || '@example' || (g % 97) || '.com', 'Oggetto', '<p>x</p>', 'x', 'confirm_code', 'it', 'failed', 10,
           '550 Recipient address rejected', now() - (g || ' hours')::interval, now() - (g || ' hours')::interval
    from generate_series(1, ${FAILED}) g`.execute(db);
  await sql`vacuum analyze mail_outbox`.execute(db);
});

describe("the undelivered e-mails' query plan on a large outbox", () => {
  const t = useCatalogueDatabase(OUTBOX);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

  it("reads the failed e-mails by their partial index, page and count, searched or not", async () => {
    const { rows } = await sql<{ failed: number; all: number }>`
      select (count(*) filter (where status = 'failed'))::int as failed, count(*)::int as all from mail_outbox`.execute(t.db);
    expect(rows[0]).toEqual({ failed: FAILED, all: SENT + FAILED });
    // A term inside a bound of the recipients' histogram: the worst estimate the statistics can give.
    const unlucky = (await histogramBound(t.db, "mail_outbox", "to_address")).split("@")[0]!;
    for (const search of [null, "bounce12", "example5", unlucky]) {
      for (const offset of [0, 40]) {
        const page = await plan(failedMailPageQuery(t.db, { filters: { search }, limit: 20, offset }));
        expect(page, `${search} ${offset}`).toMatch(/(Index|Bitmap Index) Scan (using|on) mail_outbox_failed_idx/);
        expect(page, `${search} ${offset}`).not.toMatch(/Seq Scan on mail_outbox/);
      }
      // Every other order and the filters sort the few failed rows the same index finds (the recipient's account, joined
      // for the row's link, is one users_email_key lookup a row once there are many; this catalogue holds none).
      for (const order of [
        { key: "recipient", dir: "asc" },
        { key: "attempts", dir: "desc" },
        { key: "created_at", dir: "asc" },
      ] as const) {
        const sorted = await plan(failedMailPageQuery(t.db, { filters: { search, template: "confirm_code", lang: "it" }, order, limit: 20, offset: 0 }));
        expect(sorted, `${search} ${order.key}`).toMatch(/mail_outbox_failed_idx/);
        expect(sorted, `${search} ${order.key}`).not.toMatch(/Seq Scan on mail_outbox/);
      }
      let count = t.db.selectFrom("mail_outbox as o").where("o.status", "=", "failed");
      if (search) count = count.where("o.to_address", "ilike", `%${search}%`);
      const counted = await plan(count.select(sql<number>`count(*)::int`.as("n")));
      expect(counted, `count ${search}`).toMatch(/mail_outbox_failed_idx/);
      expect(counted, `count ${search}`).not.toMatch(/Seq Scan on mail_outbox/);
    }
  });
});
