// The handler's offer calls, built once for the stocker and the referent (they differ only in
// who may call, and so whose warehouses count); the offers service decides the rest. Each
// route file is one line. As for a link's state: 404 for a link (or an offer of the link) that
// does not exist, 403 for a link of a warehouse the caller neither owns nor manages, 409 for a
// step the offer's state no longer allows.
import { z } from "zod";
import { apiAction, idParam } from "../../../server/http/api.ts";
import { sendOffer, withdrawOffer } from "../../../server/deal/offers.service.ts";
import { sendOfferBody } from "../../../schemas/offers.ts";
import { offerIdAnswer } from "../../../schemas/area-answers.ts";
import type { HandlerArea } from "./request-endpoints.ts";

const linkParams = z.object({ id: idParam });
const offerParams = z.object({ id: idParam, offerId: idParam });

/** POST /api/{stocker|referent}/warehouse-requests/{id}/offers ({ offer_data, state? }) → { offer_id }. */
export const sendOfferEndpoint = (area: HandlerArea) =>
  apiAction({ access: [area], params: linkParams, body: sendOfferBody, response: offerIdAnswer }, ({ actor, params, body, services }) =>
    sendOffer(services.db, { actor, owner: { id: actor.id, role: area }, asAdmin: false }, params.id, body, {
      origin: services.config.origin,
      vatRate: services.config.billing.vatRate,
    }),
  );

/** POST /api/{stocker|referent}/warehouse-requests/{id}/offers/{offer_id}/withdraw → { offer_id }. */
export const withdrawOfferEndpoint = (area: HandlerArea) =>
  apiAction({ access: [area], params: offerParams, response: offerIdAnswer }, ({ actor, params, services }) =>
    withdrawOffer(services.db, { actor, owner: { id: actor.id, role: area }, asAdmin: false }, params.id, params.offerId, {
      origin: services.config.origin,
    }),
  );
