// The areas' start pages: the stocker's dashboard and the referent's profile (a summary of the
// user, the first warehouses, the latest requests) and the stock hunter's profile (the user,
// favourite warehouses, own requests); and the hunter's favourites page. Each reads in the
// name of the area's owner (checked by openArea before).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { AreaOwner } from "./area-access.ts";
import type { FavouriteCard, HunterProfile, OwnerDashboard, UserSummary } from "../../lib/area-pages.ts";
import { myWarehousesQuery } from "../warehouses/warehouse-editing.queries.ts";
import { myWarehouseCard } from "../warehouses/warehouse-pages.service.ts";
import { anonymisedName, quotePosition } from "../requests/requests.service.ts";
import { isListedRow, publicSheetPath } from "../warehouses/warehouses.queries.ts";
import type { Locale } from "../../lib/locale.ts";

/** How many warehouses and requests a start page shows before linking to the full list. */
export const DASHBOARD_WAREHOUSES = 6;
export const DASHBOARD_REQUESTS = 5;
/** The favourites page's page size (the areas' lists are paged by 8). */
export const FAVOURITES_PAGE_SIZE = 8;

async function userSummary(db: Database, userId: number): Promise<UserSummary> {
  return db
    .selectFrom("users")
    .select(["first_name", "last_name", "company", "email", "telephone", "created_at", "invite_count"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** The stocker's dashboard or the referent's profile. */
export async function ownerDashboard(db: Database, owner: Pick<AreaOwner, "id" | "role">): Promise<OwnerDashboard> {
  const by = owner.role === "stocker" ? "owner" : "referent";
  const column = by === "owner" ? "w.user_id" : "w.referent_id";
  const [user, warehouses, counts, latest] = await Promise.all([
    userSummary(db, owner.id),
    myWarehousesQuery(db, { by, userId: owner.id, limit: DASHBOARD_WAREHOUSES }).execute(),
    db
      .selectFrom("warehouses as w")
      .select((eb) => [
        eb.fn.countAll<number>().as("warehouses"),
        eb.fn
          .countAll<number>()
          .filterWhere((e) => e.and([e("w.status", "=", "approved"), e("w.deactivated", "=", false), e("w.redeemed", "=", false)]))
          .as("anonymised"),
        eb
          .selectFrom("warehouse_request_warehouses as link")
          .innerJoin("warehouses as w2", "w2.id", "link.warehouse_id")
          .select((e) => e.fn.countAll<number>().as("n"))
          .where(by === "owner" ? "w2.user_id" : "w2.referent_id", "=", owner.id)
          .where("link.state", "=", "pending")
          .as("pending"),
      ])
      .where(column, "=", owner.id)
      .executeTakeFirstOrThrow(),
    // The latest links of the owner's warehouses: each warehouse's newest few through
    // warehouse_request_warehouses_warehouse_created_at_idx, then the newest overall.
    db
      .selectFrom("warehouses as w")
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom("warehouse_request_warehouses as link")
            .select(["link.id", "link.warehouse_request_id", "link.state", "link.created_at"])
            .whereRef("link.warehouse_id", "=", "w.id")
            .orderBy("link.created_at", "desc")
            .limit(DASHBOARD_REQUESTS)
            .as("l"),
        (join) => join.onTrue(),
      )
      .innerJoin("warehouse_requests as r", "r.id", "l.warehouse_request_id")
      .select(["l.id as link_id", "r.id as request_id", "r.business_name", "w.id as warehouse_id", "w.name as warehouse_name", "l.created_at", "l.state"])
      .where(column, "=", owner.id)
      .orderBy("l.created_at", "desc")
      .orderBy("l.id", "desc")
      .limit(DASHBOARD_REQUESTS)
      .execute(),
  ]);
  return {
    user: { ...user, invite_count: Number(user.invite_count) },
    warehouses: warehouses.map(myWarehouseCard),
    warehouses_count: Number(counts.warehouses),
    anonymised_warehouses_count: Number(counts.anonymised),
    pending_requests_count: Number(counts.pending ?? 0),
    latest_requests: latest,
  };
}

/** A page of the hunter's favourites, newest first, anonymised unless redeemed. */
export async function listFavourites(db: Database, ownerId: number, args: { page: number; limit: number; locale: Locale }): Promise<{ favourites: FavouriteCard[]; favourites_count: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("favourites as f")
      .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
      .leftJoin("users as ref", "ref.id", "w.referent_id")
      .leftJoin("users as own", "own.id", "w.user_id")
      .select(["w.id", "w.name", "w.city", "w.province", "w.address", "w.is_hub", "w.redeemed", "w.total_m2", "w.status", "w.deactivated", "w.pub_lat", "w.pub_lng"])
      .select(["ref.first_name as ref_first", "ref.last_name as ref_last", "ref.email as ref_email", "own.first_name as own_first", "own.last_name as own_last", "own.email as own_email"])
      .select((eb) =>
        eb.selectFrom("images as i").select((e) => e.fn.coalesce("i.thumb_src", "i.src").as("src")).whereRef("i.warehouse_id", "=", "w.id").orderBy("i.position").orderBy("i.id").limit(1).as("img"),
      )
      .where("f.user_id", "=", ownerId)
      .orderBy("f.created_at", "desc")
      .orderBy("f.warehouse_id", "desc")
      .limit(args.limit)
      .offset(args.page * args.limit)
      .execute(),
    db.selectFrom("favourites").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", ownerId).executeTakeFirstOrThrow(),
  ]);
  const favourites = rows.map((r): FavouriteCard => {
    const redeemed = r.redeemed;
    // The referent answers for the warehouse; without one, the owner does.
    const contact = r.ref_email
      ? { name: [r.ref_first, r.ref_last].filter(Boolean).join(" "), email: r.ref_email }
      : r.own_email
        ? { name: [r.own_first, r.own_last].filter(Boolean).join(" "), email: r.own_email }
        : null;
    return {
      id: r.id,
      name: redeemed ? r.name : anonymisedName(r.id),
      city: r.city,
      province: r.province,
      address: redeemed ? r.address : null,
      is_hub: r.is_hub,
      redeemed,
      total_m2: r.total_m2,
      img: redeemed ? r.img : null,
      referent: redeemed ? contact : null,
      quote_position: quotePosition(r),
      detail_url: publicSheetPath(args.locale, { id: r.id, redeemed, listed: isListedRow(r) }),
    };
  });
  return { favourites, favourites_count: Number(count.n) };
}

