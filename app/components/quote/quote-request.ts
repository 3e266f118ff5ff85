// What the quote request popup (QuoteRequestPopup.tsx) shares with its loader (QuoteRequestDialog.tsx)
// and tests: here, so neither component imports values from the other.
import { decimalText } from "../../lib/format.ts";

/** Milliseconds before a visitor's page reloads after a sent request. */
export const VISITOR_RELOAD_MS = 3000;

/** "1.200", "1.200,5", "1200,5" or "1200.5" → a number string for the server; blank → null. */
export function parseItalianNumber(raw: string): string | null {
  const text = decimalText(raw);
  return text === "" ? null : text;
}
