// Every export of the back office, as CSV (the spec's format: csv.ts) or as XLSX, from one
// description of its columns. XLSX cells are typed, so a spreadsheet reads them right in any
// locale: dates are real dates (the Italian calendar day, shown dd/mm/yyyy), numbers real numbers,
// and text stays text: postcodes, telephone numbers and request numbers keep their leading zeros
// and are never turned into numbers. Both are streamed from the same async rows, one page of the
// query at a time, and written as the client reads.
import { PassThrough, Readable } from "node:stream";
import { once } from "node:events";
import ExcelJS from "exceljs";
import { csvNumber, csvResponse, isoDateTime, safeFileName, type CsvCell } from "./csv.ts";
import { formatDateTime } from "../../lib/format.ts";

/**
 * What a column holds: `text` (kept as written, leading zeros too), `integer` and `number`
 * (numbers; in CSV with the Italian decimal comma), `euro` (an amount in euros, two decimals),
 * `date` (the calendar day in Italy), `datetime` (day and time in Italy), `boolean` (Sì/No).
 */
export type ExportColumnType = "text" | "integer" | "number" | "euro" | "date" | "datetime" | "boolean";
export type ExportColumn = { header: string; type: ExportColumnType; width?: number };
export type ExportFormat = "csv" | "xlsx";

/** A table of an export: its columns and rows (and its sheet's name in XLSX). */
export type ExportTable = { columns: ExportColumn[]; rows: AsyncIterable<CsvCell[]>; sheetName?: string };

/**
 * One export as a download: `fileName` without its extension, which the format adds. Most exports
 * are one table (`columns`, `rows`); `more` adds tables after it: in CSV each after an empty row,
 * under its own header; in XLSX each on a sheet of its own.
 */
export function tableExportResponse(opts: { format: ExportFormat; fileName: string; more?: ExportTable[] } & ExportTable): Response {
  const tables: ExportTable[] = [{ columns: opts.columns, rows: opts.rows, sheetName: opts.sheetName }, ...(opts.more ?? [])];
  if (opts.format === "csv") {
    // A CSV cell shows a Date as its day (csv.ts: ISO 8601); a column of instants shows the time
    // too, and an amount in euros its two decimals (1470,00).
    const csvCell = (v: CsvCell, type: ExportColumnType | undefined): CsvCell => {
      if (type === "datetime" && v instanceof Date) return isoDateTime(v);
      if (type === "euro" && typeof v === "number") return csvNumber(v, 2);
      return v;
    };
    const csvRows = (async function* () {
      for (const [i, table] of tables.entries()) {
        if (i > 0) {
          yield [];
          yield table.columns.map((c) => c.header);
        }
        for await (const row of table.rows) yield row.map((v, j) => csvCell(v, table.columns[j]?.type));
      }
    })();
    return csvResponse({ fileName: `${opts.fileName}.csv`, header: opts.columns.map((c) => c.header), rows: csvRows });
  }
  return xlsxResponse(opts.fileName, tables);
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const NUMBER_FORMAT: Record<ExportColumnType, string | undefined> = {
  text: "@",
  integer: "0",
  number: "#,##0.##",
  euro: '#,##0.00 "€"',
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy hh:mm",
  boolean: undefined,
};

const DAY_TIME = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/;

/**
 * A spreadsheet has no time zone: it shows the clock time it is given. An instant becomes the
 * day and time it was in Italy (as the CSV shows it), written as that wall-clock time; a
 * 'YYYY-MM-DD' day stays that day.
 */
export function italianWallClock(value: CsvCell): Date | null {
  if (value === null || value === undefined || value === "" || typeof value === "boolean" || typeof value === "number") return null;
  const m = DAY_TIME.exec(formatDateTime(value));
  if (!m) return null;
  return new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4]), Number(m[5])));
}

/** One cell of a typed column, as the spreadsheet should hold it. */
export function xlsxCell(value: CsvCell, type: ExportColumnType): string | number | Date | null {
  if (value === null || value === undefined || value === "") return null;
  switch (type) {
    case "text":
      return value instanceof Date ? formatDateTime(value) : typeof value === "boolean" ? (value ? "Sì" : "No") : String(value);
    case "boolean":
      return value === true || value === "true" || value === 1 ? "Sì" : value === false || value === "false" || value === 0 ? "No" : String(value);
    case "date": {
      const at = italianWallClock(value);
      return at ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())) : String(value);
    }
    case "datetime":
      return italianWallClock(value) ?? String(value);
    case "integer":
    case "number":
    case "euro": {
      const n = typeof value === "number" ? value : Number(String(value));
      return Number.isFinite(n) ? n : String(value);
    }
  }
}

function xlsxResponse(fileName: string, tables: ExportTable[]): Response {
  const out = new PassThrough();
  // Shared strings would hold every text of the sheet in memory until the end: inline strings keep
  // a long export's memory to the rows in flight.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });

  void (async () => {
    try {
      for (const table of tables) {
        const sheet = workbook.addWorksheet((table.sheetName ?? "Export").slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
        sheet.columns = table.columns.map((c) => ({
          header: c.header,
          width: c.width ?? Math.max(10, Math.min(40, c.header.length + 4)),
          style: NUMBER_FORMAT[c.type] ? { numFmt: NUMBER_FORMAT[c.type] } : {},
        }));
        sheet.getRow(1).font = { bold: true };
        for await (const row of table.rows) {
          sheet.addRow(table.columns.map((c, i) => xlsxCell(row[i], c.type))).commit();
          // Wait for the client when it reads slower than the rows come (back-pressure).
          if (out.writableNeedDrain) await once(out, "drain");
        }
        sheet.commit();
      }
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();

  const body = Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": `attachment; filename="${safeFileName(`${fileName}.xlsx`)}"`,
      "Cache-Control": "no-store",
    },
  });
}
