// POST /login → { user_id }. The spec's login popup posts here; error1 (401) on wrong
// credentials, error2 (422) on missing fields.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { login } from "../../server/accounts/auth.service.ts";
import { sessionCookie } from "../../server/http/cookies.ts";
import { loginSchema } from "../../schemas/auth.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", body: loginSchema }, async ({ body, services, info, actor }) => {
  const session = await login(services.db, {
    email: body.email,
    password: body.password,
    remember: body.remember,
    ip: info.ip,
    userAgent: info.userAgent,
    previousSessionId: actor?.sessionId,
  });
  return Response.json(
    { user_id: session.userId, role: session.role },
    { headers: { "Set-Cookie": sessionCookie(session.token, { maxAgeSeconds: session.maxAgeSeconds, secure: info.secure }) } },
  );
});
