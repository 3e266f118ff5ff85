// Support requests (the #support-overlay popup): stored with what the browser says about
// itself and e-mailed to the operator's support address, in one transaction. Replying to the
// e-mail writes to the person who asked. The only recipient is the operator: no mail goes to
// the address written in the form, so the form cannot relay text to strangers.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { JsonObject } from "../db/types.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { hit } from "../security/rate-limit.ts";
import { SUPPORT_PER_EMAIL, SUPPORT_PER_IP, SUPPORT_PER_USER } from "../accounts/limits.ts";
import type { AccountContext } from "../accounts/account-context.ts";
import type { SupportData } from "../../schemas/support.ts";
import { insertSupportRequest } from "./support.queries.ts";
import { fullName } from "../../lib/person-name.ts";

function describeAgent(data: Record<string, unknown> | null, fallback: string): string {
  if (!data) return fallback;
  if (typeof data.user_agent === "string") return data.user_agent;
  return JSON.stringify(data).slice(0, 1000);
}

/** Store a support request and queue its e-mail to the operator. `actor` is null for a visitor. */
export async function sendSupportRequest(db: Database, actor: Actor | null, data: SupportData, ctx: AccountContext): Promise<{ supportRequestId: number }> {
  if (actor) {
    await hit(db, SUPPORT_PER_USER, [`user:${actor.id}`]);
  } else {
    await hit(db, SUPPORT_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
    await hit(db, SUPPORT_PER_EMAIL, [`email:${data.email}`]);
  }
  const agent = data.user_agent_data ?? (ctx.userAgent ? { user_agent: ctx.userAgent.slice(0, 1000) } : null);
  return db.transaction().execute(async (trx) => {
    const id = await insertSupportRequest(trx, {
      user_id: actor?.id ?? null,
      first_name: data.first_name,
      last_name: data.last_name,
      business_name: data.business_name,
      email: data.email,
      message: data.message,
      privacy: true,
      user_agent_data: agent as JsonObject | null,
      ip: ctx.ip || null,
      lang: ctx.locale,
    });
    // The operator reads Italian.
    await queueMail(trx, {
      to: ctx.supportEmail,
      lang: "it",
      template: "support_request",
      replyTo: data.email,
      data: {
        id,
        name: fullName(data),
        businessName: data.business_name,
        email: data.email,
        message: data.message,
        userAgent: describeAgent(agent, ctx.userAgent),
        userId: actor?.id ?? null,
        lang: ctx.locale,
      },
      origin: ctx.origin,
    });
    return { supportRequestId: id };
  });
}
