// SQL of promo codes: the back office's list (filtered, sorted, exported) and changes (/admin/promo-codes), and a code's uses
// as subscriptions take and give them back. The validity window arrives as calendar days and is
// stored as instants in Italian time: valid_from at 00:00 of its day, valid_until at 00:00 of the
// day after the last one (promo-codes.service.ts treats it as exclusive).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { PromoCodeInput } from "../../schemas/promo-codes.ts";
import { likePattern } from "../db/like.ts";
import { normalisePromoCode } from "../../lib/promo-codes.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import { PROMO_CODES_ORDER, type PromoCodesOrderKey, type PromoStateFilter } from "../../lib/list-params.ts";

const columns = [
  "id",
  "code",
  "amount_off",
  "percent_off",
  "hub_percent_off",
  "active",
  "valid_from",
  "valid_until",
  "max_redemptions",
  "times_redeemed",
  "created_at",
  "updated_at",
] as const;

const dayStart = (day: string | null) => (day === null ? null : sql<Date>`((${day}::date)::timestamp at time zone 'Europe/Rome')`);
const dayAfter = (day: string | null) => (day === null ? null : sql<Date>`((${day}::date + 1)::timestamp at time zone 'Europe/Rome')`);

function values(input: PromoCodeInput) {
  return {
    code: input.code,
    amount_off: input.amount_off,
    percent_off: input.percent_off,
    hub_percent_off: input.hub_percent_off,
    valid_from: dayStart(input.valid_from),
    valid_until: dayAfter(input.valid_until),
    max_redemptions: input.max_redemptions,
    active: input.active,
  };
}

/** The back office list's filters: the code's text (any part, any case) and the state asked (none: all). */
export type PromoCodeFilters = { search: string | null; state?: PromoStateFilter };

/**
 * The codes matching the filters, as of `now`: usable now (active, inside its window, uses left:
 * what a stocker could type), expired (its window over, switched off or not) or used up (all its
 * uses taken).
 */
function filtered(db: Database, filters: PromoCodeFilters, now: Date) {
  let query = db.selectFrom("promo_codes");
  if (filters.search) query = query.where("code", "ilike", likePattern(normalisePromoCode(filters.search)));
  if (filters.state === "usable")
    query = query.where((eb) =>
      eb.and([
        eb("active", "=", true),
        eb.or([eb("valid_from", "is", null), eb("valid_from", "<=", now)]),
        eb.or([eb("valid_until", "is", null), eb("valid_until", ">", now)]),
        eb.or([eb("max_redemptions", "is", null), eb("times_redeemed", "<", eb.ref("max_redemptions"))]),
      ]),
    );
  else if (filters.state === "expired") query = query.where("valid_until", "<=", now);
  else if (filters.state === "used_up") query = query.where("max_redemptions", "is not", null).where("times_redeemed", ">=", (eb) => eb.ref("max_redemptions"));
  return query;
}

/** The columns the list sorts by; a code without an end comes after every end going up (PostgreSQL's nulls last), first going down. */
const ORDER_COLUMN: Record<PromoCodesOrderKey, "code" | "created_at" | "times_redeemed" | "valid_until"> = {
  code: "code",
  created_at: "created_at",
  uses: "times_redeemed",
  expiry: "valid_until",
};

/**
 * One page of the list, in the order asked, ties by id the same way. The codes are a hand-made
 * list of the back office (tens, not thousands): no index for the orders (decision 053).
 */
export function promoCodesPageQuery(
  db: Database,
  args: { filters?: PromoCodeFilters; order?: ListOrder<PromoCodesOrderKey>; limit: number; offset: number; now?: Date },
) {
  const order = args.order ?? PROMO_CODES_ORDER.defaults;
  return filtered(db, args.filters ?? { search: null }, args.now ?? new Date())
    .select(columns)
    .orderBy(ORDER_COLUMN[order.key], order.dir)
    .orderBy("id", order.dir)
    .limit(args.limit)
    .offset(args.offset);
}

export async function countPromoCodes(db: Database, filters: PromoCodeFilters = { search: null }, now = new Date()): Promise<number> {
  const row = await filtered(db, filters, now)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** One code by id (the list's popup opened from its URL, ?edit=). */
export function findPromoCode(db: Database, id: number) {
  return db.selectFrom("promo_codes").select(columns).where("id", "=", id).executeTakeFirst();
}

/** One code, locked for the rest of the transaction (an update reads what it changes). */
export function findPromoCodeForUpdate(db: Database, id: number) {
  return db.selectFrom("promo_codes").select(columns).where("id", "=", id).forUpdate().executeTakeFirst();
}

/** A code by its text (stored upper-case: pass it normalised). */
export function findPromoCodeByCode(db: Database, code: string) {
  return db.selectFrom("promo_codes").select(columns).where("code", "=", code).executeTakeFirst();
}

/** Another code already has this text (codes are stored upper-case). */
export async function promoCodeTaken(db: Database, code: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom("promo_codes").select("id").where("code", "=", code);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertPromoCode(db: Database, input: PromoCodeInput) {
  return db.insertInto("promo_codes").values(values(input)).returning(columns).executeTakeFirstOrThrow();
}

export function updatePromoCode(db: Database, id: number, input: PromoCodeInput) {
  return db.updateTable("promo_codes").set(values(input)).where("id", "=", id).returning(columns).executeTakeFirstOrThrow();
}

/**
 * Takes one use of a promo code, unless none is left: one conditional statement, so concurrent
 * callers wait for each other's row lock and each re-reads the count (PostgreSQL re-checks the
 * condition on the latest row), and no more than the maximum ever get one. Returns whether it was taken.
 */
export async function takePromoUse(db: Database, id: number): Promise<boolean> {
  const taken = await db
    .updateTable("promo_codes")
    .set((eb) => ({ times_redeemed: eb("times_redeemed", "+", 1) }))
    .where("id", "=", id)
    .where((eb) => eb.or([eb("max_redemptions", "is", null), eb("times_redeemed", "<", eb.ref("max_redemptions"))]))
    .returning("id")
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Gives back the promo code's use held by a subscription that never started (an attempt dropped,
 * replaced or expired). Once: the subscription's flag is cleared in the same statement that reads it.
 */
export async function releasePromoUse(db: Database, subscriptionId: number): Promise<void> {
  const released = await db
    .updateTable("subscriptions")
    .set({ promo_reserved: false })
    .where("id", "=", subscriptionId)
    .where("promo_reserved", "=", true)
    .where("started_at", "is", null)
    .returning("promo_code_id")
    .executeTakeFirst();
  if (released?.promo_code_id === null || released?.promo_code_id === undefined) return;
  await db
    .updateTable("promo_codes")
    .set((eb) => ({ times_redeemed: eb("times_redeemed", "-", 1) }))
    .where("id", "=", released.promo_code_id)
    .where("times_redeemed", ">", 0)
    .execute();
}

/** The subscription holds one of its promo code's uses (taken when it started rather than at init-subscription). */
export async function markPromoReserved(db: Database, subscriptionId: number): Promise<void> {
  await db.updateTable("subscriptions").set({ promo_reserved: true }).where("id", "=", subscriptionId).execute();
}
