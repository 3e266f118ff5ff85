// Display formats. The spec fixes Italian notation in both interface languages: prices in
// euros ("€ 1.234,50"), Italian digit grouping, dates as day.month.year. Everything here is
// written by hand instead of with Intl number formats because it-IT does not group
// four-digit numbers ("1234") and server and browser ICU builds differ; a page must render
// the same string on both sides or hydration fails. Times are shown in Italian time
// (Europe/Rome) for the same reason: the server's and the visitor's time zones differ.
// Number fields speak the same notation: parseNumber and decimalText read what was typed,
// formatNumberInput writes a field's text.

const TIME_ZONE = "Europe/Rome";

type Num = number | string | null | undefined;

function toNumber(value: Num): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Rounds half away from zero to `decimals` places, without binary surprises (1.005 → 1.01). */
function roundTo(abs: number, decimals: number): string {
  const text = String(abs);
  // Shift the decimal point in the text (not by multiplying) so 1.005 stays 1.005.
  const shifted = text.includes("e") ? Math.round(abs * 10 ** decimals) : Math.round(Number(`${text}e${decimals}`));
  return (shifted / 10 ** decimals).toFixed(decimals);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * A number in Italian notation: "1.234,5". With `decimals`, exactly that many decimals;
 * without, up to two, trailing zeros dropped. Null or not a number → "".
 */
export function formatNumber(value: Num, decimals?: number): string {
  const n = toNumber(value);
  if (n === null) return "";
  const places = decimals ?? 2;
  let fixed = roundTo(Math.abs(n), places);
  if (decimals === undefined && fixed.includes(".")) fixed = fixed.replace(/\.?0+$/, "");
  const [int = "0", frac] = fixed.split(".");
  const negative = n < 0 && /[1-9]/.test(fixed);
  return `${negative ? "-" : ""}${groupThousands(int)}${frac ? `,${frac}` : ""}`;
}

// A price's or an area's space is a no-break space (U+00A0), so a line never ends between "€" or
// "m²" and its number (a legal text's "€" alone at a line's end, its amount on the next).
const NBSP = "\u00a0";

/** A price in euros: "€ 1.234,50", "€ -12,00" (a no-break space after "€"). Null → "". */
export function formatPrice(value: Num): string {
  const text = formatNumber(value, 2);
  return text ? `€${NBSP}${text}` : "";
}

/** An area in square metres: "1.234 m²" (a no-break space before "m²"). Null → "". */
export function formatArea(m2: Num): string {
  const text = formatNumber(m2);
  return text ? `${text}${NBSP}m²` : "";
}

/**
 * A distance or radius in kilometres as the messages put it before "km": one decimal at most,
 * a whole number without one ("1,2", "12", "1.250"). Null → "".
 */
export function formatKm(km: Num): string {
  return formatNumber(km, 1).replace(/,0$/, "");
}

// ------------------------------------------------------------------ numbers typed in fields

// What people type: Italian notation first ("1.234,5", "1234,5", "1.234" is one thousand two
// hundred and thirty-four), and the plain decimal point too ("1234.5", "7.5"). A dot followed by
// exactly three digits and no comma is read as Italian thousands; any other dot is a decimal
// point. Spaces (also non-breaking ones) are ignored.
const ITALIAN_GROUPED = /^\d{1,3}(\.\d{3})+(,\d+)?$/;
const ITALIAN_PLAIN = /^(\d+)?,\d+$/;
const DECIMAL_POINT = /^(\d+(\.\d*)?|\.\d+)$/;

/** Typed text → the number as plain decimal text ("1.234,5" → "1234.5"), or null when it is no number. */
function typedDecimal(text: string): string | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "");
  const sign = compact.startsWith("-") || compact.startsWith("+") ? compact.charAt(0) : "";
  const body = compact.slice(sign.length);
  let plain: string | null = null;
  if (ITALIAN_GROUPED.test(body) || ITALIAN_PLAIN.test(body)) plain = body.replace(/\./g, "").replace(",", ".");
  else if (DECIMAL_POINT.test(body)) plain = body;
  if (plain === null) return null;
  if (plain.startsWith(".")) plain = `0${plain}`;
  if (plain.endsWith(".")) plain = plain.slice(0, -1);
  return `${sign === "-" ? "-" : ""}${plain}`;
}

/** The number a person typed ("1.234,5", "1234,5", "1234.5"), or null when blank or not a number. */
export function parseNumber(text: string | null | undefined): number | null {
  const plain = text ? typedDecimal(text) : null;
  return plain === null ? null : Number(plain);
}

/**
 * Typed number text as a schema reads it: "1.234,5" → "1234.5", blank → "". Text that is no
 * number is returned trimmed, for the schema to refuse with its own code.
 */
export function decimalText(text: string | null | undefined): string {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return "";
  return typedDecimal(trimmed) ?? trimmed;
}

/**
 * A number as a field shows it: Italian separators, every decimal it has (a field never rounds
 * what was typed), at least `minDecimals` ("1500.5" → "1.500,5"; with 2: "1.500,50"; a
 * database's "1500.00" → "1.500"). Text is read as typed (parseNumber's rules), so a field's
 * own text comes back unchanged in meaning. Null, blank or not a number → "".
 */