/** The hunter's profile: the user, the first favourites, the latest requests with the warehouses they went to. */
export async function hunterProfile(db: Database, ownerId: number, locale: Locale): Promise<HunterProfile> {
  const [user, favourites, requests, requestCount] = await Promise.all([
    userSummary(db, ownerId),
    listFavourites(db, ownerId, { page: 0, limit: DASHBOARD_WAREHOUSES, locale }),
    db
      .selectFrom("warehouse_requests as r")
      .select(["r.id", "r.created_at", "r.location", "r.m2_type", "r.m2_value"])
      .select((eb) =>
        eb
          .selectFrom("warehouse_request_warehouses as link")
          .innerJoin("warehouses as w", "w.id", "link.warehouse_id")
          .select(
            sql<{ id: number; name: string; redeemed: boolean; state: "pending" | "confirmed" | "refused" }[]>`coalesce(json_agg(json_build_object(
              'id', w.id, 'name', w.name, 'redeemed', w.redeemed, 'state', link.state) order by link.id), '[]')`.as("list"),
          )
          .whereRef("link.warehouse_request_id", "=", "r.id")
          .as("warehouses"),
      )
      .where("r.user_id", "=", ownerId)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(DASHBOARD_REQUESTS)
      .execute(),
    db.selectFrom("warehouse_requests").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", ownerId).executeTakeFirstOrThrow(),
  ]);
  return {
    user: { ...user, invite_count: Number(user.invite_count) },
    favourites: favourites.favourites,
    favourites_count: favourites.favourites_count,
    requests: requests.map((r) => ({
      ...r,
      warehouses: (r.warehouses ?? []).map((w) => ({ name: w.redeemed ? w.name : anonymisedName(w.id), state: w.state })),
    })),
    requests_count: Number(requestCount.n),
  };
}
