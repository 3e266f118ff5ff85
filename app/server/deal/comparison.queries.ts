// The comparison's reads (decision 036): one request with what it asked, and its links, each with
// its warehouse (public position only), how long the first answer took, its current offer and
// how many offers it had. Functions of (db, args); the service decides what the requester sees.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import type { OfferRow } from "../../lib/offers.ts";
import { REQUEST_FIELDS, specificationsOf } from "../requests/area-requests.queries.ts";

/** A request with its own fields, its specifications in `locale`, its sender and its position (null when not geocoded). */
export function findComparisonRequest(db: Database, requestId: number, locale: Locale) {
  return db
    .selectFrom("warehouse_requests as r")
    .select(REQUEST_FIELDS)
    .select(["r.user_id", "r.lat", "r.lng"])
    .select(specificationsOf(locale))
    .where("r.id", "=", requestId)
    .executeTakeFirst();
}

/**
 * The links of a request, in the order they were made, with their warehouse. Only the public
 * position (pub_lat/pub_lng: jittered unless redeemed) is read, never the exact one.
 */
export function findComparisonLinks(db: Database, requestId: number) {
  return db
    .selectFrom("warehouse_request_warehouses as link")
    .innerJoin("warehouses as w", "w.id", "link.warehouse_id")
    .select(["link.id as link_id", "link.state", "link.answered_at"])
    .select(sql<number | null>`extract(epoch from link.answered_at - link.created_at)::float8`.as("answer_seconds"))
    .select(["w.id as warehouse_id", "w.name", "w.city", "w.redeemed", "w.is_hub", "w.status", "w.deactivated", "w.pub_lat", "w.pub_lng"])
    .where("link.warehouse_request_id", "=", requestId)
    .orderBy("link.id")
    .execute();
}

/** The current offer (the newest revision) of each of the links, the earlier ones (newest first), and how many offers each had. */
export async function findCurrentOffers(db: Database, linkIds: number[]): Promise<Map<number, { offer: OfferRow; earlier: OfferRow[]; revisions: number }>> {
  const found = new Map<number, { offer: OfferRow; earlier: OfferRow[]; revisions: number }>();
  if (linkIds.length === 0) return found;
  const rows = await db
    .selectFrom("request_offers as o")
    .select([
      "o.id",
      "o.link_id",
      "o.revision",
      "o.state",
      "o.m2_type",
      "o.quantity",
      "o.price_month",
      "o.handling_in",
      "o.handling_out",
      "o.one_off_fee",
      "o.start_date",
      "o.end_date",
      "o.min_term_months",
      "o.included",
      "o.notes",
      "o.valid_until",
      "o.decline_reason",
      "o.created_at",
    ])
    .select(sql<number>`count(*) over (partition by o.link_id)::int`.as("revisions"))
    .where("o.link_id", "in", linkIds)
    .orderBy("o.link_id")
    .orderBy("o.revision", "desc")
    .execute();
  for (const { revisions, ...row } of rows) {
    const offer = { ...row, id: Number(row.id), link_id: Number(row.link_id) };
    const link = found.get(offer.link_id);
    if (link) link.earlier.push(offer);
    else found.set(offer.link_id, { offer, earlier: [], revisions });
  }
  return found;
}
