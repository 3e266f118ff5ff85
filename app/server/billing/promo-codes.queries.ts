// SQL of promo codes: the back office's list and changes (/admin/promo-codes), and a code's uses
// as subscriptions take and give them back. The validity window arrives as calendar days and is
// stored as instants in Italian time: valid_from at 00:00 of its day, valid_until at 00:00 of the
// day after the last one (promo-codes.service.ts treats it as exclusive).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { PromoCodeInput } from "../../schemas/promo-codes.ts";

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

/** Newest first. */
export function promoCodesPageQuery(db: Database, args: { limit: number; offset: number }) {
  return db.selectFrom("promo_codes").select(columns).orderBy("created_at", "desc").orderBy("id", "desc").limit(args.limit).offset(args.offset);
}

export async function countPromoCodes(db: Database): Promise<number> {
  const row = await db
    .selectFrom("promo_codes")
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
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
