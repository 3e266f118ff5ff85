// POST /api/requests/{token}/renew → { contact } (the address masked): the request's personal
// link is revoked at once and a new one goes to the request's contact address. Public: the
// token proves the e-mail was received. 404 for a link that opens nothing (bad, revoked, or its
// request taken into an account); 429 `too_many` past 3 a day per request.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { renewPersonalLink } from "../../server/deal/visitor-follow-up.service.ts";
import { requestTokenParams } from "../../schemas/visitor-follow-up.ts";
import { renewedLinkAnswer } from "../../schemas/account-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", params: requestTokenParams, response: renewedLinkAnswer }, ({ params, services, info, locale }) =>
  renewPersonalLink(services.db, params.token, { origin: services.config.origin, ip: info.ip, locale, supportEmail: services.config.supportEmail }),
);
