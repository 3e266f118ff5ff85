// CSV exports of the back office, as Excel and LibreOffice open them in Italy: semicolons, UTF-8
// with a byte order mark, quoted where needed (csv-stringify), dates as day.month.year, numbers
// with a decimal comma. A cell that starts with =, +, - or @ (or a tab or carriage return) would
// run as a formula in a spreadsheet: it is prefixed with an apostrophe, which spreadsheets show
// as text. Rows come from an async iterable (pages of a query read one after another), so an
// export of 100,000 rows never holds them all in memory.
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { formatDate, formatNumber } from "../../lib/format.ts";

export type CsvCell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as text: dates day.month.year, numbers Italian, booleans Sì/No, formulas neutralised. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatDate(value);
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (typeof value === "number") return formatNumber(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A file name safe in a Content-Disposition header: letters, digits, dots, dashes and underscores. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120) || "export.csv";
}

/**
 * A streamed CSV download. `rows` yields arrays of cells in the order of `header`; it is read as
 * the client reads the response (back-pressure), one page of the query at a time.
 */
export function csvResponse(opts: { fileName: string; header: string[]; rows: AsyncIterable<CsvCell[]> }): Response {
  // csv-stringify quotes a cell that holds a semicolon or a quote; with Windows line ends it
  // would leave a lone \n unquoted, which splits the row in a spreadsheet: those are quoted too.
  const stringifier = stringify({ delimiter: ";", bom: true, record_delimiter: "windows", quoted_match: /[\r\n]/ });
  const source = Readable.from(
    (async function* () {
      yield opts.header.map(csvCell);
      for await (const row of opts.rows) yield row.map(csvCell);
    })(),
  );
  source.on("error", (err) => stringifier.destroy(err));
  source.pipe(stringifier);
  const body = Readable.toWeb(stringifier) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeFileName(opts.fileName)}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * Reads a query page after page by keyset (the last row's key), so each page is an index range
 * and memory holds one page: `page(after)` returns up to `size` rows after the key `after`.
 */
export async function* pages<R, K>(page: (after: K | null, size: number) => Promise<R[]>, keyOf: (row: R) => K, size = 1000): AsyncIterable<R> {
  let after: K | null = null;
  for (;;) {
    const rows = await page(after, size);
    for (const row of rows) yield row;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
