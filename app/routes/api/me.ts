// GET /api/me: the current user (the spec's "Current user": id, role, favourite_ids and
// contact details), or null for a visitor.
import { apiLoader } from "../../server/http/api.ts";
import { currentUser } from "../../server/accounts/current-user.ts";
import { currentUserAnswer } from "../../schemas/public-answers.ts";

export const loader = apiLoader({ access: "public", response: currentUserAnswer }, async ({ actor, services }) => ({
  user: actor ? await currentUser(services.db, actor) : null,
}));
