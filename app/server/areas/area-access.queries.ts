// The SQL of opening an area (area-access.ts decides who may).
import type { Database } from "../db/database.ts";
import type { AreaRole } from "../../lib/area-paths.ts";

/** The user of that role whose area an administrator opens; undefined for no such user. */
export function findAreaOwner(db: Database, args: { id: number; role: AreaRole }) {
  return db
    .selectFrom("users")
    .select(["id", "role", "account_type", "email", "first_name", "last_name", "company", "telephone", "lang"])
    .where("id", "=", args.id)
    .where("role", "=", args.role)
    .executeTakeFirst();
}
