// POST /api/users/{id}/reset-password with { user_data: { rpt_token, rpt_token_expire_at,
// password } } → { user_id }. Every session of the account ends; the person logs in again.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../server/http/api.ts";
import { resetPassword } from "../../server/accounts/password-reset.service.ts";
import { resetPasswordSchema } from "../../schemas/auth.ts";
import { clearSessionCookie } from "../../server/http/cookies.ts";
import { userIdAnswer } from "../../schemas/answer-parts.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "public", params: z.object({ id: idParam }), body: resetPasswordSchema, response: userIdAnswer },
  async ({ body, params, services, info, actor }) => {
    const result = await resetPassword(services.db, params.id, { token: body.user_data.rpt_token, password: body.user_data.password }, { ip: info.ip });
    // The browser's own session ended too if it was this account's.
    const headers = actor?.id === params.id ? { "Set-Cookie": clearSessionCookie(info.secure) } : undefined;
    return Response.json({ user_id: result.userId }, { headers });
  },
);
