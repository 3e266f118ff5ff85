// Services decide, queries read and write: SQL and Kysely's query building live in the
// `*.queries.ts` modules (plain functions of (db, args)), never in a service or any other server
// module. Outside that rule: the database layer itself (db/: connection, migrations, the helpers
// queries build with) and the demo data loader (seed/).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = "app/server";
const OUTSIDE = [/^app\/server\/db\//, /^app\/server\/seed\//, /\.queries\.ts$/, /\.test\.ts$/];
const QUERY =
  /\.(?:selectFrom|updateTable|insertInto|deleteFrom|mergeInto|replaceInto|selectNoFrom)\(|\bsql(?:<[^>]*>)?`|\bsql\.(?:raw|ref|table|lit|id|join|val)\(/;

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? modules(path) : name.endsWith(".ts") ? [relative(process.cwd(), path).split("\\").join("/")] : [];
  });
}

/** The lines of a source that build or run a query, with their numbers. */
export function queryLines(source: string): string[] {
  return source.split("\n").flatMap((line, i) => (QUERY.test(line) && !/^\s*(?:\/\/|\*)/.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("SQL lives in the queries modules", () => {
  it("recognises a query, not a comment or a call of a queries module (the check itself)", () => {
    expect(queryLines('  const row = await trx.selectFrom("users").select("id").executeTakeFirst();')).toHaveLength(1);
    expect(queryLines("  await sql`select 1`.execute(db);")).toHaveLength(1);
    expect(queryLines("  const n = sql<number>`0`;")).toHaveLength(1);
    expect(queryLines('  await db.updateTable("warehouses").set({ deactivated }).execute();')).toHaveLength(1);
    expect(queryLines("  // the row is inserted with db.insertInto(…) in the queries module")).toEqual([]);
    expect(queryLines("  const row = await insertImage(trx, values);")).toEqual([]);
  });

  it("no service or other server module writes SQL or builds a query", () => {
    const found = modules(ROOT)
      .filter((file) => !OUTSIDE.some((re) => re.test(file)))
      .flatMap((file) => queryLines(readFileSync(file, "utf8")).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });
});
