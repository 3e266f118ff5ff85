// What /api/health/ready answers, on a real database: ready, draining, the database away, a
// migration of the list not applied, the search index not built yet.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { createDb } from "../db/database.ts";
import { migrations } from "../db/migrations/index.ts";
import { readiness } from "./readiness.ts";
import { startSearchIndex } from "../search/search-index.ts";

/** Port 1 on this machine: nothing listens there, a connection is refused at once. */
const NOTHING_LISTENS = "postgres://postgres@127.0.0.1:1/none";

describe("readiness", () => {
  const t = useTestDatabase();

  it("is ok on a migrated database, and says draining once the instance stops, without asking the database", async () => {
    expect(await readiness({ db: t.db })).toBe("ok");
    expect(await readiness({ db: t.db, draining: () => false })).toBe("ok");
    const unreachable = createDb(NOTHING_LISTENS, 1).db;
    expect(await readiness({ db: unreachable, draining: () => true })).toBe("draining");
    await unreachable.destroy();
  });

  it("says search_index_building until the instance's search index is built and listening", async () => {
    const index = startSearchIndex(t.db, t.url);
    expect(await readiness({ db: t.db, searchIndex: index.index })).toBe("search_index_building");
    await index.built;
    expect(await readiness({ db: t.db, searchIndex: index.index })).toBe("ok");
    await index.index.stop();
    expect(await readiness({ db: t.db, searchIndex: index.index })).toBe("search_index_building");
  });

  it("says database_unavailable when the database does not answer", async () => {
    const unreachable = createDb(NOTHING_LISTENS, 1).db;
    expect(await readiness({ db: unreachable })).toBe("database_unavailable");
    await unreachable.destroy();
  });

  it("says migrations_pending while a migration of the list is not applied, and asks no more once all are", async () => {
    const last = Object.keys(migrations).sort().at(-1)!;
    // A pool of its own: the first test's pool already saw every migration applied.
    const { db } = createDb(t.url, 2);
    try {
      const applied = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration where name = ${last}`.execute(db);
      await sql`delete from kysely_migration where name = ${last}`.execute(db);
      expect(await readiness({ db })).toBe("migrations_pending");
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${applied.rows[0]!.timestamp})`.execute(db);
      expect(await readiness({ db })).toBe("ok");
      // Cached once true: the list is not read again (a missing row would otherwise be noticed).
      await sql`delete from kysely_migration where name = ${last}`.execute(db);
      expect(await readiness({ db })).toBe("ok");
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${applied.rows[0]!.timestamp})`.execute(db);
    } finally {
      await db.destroy();
    }
  });
});
