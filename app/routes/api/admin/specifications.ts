// GET /api/admin/specifications?limit&offset&search_term&filters[cat_id] → { specifications,
// specifications_count }: the catalogue, group by group (offset is the page index, as in every list).
import { apiLoader } from "../../../server/http/api.ts";
import { listSpecifications } from "../../../server/specifications/specifications.service.ts";
import { specificationsQuery as query } from "../../../schemas/specification.ts";
import { SPECIFICATIONS_PAGE_SIZE } from "../../../lib/list-params.ts";

export const loader = apiLoader({ access: ["admin"], query }, ({ query, services }) =>
  listSpecifications(services.db, {
    search: query.search_term,
    catId: typeof query.filters?.cat_id === "number" ? query.filters.cat_id : null,
    limit: query.limit ?? SPECIFICATIONS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
