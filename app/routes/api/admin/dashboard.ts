// GET /api/admin/dashboard → { new_stokers, new_requests, transfers_waiting, stockers,
// stock_hunters, requests, saved_searches: { active, total }, alerts_sent: { last_30_days, total },
// unsubscribes: { last_30_days, total, by_kind: { requests, deal, reminders, alerts, news } } }:
// the back office's dashboard counters (the spec's six with its names, its new_stokers spelling
// included; new requests are those of the last 7 days), then the saved searches and e-mails'.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { dashboardCounters } from "../../../server/admin/dashboard.queries.ts";

export const loader = apiLoader({ access: ["admin"] }, ({ services }) => dashboardCounters(services.db));
export const action = methodNotAllowed;
