// Personal access tokens (decision 059): the create call's body, shared by the JSON call and the
// tokens page's form.
import { z } from "zod";
import { numeric, requiredText } from "./common.ts";
import { API_TOKEN_DAYS, API_TOKEN_DEFAULT_DAYS, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from "../lib/api-tokens.ts";

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
