// Warehouse management (decision 007): uploaded photos and the owners' and referents' lists.
//
// - images: an upload is stored twice, a large view (src/file) and a thumbnail
//   (thumb_src/thumb_file), in the local uploads folder or in S3-compatible object storage
//   (storage), so deleting an image knows where its files live even after the configuration
//   changed. Rows of the demo data keep thumb_* null (they share a pool of pictures).
// - The stocker's and the referent's warehouse lists read by owner or referent, newest first;
//   the back office's list reads every warehouse newest first (ties by id, for stable pages).
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table images
      add column thumb_src text,
      add column thumb_file text,
      add column storage text not null default 'local' check (storage in ('local', 's3')),
      add column uploaded_by bigint references users (id) on delete set null,
      add constraint images_thumb_check check ((thumb_src is null) = (thumb_file is null))`.execute(db);
  await sql`create index images_uploaded_by_idx on images (uploaded_by)`.execute(db);
  await sql`create index warehouses_user_id_created_at_idx on warehouses (user_id, created_at desc, id desc) where user_id is not null`.execute(db);
  await sql`create index warehouses_referent_id_created_at_idx on warehouses (referent_id, created_at desc, id desc) where referent_id is not null`.execute(db);
  await sql`create index warehouses_created_at_id_idx on warehouses (created_at desc, id desc)`.execute(db);
  // The plain indexes of 0001 are covered by the three above.
  await sql`drop index if exists warehouses_user_id_idx`.execute(db);
  await sql`drop index if exists warehouses_referent_id_idx`.execute(db);
  await sql`drop index if exists warehouses_created_at_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists warehouses_user_id_idx on warehouses (user_id)`.execute(db);
  await sql`create index if not exists warehouses_referent_id_idx on warehouses (referent_id)`.execute(db);
  await sql`create index if not exists warehouses_created_at_idx on warehouses (created_at desc)`.execute(db);
  await sql`drop index if exists warehouses_created_at_id_idx`.execute(db);
  await sql`drop index if exists warehouses_referent_id_created_at_idx`.execute(db);
  await sql`drop index if exists warehouses_user_id_created_at_idx`.execute(db);
  await sql`drop index if exists images_uploaded_by_idx`.execute(db);
  await sql`alter table images drop constraint if exists images_thumb_check, drop column if exists uploaded_by, drop column if exists storage, drop column if exists thumb_file, drop column if exists thumb_src`.execute(
    db,
  );
}
