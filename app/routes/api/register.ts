// POST /register with { user_data, lang } → { user_id, role } or 422 { errors: { email } }
// when the address is invalid or has an account. A stock hunter's browser gets the
// pending-registration cookie the confirm-code page and POST /send-code read.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { register } from "../../server/accounts/registration.service.ts";
import { accountContext } from "../../server/accounts/account-context.ts";
import { PENDING_COOKIE, PENDING_TTL_SECONDS, signPendingRegistration } from "../../server/accounts/pending-registration.ts";
import { pendingRegistrationCookie } from "../../server/http/cookies.ts";
import { registerSchema } from "../../schemas/auth.ts";
import { registerAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", body: registerSchema, response: registerAnswer }, async ({ body, actor, services, info, locale }) => {
  const data = { ...body.user_data, lang: body.user_data.lang ?? body.lang ?? locale };
  const result = await register(services.db, actor, data, accountContext(services, info, locale));
  const headers = new Headers();
  if (result.role === "stock_hunter") {
    headers.append(
      "Set-Cookie",
      pendingRegistrationCookie(PENDING_COOKIE, signPendingRegistration(services.secret, result.userId), {
        maxAgeSeconds: PENDING_TTL_SECONDS,
        secure: info.secure,
      }),
    );
  }
  return Response.json({ user_id: result.userId, role: result.role }, { headers });
});
