// Reads and writes of the offers on a request link (decision 036): every revision is a row of
// request_offers, the newest the current one; at most one is open (request_offers_one_open_idx).
// Plain functions of (db, args), run inside the service's transaction.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { OfferState } from "../db/types.ts";
import type { OfferData } from "../../schemas/offers.ts";
import type { Locale } from "../../lib/locale.ts";
import { REQUEST_FIELDS, specificationsOf } from "../requests/area-requests.queries.ts";

const OFFER_COLUMNS = [
  "id",
  "link_id",
  "revision",
  "state",
  "m2_type",
  "quantity",
  "price_month",
  "handling_in",
  "handling_out",
  "one_off_fee",
  "start_date",
  "end_date",
  "min_term_months",
  "included",
  "notes",
  "valid_until",
  "decline_reason",
  "created_at",
] as const;

/** The offers of a link, newest revision first. */
export function findLinkOffers(db: Database, linkId: number) {
  return db.selectFrom("request_offers").select(OFFER_COLUMNS).where("link_id", "=", linkId).orderBy("revision", "desc").execute();
}

/** The current offer of a link (its newest revision), if any. */
export function findCurrentOffer(db: Database, linkId: number) {
  return db.selectFrom("request_offers").select(OFFER_COLUMNS).where("link_id", "=", linkId).orderBy("revision", "desc").limit(1).executeTakeFirst();
}

/** One offer of a link, by id (another link's offer is not found). */
export function findLinkOffer(db: Database, args: { linkId: number; offerId: number }) {
  return db.selectFrom("request_offers").select(OFFER_COLUMNS).where("id", "=", args.offerId).where("link_id", "=", args.linkId).executeTakeFirst();
}

export async function setOfferState(db: Database, args: { offerId: number; state: OfferState }): Promise<void> {
  await db
    .updateTable("request_offers")
    .set({ state: args.state, state_changed_at: sql`now()` })
    .where("id", "=", args.offerId)
    .execute();
}

export function insertOffer(db: Database, args: { linkId: number; revision: number; offer: OfferData; createdBy: number }) {
  const o = args.offer;
  return db
    .insertInto("request_offers")
    .values({
      link_id: args.linkId,
      revision: args.revision,
      m2_type: o.m2_type,
      quantity: o.quantity,
      price_month: o.price_month,
      handling_in: o.handling_in,
      handling_out: o.handling_out,
      one_off_fee: o.one_off_fee,
      start_date: o.start_date,
      end_date: o.end_date,
      min_term_months: o.min_term_months,
      included: o.included,
      notes: o.notes,
      valid_until: o.valid_until,
      created_by: args.createdBy,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

/**
 * The current offer's status of each of `linkIds` (the requests list shows it by each link):
 * link id → the newest revision's state and valid_until.
 */
export async function currentOfferStates(db: Database, linkIds: number[]): Promise<Map<number, { state: OfferState; valid_until: string }>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("request_offers")
    .distinctOn("link_id")
    .select(["link_id", "state", "valid_until"])
    .where("link_id", "in", linkIds)
    .orderBy("link_id")
    .orderBy("revision", "desc")
    .execute();
  return new Map(rows.map((r) => [r.link_id, { state: r.state, valid_until: r.valid_until }]));
}

/** What prefills a first offer: the warehouse's private costs and its declared free spaces, newest first. */
export async function findOfferPrefillSources(db: Database, warehouseId: number) {
  const [costs, spaces] = await Promise.all([
    db.selectFrom("warehouses").select(["m2_month", "m2_pallet", "handling_cost"]).where("id", "=", warehouseId).executeTakeFirst(),
    db
      .selectFrom("warehouse_spaces")
      .select(["m2_type", "quantity", "available_from", "available_until", "min_term_months", "price_month"])
      .where("warehouse_id", "=", warehouseId)
      .orderBy("available_from")
      .orderBy("id")
      .execute(),
  ]);
  return { costs: costs ?? null, spaces };
}

/** A link with its request's fields and specifications in `locale`, for the handler's page of it. */
export function findHandlerLink(db: Database, linkId: number, locale: Locale) {
  return db
    .selectFrom("warehouse_request_warehouses as link")
    .innerJoin("warehouse_requests as r", "r.id", "link.warehouse_request_id")
    .select(["link.created_at as link_created_at"])
    .select(REQUEST_FIELDS)
    .select(specificationsOf(locale))
    .where("link.id", "=", linkId)
    .executeTakeFirst();
}
