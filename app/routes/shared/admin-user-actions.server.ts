// What the back office's user lists (stockers, stock hunters) post to their own page: switch an
// account off or on (intent "active", the body of POST /api/admin/users/{id}/toggle-active), send
// the confirmation e-mail again (intent "confirm"). The same services as the JSON calls, audited there.
import { z } from "zod";
import { pageAction } from "../../server/http/page.ts";
import { sendConfirmEmail, setUserActive } from "../../server/accounts/admin-users.service.ts";
import { toggleActiveBody } from "../../schemas/admin-lists.ts";
import { idNumber } from "../../schemas/common.ts";

const userActionForm = z.discriminatedUnion("intent", [
  toggleActiveBody.extend({ intent: z.literal("active"), user_id: idNumber }),
  z.object({ intent: z.literal("confirm"), user_id: idNumber }),
]);

export const adminUserAction = pageAction({ access: ["admin"], body: userActionForm }, async ({ actor, body, services }) => {
  if (body.intent === "active") {
    const active = body.user_data.active === 1;
    await setUserActive(services.db, actor, body.user_id, active);
    return { ok: true as const, intent: body.intent, user_id: body.user_id, active };
  }
  await sendConfirmEmail(services.db, actor, body.user_id, { origin: services.config.origin, secret: services.secret });
  return { ok: true as const, intent: body.intent, user_id: body.user_id };
});

/** What the switch and the e-mail button receive. */
export type UserActionResult = Awaited<ReturnType<typeof adminUserAction>>;
