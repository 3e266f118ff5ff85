// Personal access tokens (decision 059): the create call's body, shared by the JSON call and the
// tokens page's form.
import { z } from "zod";
import { numeric, requiredText } from "./common.ts";
import { API_TOKEN_DAYS, API_TOKEN_DEFAULT_DAYS, API_TOKEN_NAME_MAX, API_TOKEN_PREFIX, API_TOKEN_SCOPES } from "../lib/api-tokens.ts";

/** POST /api/tokens/create { name, scope, expires_in_days } → { token, item }: the token is in this answer only. */
export const createApiTokenBody = z.object({
  name: requiredText(API_TOKEN_NAME_MAX),
  scope: z.enum(API_TOKEN_SCOPES),
  expires_in_days: numeric(
    z
      .number()
      .int()
      .refine((n) => (API_TOKEN_DAYS as readonly number[]).includes(n), { message: "invalid" }),
  ).default(API_TOKEN_DEFAULT_DAYS),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

// The answers, described in the API's document and checked against every answer the tests get.
const instant = z.iso.datetime();

/** A token as its owner's list shows it (ApiTokenItem): never the token, its last four characters. */
export const apiTokenItem = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  token_hint: z.string().length(4),
  created_at: instant,
  expires_at: instant,
  last_used_at: instant.nullable(),
  revoked_at: instant.nullable(),
  state: z.enum(["active", "expired", "revoked"]),
});

/** GET /api/tokens. */
export const apiTokensAnswer = z.object({ tokens: z.array(apiTokenItem) });
/** POST /api/tokens/create: the token, this once. */
export const createdApiTokenAnswer = z.object({ token: z.string().startsWith(API_TOKEN_PREFIX), item: apiTokenItem });
/** POST /api/tokens/{id}/revoke. */
export const revokedApiTokenAnswer = z.object({ id: z.number().int().positive(), already_revoked: z.boolean() });
