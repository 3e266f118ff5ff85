// The quote-request calls of the areas, built once: the stocker's and the referent's lists and
// state changes differ only in who may call (and so whose warehouses count); the services
// decide the rest. Each route file is one line.
//
// A state change answers 404 for a link that does not exist and 403 for a link of a warehouse
// the caller neither owns nor manages (the issue asks for 403 there); a warehouse_id filter
// naming someone else's warehouse is not refused: it matches nothing (an empty list).
import { z } from "zod";
import { apiAction, apiLoader, idParam } from "../../../server/http/api.ts";
import { listHandlerRequests, listHunterRequests, updateRequestState } from "../../../server/requests/area-requests.service.ts";
import {
  handlerRequestsAnswer,
  handlerRequestsQuery,
  hunterRequestsAnswer,
  hunterRequestsQuery,
  requestStateAnswer,
  requestStateSchema,
} from "../../../schemas/area-requests.ts";

export type HandlerArea = "stocker" | "referent";

const params = z.object({ id: idParam });

/** GET /api/{stocker|referent}/requests?limit&offset&filters[…] → { warehouse_requests, warehouse_requests_count }. */
export const handlerRequestsEndpoint = (area: HandlerArea) =>
  apiLoader({ access: [area], query: handlerRequestsQuery, response: handlerRequestsAnswer }, ({ actor, query, services, locale }) =>
    listHandlerRequests(services.db, { id: actor.id, role: area }, { page: query.offset, limit: query.limit, filters: query.filters, locale }),
  );

/** POST /api/{stocker|referent}/warehouse-requests/{id}/update (state) → { warehouse_request_id }. */
export const updateRequestStateEndpoint = (area: HandlerArea) =>
  apiAction({ access: [area], params, body: requestStateSchema, response: requestStateAnswer }, async ({ actor, params, body, services }) => {
    const { warehouse_request_id } = await updateRequestState(
      services.db,
      { actor, owner: { id: actor.id, role: area }, asAdmin: false },
      params.id,
      body.state,
      { origin: services.config.origin },
    );
    return { warehouse_request_id };
  });

/** GET /api/stock-hunter/requests?limit&offset&filters[from|to|state] → { user_requests, user_requests_count }. */
export const hunterRequestsEndpoint = () =>
  apiLoader({ access: ["stock_hunter"], query: hunterRequestsQuery, response: hunterRequestsAnswer }, ({ actor, query, services, locale }) =>
    listHunterRequests(services.db, { id: actor.id, role: "stock_hunter" }, { page: query.offset, limit: query.limit, filters: query.filters, locale }),
  );
