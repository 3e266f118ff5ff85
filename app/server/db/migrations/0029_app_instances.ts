// The app instances that share this database, each refreshing its own row every 30 s
// (app/server/instances/instance-registry.ts): how an instance learns it is not alone, and
// whether any of them keeps uploaded images on its own disk (images 'local') rather than in
// the shared object storage ('s3'). A row not seen for two minutes is an instance gone without
// a clean stop: ignored, then deleted. Times are the database's clock, the one all instances share.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table app_instances (
      id uuid primary key,
      hostname text not null check (length(hostname) <= 255),
      pid integer not null,
      images text not null check (images in ('local', 's3')),
      started_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table app_instances`.execute(db);
}
