// GET /api/admin/specifications?limit&offset&search_term&filters[cat_id] → { specifications,
// specifications_count }: the catalogue, group by group (offset is the page index, as in every list).
import { z } from "zod";
import { apiLoader } from "../../../server/http/api.ts";
import { listSpecifications } from "../../../server/specifications/specifications.service.ts";
import { numeric, optionalText } from "../../../schemas/common.ts";
import { specificationCategoryId } from "../../../schemas/specification.ts";
import { SPECIFICATIONS_PAGE_SIZE } from "../../../lib/list-params.ts";

const query = z.object({
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
  // "Tutte le categorie" sends no cat_id (or an empty one).
  filters: z.object({ cat_id: z.union([z.literal(""), specificationCategoryId]).optional() }).optional(),
});

export const loader = apiLoader({ access: ["admin"], query }, ({ query, services }) =>
  listSpecifications(services.db, {
    search: query.search_term,
    catId: typeof query.filters?.cat_id === "number" ? query.filters.cat_id : null,
    limit: query.limit ?? SPECIFICATIONS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
