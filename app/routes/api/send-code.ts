// POST /send-code (no body; or { email } on a device without the pending registration) →
// { user_id } and a new code by e-mail. With an address, the answer is the same whether or
// not it waits for a code.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { resendConfirmationCode } from "../../server/accounts/confirm-code.service.ts";
import { accountContext } from "../../server/accounts/account-context.ts";
import { PENDING_COOKIE, readPendingRegistration } from "../../server/accounts/pending-registration.ts";
import { readCookie } from "../../server/http/cookies.ts";
import { jsonError } from "../../server/http/respond.ts";
import { sendCodeSchema } from "../../schemas/auth.ts";
import { sendCodeAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", body: sendCodeSchema, response: sendCodeAnswer }, async ({ request, body, services, info, locale }) => {
  const pendingId = readPendingRegistration(services.secret, readCookie(request, PENDING_COOKIE));
  const ctx = accountContext(services, info, locale);
  if (pendingId) {
    const userId = await resendConfirmationCode(services.db, { userId: pendingId, email: null }, ctx);
    // The account was confirmed meanwhile (or removed): nothing to send.
    if (!userId) return jsonError(409, "no_pending_registration", locale);
    return { user_id: userId };
  }
  if (!body.email) return jsonError(422, "invalid", locale, { errors: { email: "required" } });
  await resendConfirmationCode(services.db, { userId: null, email: body.email }, ctx);
  return { success: true };
});
