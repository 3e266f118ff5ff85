// POST /api/tokens/create { name, scope: "read" | "read_write", expires_in_days: 7 | 30 | 90 | 365 }
// → { token, item }: a new personal access token (decision 059), in this answer only.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { createApiToken } from "../../server/api-tokens/api-tokens.service.ts";
import { createApiTokenBody, createdApiTokenAnswer } from "../../schemas/api-tokens.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: ["stocker", "referent", "admin"], body: createApiTokenBody, sessionOnly: true, response: createdApiTokenAnswer },
  ({ actor, body, services }) => createApiToken(services.db, actor, body),
);
