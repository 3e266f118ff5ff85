// Warehouses added to a running subscription (decision 024). An addition
// raises the subscription's amount per period and charges the difference for the rest of the
// current period: by card at once through Stripe (status confirmed when it is written), or by a
// bank transfer that waits for an administrator (pending_transfer, then confirmed; a newer
// request or an ended subscription leaves it canceled). The warehouses join the subscription,
// and become public, only when the addition is confirmed.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table subscription_additions (
      id serial primary key,
      subscription_id integer not null references subscriptions (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      warehouse_ids integer[] not null check (cardinality(warehouse_ids) > 0),
      hubs_count integer not null default 0,
      payment_type text not null check (payment_type in ('card', 'transfer')),
      status text not null check (status in ('pending_transfer', 'confirmed', 'canceled')),
      -- Cents, VAT included: charged now for the rest of the period.
      amount integer not null check (amount >= 0),
      -- Cents, VAT included: the subscription's amount per period once the addition is confirmed.
      new_amount integer not null check (new_amount >= 0),
      transfer_info text,
      confirmed_by integer references users (id) on delete set null,
      confirmed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  // One addition waits for its transfer per subscription: a new request replaces the old one.
  await sql`create unique index subscription_additions_one_waiting_idx on subscription_additions (subscription_id) where status = 'pending_transfer'`.execute(
    db,
  );
  // The back office's Transfers list reads the waiting ones, oldest first.
  await sql`create index subscription_additions_waiting_idx on subscription_additions (created_at, id) where status = 'pending_transfer'`.execute(db);
  await sql`create index subscription_additions_user_id_idx on subscription_additions (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table subscription_additions`.execute(db);
}
