// The owner of a warehouse that has a referent hears of every quote request to it too (the
// referent handles them): in the app always, by e-mail unless the owner turned that off for
// this warehouse. On by default, so existing owners start hearing of their leads.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table warehouses add column owner_request_emails boolean not null default true`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table warehouses drop column owner_request_emails`.execute(db);
}
