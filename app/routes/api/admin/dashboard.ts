// GET /api/admin/dashboard → { new_stokers, new_requests, transfers_waiting, stockers,
// stock_hunters, requests }: the back office's dashboard counters (the spec's names, its
// new_stokers spelling included; new requests are those of the last 7 days).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { dashboardCounters } from "../../../server/admin/dashboard.queries.ts";

export const loader = apiLoader({ access: ["admin"] }, ({ services }) => dashboardCounters(services.db));
export const action = methodNotAllowed;
