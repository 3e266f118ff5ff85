// GET /api/tokens → { tokens: [{ id, name, scope, token_hint, created_at, expires_at, last_used_at, revoked_at, state }] }:
// the caller's personal access tokens, newest first (decision 059). Never the tokens themselves.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { listApiTokens } from "../../server/api-tokens/api-tokens.service.ts";
import { apiTokensAnswer } from "../../schemas/api-tokens.ts";

export const action = methodNotAllowed;

export const loader = apiLoader({ access: ["stocker", "referent", "admin"], sessionOnly: true, response: apiTokensAnswer }, async ({ actor, services }) => ({
  tokens: await listApiTokens(services.db, actor, actor.id),
}));
