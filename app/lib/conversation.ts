// The conversation on a request link, as the server answers it (app/server/deal/conversation.service.ts)
// and the views draw it (app/components/deal/LinkConversation.tsx); here, so the component needs no
// server module.
import type { PageActionFailure } from "./page-action.ts";

/** One message of a link's thread, oldest first. */
export type ConversationMessage = {
  message_id: number;
  /** Who wrote it: the requester (an account or a visitor's personal link) or a handler of the warehouse. */
  side: "hunter" | "handler";
  /** "changes": the requester asked for changes to the offer (written by the negotiation's step). */
  kind: "message" | "changes";
  /** Plain text, as typed: a view shows it as text, never as markup. */
  body: string;
  /** Who wrote it, as the viewer reads it: "Tu", "Il richiedente", a handler's first name. */
  author: string;
  /** Written by the viewer (or, for a handler, by the area's owner). */
  mine: boolean;
  created_at: Date | string;
};

export type LinkConversationData = { messages: ConversationMessage[] };

/** Who is reading: the requester's side, the warehouse's side, or an administrator (read-only). */
export type ConversationViewer = "hunter" | "handler" | "admin";

/** What a page's "message" intent answers on success (app/routes/shared/conversation-intents.server.ts). */
export type MessageIntentResult = { ok: true; intent: "message"; link_id: number; message_id: number };

/** The page action's answer if it is about this link's box (a page may show several conversations). */
export function aboutLink(
  result: MessageIntentResult | PageActionFailure | null | undefined,
  linkId: number,
): MessageIntentResult | PageActionFailure | undefined {
  if (!result) return undefined;
  if (result.ok) return result.intent === "message" && result.link_id === linkId ? result : undefined;
  return result.intent === "message" && result.values?.link_id === String(linkId) ? result : undefined;
}
