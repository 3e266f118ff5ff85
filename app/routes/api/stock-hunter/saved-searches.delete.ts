// POST /api/stock-hunter/saved-searches/{id}/delete → { saved_search_id }. Another hunter's search is 404.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { deleteHunterSavedSearch } from "../../../server/saved-searches/saved-searches.service.ts";
import { savedSearchIdAnswer } from "../../../schemas/area-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: ["stock_hunter"], params: z.object({ id: idParam }), response: savedSearchIdAnswer }, ({ actor, params, services }) =>
  deleteHunterSavedSearch(services.db, actor, params.id),
);
