// GET /api/admin/transfers?limit&offset&search_term → { transfers, transfers_count }: the stockers
// waiting for their bank transfer to be confirmed (offset is the page index, as in every list).
import { z } from "zod";
import { apiLoader } from "../../../server/http/api.ts";
import { listTransfers } from "../../../server/billing/transfers.service.ts";
import { numeric, optionalText } from "../../../schemas/common.ts";
import { TRANSFERS_PAGE_SIZE } from "../../../lib/list-params.ts";

const query = z.object({
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
});

export const loader = apiLoader({ access: ["admin"], query }, ({ query, services }) =>
  listTransfers(services.db, { filters: { search: query.search_term }, limit: query.limit ?? TRANSFERS_PAGE_SIZE, page: query.offset ?? 0 }),
);
