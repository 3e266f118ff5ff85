// One open report per author and request link: a party who has something to report says it
// once; a second report on the same link while the first is open is refused (409
// already_reported in app/server/reviews/reviews.service.ts, and this index when two arrive at
// once). A report is open until closed (`closed_at`); the reports an author had already
// repeated on a link are kept, the first open and the later ones closed now, so the index can
// hold. Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table reports add column closed_at timestamptz`.execute(db);
  await sql`
    update reports set closed_at = now()
    where id in (
      select id from (
        select id, row_number() over (partition by user_id, link_id order by created_at, id) as n from reports
      ) numbered
      where n > 1
    )`.execute(db);
  await sql`create unique index reports_user_id_link_id_open_key on reports (user_id, link_id) where closed_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists reports_user_id_link_id_open_key`.execute(db);
  await sql`alter table reports drop column if exists closed_at`.execute(db);
}
