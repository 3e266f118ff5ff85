// The conversation calls of a request link, built once (app/server/deal/conversation.service.ts):
// GET and POST /api/{stocker|referent|stock-hunter}/warehouse-requests/{id}/messages, {id} the
// link, differ only in who calls; GET /api/admin/warehouse-requests/{id}/messages is the back
// office's audited read. Each route file is one line per method.
import { z } from "zod";
import { adminLinkMessagesAnswer } from "../../../schemas/admin-records-answers.ts";
import { apiAction, apiLoader, idParam } from "../../../server/http/api.ts";
import type { Actor } from "../../../server/context.ts";
import { adminLinkMessages, linkMessages, postMessage, type ConversationParty } from "../../../server/deal/conversation.service.ts";
import { messageSchema } from "../../../schemas/offers.ts";

export type ConversationArea = "stocker" | "referent" | "stock_hunter";

const params = z.object({ id: idParam });

/** The caller as a party of the thread: a handler in their own area, or the requester. */
function partyOf(area: ConversationArea, actor: Actor): ConversationParty {
  if (area === "stock_hunter") return { kind: "hunter", userId: actor.id };
  return { kind: "handler", actor, owner: { id: actor.id, role: area }, asAdmin: false };
}

/** GET …/warehouse-requests/{id}/messages → { messages: [{ message_id, side, kind, body, author, mine, created_at }] }, oldest first. */
export const linkMessagesEndpoint = (area: ConversationArea) =>
  apiLoader({ access: [area], params }, ({ actor, params, services, locale }) => linkMessages(services.db, partyOf(area, actor), params.id, { locale }));

/** POST …/warehouse-requests/{id}/messages { message } → { message_id }. */
export const postMessageEndpoint = (area: ConversationArea) =>
  apiAction({ access: [area], params, body: messageSchema }, ({ actor, params, body, services }) =>
    postMessage(services.db, partyOf(area, actor), params.id, body, { origin: services.config.origin }),
  );

/** GET /api/admin/warehouse-requests/{id}/messages: the thread read-only, the read audited. */
export const adminLinkMessagesEndpoint = () =>
  apiLoader({ access: ["admin"], params, response: adminLinkMessagesAnswer }, ({ actor, params, services, locale }) =>
    adminLinkMessages(services.db, actor, params.id, { locale }),
  );
