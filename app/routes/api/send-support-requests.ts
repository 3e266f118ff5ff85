// POST /api/send-support-requests with { support_data } → { error: false, support_request_id }.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { sendSupportRequest } from "../../server/support/support.service.ts";
import { accountContext } from "../../server/accounts/account-context.ts";
import { sendSupportSchema } from "../../schemas/support.ts";
import { supportRequestAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "public", body: sendSupportSchema, response: supportRequestAnswer },
  async ({ body, actor, services, info, locale }) => {
    const result = await sendSupportRequest(services.db, actor, body.support_data, accountContext(services, info, locale));
    return { error: false, support_request_id: result.supportRequestId };
  },
);
