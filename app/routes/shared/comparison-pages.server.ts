// The requester's pages of one request (decision 036), each the comparison of its offers with the
// request's summary, the twins of GET /api/stock-hunter/requests/{request_id}/offers:
// - {stock_hunter prefix}/messages/{id}: the hunter's own request (and the administrator's view
//   of it, audited as every area page, read only); a request that is not the hunter's is a 404;
// - /{locale}/requests/{token}: the request's personal link, for a visitor without an account;
//   a malformed, unknown or revoked token is the site's 404.
// ?sort= orders the rows (price, distance, rating, speed); a value that is no sort is the default.
// Both load each link's conversation, and their action takes the requester's forms: the answers
// to an offer (accept, decline, ask for changes), a message on a link, and on the personal page
// the visitor's follow-up (a new link, adding the request to an account, registering).
import { z } from "zod";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import { hunterComparison, huntersRequest, visitorComparison } from "../../server/deal/comparison.service.ts";
import { requestMessages } from "../../server/deal/conversation.service.ts";
import { visitorFollowUpView } from "../../server/deal/visitor-follow-up.service.ts";
import { comparisonPageParams, comparisonQuery, requestAccessParams } from "../../schemas/offer-comparison.ts";
import { visitorIntentSchema } from "../../schemas/visitor-follow-up.ts";
import { todayInItaly } from "../../lib/format.ts";
import { areaFrame } from "./area-pages.server.ts";
import { answerIntentSchema, handleAnswerIntent, hunterOfArea, visitorOfToken } from "./answer-intents.server.ts";
import { handleMessageIntent, messageIntentSchema } from "./conversation-intents.server.ts";
import { handleVisitorIntent, visitorIntentContext } from "./visitor-intents.server.ts";

const SORT_URL = { sort: "sort" };

/** Each link's thread, by link id (a plain object, as the page's data travels). */
async function conversationsOf(...args: Parameters<typeof requestMessages>) {
  return Object.fromEntries(await requestMessages(...args));
}

/** {stock_hunter prefix}/messages/{id}: the hunter's request, its offers compared, each link's thread. */
export const hunterComparisonPageLoader = pageLoader(
  { access: { area: "stock_hunter" }, params: comparisonPageParams, query: comparisonQuery, urlNames: SORT_URL },
  async ({ area, params, query, services }) => {
    const comparison = await hunterComparison(services.db, area.owner, params.id, {
      vatRate: services.config.billing.vatRate,
      today: todayInItaly(),
      locale: area.locale,
      sort: query.sort,
    });
    const conversations = await conversationsOf(services.db, { kind: "hunter", userId: area.owner.id }, params.id, { locale: area.locale });
    return { comparison, conversations, sort: query.sort, frame: areaFrame(area), locale: area.locale };
  },
);

/** /{locale}/requests/{token}: the request a personal link opens, its offers compared, each link's thread, the follow-up panel. */
export const visitorComparisonPageLoader = pageLoader(
  { access: "public", params: requestAccessParams, query: comparisonQuery, urlNames: SORT_URL },
  async ({ actor, params, query, locale, services }) => {
    const comparison = await visitorComparison(services.db, params.token, {
      vatRate: services.config.billing.vatRate,
      today: todayInItaly(),
      locale,
      sort: query.sort,
    });
    const requestId = comparison.request.id;
    const conversations = await conversationsOf(services.db, { kind: "visitor", requestId }, requestId, { locale });
    // The follow-up (a new link, an account to take the request over) is for a request without an account.
    const followUp = await visitorFollowUpView(services.db, params.token).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    return {
      comparison,
      conversations,
      followUp: followUp && { number: followUp.number, contact: followUp.contact, hunter: actor?.role === "stock_hunter", loggedIn: actor !== null },
      sort: query.sort,
      locale,
    };
  },
);

/** The requester's forms on a request's page: the answers to an offer and a message on a link. */
const requesterIntentSchema = z.discriminatedUnion("intent", [...answerIntentSchema.options, messageIntentSchema]);

/** The hunter's page: an administrator looking at the area reads and never writes (403). */
export const hunterComparisonPageAction = pageAction(
  { access: { area: "stock_hunter" }, params: comparisonPageParams, body: requesterIntentSchema, keepValues: true },
  async ({ area, params, body, services }) => {
    const ctx = { origin: services.config.origin };
    // The page is one of the hunter's requests: another's is not found, as its loader says.
    await huntersRequest(services.db, area.owner, params.id, area.locale);
    if (body.intent === "message") {
      if (area.asAdmin) throw new ForbiddenError();
      return handleMessageIntent(services.db, { kind: "hunter", userId: area.owner.id }, body, ctx);
    }
    return handleAnswerIntent(services.db, hunterOfArea(area), body, ctx);
  },
);

/** The personal page: the same forms in the request's name, and the visitor's follow-up. */
export const visitorComparisonPageAction = pageAction(
  {
    access: "public",
    params: requestAccessParams,
    body: z.discriminatedUnion("intent", [...requesterIntentSchema.options, visitorIntentSchema]),
    keepValues: true,
  },
  async (args) => {
    const { body, params, services } = args;
    const ctx = { origin: services.config.origin };
    if (body.intent === "renew" || body.intent === "attach" || body.intent === "register") {
      return handleVisitorIntent(services.db, params.token, body, visitorIntentContext(args));
    }
    // The follow-up's three intents are handled above: what is left is a requester's form.
    const form = body as z.infer<typeof requesterIntentSchema>;
    const who = await visitorOfToken(services.db, params.token);
    if (who.kind !== "visitor") throw new ForbiddenError();
    if (form.intent === "message") return handleMessageIntent(services.db, { kind: "visitor", requestId: who.requestId }, form, ctx);
    return handleAnswerIntent(services.db, who, form, ctx);
  },
);
