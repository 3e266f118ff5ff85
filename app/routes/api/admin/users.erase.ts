// POST /api/admin/users/{id}/erase { reason } → { user_id, erased: true }: erases the account on
// a GDPR request (personal data removed or anonymised, the quote requests kept for the
// warehouses' owners, invoices and the audit log kept), audited with the reason. 409 for an
// administrator, oneself, an account already erased, an owner with warehouses on the site or a
// live subscription. See app/server/accounts/user-data.service.ts.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { eraseUser } from "../../../server/accounts/user-data.service.ts";
import { gdprEraseBody } from "../../../schemas/gdpr.ts";
import { userErasedAnswer } from "../../../schemas/admin-records-answers.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: gdprEraseBody, response: userErasedAnswer },
  ({ actor, params, body, services }) => eraseUser(services.db, actor, params.id, { reason: body.reason }),
);
export const loader = methodNotAllowed;
