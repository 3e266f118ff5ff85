import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import type { Database } from "../db/database.ts";
import { outboxBacklogQuery, readOutboxBacklog } from "./metrics.queries.ts";

/** `count` messages in one status, due `dueSecondsAgo` ago (negative: in the future). */
async function messages(db: Database, count: number, status: "pending" | "sending" | "sent" | "failed", dueSecondsAgo = 0) {
  await sql`
    insert into mail_outbox (to_address, subject, html, text, template, lang, status, next_attempt_at)
    select 'someone' || g || '@example.com', 'Subject', '<p>x</p>', 'x', 'test', 'it', ${status}, now() - make_interval(secs => ${dueSecondsAgo})
    from generate_series(1, ${count}) g`.execute(db);
}

describe("the outbox's backlog", () => {
  const t = useTestDatabase();

  it("counts the messages pending, being sent and failed for good, and how long the oldest due one has waited", async () => {
    expect(await readOutboxBacklog(t.db)).toEqual({ pending: 0, sending: 0, failed: 0, oldestDueSeconds: 0 });
    await messages(t.db, 3, "pending", 5);
    await messages(t.db, 1, "pending", 120);
    // A retry waiting for its time is pending, not yet due.
    await messages(t.db, 2, "pending", -600);
    await messages(t.db, 2, "sending", -300);
    await messages(t.db, 4, "failed");
    await messages(t.db, 50, "sent");
    const backlog = await readOutboxBacklog(t.db);
    expect(backlog).toMatchObject({ pending: 6, sending: 2, failed: 4 });
    expect(backlog.oldestDueSeconds).toBeGreaterThanOrEqual(120);
    expect(backlog.oldestDueSeconds).toBeLessThan(130);
  });
});

// An outbox that has sent a great deal: 400,000 messages sent (a year of a busy site's mail), a
// few waiting, being sent and failed.
const OUTBOX_CATALOGUE = defineCatalogue("mail_outbox_sent", async (db) => {
  await messages(db, 400_000, "sent", 86_400);
  await messages(db, 40, "pending", 30);
  await messages(db, 5, "sending", -60);
  await messages(db, 25, "failed", 3_600);
  await sql`analyze mail_outbox`.execute(db);
});

describe("the outbox's backlog query plan", () => {
  const t = useCatalogueDatabase(OUTBOX_CATALOGUE);

  it("reads each status from its partial index, never the messages sent", async () => {
    const plan = await queryPlan(t.db, outboxBacklogQuery().compile(t.db));
    for (const index of ["mail_outbox_pending_idx", "mail_outbox_sending_idx", "mail_outbox_failed_idx"]) expect(plan).toContain(index);
    expect(plan).not.toContain("Seq Scan");
    expect(await readOutboxBacklog(t.db)).toMatchObject({ pending: 40, sending: 5, failed: 25 });
  });
});
