// POST /api/stock-hunter/warehouses/{id}/toggle-favourite → { favourite_ids }.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../server/http/api.ts";
import { toggleFavourite } from "../../server/favourites/favourites.service.ts";
import { favouritesAnswer } from "../../schemas/area-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: ["stock_hunter"], params: z.object({ id: idParam }), response: favouritesAnswer },
  async ({ params, actor, services }) => ({
    favourite_ids: await toggleFavourite(services.db, actor, params.id),
  }),
);
