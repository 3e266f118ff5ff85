// A promo code's use is taken when the subscription is initialised, before any payment, and given
// back if that attempt is dropped without starting (decision 013): promo_reserved says a
// subscription holds one of its code's uses. Subscriptions that started with a code already
// counted theirs (the old rule counted a use at the start); attempts waiting at this migration took
// none, and take theirs when they start, as before. The billing job finds the unpaid attempts to
// drop by their age.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table subscriptions add column promo_reserved boolean not null default false`.execute(db);
  await sql`update subscriptions set promo_reserved = true where promo_code_id is not null and started_at is not null`.execute(db);
  await sql`create index subscriptions_incomplete_created_at_idx on subscriptions (created_at) where stripe_status = 'incomplete'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists subscriptions_incomplete_created_at_idx`.execute(db);
  await sql`alter table subscriptions drop column if exists promo_reserved`.execute(db);
}
