// POST /api/recover-password with { user_data: { email } } → { success: true }, the same
// whether or not the address has an account (no way to learn who is registered here).
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { requestPasswordReset } from "../../server/accounts/password-reset.service.ts";
import { accountContext } from "../../server/accounts/account-context.ts";
import { recoverPasswordSchema } from "../../schemas/auth.ts";
import { successAnswer } from "../../schemas/answer-parts.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", body: recoverPasswordSchema, response: successAnswer }, async ({ body, services, info, locale }) => {
  await requestPasswordReset(services.db, body.user_data.email, accountContext(services, info, locale));
  return { success: true };
});
