// POST /api/stock-hunter/saved-searches/{id}/update { saved_search_data: { name?, paused? } } → { saved_search_id }:
// rename, pause (paused: true) or resume (paused: false). Another hunter's search is 404.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { updateHunterSavedSearch } from "../../../server/saved-searches/saved-searches.service.ts";
import { savedSearchUpdateSchema } from "../../../schemas/saved-searches.ts";
import { savedSearchIdAnswer } from "../../../schemas/area-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: ["stock_hunter"], params: z.object({ id: idParam }), body: savedSearchUpdateSchema, response: savedSearchIdAnswer },
  ({ actor, params, body, services }) => updateHunterSavedSearch(services.db, actor, params.id, body.saved_search_data),
);
