// POST /api/tokens/{id}/revoke → { id, already_revoked }: the token stops working at once. Another
// user's token is 404.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../server/http/api.ts";
import { revokeApiToken } from "../../server/api-tokens/api-tokens.service.ts";
import { revokedApiTokenAnswer } from "../../schemas/api-tokens.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: ["stocker", "referent", "admin"], params: z.object({ id: idParam }), sessionOnly: true, response: revokedApiTokenAnswer },
  ({ actor, params, services }) => revokeApiToken(services.db, actor, actor.id, params.id),
);
