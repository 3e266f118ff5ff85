import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";

/** The spec's current user: id, role, favourite_ids, names, company, email, telephone. */
export async function currentUser(db: Database, actor: Actor) {
  const favourites = actor.role === "stock_hunter" ? await db.selectFrom("favourites").select("warehouse_id").where("user_id", "=", actor.id).orderBy("created_at").execute() : [];
  return {
    id: actor.id,
    role: actor.role,
    account_type: actor.accountType,
    first_name: actor.firstName,
    last_name: actor.lastName,
    company: actor.company,
    email: actor.email,
    telephone: actor.telephone,
    favourite_ids: favourites.map((f) => f.warehouse_id),
  };
}
