import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, pages, safeFileName } from "./csv.ts";

describe("CSV exports for spreadsheets in any language", () => {
  it("writes a BOM, semicolons, quotes where needed, ISO dates, ungrouped numbers, and neutralises formulas only", async () => {
    async function* rows() {
      yield ["Rossi; Bianchi", 'Detto "il Grande"', new Date("2026-11-21T10:00:00Z"), 1234.5, true, null];
      yield ['=HYPERLINK("http://evil")', "+39 02 123", "-1", "@SUM(A1)", "righe\ndue", "ok"];
      yield ["-2+3+cmd|' /C calc'!A0", "+SUM(1;2)", "\t=1", "00184", "0000000149", "0"];
    }
    const res = csvResponse({ fileName: "magazzini 21.11.2026.csv", header: ["Nome", "Note", "Data", "Importo", "Attivo", "Vuoto"], rows: rows() });
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="magazzini_21.11.2026.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")).toEqual([
      "Nome;Note;Data;Importo;Attivo;Vuoto",
      '"Rossi; Bianchi";"Detto ""il Grande""";2026-11-21;1234,5;Sì;',
      // A telephone and a negative number are not formulas: no apostrophe.
      `"'=HYPERLINK(""http://evil"")";+39 02 123;-1;'@SUM(A1);"righe\ndue";ok`,
      // A + or - followed by anything else is; codes with leading zeros keep them as ="…".
      `'-2+3+cmd|' /C calc'!A0;"'+SUM(1;2)";'\t=1;"=""00184""";"=""0000000149""";0`,
      "",
    ]);
  });

  it("streams 100,000 rows read page by page", async () => {
    let reads = 0;
    const source = pages<{ id: number }, number>(
      async (after, size) => {
        reads++;
        const start = (after ?? 0) + 1;
        const end = Math.min(100_000, start + size - 1);
        return start > 100_000 ? [] : Array.from({ length: end - start + 1 }, (_, i) => ({ id: start + i }));
      },
      (row) => row.id,
    );
    async function* rows() {
      for await (const r of source) yield [r.id, `Magazzino ${r.id}`];
    }
    const res = csvResponse({ fileName: "x.csv", header: ["Id", "Nome"], rows: rows() });
    const text = await res.text();
    expect(text.trimEnd().split("\r\n")).toHaveLength(100_001);
    expect(reads).toBe(101);
  });

  it("keeps plain cells and file names as they are", () => {
    expect(csvCell("Milano")).toBe("Milano");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(15800)).toBe("15800");
    expect(csvCell(-1234.56)).toBe("-1234,56");
    expect(csvCell(undefined)).toBe("");
    expect(safeFileName("richiesta-0000000042.csv")).toBe("richiesta-0000000042.csv");
  });
});
