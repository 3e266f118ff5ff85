// Reads and writes of quote requests for the logged-in areas: the links of a stocker's or a
// referent's warehouses, a stock hunter's own requests, and a link's state. Plain functions of
// (db, args), so they run the same inside a transaction.
//
// Indexes (tested in area-requests.db.test.ts on a catalogue large enough for the planner to
// choose as it would at a million warehouses):
// - handler lists: the owner's warehouses by warehouses_user_id_created_at_idx (stocker) or
//   warehouses_referent_id_created_at_idx (referent); for each of them its newest links by
//   warehouse_request_warehouses_warehouse_created_at_idx, or …_warehouse_state_idx with a
//   state filter, through a LATERAL … LIMIT (which the planner cannot flatten into a hash join
//   over the whole link table); the count sums one index-only count per warehouse on
//   …_warehouse_state_idx (warehouse_id, state, created_at), which covers every filter.
// - hunter lists: warehouse_requests_user_id_created_at_idx; the links of a request by the
//   unique (warehouse_request_id, warehouse_id) index.
import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB, LinkState } from "../db/types.ts";
import type { Locale } from "../../lib/locale.ts";
import type { LinkReview, RequestSpecification } from "../../lib/area-requests.ts";
import { displayNameSql, fullNameSql } from "../db/person-name.ts";

/** The first instant of an Italian calendar day ('YYYY-MM-DD'). */
export function romeDayStart(day: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date)::timestamp at time zone 'Europe/Rome')`;
}

/** The first instant of the Italian day after `day`: `to` is inclusive. */
export function romeDayAfter(day: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date + 1)::timestamp at time zone 'Europe/Rome')`;
}

export type HandlerBy = "owner" | "referent";

export type HandlerLinksArgs = {
  by: HandlerBy;
  userId: number;
  warehouseId: number | null;
  from: string | null;
  to: string | null;
  state: LinkState | null;
};

const handlerColumn = (by: HandlerBy) => (by === "owner" ? ("w.user_id" as const) : ("w.referent_id" as const));

/** The links of one warehouse (`w`, from the outer query) that pass the filters. */
function filteredLinks(eb: ExpressionBuilder<DB & { w: DB["warehouses"] }, "w">, args: Pick<HandlerLinksArgs, "from" | "to" | "state">) {
  let q = eb.selectFrom("warehouse_request_warehouses as link").whereRef("link.warehouse_id", "=", "w.id");
  if (args.state) q = q.where("link.state", "=", args.state);
  if (args.from) q = q.where("link.created_at", ">=", romeDayStart(args.from));
  if (args.to) q = q.where("link.created_at", "<", romeDayAfter(args.to));
  return q;
}

/**
 * One page of the links of the warehouses a user owns or manages, newest first (ties by id).
 * The overall first `offset + limit` links are among each warehouse's first `offset + limit`,
 * so each warehouse is read only that far.
 */
export function handlerLinksPageQuery(db: Database, args: HandlerLinksArgs & { offset: number; limit: number }) {
  const reach = args.offset + args.limit;
  let owned = db
    .selectFrom("warehouses as w")
    .innerJoinLateral(
      (eb) =>
        filteredLinks(eb, args)
          .select(["link.id", "link.warehouse_id", "link.warehouse_request_id", "link.state", "link.created_at"])
          .orderBy("link.created_at", "desc")
          .orderBy("link.id", "desc")
          .limit(reach)
          .as("l"),
      (join) => join.onTrue(),
    )
    .select(["l.id", "l.warehouse_id", "l.warehouse_request_id", "l.state", "l.created_at"])
    .where(handlerColumn(args.by), "=", args.userId);
  if (args.warehouseId !== null) owned = owned.where("w.id", "=", args.warehouseId);
  return owned.orderBy("l.created_at", "desc").orderBy("l.id", "desc").limit(args.limit).offset(args.offset);
}

