// GET /api/admin/specifications?limit&offset&search_term&filters[cat_id]&filters[active]=yes|no
// &order[key]=group|title|active&order[dir]=asc|desc → { specifications, specifications_count }:
// the catalogue, group by group unless another order is asked (offset is the page index, as in
// every list).
import { apiLoader } from "../../../server/http/api.ts";
import { listSpecifications } from "../../../server/specifications/specifications.service.ts";
import { specificationsQuery as query } from "../../../schemas/specification.ts";
import { SPECIFICATIONS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { specificationsSelection } from "../../shared/admin-lists.server.ts";
import { specificationsAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: specificationsAnswer, query }, ({ query, services }) => {
  const { filters, order } = specificationsSelection(query);
  return listSpecifications(services.db, { ...filters, order, limit: query.limit ?? SPECIFICATIONS_PAGE_SIZE, page: query.offset ?? 0 });
});
