// POST /login → { user_id }. The spec's login popup posts here; error1 (401) on wrong
// credentials, error2 (422) on missing fields, 429 past the login limits. A success also
// renews the browser's device cookie, which keeps it trusted by the login limits.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { login } from "../../server/accounts/auth.service.ts";
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from "../../server/accounts/device-cookie.ts";
import { deviceCookie, readCookie, sessionCookie } from "../../server/http/cookies.ts";
import { loginSchema } from "../../schemas/auth.ts";
import { loginAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", body: loginSchema, response: loginAnswer }, async ({ request, body, services, info, actor }) => {
  const session = await login(services.db, {
    email: body.email,
    password: body.password,
    remember: body.remember,
    ip: info.ip,
    userAgent: info.userAgent,
    previousSessionId: actor?.sessionId,
    deviceCookie: readCookie(request, DEVICE_COOKIE),
    secret: services.secret,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(session.token, { maxAgeSeconds: session.maxAgeSeconds, secure: info.secure }));
  // Renewed at every login: the browser stays trusted for a year after its last login.
  headers.append("Set-Cookie", deviceCookie(DEVICE_COOKIE, session.deviceCookie, { maxAgeSeconds: DEVICE_TTL_SECONDS, secure: info.secure }));
  return Response.json({ user_id: session.userId, role: session.role }, { headers });
});
