// The specification catalogue as the back office reads and writes it. The catalogue is small
// (about a hundred values in seven groups), so the list's search is a plain ILIKE over the
// four texts, and its orders (group, title, active) and its export sort those few rows as read.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { likePattern } from "../db/like.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import { SPECIFICATIONS_ORDER, type SpecificationsOrderKey } from "../../lib/list-params.ts";
import type { SpecificationInput, SpecificationTexts } from "../../schemas/specification.ts";

/** The list's filters: the search, the group, active (shown) or hidden. */
export type SpecificationFilters = { search: string | null; catId: number | null; active?: boolean };
export type SpecificationListArgs = SpecificationFilters & { order?: ListOrder<SpecificationsOrderKey>; offset: number; limit: number };

function filtered(db: Database, args: SpecificationFilters) {
  let query = db.selectFrom("specifications as s");
  if (args.search) {
    const like = likePattern(args.search);
    query = query.where((eb) =>
      eb.or([eb("s.value", "ilike", like), eb("s.value_en", "ilike", like), eb("s.description", "ilike", like), eb("s.description_en", "ilike", like)]),
    );
  }
  if (args.catId !== null) query = query.where("s.cat_id", "=", args.catId);
  if (args.active !== undefined) query = query.where("s.hidden", "=", !args.active);
  return query;
}

/**
 * The list's order: by group (the default: group, then catalogue position, as the forms show
 * them), by title (any case) or by active (the shown ones last going up, as the users' lists put
 * the switched-off first); ties in the group's order, then by id, all in the same direction.
 */
function listed(db: Database, args: SpecificationFilters & { order?: ListOrder<SpecificationsOrderKey> }) {
  const order = args.order ?? SPECIFICATIONS_ORDER.defaults;
  const dir = order.dir === "asc" ? sql`asc` : sql`desc`;
  let query = filtered(db, args)
    .innerJoin("specification_categories as c", "c.id", "s.cat_id")
    .select(["s.id", "s.cat_id", "s.value", "s.value_en", "s.description", "s.description_en", "s.hidden", "c.name as cat_name", "c.name_en as cat_name_en"]);
  if (order.key === "title") query = query.orderBy(sql`lower(s.value) ${dir}`);
  else if (order.key === "active") query = query.orderBy(sql`(not s.hidden) ${dir}`);
  return query
    .orderBy(sql`s.cat_id ${dir}`)
    .orderBy(sql`s.position ${dir}`)
    .orderBy(sql`s.id ${dir}`);
}

/** One page, in the order asked (the group's by default). */
export function specificationsPage(db: Database, args: SpecificationListArgs) {
  return listed(db, args).offset(args.offset).limit(args.limit).execute();
}

/** Every specification the list shows, in its order: the export (a catalogue of about a hundred, read at once). */
export function specificationsForExport(db: Database, args: SpecificationFilters & { order: ListOrder<SpecificationsOrderKey> }) {
  return listed(db, args).execute();
}

export async function countSpecifications(db: Database, args: SpecificationFilters): Promise<number> {
  const row = await filtered(db, args)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function listCategories(db: Database) {
  return db.selectFrom("specification_categories").select(["id", "name", "name_en"]).orderBy("id").execute();
}

export function findSpecification(db: Database, args: { id: number; lock?: boolean }) {
  let query = db
    .selectFrom("specifications")
    .select(["id", "cat_id", "value", "value_en", "description", "description_en", "hidden", "position"])
    .where("id", "=", args.id);
  if (args.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function categoryExists(db: Database, args: { id: number }): Promise<boolean> {
  return !!(await db.selectFrom("specification_categories").select("id").where("id", "=", args.id).executeTakeFirst());
}

/** A new value goes at the end of its group. */
export async function insertSpecification(db: Database, args: SpecificationInput): Promise<number> {
  const row = await db
    .insertInto("specifications")
    .values({
      ...args,
      position: sql<number>`(select coalesce(max(position), -1) + 1 from specifications where cat_id = ${args.cat_id})`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateSpecificationTexts(db: Database, args: { id: number; texts: SpecificationTexts }): Promise<void> {
  await db
    .updateTable("specifications")
    .set({ ...args.texts, updated_at: sql`now()` })
    .where("id", "=", args.id)
    .execute();
}

export async function setHidden(db: Database, args: { id: number; hidden: boolean }): Promise<void> {
  await db
    .updateTable("specifications")
    .set({ hidden: args.hidden, updated_at: sql`now()` })
    .where("id", "=", args.id)
    .execute();
}
