// The SQL of a warehouse's referent (warehouse-referents.service.ts decides).
import type { Database } from "../db/database.ts";

/**
 * The referents an owner already has: the ones it (or a referent of its warehouses) created,
 * and the ones assigned to any of its warehouses. For an unclaimed warehouse: the ones the
 * actor created.
 */
export function listOwnerReferents(db: Database, args: { ownerId: number | null; actorId: number }) {
  return db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email", "telephone", "active"])
    .select((eb) => eb("password_hash", "is not", null).as("completed"))
    .where("role", "=", "referent")
    .where((eb) =>
      args.ownerId === null
        ? eb("created_by", "=", args.actorId)
        : eb.or([
            eb("created_by", "=", args.ownerId),
            eb("id", "in", eb.selectFrom("warehouses").select("referent_id").where("user_id", "=", args.ownerId).where("referent_id", "is not", null)),
            eb("created_by", "in", eb.selectFrom("warehouses").select("referent_id").where("user_id", "=", args.ownerId).where("referent_id", "is not", null)),
          ]),
    )
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}
export type OwnerReferent = Awaited<ReturnType<typeof listOwnerReferents>>[number];

/** A user's company (a new referent takes its owner's); undefined for no such user. */
export async function findUserCompany(db: Database, args: { id: number }): Promise<string | null | undefined> {
  return (await db.selectFrom("users").select(["company"]).where("id", "=", args.id).executeTakeFirst())?.company;
}

/** A user's language. */
export async function findUserLang(db: Database, args: { id: number }) {
  return (await db.selectFrom("users").select("lang").where("id", "=", args.id).executeTakeFirstOrThrow()).lang;
}

export async function setWarehouseReferent(db: Database, args: { warehouseId: number; referentId: number }): Promise<void> {
  await db.updateTable("warehouses").set({ referent_id: args.referentId }).where("id", "=", args.warehouseId).execute();
}

export async function setOwnerRequestEmailsOf(db: Database, args: { warehouseId: number; enabled: boolean }): Promise<void> {
  await db.updateTable("warehouses").set({ owner_request_emails: args.enabled }).where("id", "=", args.warehouseId).execute();
}
