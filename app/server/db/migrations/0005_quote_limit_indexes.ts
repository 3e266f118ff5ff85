// The quote limits count accepted requests in warehouse_requests itself (requests.service.ts):
// a logged-in user's by account (warehouse_requests_user_id_created_at_idx of 0001), a
// visitor's by IP and by contact address, over the last hour. These partial indexes make
// the two visitor counts an index range scan however large the table grows.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index warehouse_requests_visitor_ip_idx on warehouse_requests (ip, created_at) where user_id is null`.execute(db);
  await sql`create index warehouse_requests_visitor_contact_idx on warehouse_requests (lower(contact), created_at) where user_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists warehouse_requests_visitor_contact_idx`.execute(db);
  await sql`drop index if exists warehouse_requests_visitor_ip_idx`.execute(db);
}
