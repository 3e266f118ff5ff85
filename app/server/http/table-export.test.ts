import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { italianWallClock, tableExportResponse, xlsxCell, type ExportColumn } from "./table-export.ts";
import type { CsvCell } from "./csv.ts";

const COLUMNS: ExportColumn[] = [
  { header: "Richiesta", type: "text" },
  { header: "CAP", type: "text" },
  { header: "Telefono", type: "text" },
  { header: "Data", type: "date" },
  { header: "Ora", type: "datetime" },
  { header: "Superficie", type: "number" },
  { header: "Importo", type: "euro" },
  { header: "Attivo", type: "boolean" },
  { header: "Formula", type: "text" },
];

async function* sample(): AsyncIterable<CsvCell[]> {
  // 23:30 UTC on the 20th is already the 21st in Italy.
  yield ["0000000149", "00184", "+39 02 1234567", new Date("2026-11-20T23:30:00Z"), new Date("2026-11-21T13:05:00Z"), 15800, 1234.5, true, '=HYPERLINK("x")'];
  yield ["0000000150", "20121", null, "2026-03-29", null, 0.5, 0, false, "-1"];
}

async function readBack(res: Response): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return workbook.worksheets[0]!;
}

describe("exports as CSV or XLSX from one description of the columns", () => {
  it("writes XLSX with real dates and numbers, and text that keeps its leading zeros", async () => {
    const res = tableExportResponse({ format: "xlsx", fileName: "magazzini_21.11.2026", columns: COLUMNS, rows: sample() });
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="magazzini_21.11.2026.xlsx"');
    const sheet = await readBack(res);
    expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS.map((c) => c.header)]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe("0000000149");
    expect(first.getCell(2).value).toBe("00184");
    expect(first.getCell(3).value).toBe("+39 02 1234567");
    expect(first.getCell(4).value).toEqual(new Date(Date.UTC(2026, 10, 21)));
    expect(first.getCell(4).numFmt).toBe("dd/mm/yyyy");
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2026, 10, 21, 14, 5)));
    expect(first.getCell(6).value).toBe(15800);
    expect(first.getCell(7).value).toBe(1234.5);
    expect(first.getCell(7).numFmt).toBe('#,##0.00 "€"');
    expect(first.getCell(8).value).toBe("Sì");
    // A text cell is never a formula in XLSX: it is written as a string, as it was typed.
    expect(first.getCell(9).value).toBe('=HYPERLINK("x")');
    expect(first.getCell(9).type).toBe(ExcelJS.ValueType.String);
    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toBe("20121");
    expect(second.getCell(3).value).toBeNull();
    expect(second.getCell(4).value).toEqual(new Date(Date.UTC(2026, 2, 29)));
    expect(second.getCell(8).value).toBe("No");
  });

  it("writes the spec's CSV from the same columns and rows", async () => {
    const res = tableExportResponse({ format: "csv", fileName: "magazzini_21.11.2026", columns: COLUMNS, rows: sample() });
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="magazzini_21.11.2026.csv"');
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Richiesta;CAP;Telefono;Data;Ora;Superficie;Importo;Attivo;Formula");
    // Dates in ISO 8601 (the day in Italy), numbers without a thousands dot, codes that keep their
    // leading zeros as ="…", a telephone without an apostrophe, the formula neutralised.
    expect(lines[1]).toBe(`"=""0000000149""";"=""00184""";+39 02 1234567;2026-11-21;2026-11-21 14:05;15800;1234,50;Sì;"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toBe(`"=""0000000150""";20121;;2026-03-29;;0,5;0,00;No;-1`);
  });

  it("streams 5,000 rows into one sheet", async () => {
    async function* many(): AsyncIterable<CsvCell[]> {
      for (let i = 1; i <= 5_000; i++) yield [String(i).padStart(10, "0"), "00100", null, "2026-01-01", null, i, i / 100, i % 2 === 0, null];
    }
    const sheet = await readBack(tableExportResponse({ format: "xlsx", fileName: "x", columns: COLUMNS, rows: many() }));
    expect(sheet.rowCount).toBe(5_001);
    expect(sheet.getRow(5_001).getCell(1).value).toBe("0000005000");
  });

  it("turns what is not a date or number into text instead of dropping it", () => {
    expect(xlsxCell("non una data", "date")).toBe("non una data");
    expect(xlsxCell("abc", "number")).toBe("abc");
    expect(xlsxCell("", "number")).toBeNull();
    expect(italianWallClock(true)).toBeNull();
    expect(italianWallClock("2026-07-01")).toEqual(new Date(Date.UTC(2026, 6, 1)));
  });
});
