// Reads and writes of the warehouse form (create, update) and of the owners' pages: the whole
// row with its contacts, opening hours, specifications and photos, private costs included.
// Only the editing service calls these, after it has checked who is asking.
import type { Database } from "../db/database.ts";
import type { ContactRole, NewImage, NewWarehouse, WarehouseUpdate } from "../db/types.ts";
import { WEEKDAYS } from "../../lib/opening-hours.ts";

/** Every column the form edits, and what decides who may edit. */
export const EDITABLE_COLUMNS = [
  "name",
  "country",
  "address",
  "cap",
  "city",
  "province",
  "vat",
  "website",
  "fb_link",
  "ln_link",
  "telephone",
  "email",
  "total_m2",
  "m2",
  "m2_external",
  "m2_office",
  "height",
  "bays_number",
  "m2_cost",
  "m2_month",
  "m2_pallet",
  "handling_cost",
  "lat",
  "lng",
] as const;
export type EditableColumn = (typeof EDITABLE_COLUMNS)[number];

export function findWarehouseForEditing(db: Database, args: { id: number; lock?: boolean }) {
  let query = db
    .selectFrom("warehouses")
    .select([
      "id",
      ...EDITABLE_COLUMNS,
      "user_id",
      "referent_id",
      "status",
      "status_note",
      "is_hub",
      "to_approve",
      "deactivated",
      "redeemed",
      "owner_request_emails",
      "spaces_updated_at",
      "created_by",
      "created_at",
      "updated_at",
    ])
    .where("id", "=", args.id);
  if (args.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}
export type EditableWarehouse = NonNullable<Awaited<ReturnType<typeof findWarehouseForEditing>>>;

export async function insertWarehouse(db: Database, row: NewWarehouse): Promise<number> {
  const { id } = await db.insertInto("warehouses").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateWarehouseRow(db: Database, args: { id: number; set: WarehouseUpdate }): Promise<void> {
  await db.updateTable("warehouses").set(args.set).where("id", "=", args.id).execute();
}

export function listContacts(db: Database, args: { warehouseId: number }) {
  return db.selectFrom("contacts").select(["full_name", "phone", "email", "role"]).where("warehouse_id", "=", args.warehouseId).orderBy("id").execute();
}

/** The contacts are the form's list: replaced whole on every save. */
export async function replaceContacts(
  db: Database,
  args: { warehouseId: number; contacts: { full_name: string; phone: string | null; email: string | null; role: ContactRole }[] },
): Promise<void> {
  await db.deleteFrom("contacts").where("warehouse_id", "=", args.warehouseId).execute();
  if (args.contacts.length)
    await db
      .insertInto("contacts")
      .values(args.contacts.map((c) => ({ warehouse_id: args.warehouseId, ...c })))
      .execute();
}

export type TimesRow = Record<string, boolean | string | null>;

export async function upsertTimes(db: Database, args: { warehouseId: number; times: TimesRow }): Promise<void> {
  const columns = Object.fromEntries(WEEKDAYS.flatMap((d) => [`is_${d}_open`, `${d}_open_time`, `${d}_close_time`].map((c) => [c, args.times[c] ?? null])));
  await db
    .insertInto("warehouse_times")
    .values({ warehouse_id: args.warehouseId, ...columns })
    .onConflict((oc) => oc.column("warehouse_id").doUpdateSet(columns))
    .execute();
}

/** The catalogue rows among `ids`, with their hidden flag. */
export function findSpecificationsByIds(db: Database, args: { ids: number[] }) {
  if (args.ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("specifications").select(["id", "hidden"]).where("id", "in", args.ids).execute();
}

export async function listWarehouseSpecificationIds(db: Database, args: { warehouseId: number }): Promise<{ id: number; hidden: boolean }[]> {
  return db
    .selectFrom("warehouse_specifications as ws")
    .innerJoin("specifications as s", "s.id", "ws.specification_id")
    .select(["s.id", "s.hidden"])
    .where("ws.warehouse_id", "=", args.warehouseId)
    .orderBy("s.id")
    .execute();
}

export async function setWarehouseSpecifications(db: Database, args: { warehouseId: number; add: number[]; remove: number[] }): Promise<void> {
  if (args.remove.length)
    await db.deleteFrom("warehouse_specifications").where("warehouse_id", "=", args.warehouseId).where("specification_id", "in", args.remove).execute();
  if (args.add.length)
    await db
      .insertInto("warehouse_specifications")
      .values(args.add.map((id) => ({ warehouse_id: args.warehouseId, specification_id: id })))
      .execute();
}

/** Every visible catalogue value, in category and catalogue order (the form's checkboxes). */
export function listVisibleCatalogue(db: Database) {
  return db
    .selectFrom("specifications as s")
    .innerJoin("specification_categories as c", "c.id", "s.cat_id")
    .select(["s.id", "s.cat_id", "s.value", "s.value_en", "s.description", "s.description_en", "c.name as category_name", "c.name_en as category_name_en"])
    .where("s.hidden", "=", false)
    .orderBy("s.cat_id")
    .orderBy("s.position")
    .orderBy("s.id")
    .execute();
}

export function listWarehouseImages(db: Database, args: { warehouseId: number }) {
  return db
    .selectFrom("images")
    .select(["id", "src", "file", "thumb_src", "thumb_file", "storage"])
    .where("warehouse_id", "=", args.warehouseId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}
export type StoredImageRow = Awaited<ReturnType<typeof listWarehouseImages>>[number];

export async function deleteImages(db: Database, args: { warehouseId: number; ids: number[] }): Promise<void> {
  if (args.ids.length) await db.deleteFrom("images").where("warehouse_id", "=", args.warehouseId).where("id", "in", args.ids).execute();
}

/** How many photos a warehouse has. */
export async function countImages(db: Database, args: { warehouseId: number }): Promise<number> {
  const { count } = await db
    .selectFrom("images")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("warehouse_id", "=", args.warehouseId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The position after a warehouse's last photo (0 for its first). */
export async function nextImagePosition(db: Database, args: { warehouseId: number }): Promise<number> {
  const { next } = await db
    .selectFrom("images")
    .select((eb) => eb.fn.coalesce(eb.fn.max("position"), eb.lit(-1)).as("next"))
    .where("warehouse_id", "=", args.warehouseId)
    .executeTakeFirstOrThrow();
  return Number(next) + 1;
}

/** Store a photo's row (its files are stored already). */
export function insertImage(db: Database, row: NewImage) {
  return db.insertInto("images").values(row).returning(["id", "src", "thumb_src"]).executeTakeFirstOrThrow();
}

/** The referent of a warehouse, for its detail page. */
export function findUserSummary(db: Database, args: { id: number }) {
  return db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email", "telephone", "role", "password_hash", "active"])
    .where("id", "=", args.id)
    .executeTakeFirst();
}

/** A warehouse's latest request links, newest first, with their request's business name. */
export function latestRequestLinksOfWarehouse(db: Database, args: { warehouseId: number; limit: number }) {
  return db
    .selectFrom("warehouse_request_warehouses as link")
    .innerJoin("warehouse_requests as r", "r.id", "link.warehouse_request_id")
    .select(["link.id as link_id", "r.id as request_id", "r.business_name", "r.created_at", "link.state"])
    .where("link.warehouse_id", "=", args.warehouseId)
    .orderBy("link.created_at", "desc")
    .orderBy("link.id", "desc")
    .limit(args.limit)
    .execute();
}

/** A stocker's own warehouses, or a referent's managed ones, newest first, with their waiting requests and first photo. */
export function myWarehousesQuery(db: Database, args: { by: "owner" | "referent"; userId: number; limit: number }) {
  return db
    .selectFrom("warehouses as w")
    .select([
      "w.id",
      "w.name",
      "w.address",
      "w.city",
      "w.province",
      "w.total_m2",
      "w.is_hub",
      "w.status",
      "w.to_approve",
      "w.deactivated",
      "w.redeemed",
      "w.created_at",
    ])
    .select((eb) =>
      eb
        .selectFrom("warehouse_request_warehouses as link")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("link.warehouse_id", "=", "w.id")
        .where("link.state", "=", "pending")
        .as("pending_warehouse_requests_count"),
    )
    .select((eb) =>
      eb
        .selectFrom("images as i")
        .select((e) => e.fn.coalesce("i.thumb_src", "i.src").as("src"))
        .whereRef("i.warehouse_id", "=", "w.id")
        .orderBy("i.position")
        .orderBy("i.id")
        .limit(1)
        .as("img"),
    )
    .where(args.by === "owner" ? "w.user_id" : "w.referent_id", "=", args.userId)
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc")
    .limit(args.limit);
}

export type MyWarehouseRow = Awaited<ReturnType<ReturnType<typeof myWarehousesQuery>["execute"]>>[number];
