// Promo codes, all of them here: the back office's list (filtered, sorted, exported), creating and changing a code (every
// change audited in its transaction, with the values before and after), and a stocker's use of
// one. A code is typed in any case and stored upper-case (normalisePromoCode in
// app/lib/promo-codes.ts, the one normaliser, which the form's schema uses too). A stocker's code
// must be usable now (usablePromoCode, by the same states the back office shows); its use is
// taken at init-subscription (reservePromoUse), given back by an attempt that never starts
// (releasePromoUse), and kept by one that does (keepPromoUse).
// A subscription copies the discounts when it is made (promoDiscounts), so changing a code later
// never changes what anyone already pays.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError, NotFoundError, ValidationError, type FieldErrors } from "../errors.ts";
import { auditAdminAction, changedFields } from "../audit/audit.ts";
import { todayInItaly } from "../../lib/format.ts";
import { hasTwoDecimalsAtMost, isIsoDay, MAX_AMOUNT_OFF, MAX_REDEMPTIONS, type PromoCodeInput } from "../../schemas/promo-codes.ts";
import { normalisePromoCode, PROMO_CODE_PATTERN, PROMO_PAGE_SIZE, type EditedPromoCode } from "../../lib/promo-codes.ts";
import type { ExportColumn } from "../http/table-export.ts";
import type { CsvCell } from "../http/csv.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import { PROMO_CODES_ORDER, type PromoCodesOrderKey } from "../../lib/list-params.ts";
import * as q from "./promo-codes.queries.ts";

export type PromoCodeState = "active" | "inactive" | "scheduled" | "expired" | "used_up";

/** A code of the back office's list: what its form edits (lib/promo-codes.ts), and more. */
export type PromoCodeItem = EditedPromoCode & {
  valid_from: Date | null;
  valid_until: Date | null;
  created_at: Date;
  /** Whether a stocker could use it now, and if not why. */
  state: PromoCodeState;
};

function requireAdmin(actor: Actor | null): Actor {
  if (!actor || actor.role !== "admin") throw new ForbiddenError();
  return actor;
}

type Row = NonNullable<Awaited<ReturnType<typeof q.findPromoCodeForUpdate>>>;

// numeric(5, 2) columns arrive as strings.
const num = (value: number | string | null) => (value === null ? null : Number(value));

/** A promo code's discounts as the price rule reads them; a subscription's copy of them has the same columns. */
export type PromoDiscounts = { amountOff: number | null; percentOff: number | null; hubPercentOff: number | null };

export function promoDiscounts(
  row: { amount_off: number | null; percent_off: number | string | null; hub_percent_off: number | string | null } | null,
): PromoDiscounts {
  return { amountOff: row?.amount_off ?? null, percentOff: num(row?.percent_off ?? null), hubPercentOff: num(row?.hub_percent_off ?? null) };
}

function stateOf(row: Row, now: Date): PromoCodeState {
  if (!row.active) return "inactive";
  if (row.valid_from && row.valid_from > now) return "scheduled";
  if (row.valid_until && row.valid_until <= now) return "expired";
  if (row.max_redemptions !== null && row.times_redeemed >= row.max_redemptions) return "used_up";
  return "active";
}

/** What the audit keeps of a code, and what the list shows of it (the numeric columns as numbers). */
function audited(row: Row) {
  return {
    code: row.code,
    amount_off: row.amount_off,
    percent_off: num(row.percent_off),
    hub_percent_off: num(row.hub_percent_off),
    active: row.active,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    max_redemptions: row.max_redemptions,
  };
}

function toItem(row: Row, now: Date): PromoCodeItem {
  return {
    id: row.id,
    ...audited(row),
    valid_from_day: row.valid_from ? todayInItaly(row.valid_from) : null,
    // Stored as the instant the code stops working: the last day is the one before.
    valid_until_day: row.valid_until ? todayInItaly(new Date(row.valid_until.getTime() - 1)) : null,
    times_redeemed: row.times_redeemed,
    created_at: row.created_at,
    state: stateOf(row, now),
  };
}

// ---------------------------------------------------------------- a stocker's use

export type PromoRow = Row;

const REFUSALS: Partial<Record<PromoCodeState, string>> = {
  inactive: "promo_unknown",
  scheduled: "promo_expired",
  expired: "promo_expired",
  used_up: "promo_used_up",
};

/**
 * The promo code a stocker typed, if it can be used now: unknown or inactive → "unknown", outside
 * its validity window → "expired", at its maximum of uses → "used_up" (ValidationError on
 * promo_code; nothing is discounted).
 */
