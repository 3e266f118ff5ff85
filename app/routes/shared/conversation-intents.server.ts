// The "message" intent of the pages that show a link's conversation (LinkConversation posts to
// its page with intent=message, link_id and message): the body of
// POST …/warehouse-requests/{id}/messages with the link's id, and the same service. A page's
// action mounts it in a few lines:
//
//   export const action = pageAction({ access: { area: "stocker" }, body: messageIntentSchema, keepValues: true }, ({ area, body, services }) =>
//     handleMessageIntent(services.db, handlerParty(area), body, { origin: services.config.origin }));
//
// keepValues gives the form back what was typed when the message is refused (without JavaScript
// the page is drawn again). A link the handler does not handle is not found, as the state
// selector answers on the same pages.
import { z } from "zod";
import type { Database } from "../../server/db/database.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import { postMessage, type ConversationParty } from "../../server/deal/conversation.service.ts";
import type { AreaPage } from "./area-pages.server.ts";
import { messageSchema } from "../../schemas/offers.ts";
import { idNumber } from "../../schemas/common.ts";
import type { MessageIntentResult } from "../../lib/conversation.ts";

export type { MessageIntentResult };

/**
 * intent=message, link_id, message. A browser posts a textarea's line ends as "\r\n": they are
 * read as "\n" before the length is checked, so the limit counts what the box showed.
 */
export const messageIntentSchema = messageSchema.extend({
  intent: z.literal("message"),
  link_id: idNumber,
  message: z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), messageSchema.shape.message),
});

/** A handler's area page as a party of the thread (its owner, acting or looked at by an administrator, who only reads). */
export function handlerParty(area: AreaPage): ConversationParty {
  const role = area.owner.role;
  if (role !== "stocker" && role !== "referent") throw new NotFoundError();
  return { kind: "handler", actor: area.actor, owner: { id: area.owner.id, role }, asAdmin: area.asAdmin };
}

/** Posts the message; a link that is not the party's is not found (an administrator's attempt stays refused). */
export async function handleMessageIntent(
  db: Database,
  who: ConversationParty,
  body: z.infer<typeof messageIntentSchema>,
  ctx: { origin: string },
): Promise<MessageIntentResult> {
  try {
    const { message_id } = await postMessage(db, who, body.link_id, { message: body.message }, ctx);
    return { ok: true, intent: "message", link_id: body.link_id, message_id };
  } catch (err) {
    if (err instanceof ForbiddenError && err.code === "forbidden") throw new NotFoundError();
    throw err;
  }
}