/** How many links pass the filters: one index-only count per warehouse of the user, summed. */
export function handlerLinksCountQuery(db: Database, args: HandlerLinksArgs) {
  let owned = db
    .selectFrom("warehouses as w")
    .select((eb) => sql<number>`coalesce(sum((${filteredLinks(eb, args).select((e) => e.fn.countAll().as("n"))})), 0)`.as("n"))
    .where(handlerColumn(args.by), "=", args.userId);
  if (args.warehouseId !== null) owned = owned.where("w.id", "=", args.warehouseId);
  return owned;
}

/** A request's specifications in `locale`, as a JSON list (the request is `r` in the outer query). */
export function specificationsOf(locale: Locale) {
  const value = locale === "en" ? sql`coalesce(s.value_en, s.value)` : sql`s.value`;
  const category = locale === "en" ? sql`c.name_en` : sql`c.name`;
  return (eb: ExpressionBuilder<DB & { r: DB["warehouse_requests"] }, "r">) =>
    eb
      .selectFrom("warehouse_request_specifications as rs")
      .innerJoin("specifications as s", "s.id", "rs.specification_id")
      .innerJoin("specification_categories as c", "c.id", "s.cat_id")
      .select(
        sql<
          RequestSpecification[]
        >`coalesce(json_agg(json_build_object('id', s.id, 'value', ${value}, 'category', ${category}, 'cat_id', s.cat_id) order by s.cat_id, s.position, s.id), '[]')`.as(
          "list",
        ),
      )
      .whereRef("rs.warehouse_request_id", "=", "r.id")
      .as("specifications");
}

export const REQUEST_FIELDS = [
  "r.id",
  "r.business_name",
  "r.referent",
  "r.contact",
  "r.telephone",
  "r.message",
  "r.location",
  "r.radius",
  "r.m2_type",
  "r.m2_value",
  "r.start_date",
  "r.end_date",
  "r.created_at",
] as const;

/**
 * The review `author` wrote of a link (an SQL expression for the link's id), as JSON, or null:
 * one per user and link (reviews_user_id_link_id_key).
 */
function reviewOfLink(linkId: RawBuilder<unknown>, author: RawBuilder<unknown>) {
  return sql<LinkReview | null>`(
    select json_build_object(
      'id', rv.id, 'avg_value', rv.avg_value, 'description', rv.description,
      'reliability_value', rv.reliability_value, 'communication_value', rv.communication_value,
      'services_value', rv.services_value, 'structure_value', rv.structure_value,
      'payments_value', rv.payments_value, 'goods_value', rv.goods_value, 'created_at', rv.created_at
    )
    from reviews rv
    where rv.user_id = ${author} and rv.link_id = ${linkId}
  )`;
}

/** The page of links with their warehouse and their request (fields and specifications), and the handler's review of each. */
export function handlerRequestsPage(db: Database, args: HandlerLinksArgs & { offset: number; limit: number; locale: Locale }) {
  return db
    .selectFrom(handlerLinksPageQuery(db, args).as("p"))
    .innerJoin("warehouses as w", "w.id", "p.warehouse_id")
    .innerJoin("warehouse_requests as r", "r.id", "p.warehouse_request_id")
    .select([
      "p.id as link_id",
      "p.warehouse_id",
      "p.warehouse_request_id",
      "p.state",
      "p.created_at as link_created_at",
      "w.name as warehouse_name",
      "w.city as warehouse_city",
    ])
    .select(REQUEST_FIELDS)
    .select(specificationsOf(args.locale))
    .select(reviewOfLink(sql.ref("p.id"), sql.val(args.userId)).as("review"))
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .execute();
}

/** The warehouses a user owns or manages, for a filter: id, name and city, by name. */
export function handlerWarehouseOptions(db: Database, args: { by: HandlerBy; userId: number }) {
  return db
    .selectFrom("warehouses as w")
    .select(["w.id", "w.name", "w.city"])
    .where(handlerColumn(args.by), "=", args.userId)
    .orderBy("w.name")
    .orderBy("w.id")
    .execute();
}

