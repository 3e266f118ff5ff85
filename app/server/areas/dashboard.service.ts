// The areas' start pages: the stocker's dashboard and the referent's profile (a summary of the
// user, the first warehouses, the latest requests) and the stock hunter's profile (the user,
// favourite warehouses, own requests); and the hunter's favourites page. Each reads in the
// name of the area's owner (checked by openArea before).
import type { Database } from "../db/database.ts";
import type { AreaOwner } from "./area-access.ts";
import type { FavouriteCard, HunterProfile, OwnerDashboard } from "../../lib/area-pages.ts";
import { myWarehousesQuery } from "../warehouses/warehouse-editing.queries.ts";
import { myWarehouseCard } from "../warehouses/warehouse-pages.service.ts";
import { anonymisedName, quotePosition } from "../requests/requests.service.ts";
import { contactOf } from "../requests/area-requests.service.ts";
import {
  favouritesCount,
  favouriteWarehouses,
  hunterRequestsCount,
  latestHunterRequests,
  latestOwnerRequestLinks,
  ownerWarehouseCounts,
  userSummaryRow,
} from "./dashboard.queries.ts";
import { isListedRow, publicSheetPath } from "../warehouses/warehouses.queries.ts";
import type { Locale } from "../../lib/locale.ts";

/** How many warehouses and requests a start page shows before linking to the full list. */
export const DASHBOARD_WAREHOUSES = 6;
export const DASHBOARD_REQUESTS = 5;

/** The stocker's dashboard or the referent's profile. */
export async function ownerDashboard(db: Database, owner: Pick<AreaOwner, "id" | "role">): Promise<OwnerDashboard> {
  const by = owner.role === "stocker" ? "owner" : "referent";
  const [user, warehouses, counts, latest] = await Promise.all([
    userSummaryRow(db, owner.id),
    myWarehousesQuery(db, { by, userId: owner.id, limit: DASHBOARD_WAREHOUSES }).execute(),
    ownerWarehouseCounts(db, { by, userId: owner.id }),
    latestOwnerRequestLinks(db, { by, userId: owner.id, limit: DASHBOARD_REQUESTS }),
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
export async function listFavourites(
  db: Database,
  ownerId: number,
  args: { page: number; limit: number; locale: Locale },
): Promise<{ favourites: FavouriteCard[]; favourites_count: number }> {
  const [rows, count] = await Promise.all([favouriteWarehouses(db, { userId: ownerId, page: args.page, limit: args.limit }), favouritesCount(db, ownerId)]);
  const favourites = rows.map((r): FavouriteCard => {
    const redeemed = r.redeemed;
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
      referent: redeemed ? contactOf(r) : null,
      quote_position: quotePosition(r),
      detail_url: publicSheetPath(args.locale, { id: r.id, redeemed, listed: isListedRow(r) }),
    };
  });
  return { favourites, favourites_count: Number(count.n) };
}

/** The hunter's profile: the user, the first favourites, the latest requests with the warehouses they went to. */
export async function hunterProfile(db: Database, ownerId: number, locale: Locale): Promise<HunterProfile> {
  const [user, favourites, requests, requestCount] = await Promise.all([
    userSummaryRow(db, ownerId),
    listFavourites(db, ownerId, { page: 0, limit: DASHBOARD_WAREHOUSES, locale }),
    latestHunterRequests(db, { userId: ownerId, limit: DASHBOARD_REQUESTS }),
    hunterRequestsCount(db, ownerId),
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
