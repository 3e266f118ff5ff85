// GET /api/admin/dashboard → { new_stokers, new_requests, transfers_waiting, stockers,
// stock_hunters, requests, saved_searches: { active, total }, alerts_sent: { last_30_days, total },
// unsubscribes: { last_30_days, total, by_kind: { requests, deal, reminders, alerts, news } },
// work_queue: { new_stockers, hub_requests, transfers, crm_follow_ups, failed_emails,
// warehouse_reports: { count, oldest_at } } }: the back office's dashboard counters (the spec's six
// with its names, its new_stokers spelling included; new requests are those of the last 7 days),
// the saved searches and e-mails', and what waits with the time its oldest has waited since
// (ISO, null when none; decision 046).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { dashboardCounters } from "../../../server/admin/dashboard.queries.ts";
import { dashboardAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: dashboardAnswer }, ({ services }) => dashboardCounters(services.db));
export const action = methodNotAllowed;
