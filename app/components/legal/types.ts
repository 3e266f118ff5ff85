// The shape of a legal document. The texts are long, structured and full of figures taken from
// the configuration and the code (prices, trial days, limits, retention periods), so they are
// kept as typed modules per document and locale (app/components/legal/content/*.{it,en}.ts),
// each a function of LegalFacts, rather than as hundreds of message keys: the type makes both
// languages give every document, and the tests check that they give the same sections.
// The page's own interface (contents, labels, "last updated") stays in messages (legal2_*).
import type { LegalPage } from "../../lib/paths.ts";

/** The operator's identity as configured (OPERATOR_*); null: not configured. */
export type LegalOperator = { name: string | null; vat: string | null; address: string | null; email: string | null; pec: string | null };

/**
 * What the texts state about this installation, read from the configuration and from the
 * constants the code enforces (app/routes/legal/legal.server.ts), so the texts cannot drift
 * from the product.
 */
export type LegalFacts = {
  operator: LegalOperator;
  /** Card payments through Stripe are configured. */
  cardPayments: boolean;
  /** Uploaded photos go to S3-compatible object storage (else the app's own disk). */
  s3Images: boolean;
  /** An online (Nominatim-compatible) geocoder is configured (else the embedded gazetteer only). */
  onlineGeocoder: boolean;
  /** The host the browser loads the map style and tiles from. */
  mapHost: string;
  /** Prices per warehouse and period, in cents, VAT included. */
  prices: { yearly: number; sixMonths: number };
  trialDays: number;
  vatRate: number;
  transferReminderDays: number;
  /** Warehouses one quote request may reach at most. */
  maxQuoteWarehouses: number;
  /** Accepted quote requests per hour: per account; per visitor's IP address; per visitor's e-mail address. */
  quoteLimits: { account: number; visitorIp: number; visitorContact: number };
  /** Reports one user may send per hour. */
  reportsPerHour: number;
  sessions: { rememberDays: number; browserMaxDays: number; idleHours: number; maxPerUser: number };
  tokens: { confirmCodeMinutes: number; resetMinutes: number; invitationDays: number; changeEmailHours: number; keptDays: number };
  rateLimitHours: number;
  cookies: { pendingRegistrationHours: number; deviceDays: number; localeDays: number };
};

/** A piece of running text: plain, bold, a link to another legal document or the web, or an operator's detail. */
export type Inline =
  string | { strong: string } | { doc: LegalPage; text: string } | { href: string; text: string } | { operator: "name" | "vat" | "address" | "email" | "pec" };

export type Rich = string | Inline[];

export type Block =
  | { p: Rich }
  | { ul: Rich[] }
  | { table: { head: string[]; rows: Rich[][] } }
  /** The operator's identity card (name, VAT number, address, e-mail, PEC). */
  | { operator: true };

export type LegalSubsection = { id: string; title: string; blocks: Block[] };
export type LegalSection = { id: string; title: string; blocks: Block[]; subsections?: LegalSubsection[] };
export type LegalText = { intro: Rich[]; sections: LegalSection[] };
export type LegalTextOf = (facts: LegalFacts) => LegalText;

/**
 * When each document last changed (ISO day). Change the date with the text: registrations and
 * quote requests record when the conditions were accepted, and this is the version they saw.
 */
export const LEGAL_UPDATED: Record<LegalPage, string> = {
  "privacy-policy": "2026-11-26",
  "general-conditions": "2026-11-23",
  "stocker-conditions": "2026-11-23",
  "stock-hunter-conditions": "2026-11-26",
};
