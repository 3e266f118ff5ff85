// The stock hunter's answers to offers (decision 036), one builder per call; each route file is
// one line. An offer or a link that is not one of the hunter's requests is not found (404), like
// a missing one; the service decides the rest (409 offer_not_open / offer_expired, 429 too_many).
import { z } from "zod";
import { apiAction, idParam } from "../../../server/http/api.ts";
import { acceptOffer, askForChanges, declineOffer } from "../../../server/deal/negotiation.service.ts";
import { acceptOfferSchema } from "../../../schemas/negotiation.ts";
import { declineOfferSchema, messageSchema } from "../../../schemas/offers.ts";
import { acceptOfferAnswer, messageIdAnswer, offerIdAnswer } from "../../../schemas/area-answers.ts";

const offerParams = z.object({ offerId: idParam });
const linkParams = z.object({ id: idParam });

/** POST /api/stock-hunter/offers/{offer_id}/accept ({ decline_others? }) → { offer_id, link_id, declined_offer_ids }. */
export const acceptOfferEndpoint = () =>
  apiAction({ access: ["stock_hunter"], params: offerParams, body: acceptOfferSchema, response: acceptOfferAnswer }, ({ actor, params, body, services }) =>
    acceptOffer(services.db, { kind: "hunter", userId: actor.id }, params.offerId, body, { origin: services.config.origin }),
  );

/** POST /api/stock-hunter/offers/{offer_id}/decline ({ reason? }) → { offer_id }. */
export const declineOfferEndpoint = () =>
  apiAction({ access: ["stock_hunter"], params: offerParams, body: declineOfferSchema, response: offerIdAnswer }, ({ actor, params, body, services }) =>
    declineOffer(services.db, { kind: "hunter", userId: actor.id }, params.offerId, body, { origin: services.config.origin }),
  );

/** POST /api/stock-hunter/warehouse-requests/{id}/ask-changes ({ message }; id: the request link) → { message_id }. */
export const askChangesEndpoint = () =>
  apiAction({ access: ["stock_hunter"], params: linkParams, body: messageSchema, response: messageIdAnswer }, ({ actor, params, body, services }) =>
    askForChanges(services.db, { kind: "hunter", userId: actor.id }, params.id, body, { origin: services.config.origin }),
  );
