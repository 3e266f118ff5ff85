// GET /api/me: the current user (the spec's "Current user": id, role, favourite_ids and
// contact details), or null for a visitor.
import { apiLoader } from "../../server/http/api.ts";
import { currentUser } from "../../server/accounts/current-user.ts";

export const loader = apiLoader({ access: "public" }, async ({ actor, services }) => ({ user: actor ? await currentUser(services.db, actor) : null }));
