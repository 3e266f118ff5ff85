// The back office's warehouse list: every warehouse, real names included, newest first, with
// an optional search over name, city and address (pg_trgm indexes of 0001 serve the ILIKE).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

export const ADMIN_PAGE_SIZE = 20;

/** `%term%` with LIKE's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searched(db: Database, search: string | null) {
  let query = db.selectFrom("warehouses as w");
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb("w.name", "ilike", pattern), eb("w.city", "ilike", pattern), eb("w.address", "ilike", pattern)]));
  }
  return query;
}

/** One page of the list, newest first. */
export function adminWarehousesPageQuery(db: Database, args: { search: string | null; offset: number; limit: number }) {
  return searched(db, args.search)
    .leftJoin("users as owner", "owner.id", "w.user_id")
    .select(["w.id", "w.name", "w.city", "w.province", "w.status", "w.deactivated", "w.is_hub", "w.created_at", "owner.email as owner_email", "owner.id as owner_id", "owner.role as owner_role"])
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc")
    .offset(args.offset)
    .limit(args.limit);
}

export async function listAdminWarehouses(db: Database, args: { search: string | null; offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    adminWarehousesPageQuery(db, args).execute(),
    searched(db, args.search)
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { warehouses: rows, warehouses_count: Number(total.n) };
}
