// A catalogue of 80,000 warehouses for the query plan tests of the lists and reads over the whole
// catalogue (built once a day and cloned: catalogue.ts): 2,000 owners, the first 400 subscribed;
// 30% of the warehouses claimed, a quarter of the subscribers' covered (redeemed); 50 provinces,
// one hub in 50, a quarter with declared spaces, photos on four in five, a few pending, refused
// or deactivated.
import { sql } from "kysely";
import { defineCatalogue } from "./catalogue.ts";

export const WAREHOUSE_CATALOGUE_SIZE = 80_000;

export const WAREHOUSE_CATALOGUE = defineCatalogue("admin_warehouse_list", async (db) => {
  // 2,000 owners, the first 400 with a running subscription; 30% of the warehouses claimed.
  await sql`
    insert into users (email, role, account_type, invite_code)
    select 'wl-owner-' || g || '@plan.test', 'stocker', 0, 'WLO' || g from generate_series(1, 2000) g`.execute(db);
  await sql`
    insert into subscriptions (user_id, stripe_status, plan, payment_type, price_unit_amount, started_at, ends_at)
    select u.id, 'active', 'yearly', 'card', 49000, now() - interval '30 days', now() + interval '300 days'
    from users u where u.email like 'wl-owner-%' and substring(u.email from 'wl-owner-(\\d+)@')::int <= 400`.execute(db);
  // 50 provinces, one hub in 50, a quarter with declared spaces, photos on four in five.
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, status, is_hub, total_m2, images_count, user_id, deactivated, created_at)
    select 'Lista ' || g, 'Italia', 'Via Lista ' || g, lpad((g % 99999)::text, 5, '0'), 'Città ' || (g % 700),
           (array['MI','RM','TO','NA','BO','FI','GE','VE','VR','PD','BG','BS','MB','VA','CO','PV','LO','CR','MN','PC',
                  'PR','RE','MO','FE','RA','FC','RN','AN','PU','MC','AP','PG','TR','LT','FR','VT','RI','AQ','PE','CH',
                  'TE','BA','TA','LE','BR','FG','SA','CE','AV','BN'])[1 + g % 50],
           41 + random(), 12 + random(),
           case when g % 40 = 0 then 'pending' when g % 97 = 0 then 'refused' else 'approved' end,
           g % 50 = 0, 500 + (g % 300) * 100, case when g % 5 = 0 then 0 else 1 + g % 12 end,
           case when g % 10 < 3 then (select min(id) from users where email like 'wl-owner-%') + g % 2000 end,
           g % 200 = 0, now() - (g || ' minutes')::interval
    from generate_series(1, ${WAREHOUSE_CATALOGUE_SIZE}) g`.execute(db);
  await sql`
    insert into warehouse_spaces (warehouse_id, m2_type, quantity, available_from, available_until)
    select id, case when id % 3 = 0 then 'pallet' else 'm2' end, 100 + id % 900, current_date - 30,
           case when id % 8 = 0 then current_date - 1 else null end
    from warehouses where id % 4 = 0`.execute(db);
  // A quarter of the subscribers' warehouses covered by their subscription: redeemed (kept by triggers).
  await sql`
    insert into subscription_warehouses (subscription_id, warehouse_id)
    select s.id, w.id from warehouses w join subscriptions s on s.user_id = w.user_id where w.id % 4 = 1`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
  await sql`analyze users`.execute(db);
  await sql`analyze subscriptions`.execute(db);
  await sql`analyze subscription_warehouses`.execute(db);
  await sql`analyze warehouse_spaces`.execute(db);
});
