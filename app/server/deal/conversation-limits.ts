// How many messages a conversation takes, in one place (decision 036). Every message is relayed
// by e-mail to the other side (the typed text quoted), so the limits are there to keep a thread
// from becoming a relay: generous for a person negotiating, tight for a script.
//
// - an author with an account (a requester or a handler): 10 a minute and 60 an hour, across
//   all the links they write on (a handler answers many requests in a sitting);
// - a visitor writing through a request's personal link has no account: the request is the
//   author, 10 a minute and 30 an hour over all its links;
// - one link: 50 a day, both sides together (a negotiation that needs more is a phone call).
//
// They count stored messages (both kinds: an "ask for changes" is relayed too), over a sliding
// window, inside the transaction that writes the new one: a refused message writes nothing and
// consumes nobody's quota.
export type MessageLimit = { max: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 3600;

export const MESSAGES_PER_AUTHOR_MINUTE: MessageLimit = { max: 10, windowSeconds: MINUTE };
export const MESSAGES_PER_AUTHOR_HOUR: MessageLimit = { max: 60, windowSeconds: HOUR };
export const MESSAGES_PER_VISITOR_HOUR: MessageLimit = { max: 30, windowSeconds: HOUR };
export const MESSAGES_PER_LINK_DAY: MessageLimit = { max: 50, windowSeconds: 24 * HOUR };
