// The names built in SQL follow the same rule as app/lib/person-name.ts.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { displayName, fullName } from "../../lib/person-name.ts";
import { displayNameSql, fullNameSql } from "./person-name.ts";

const t = useTestDatabase();

type Row = { first_name: string | null; last_name: string | null; company: string | null; request_business_name: string | null };
const rows: Row[] = [
  { first_name: " Mario ", last_name: "Rossi ", company: "Rossi Srl", request_business_name: "Rossi Logistica" },
  { first_name: "Mario", last_name: null, company: " ", request_business_name: "Rossi Logistica" },
  { first_name: "  ", last_name: "Rossi", company: null, request_business_name: null },
  { first_name: "Mario", last_name: "Rossi", company: "", request_business_name: "" },
  { first_name: null, last_name: null, company: null, request_business_name: null },
];

describe("names in SQL", () => {
  it("the full name and the display name agree with the browser's, null where those are empty", async () => {
    const values = sql.join(
      rows.map((r) => sql`(${r.first_name}::text, ${r.last_name}::text, ${r.company}::text, ${r.request_business_name}::text, ${rows.indexOf(r)}::int)`),
    );
    const { rows: got } = await sql<{ full: string | null; shown: string | null }>`
      select ${fullNameSql("u")} as full, ${displayNameSql("u")} as shown
      from (values ${values}) as u(first_name, last_name, company, request_business_name, n) order by n`.execute(t.db);
    expect(got).toEqual(rows.map((r) => ({ full: fullName(r) || null, shown: displayName(r) || null })));
    expect(got.map((g) => g.shown)).toEqual(["Rossi Srl", "Rossi Logistica", "Rossi", "Mario Rossi", null]);
  });
});
