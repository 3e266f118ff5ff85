// GET /api/admin/transfers?limit&offset&search_term&filters[kind|waiting_days]&order[key]&order[dir]
// → { transfers, transfers_count }: the stockers waiting for their bank transfer to be confirmed
// (offset is the page index, as in every list), the longest waiting first unless asked otherwise.
import { apiLoader } from "../../../server/http/api.ts";
import { listTransfers } from "../../../server/billing/transfers.service.ts";
import { transfersQuery as query } from "../../../schemas/admin-lists.ts";
import { TRANSFERS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { transfersSelection } from "../../shared/transfer-lists.server.ts";
import { transfersAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: transfersAnswer, query }, ({ query, services }) =>
  listTransfers(services.db, { ...transfersSelection(query), limit: query.limit ?? TRANSFERS_PAGE_SIZE, page: query.offset ?? 0 }),
);
