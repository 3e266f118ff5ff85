// POST /api/requests/renew { email, request_number } → { sent: true }, whether or not a visitor's
// request has that number and contact address (the answer tells nothing): when it does, its
// current personal link goes again to that address. 422 for a malformed address or number; 429
// `too_many` past 3 a day per address or 10 an hour per client.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { resendPersonalLink } from "../../server/deal/visitor-follow-up.service.ts";
import { resendLinkSchema } from "../../schemas/visitor-follow-up.ts";
import { resentLinkAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", body: resendLinkSchema, response: resentLinkAnswer }, async ({ body, services, info, locale }) => {
  await resendPersonalLink(services.db, body, { origin: services.config.origin, ip: info.ip, locale, supportEmail: services.config.supportEmail });
  return { sent: true };
});
