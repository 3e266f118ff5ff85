// POST /api/users/{id}/complete-account with { user_data, u_token } → { user_id, role,
// warehouse_id } and a session cookie: the invited person's profile and password. The page
// then goes to the stocker's warehouse edit page or the referent's profile.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../server/http/api.ts";
import { completeAccount } from "../../server/accounts/invitations.service.ts";
import { accountContext } from "../../server/accounts/account-context.ts";
import { sessionCookie } from "../../server/http/cookies.ts";
import { completeAccountSchema } from "../../schemas/auth.ts";
import { completeAccountAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "public", params: z.object({ id: idParam }), body: completeAccountSchema, response: completeAccountAnswer },
  async ({ body, params, services, info, locale }) => {
    const { password, first_name, last_name, telephone, company, market_id, website } = body.user_data;
    const result = await completeAccount(
      services.db,
      params.id,
      body.u_token,
      { password, first_name, last_name, telephone: telephone!, company, market_id, website },
      accountContext(services, info, locale),
    );
    return Response.json(
      { user_id: result.userId, role: result.role, warehouse_id: result.warehouseId },
      { headers: { "Set-Cookie": sessionCookie(result.token, { maxAgeSeconds: result.maxAgeSeconds, secure: info.secure }) } },
    );
  },
);
