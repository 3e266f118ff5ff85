// CSV exports of the back office, for spreadsheets in any language: semicolons, UTF-8 with a
// byte order mark, quoted where needed (csv-stringify). What a spreadsheet turns into a number or
// a date on its own is written so that every locale reads it the same:
// - dates as ISO 8601 (2026-11-21, 2026-11-21 14:05): a date in every spreadsheet, where
//   21.11.2026 was a date in none and 05/11/2026 is May or November depending on the language;
// - numbers with no thousands separator and a decimal comma (15800, 1470,00): a thousands dot
//   would be a decimal point in an English spreadsheet (15.800 read as 15,8, a silent factor of
//   a thousand); a decimal comma where a point is expected makes text, never another number;
// - text that is all digits with a leading zero (a postcode, a request number) as the formula
//   ="00184": a spreadsheet reads digits as a number and drops the zeros, quoted or not (LibreOffice
//   keeps quoted fields as text only when asked), while this formula, which only names that text,
//   shows 00184 in LibreOffice, Excel and Google Sheets alike. The XLSX export holds it as text.
// A cell that a spreadsheet would run as a formula (it starts with =, @, a tab or a carriage
// return, or with + or - followed by anything but a number's or a telephone's characters) is
// prefixed with an apostrophe; a telephone number (+39 02 1234567) or a negative amount is left
// as it is, so no apostrophe shows where nothing needed neutralising. Rows come from an async
// iterable (pages of a query read one after another), so an export of 100,000 rows never holds
// them all in memory.
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format.ts";

export type CsvCell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** What + or - may start without being a formula: a number's or a telephone's characters only. */
const NUMBER_OR_TELEPHONE = /^[+-][\d\s().,/-]*$/;
/** All digits, the first a zero: a code whose zeros a spreadsheet would drop. */
const LEADING_ZERO_DIGITS = /^0\d+$/;

/** A date as ISO 8601, the calendar day in Italy: "2026-11-21" (formatDate's day, reordered). */
export function isoDate(value: Date | string): string {
  return formatDate(value).replace(/^(\d{2})\.(\d{2})\.(\d{4})$/, "$3-$2-$1");
}

/** A date and time in Italian time as ISO 8601 with a space: "2026-11-21 14:05". */
export function isoDateTime(value: Date | string): string {
  return formatDateTime(value).replace(/^(\d{2})\.(\d{2})\.(\d{4}) /, "$3-$2-$1 ");
}

/**
 * A number with a decimal comma and no thousands separator ("1234,5"): a thousands dot would be a
 * decimal point in an English spreadsheet (15.800 read as 15,8).
 */
export function csvNumber(value: number, decimals?: number): string {
  return formatNumber(value, decimals).replace(/\./g, "");
}

/** One cell as text: dates ISO 8601, numbers with a decimal comma and no grouping, booleans Sì/No, zeros kept, formulas neutralised. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return isoDate(value);
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (typeof value === "number") return csvNumber(value);
  if (LEADING_ZERO_DIGITS.test(value)) return `="${value}"`;
  return FORMULA_START.test(value) && !NUMBER_OR_TELEPHONE.test(value) ? `'${value}` : value;
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