// ---------------------------------------------------------------- the hunter's requests

export type HunterRequestsArgs = { userId: number; from: string | null; to: string | null; state: LinkState | null };

function hunterRequestsWhere(db: Database, args: HunterRequestsArgs) {
  let q = db.selectFrom("warehouse_requests as r").where("r.user_id", "=", args.userId);
  if (args.from) q = q.where("r.created_at", ">=", romeDayStart(args.from));
  if (args.to) q = q.where("r.created_at", "<", romeDayAfter(args.to));
  const state = args.state;
  if (state) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("warehouse_request_warehouses as link")
          .select(sql`1`.as("one"))
          .whereRef("link.warehouse_request_id", "=", "r.id")
          .where("link.state", "=", state),
      ),
    );
  }
  return q;
}

/** The warehouses a request went to, with who answers for each (referent, else owner). */
export type HunterLinkRow = {
  link_id: number;
  id: number;
  name: string;
  city: string;
  address: string;
  state: LinkState;
  is_hub: boolean;
  redeemed: boolean;
  listed: boolean;
  ref_name: string | null;
  ref_email: string | null;
  own_name: string | null;
  own_email: string | null;
  /** The hunter's review of this link, if any. */
  review: LinkReview | null;
};

/** One page of a hunter's own requests, newest first (ties by id), with their links as JSON. */
export function hunterRequestsPageQuery(db: Database, args: HunterRequestsArgs & { offset: number; limit: number; locale: Locale }) {
  return hunterRequestsWhere(db, args)
    .select(REQUEST_FIELDS)
    .select(specificationsOf(args.locale))
    .select(
      sql<HunterLinkRow[]>`(
        select coalesce(json_agg(json_build_object(
          'link_id', link.id, 'id', w.id, 'name', w.name, 'city', w.city, 'address', w.address, 'state', link.state,
          'is_hub', w.is_hub, 'redeemed', w.redeemed, 'listed', w.status = 'approved' and not w.deactivated,
          'ref_name', ${fullNameSql("ref")}, 'ref_email', ref.email,
          'own_name', ${displayNameSql("own")}, 'own_email', own.email,
          'review', ${reviewOfLink(sql.ref("link.id"), sql.ref("r.user_id"))}
        ) order by link.id), '[]')
        from warehouse_request_warehouses link
        join warehouses w on w.id = link.warehouse_id
        left join users ref on ref.id = w.referent_id
        left join users own on own.id = w.user_id
        where link.warehouse_request_id = r.id
      )`.as("warehouses"),
    )
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(args.limit)
    .offset(args.offset);
}

export function hunterRequestsCountQuery(db: Database, args: HunterRequestsArgs) {
  return hunterRequestsWhere(db, args).select((eb) => eb.fn.countAll<number>().as("n"));
}

// ---------------------------------------------------------------- the hunter's page of one warehouse

/** A warehouse with who answers for it and its first picture. */
export function findWarehouseForHunter(db: Database, warehouseId: number) {
  return db
    .selectFrom("warehouses as w")
    .leftJoin("users as ref", "ref.id", "w.referent_id")
    .leftJoin("users as own", "own.id", "w.user_id")
    .select([
      "w.id",
      "w.name",
      "w.city",
      "w.province",
      "w.address",
      "w.cap",
      "w.total_m2",
      "w.is_hub",
      "w.redeemed",
      "w.status",
      "w.deactivated",
      "w.pub_lat",
      "w.pub_lng",
    ])
    .select([fullNameSql("ref").as("ref_name"), "ref.email as ref_email", displayNameSql("own").as("own_name"), "own.email as own_email"])
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
    .where("w.id", "=", warehouseId)
    .executeTakeFirst();
}

