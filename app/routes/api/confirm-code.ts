// POST /confirm-code with { code, password, confirm_password?, email? } → { user_id, role }
// and a session cookie. The account is the browser's pending registration, or the one of
// `email` (a code read on another device). 422 errors: code invalid / expired / locked
// (5 wrong tries), password too short / too long / common / mismatch. A browser that asked to
// register from a visitor's personal page (visitor-takeover-cookie.ts) gets that request moved
// into the new account, and the answer names it (warehouse_request_id) for the page to open it.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { confirmRegistration } from "../../server/accounts/confirm-code.service.ts";
import { accountContext } from "../../server/accounts/account-context.ts";
import { PENDING_COOKIE, readPendingRegistration } from "../../server/accounts/pending-registration.ts";
import { clearCookie, readCookie, sessionCookie } from "../../server/http/cookies.ts";
import { confirmCodeSchema } from "../../schemas/auth.ts";
import { TAKEOVER_COOKIE, readTakeover } from "../../server/deal/visitor-takeover-cookie.ts";
import { takeOverOnConfirmation } from "../../server/deal/visitor-follow-up.service.ts";
import { confirmCodeAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "public", body: confirmCodeSchema, response: confirmCodeAnswer },
  async ({ request, body, services, info, locale }) => {
    const pendingId = readPendingRegistration(services.secret, readCookie(request, PENDING_COOKIE));
    // An address typed on the page wins: the cookie may name an account confirmed meanwhile.
    const who = body.email ? { userId: null, email: body.email } : { userId: pendingId, email: null };
    const ctx = accountContext(services, info, locale);
    const result = await confirmRegistration(services.db, who, { code: body.code, password: body.password }, ctx);
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(result.token, { maxAgeSeconds: result.maxAgeSeconds, secure: info.secure }));
    headers.append("Set-Cookie", clearCookie(PENDING_COOKIE, { httpOnly: true, secure: info.secure }));
    // Registered from a request's personal page: the request moves into the new account.
    const takeover = readTakeover(services.secret, readCookie(request, TAKEOVER_COOKIE));
    const takenOver = takeover === null ? null : await takeOverOnConfirmation(services.db, result.userId, takeover, ctx);
    if (takeover !== null) headers.append("Set-Cookie", clearCookie(TAKEOVER_COOKIE, { httpOnly: true, secure: info.secure }));
    return Response.json({ user_id: result.userId, role: result.role, ...(takenOver !== null ? { warehouse_request_id: takenOver } : {}) }, { headers });
  },
);
