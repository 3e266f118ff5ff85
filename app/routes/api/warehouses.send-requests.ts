// POST /api/warehouses/send-requests → { error: false, warehouse_request_id } or
// { error, message, errors } (422: errors.email when a visitor writes an account's e-mail;
// errors.warehouse_ids when a warehouse cannot be asked; 429 over the rate limits).
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { ValidationError } from "../../server/errors.ts";
import { sendQuoteRequests } from "../../server/requests/requests.service.ts";
import { sendRequestsSchema } from "../../schemas/quote.ts";
import { m } from "../../paraglide/messages.js";
import { sendRequestsAnswer } from "../../schemas/search-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "public", body: sendRequestsSchema, response: sendRequestsAnswer },
  async ({ body, actor, services, info, locale }) => {
    try {
      const result = await sendQuoteRequests(services.db, actor, body, { ip: info.ip, locale, origin: services.config.origin });
      if (!result.sent) services.log.warn({ ip: info.ip }, "quote request honeypot filled: ignored");
      return { error: false, warehouse_request_id: result.warehouseRequestId };
    } catch (err) {
      if (err instanceof ValidationError && err.code === "email_taken") {
        return Response.json({ error: "email_taken", message: m.quote_error_email({}, { locale }), errors: err.errors }, { status: 422 });
      }
      throw err;
    }
  },
);