export function formatNumberInput(value: Num, minDecimals = 0): string {
  let plain: string | null;
  if (typeof value === "string") plain = typedDecimal(value.trim());
  else {
    const n = toNumber(value);
    plain = n === null ? null : /e/i.test(String(n)) ? roundTo(Math.abs(n), 2) : String(Math.abs(n));
    if (plain !== null && n !== null && n < 0) plain = `-${plain}`;
  }
  if (plain === null || plain === "" || plain === "-") return "";
  const negative = plain.startsWith("-");
  const [int = "0", frac = ""] = plain.replace(/^-/, "").split(".");
  const digits = int.replace(/^0+(?=\d)/, "");
  const decimals = frac.replace(/0+$/, "").padEnd(minDecimals, "0");
  const shown = `${groupThousands(digits)}${decimals ? `,${decimals}` : ""}`;
  return negative && /[1-9]/.test(shown) ? `-${shown}` : shown;
}

/**
 * The text a number field shows once left: the number in Italian notation ("1500,5" →
 * "1.500,5"), or the text unchanged when it is no number (or no whole number where one is
 * asked), for the form to refuse as typed.
 */
export function settledNumberText(text: string, opts: { minDecimals?: number; integer?: boolean } = {}): string {
  const n = parseNumber(text);
  if (n === null || (opts.integer && !Number.isInteger(n))) return text;
  return formatNumberInput(text, opts.minDecimals);
}

type DateInput = Date | string | number | null | undefined;

// The two Intl formats are made on first use, not when the module loads: the first Intl date
// format with a time zone loads the browser's time zone data, about 50 ms of a phone's main
// thread, which a page that shows no instant should not pay while it starts.
let romeDay: Intl.DateTimeFormat | null = null;

/** Today's date in Italy as 'YYYY-MM-DD' (the calendar the marketplace's dates follow). */
export function todayInItaly(now: Date = new Date()): string {
  romeDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return romeDay.format(now);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

let romeParts: Intl.DateTimeFormat | null = null;

type Parts = { year: string; month: string; day: string; hour: string; minute: string };

function partsOf(value: DateInput): Parts | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") {
    // A calendar date ('YYYY-MM-DD') is not an instant: show it as written, in any time zone.
    const m = DATE_ONLY.exec(value.trim());
    if (m) return { year: m[1]!, month: m[2]!, day: m[3]!, hour: "00", minute: "00" };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const out: Record<string, string> = {};
  romeParts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  for (const part of romeParts.formatToParts(date)) out[part.type] = part.value;
  return { year: out.year ?? "", month: out.month ?? "", day: out.day ?? "", hour: out.hour ?? "", minute: out.minute ?? "" };
}

/** A date as day.month.year: "21.11.2026". 'YYYY-MM-DD' strings are taken as written. */
export function formatDate(value: DateInput): string {
  const p = partsOf(value);
  return p ? `${p.day}.${p.month}.${p.year}` : "";
}

/** A date and time in Italian time: "21.11.2026 14:05". */
export function formatDateTime(value: DateInput): string {
  const p = partsOf(value);
  return p ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : "";
}

function padId(id: Num, width: number): string {
  const n = toNumber(id);
  if (n === null) return "";
  return String(Math.trunc(Math.abs(n))).padStart(width, "0");
}

/** A user id as shown to people: "STK0000042". */
export function stkId(id: Num): string {
  const digits = padId(id, 7);
  return digits ? `STK${digits}` : "";
}

/** A quote request number: "0000000042". */
export function requestNumber(id: Num): string {
  return padId(id, 10);
}

/**
 * The first `max` characters of a text (whitespace collapsed), cut at the last word
 * boundary when one is reasonably close, followed by an ellipsis. Short texts are
 * returned whole.
 */
export function excerpt(text: string | null | undefined, max = 75): string {
  if (!text) return "";
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  let cut = clean.slice(0, max);
  const nextIsBoundary = clean[max] === " ";
  if (!nextIsBoundary) {
    const space = cut.lastIndexOf(" ");
    // Only back off to a space that keeps most of the text; a long word is cut instead.
    if (space >= Math.floor(max * 0.6)) cut = cut.slice(0, space);
  }
  return `${cut.replace(/[\s.,;:!?\-–—]+$/, "")}…`;
}

/** A review average (the mean rating times 10, an integer) as shown: 43 → "4,3". */
export function reviewAverage(avgValue: Num): string {
  const n = toNumber(avgValue) ?? 0;
  return formatNumber(n / 10, 1);
}

/** Message keys for a subscription's label (see messages/*.json). */
export type SubscriptionLabelKey = "subscription_free_trial" | "subscription_subscription";

/**
 * A subscription's label: "free trial" while Stripe says `trialing`, "subscription" otherwise.
 * Without a translate function it returns the message key (use it as `m[key]()`).
 */
export function subscriptionLabel(stripeStatus: string | null | undefined): SubscriptionLabelKey;
export function subscriptionLabel(stripeStatus: string | null | undefined, translate: (key: SubscriptionLabelKey) => string): string;
export function subscriptionLabel(stripeStatus: string | null | undefined, translate?: (key: SubscriptionLabelKey) => string): string {
  const key: SubscriptionLabelKey = stripeStatus === "trialing" ? "subscription_free_trial" : "subscription_subscription";
  return translate ? translate(key) : key;
}

/** A street address whose house number never starts a line of its own ("Via Marconi 46", not "Via Marconi" then "46"). */
export function keepHouseNumber(address: string): string {
  return address.replace(/ (\d+\S*)$/, "\u00a0$1");
}

/**
 * A searched place as a heading says it: "Milano (MI), Italia" → "Milano (MI)". Every warehouse
 * is in Italy, so the country says nothing there (and read "Italia" on English pages); a place
 * abroad keeps its own ("Lugano, Svizzera").
 */
export function placeInItaly(location: string): string {
  return location.replace(/,\s*(Italia|Italy)$/i, "");
}
