// What the requester's pages of a request (the hunter's and the visitor's personal page) mount
// into each row of the comparison: under a current offer still open or expired, the answers
// (accept, decline, ask for changes), under an offer already accepted or declined, what the
// requester answered; under every row, the link's conversation. One function so
// both pages show the same row the same way.
import { lazy, type ReactNode } from "react";
import type { ComparisonRow, RequestComparison } from "../../lib/offer-comparison.ts";
import { aboutLink, type ConversationMessage } from "../../lib/conversation.ts";
import { m } from "../../paraglide/messages.js";
import type { OfferAnswer as OfferAnswerType } from "./OfferAnswer.tsx";
import type { LinkConversation as LinkConversationType } from "./LinkConversation.tsx";

// The answers, the thread and the earlier offers are chunks of their own, outside the page's first load (the
// JavaScript budget). Without a Suspense boundary the server still writes them into its first
// answer, so the forms work before hydration; the browser asks for the chunks as this module runs.
const loadAnswer = () => import("./OfferAnswer.tsx");
const loadConversation = () => import("./LinkConversation.tsx");
const loadEarlier = () => import("./EarlierOffers.tsx");
const OfferAnswer = lazy(() => loadAnswer().then((module) => ({ default: module.OfferAnswer })));
const LinkConversation = lazy(() => loadConversation().then((module) => ({ default: module.LinkConversation })));
const EarlierOffers = lazy(() => loadEarlier().then((module) => ({ default: module.EarlierOffers })));
if (typeof window !== "undefined") {
  void loadAnswer();
  void loadConversation();
  void loadEarlier();
}

type Result = Parameters<typeof OfferAnswerType>[0]["lastResult"] & Parameters<typeof LinkConversationType>[0]["lastResult"];

export function requesterRowParts(props: {
  comparison: RequestComparison;
  conversations: Record<string, { messages: ConversationMessage[] }>;
  /** An administrator looking at the hunter's area: nothing to answer, nothing to write. */
  readOnly: boolean;
  lastResult?: unknown;
}): { renderActions: (row: ComparisonRow) => ReactNode; renderConversation: (row: ComparisonRow) => ReactNode } {
  const lastResult = (props.lastResult ?? null) as Result | null;
  const openOffers = props.comparison.rows.filter((r) => r.offer?.status === "open").length;
  return {
    renderActions: (row) => {
      const earlier = row.earlier_offers.length > 0 ? <EarlierOffers offers={row.earlier_offers} /> : null;
      const offer = row.offer;
      if (props.readOnly || !offer) return earlier;
      // An offer the requester answered says so (and, right after the answer, what was done):
      // without it, the accept's confirmation and "the warehouse now has to confirm" never show.
      const answered = offer.status === "accepted" || offer.status === "declined";
      if (!answered && ((offer.status !== "open" && offer.status !== "expired") || row.state === "refused")) return earlier;
      const answer = (
        <OfferAnswer offer={offer} linkId={row.link_id} otherOpenOffers={openOffers - (offer.status === "open" ? 1 : 0)} lastResult={lastResult} />
      );
      return earlier ? (
        <>
          {answer}
          {earlier}
        </>
      ) : (
        answer
      );
    },
    renderConversation: (row) => {
      const messages = props.conversations[String(row.link_id)]?.messages ?? [];
      // Folded while empty: five empty boxes would bury the comparison. Open when there is
      // something to read, or the last message sent here was refused.
      return (
        <details
          className="rounded-lg border border-slate-200 bg-white px-3 py-2"
          open={messages.length > 0 || aboutLink(lastResult, row.link_id) !== undefined}
        >
          <summary className="cursor-pointer py-3 text-sm font-medium text-slate-900">{m.thr_summary({ count: messages.length })}</summary>
          <div className="pb-3">
            <LinkConversation
              messages={messages}
              viewer={props.readOnly ? "admin" : "hunter"}
              canWrite={!props.readOnly}
              linkId={row.link_id}
              lastResult={lastResult}
            />
          </div>
        </details>
      );
    },
  };
}