export async function usablePromoCode(db: Database, typed: string, now = new Date()): Promise<PromoRow> {
  const code = normalisePromoCode(typed);
  const promo = code ? await q.findPromoCodeByCode(db, code) : undefined;
  const refusal = promo ? REFUSALS[stateOf(promo, now)] : "promo_unknown";
  if (refusal) throw new ValidationError({ promo_code: refusal }, refusal);
  return promo!;
}

/**
 * Takes one use of the code for a new attempt: a code with no use left (another stocker took the
 * last one meanwhile) is refused, before anything is paid.
 */
export async function reservePromoUse(trx: Database, promo: PromoRow): Promise<void> {
  if (!(await q.takePromoUse(trx, promo.id))) throw new ValidationError({ promo_code: "promo_used_up" }, "promo_used_up");
}

/** Gives back the use held by a subscription that never started (dropped, replaced or expired); once. */
export const releasePromoUse = (trx: Database, subscriptionId: number) => q.releasePromoUse(trx, subscriptionId);

/**
 * A subscription starting with a promo code holds one of its uses: taken at init-subscription. One
 * that took none (initialised before uses were taken there, or whose use was given back and Stripe
 * started it all the same) takes it now if one is left; it was paid at its quoted price either way.
 */
export async function keepPromoUse(trx: Database, row: { id: number; promo_code_id: number | null; promo_reserved: boolean }): Promise<void> {
  if (row.promo_code_id === null || row.promo_reserved) return;
  if (await q.takePromoUse(trx, row.promo_code_id)) await q.markPromoReserved(trx, row.id);
}

// ---------------------------------------------------------------- the back office

export type PromoCodesOrder = ListOrder<PromoCodesOrderKey>;
export type { PromoCodeFilters } from "./promo-codes.queries.ts";

/** One page (from 1) of the codes matching the filters, in the order asked (newest first by default), and how many match. */
export async function listPromoCodes(
  db: Database,
  actor: Actor | null,
  args: { page: number; limit?: number; filters?: q.PromoCodeFilters; order?: PromoCodesOrder },
  now = new Date(),
): Promise<{ promo_codes: PromoCodeItem[]; promo_codes_count: number }> {
  requireAdmin(actor);
  const limit = args.limit ?? PROMO_PAGE_SIZE;
  const filters = args.filters ?? { search: null };
  const [rows, count] = await Promise.all([
    q.promoCodesPageQuery(db, { filters, order: args.order, limit, offset: (Math.max(1, args.page) - 1) * limit, now }).execute(),
    q.countPromoCodes(db, filters, now),
  ]);
  return { promo_codes: rows.map((r) => toItem(r, now)), promo_codes_count: count };
}

/** The code the list's popup edits when its URL names it (?edit=id), wherever it is in the list; null when there is none. */
export async function promoCodeToEdit(db: Database, actor: Actor | null, id: number, now = new Date()): Promise<PromoCodeItem | null> {
  requireAdmin(actor);
  const row = await q.findPromoCode(db, id);
  return row ? toItem(row, now) : null;
}

const STATE_WORDS: Record<PromoCodeState, string> = {
  active: "Attivo",
  inactive: "Disattivato",
  scheduled: "Non ancora valido",
  expired: "Scaduto",
  used_up: "Esaurito",
};

/** A 'YYYY-MM-DD' day as an instant inside it in Italy (noon UTC), which both formats show as that day. */
const dayCell = (day: string | null) => (day === null ? null : new Date(`${day}T12:00:00Z`));

/** The promo codes' export: what the list shows, each discount in its own typed column, the validity's days as dates. */
export const PROMO_CODES_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Codice", type: "text", width: 20 },
  { header: "Sconto (€)", type: "euro" },
  { header: "Sconto (%)", type: "number" },
  { header: "Sconto hub (%)", type: "number" },
  { header: "Valido dal", type: "date" },
  { header: "Valido fino al", type: "date" },
  { header: "Utilizzi", type: "integer" },
  { header: "Utilizzi massimi", type: "integer" },
  { header: "Attivo", type: "boolean" },
  { header: "Stato", type: "text", width: 18 },
  { header: "Creato il", type: "datetime", width: 18 },
];

