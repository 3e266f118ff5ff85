// Catch-all for /api/*: a JSON 404 (the root middleware has already applied the area
// guard, so /api/admin/anything answers 401/403 before this).
import { apiNotFound } from "../../server/http/api.ts";

export const loader = apiNotFound;
export const action = apiNotFound;
