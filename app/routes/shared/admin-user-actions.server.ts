// What the back office's user lists (stockers, stock hunters) post to their own page: switch an
// account off or on (intent "active"), send the confirmation e-mail again (intent "confirm").
// The same services as the JSON calls, audited there.
import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { ConflictError, DomainError, NotFoundError } from "../../server/errors.ts";
import { sendConfirmEmail, setUserActive } from "../../server/accounts/admin-users.service.ts";
import { idNumber } from "../../schemas/common.ts";
import type { UserActionResult } from "../../components/admin/UserActions.tsx";

export async function adminUserAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<UserActionResult> {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const form = await pageWork(() => readFormData(request));
  const intent = form.get("intent");
  const userId = idNumber.safeParse(form.get("user_id"));
  if (!userId.success || (intent !== "active" && intent !== "confirm")) return { ok: false, intent: null, error: "invalid" };
  const services = context.get(servicesContext);
  try {
    if (intent === "active") {
      const active = form.get("active") === "1";
      await setUserActive(services.db, actor, userId.data, active);
      return { ok: true, intent, user_id: userId.data, active };
    }
    await sendConfirmEmail(services.db, actor, userId.data, { origin: services.config.origin, secret: services.secret });
    return { ok: true, intent, user_id: userId.data };
  } catch (err) {
    if (err instanceof ConflictError) return { ok: false, intent, error: err.code };
    if (err instanceof NotFoundError) return { ok: false, intent, error: "not_found" };
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}