/** GET /api/admin/export-promo-codes: the codes the list shows, in its order, by pages of the query; audited as an export. */
export async function exportPromoCodes(
  db: Database,
  actor: Actor | null,
  filters: q.PromoCodeFilters,
  order: PromoCodesOrder = PROMO_CODES_ORDER.defaults,
  now = new Date(),
): Promise<AsyncIterable<CsvCell[]>> {
  const admin = requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, admin, {
      action: "promo_code.export",
      entityType: "promo_code",
      entityId: null,
      details: { search: filters.search, state: filters.state ?? null, order: `${order.key} ${order.dir}` },
    }),
  );
  const size = 500;
  return (async function* () {
    for (let offset = 0; ; offset += size) {
      const rows = await q.promoCodesPageQuery(db, { filters, order, limit: size, offset, now }).execute();
      for (const row of rows) {
        const p = toItem(row, now);
        yield [
          p.code,
          p.amount_off === null ? null : p.amount_off / 100,
          p.percent_off,
          p.hub_percent_off,
          dayCell(p.valid_from_day),
          dayCell(p.valid_until_day),
          p.times_redeemed,
          p.max_redemptions,
          p.active,
          STATE_WORDS[p.state],
          p.created_at,
        ];
      }
      if (rows.length < size) return;
    }
  })();
}

/**
 * The rules of a code, whoever calls (the page validates with the same limits first): the code's
 * form, exactly one discount in its range, a window whose first day is not after its last, a
 * maximum of uses of at least 1. Returns the input normalised (the code upper-case).
 */
function checkInput(input: PromoCodeInput): PromoCodeInput {
  const errors: FieldErrors = {};
  const code = normalisePromoCode(input.code ?? "");
  if (!code) errors.code = "required";
  else if (!PROMO_CODE_PATTERN.test(code)) errors.code = "promo_code_format";

  const given = [input.amount_off, input.percent_off, input.hub_percent_off].filter((v) => v !== null && v !== undefined);
  if (given.length === 0) errors.discount = "required";
  else if (given.length > 1) errors.discount = "one_discount";
  else if (input.amount_off !== null && !(Number.isInteger(input.amount_off) && input.amount_off >= 1 && input.amount_off <= MAX_AMOUNT_OFF))
    errors.amount_off = "invalid";
  for (const key of ["percent_off", "hub_percent_off"] as const) {
    const value = input[key];
    if (value !== null && !(Number.isFinite(value) && value > 0 && value <= 100 && hasTwoDecimalsAtMost(value))) errors[key] = "percent_range";
  }

  if (input.valid_from !== null && !isIsoDay(input.valid_from)) errors.valid_from = "invalid";
  if (input.valid_until !== null && !isIsoDay(input.valid_until)) errors.valid_until = "invalid";
  // The last day may be the first (one day of validity): the stored instants are then a day apart.
  else if (input.valid_from !== null && input.valid_until !== null && !errors.valid_from && input.valid_until < input.valid_from)
    errors.valid_until = "date_order";

  if (input.max_redemptions !== null && !(Number.isInteger(input.max_redemptions) && input.max_redemptions >= 1 && input.max_redemptions <= MAX_REDEMPTIONS))
    errors.max_redemptions = "invalid";

  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { ...input, code, active: input.active === true };
}

const isUniqueViolation = (err: unknown) => typeof err === "object" && err !== null && (err as { code?: string }).code === "23505";

/** Two administrators saving the same new code at once: the second gets the same answer as a taken one. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError({ code: "taken" });
    throw err;
  }
}

export async function createPromoCode(db: Database, actor: Actor | null, input: PromoCodeInput): Promise<{ promo_code_id: number }> {
  const admin = requireAdmin(actor);
  const clean = checkInput(input);
  return uniquely(() =>
    db.transaction().execute(async (trx) => {
      if (await q.promoCodeTaken(trx, clean.code, null)) throw new ValidationError({ code: "taken" });
      const row = await q.insertPromoCode(trx, clean);
      await auditAdminAction(trx, admin, {
        action: "promo_code.create",
        entityType: "promo_code",
        entityId: row.id,
        details: { after: changedFields({}, audited(row)) },
      });
      return { promo_code_id: row.id };
    }),
  );
}

export async function updatePromoCode(db: Database, actor: Actor | null, id: number, input: PromoCodeInput): Promise<{ promo_code_id: number }> {
  const admin = requireAdmin(actor);
  const clean = checkInput(input);
  return uniquely(() =>
    db.transaction().execute(async (trx) => {
      const before = await q.findPromoCodeForUpdate(trx, id);
      if (!before) throw new NotFoundError();
      if (await q.promoCodeTaken(trx, clean.code, id)) throw new ValidationError({ code: "taken" });
      // The uses already counted stay; the maximum cannot go below them.
      if (clean.max_redemptions !== null && clean.max_redemptions < before.times_redeemed) {
        throw new ValidationError({ max_redemptions: "below_redeemed" });
      }
      const after = await q.updatePromoCode(trx, id, clean);
      const changes = changedFields(audited(before), audited(after));
      if (Object.keys(changes).length) {
        await auditAdminAction(trx, admin, { action: "promo_code.update", entityType: "promo_code", entityId: id, details: { code: after.code, changes } });
      }
      return { promo_code_id: id };
    }),
  );
}
