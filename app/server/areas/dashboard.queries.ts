// The start pages' reads (dashboard.service.ts shapes them): the user's card, the owner's counts
// and latest requests, the hunter's favourites and latest requests.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { displayNameSql, fullNameSql } from "../db/person-name.ts";

/** The user's card of a start page. */
export function userSummaryRow(db: Database, userId: number) {
  return db
    .selectFrom("users")
    .select(["first_name", "last_name", "company", "email", "telephone", "created_at", "invite_count"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** The owner's (or the referent's) warehouses: how many, how many listed but anonymised, how many links wait for an answer. */
export function ownerWarehouseCounts(db: Database, args: { by: "owner" | "referent"; userId: number }) {
  return db
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
        .where(args.by === "owner" ? "w2.user_id" : "w2.referent_id", "=", args.userId)
        .where("link.state", "=", "pending")
        .as("pending"),
    ])
    .where(args.by === "owner" ? "w.user_id" : "w.referent_id", "=", args.userId)
    .executeTakeFirstOrThrow();
}

/**
 * The latest links of the owner's (or the referent's) warehouses: each warehouse's newest few
 * through warehouse_request_warehouses_warehouse_created_at_idx, then the newest overall.
 */
export function latestOwnerRequestLinks(db: Database, args: { by: "owner" | "referent"; userId: number; limit: number }) {
  return db
    .selectFrom("warehouses as w")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("warehouse_request_warehouses as link")
          .select(["link.id", "link.warehouse_request_id", "link.state", "link.created_at"])
          .whereRef("link.warehouse_id", "=", "w.id")
          .orderBy("link.created_at", "desc")
          .limit(args.limit)
          .as("l"),
      (join) => join.onTrue(),
    )
    .innerJoin("warehouse_requests as r", "r.id", "l.warehouse_request_id")
    .select(["l.id as link_id", "r.id as request_id", "r.business_name", "w.id as warehouse_id", "w.name as warehouse_name", "l.created_at", "l.state"])
    .where(args.by === "owner" ? "w.user_id" : "w.referent_id", "=", args.userId)
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(args.limit)
    .execute();
}

/** A page of the hunter's favourite warehouses, newest first, with who answers for each and its first picture. */
export function favouriteWarehouses(db: Database, args: { userId: number; page: number; limit: number }) {
  return db
    .selectFrom("favourites as f")
    .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
    .leftJoin("users as ref", "ref.id", "w.referent_id")
    .leftJoin("users as own", "own.id", "w.user_id")
    .select([
      "w.id",
      "w.name",
      "w.city",
      "w.province",
      "w.address",
      "w.is_hub",
      "w.redeemed",
      "w.total_m2",
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
    .where("f.user_id", "=", args.userId)
    .orderBy("f.created_at", "desc")
    .orderBy("f.warehouse_id", "desc")
    .limit(args.limit)
    .offset(args.page * args.limit)
    .execute();
}

/** How many favourites the hunter has. */
export function favouritesCount(db: Database, userId: number) {
  return db
    .selectFrom("favourites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** The hunter's latest requests, newest first, with the warehouses each went to. */
export function latestHunterRequests(db: Database, args: { userId: number; limit: number }) {
  return db
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
    .where("r.user_id", "=", args.userId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(args.limit)
    .execute();
}

/** How many requests the hunter has sent. */
export function hunterRequestsCount(db: Database, userId: number) {
  return db
    .selectFrom("warehouse_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}
