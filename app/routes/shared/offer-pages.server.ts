// The handler's page of one request link ({stocker|referent base}/messages/{id}, and the
// administrator's view of a stocker's): what the requester asked, the link's state, the offer
// form, the offers' history. Its loader and action call the services of the JSON twins:
// - intent "offer": the body of POST …/warehouse-requests/{id}/offers, amounts in euros as typed;
// - intent "withdraw" (offer_id): POST …/warehouse-requests/{id}/offers/{offer_id}/withdraw;
// - intent "state" (state): POST …/warehouse-requests/{id}/update (the state selector and the
//   "confirm the request" button once an offer is accepted);
// - intent "message" (link_id, message): POST …/warehouse-requests/{id}/messages, the link's
//   conversation, which the loader reads too.
// A link that is not the handler's is not found, like a missing one (the list page's rule).
// The forms post without JavaScript too: a failure comes back with what was typed.
import { z } from "zod";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import type { AppServices } from "../../server/context.ts";
import type { AreaPage } from "../../server/areas/area-access.ts";
import { handlerOfferPage, sendOffer, withdrawOffer, type OfferAccess } from "../../server/deal/offers.service.ts";
import { updateRequestState } from "../../server/requests/area-requests.service.ts";
import { sendOfferPageForm } from "../../schemas/offers.ts";
import { REQUEST_STATES } from "../../schemas/area-requests.ts";
import { idNumber } from "../../schemas/common.ts";
import type { RequestState } from "../../lib/warehouse-pages.ts";
import { areaFrame } from "./area-pages.server.ts";
import { linkMessages } from "../../server/deal/conversation.service.ts";
import { handleMessageIntent, handlerParty, messageIntentSchema, type MessageIntentResult } from "./conversation-intents.server.ts";

type Role = "stocker" | "referent";

const params = z.object({ id: idNumber });

/** What the page's forms answer when they succeed. */
export type OfferPageSaved =
  { ok: true; intent: "offer"; offer_id: number } | { ok: true; intent: "withdraw"; offer_id: number } | { ok: true; intent: "state"; state: RequestState };

const accessOf = (area: AreaPage, role: Role): OfferAccess => ({ actor: area.actor, owner: { id: area.owner.id, role }, asAdmin: area.asAdmin });

/** Another handler's link is answered as a missing one: the page does not tell whose it is. */
async function asNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ForbiddenError) throw new NotFoundError();
    throw err;
  }
}

/** {stocker|referent base}/messages/{id}: the link, its request, its offers and the offer form's starting values. */
export const handlerOfferPageLoader = (role: Role) =>
  pageLoader({ access: { area: role }, params }, async ({ area, params, services }) => {
    const page = await asNotFound(() => handlerOfferPage(services.db, accessOf(area, role), params.id, { locale: area.locale, vatRate: vatRate(services) }));
    const { messages } = await linkMessages(services.db, handlerParty(area), params.id, { locale: area.locale });
    return { ...page, messages, frame: areaFrame(area), locale: area.locale };
  });

const vatRate = (services: AppServices) => services.config.billing.vatRate;

/** The page's forms: send or revise an offer, withdraw the open one, change the link's state. */
export const handlerOfferPageAction = (role: Role) =>
  pageAction(
    {
      access: { area: role },
      params,
      keepValues: true,
      body: z.discriminatedUnion("intent", [
        sendOfferPageForm.extend({ intent: z.literal("offer") }),
        z.object({ intent: z.literal("withdraw"), offer_id: idNumber }),
        z.object({ intent: z.literal("state"), state: z.enum(REQUEST_STATES) }),
        messageIntentSchema,
      ]),
    },
    async ({ area, params, body, services }): Promise<OfferPageSaved | MessageIntentResult> => {
      const access = accessOf(area, role);
      const origin = services.config.origin;
      return asNotFound(async () => {
        if (body.intent === "offer") {
          const { offer_id } = await sendOffer(services.db, access, params.id, body, { origin, vatRate: vatRate(services) });
          return { ok: true, intent: "offer", offer_id };
        }
        if (body.intent === "message") {
          // The thread of this page's link only.
          if (body.link_id !== params.id) throw new NotFoundError();
          return handleMessageIntent(services.db, handlerParty(area), body, { origin });
        }
        if (body.intent === "withdraw") {
          const { offer_id } = await withdrawOffer(services.db, access, params.id, body.offer_id, { origin });
          return { ok: true, intent: "withdraw", offer_id };
        }
        await updateRequestState(services.db, access, params.id, body.state, { origin });
        return { ok: true, intent: "state", state: body.state };
      });
    },
  );
