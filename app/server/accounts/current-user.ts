import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { listFavouriteIds } from "../favourites/favourites.queries.ts";

/** The spec's current user: id, role, favourite_ids, names, company, email, telephone. */
export async function currentUser(db: Database, actor: Actor) {
  const favourites = actor.role === "stock_hunter" ? await listFavouriteIds(db, actor.id) : [];
  return {
    id: actor.id,
    role: actor.role,
    account_type: actor.accountType,
    first_name: actor.firstName,
    last_name: actor.lastName,
    company: actor.company,
    email: actor.email,
    telephone: actor.telephone,
    favourite_ids: favourites,
  };
}
