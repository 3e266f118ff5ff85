// Dates as people type them in the site's date fields, which show day.month.year with dots in
// both languages (21.11.2026, like formatDate). The field and the schemas read the same text:
// without JavaScript the form posts what the field shows, so the server must take it too.
//
// Accepted (the choice, for the field and the server alike):
// - day, month and year separated by dots, slashes or dashes: "21.11.2026", "21/11/2026",
//   "21-11-2026", "1.2.2027" (day and month may have one digit);
// - a two-digit year, read as 20yy ("21.11.26" → 2026): the marketplace's dates (space asked
//   for, requests, promotions, the back office's records) all fall in this century;
// - eight digits "21112026" (what the field holds if the dots were deleted);
// - ISO "2026-11-21" (the address and the JSON endpoints use it, and a pasted one).
// Nothing else: no month names, no year-first with dots; the date must exist (no 30.02).

const DAY_MONTH_YEAR = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})$/;
const EIGHT_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, "0");

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999: setUTCFullYear puts the year back as given.
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

/** The ISO day 'YYYY-MM-DD' a typed date means, or null when it is no real date in an accepted form. */
export function isoFromDateText(text: string): string | null {
  const value = text.trim();
  const iso = ISO.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = DAY_MONTH_YEAR.exec(value) ?? EIGHT_DIGITS.exec(value);
  if (!parts) return null;
  const year = parts[3]!.length === 2 ? 2000 + Number(parts[3]) : Number(parts[3]);
  return isoOf(year, Number(parts[2]), Number(parts[1]));
}

/**
 * The field's text after one keystroke: typing digits at the end puts the dots in ("211" →
 * "21.1", "21.112" → "21.11.2"), and a slash or dash typed as a separator becomes a dot.
 * Anything else (pasting, deleting, editing in the middle) is left as the person made it.
 */
export function withDateDots(previous: string, next: string): string {
  if (next.length !== previous.length + 1 || !next.startsWith(previous)) return next;
  const typed = next.slice(-1);
  if (typed === "/" || typed === "-") return `${previous}.`;
  if (!/\d/.test(typed)) return next;
  if (/^\d{3}$/.test(next)) return `${next.slice(0, 2)}.${next.slice(2)}`;
  const month = /^(\d{1,2}\.)(\d{2})(\d)$/.exec(next);
  if (month) return `${month[1]}${month[2]}.${month[3]}`;
  return next;
}