/** A hunter's requests to one warehouse, newest first (the hunter's requests by user_id, then the unique link). */
export function hunterLinksToWarehouse(db: Database, args: { userId: number; warehouseId: number }) {
  return db
    .selectFrom("warehouse_requests as r")
    .innerJoin("warehouse_request_warehouses as link", (join) =>
      join.onRef("link.warehouse_request_id", "=", "r.id").on("link.warehouse_id", "=", args.warehouseId),
    )
    .select(["link.id as link_id", "r.id as request_id", "r.created_at", "r.business_name", "link.state"])
    .select(reviewOfLink(sql.ref("link.id"), sql.ref("r.user_id")).as("review"))
    .where("r.user_id", "=", args.userId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
}

export async function isFavourite(db: Database, args: { userId: number; warehouseId: number }): Promise<boolean> {
  const row = await db
    .selectFrom("favourites")
    .select("warehouse_id")
    .where("user_id", "=", args.userId)
    .where("warehouse_id", "=", args.warehouseId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- a link's state

/**
 * A link with what a state change needs (its warehouse's owner and referent, the request's
 * sender), locked until the transaction ends so two changes of one link happen one after the other.
 */
export function lockLinkForStateChange(db: Database, linkId: number) {
  return db
    .selectFrom("warehouse_request_warehouses as link")
    .innerJoin("warehouses as w", "w.id", "link.warehouse_id")
    .innerJoin("warehouse_requests as r", "r.id", "link.warehouse_request_id")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select(["link.id", "link.state", "link.warehouse_id", "link.warehouse_request_id"])
    .select(["w.name as warehouse_name", "w.city as warehouse_city", "w.user_id as owner_id", "w.redeemed", "w.referent_id"])
    .select(["r.user_id as requester_id", "r.contact", "r.lang as request_lang"])
    .select([
      "u.email as requester_email",
      "u.first_name as requester_first_name",
      "u.lang as requester_lang",
      "u.role as requester_role",
      "u.active as requester_active",
    ])
    .where("link.id", "=", linkId)
    .forUpdate("link")
    .executeTakeFirst();
}

/**
 * Records a handler's first answer on a link (its answered_at, kept once set), whatever the
 * answer: a state change out of pending does it in setLinkState's own statement, an offer calls
 * this. The warehouse's answer figures (requests_answered, answer_seconds_median) follow by the
 * trigger of migration 0025, in the same transaction. Returns whether this was the first answer.
 */
export async function recordFirstAnswer(db: Database, linkId: number): Promise<boolean> {
  const result = await db
    .updateTable("warehouse_request_warehouses")
    .set({ answered_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", linkId)
    .where("answered_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new state: who and when, and the first answer's time (kept once set) when it leaves pending. */
export async function setLinkState(db: Database, args: { linkId: number; state: LinkState; actorId: number }): Promise<void> {
  await db
    .updateTable("warehouse_request_warehouses")
    .set({
      state: args.state,
      state_changed_at: sql`now()`,
      state_changed_by: args.actorId,
      updated_at: sql`now()`,
      ...(args.state !== "pending" ? { answered_at: sql`coalesce(answered_at, now())` } : {}),
    })
    .where("id", "=", args.linkId)
    .execute();
}

/**
 * How many of the hunter's requests come before `requestId` in the list's order (newest first),
 * or null when it is not the hunter's: the page a link to one request opens on.
 */
export async function hunterRequestPosition(db: Database, args: { userId: number; requestId: number }): Promise<number | null> {
  const target = await db
    .selectFrom("warehouse_requests")
    .select(["id", "created_at"])
    .where("id", "=", args.requestId)
    .where("user_id", "=", args.userId)
    .executeTakeFirst();
  if (!target) return null;
  const row = await db
    .selectFrom("warehouse_requests as r")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("r.user_id", "=", args.userId)
    .where((eb) => eb.or([eb("r.created_at", ">", target.created_at), eb.and([eb("r.created_at", "=", target.created_at), eb("r.id", ">", target.id)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
