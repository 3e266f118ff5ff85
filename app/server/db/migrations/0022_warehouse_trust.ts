// What a seeker weighs before writing to a warehouse, kept on the warehouse row so the search
// can show and order by it at any catalogue size without recounting: its hunters' reviews
// (how many, and their mean average, on the reviews' 0–50 scale) and how its handlers answer
// quote requests (how many reached it, how many were answered, and the median time from the
// request to the first answer). Kept fresh by the application when a review is written or a
// request is answered.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table warehouses
      add column review_count integer not null default 0,
      add column rating_avg smallint,
      add column requests_received integer not null default 0,
      add column requests_answered integer not null default 0,
      add column answer_seconds_median integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table warehouses
      drop column review_count,
      drop column rating_avg,
      drop column requests_received,
      drop column requests_answered,
      drop column answer_seconds_median`.execute(db);
}
