// POST /api/admin/users/{id}/update (the back office's New stockers): the administrator's
// decision on a stocker registration. One schema for the endpoint and the page's popups.
//   approve: { user_data: { approved: 1, account_type: 0|1 }, warehouse_id }        (an existing warehouse)
//            { user_data: { approved: 1, account_type: 0|1 }, warehouse_data: {…} } (a new one)
//   refuse:  { user_data: { approved: 0, note } }
import { z } from "zod";
import { idNumber, numeric, optionalText, requiredText } from "./common.ts";
import { exportFormat, listOrder } from "./admin-lists.ts";
import { WAITING_DAYS } from "../lib/admin-lists.ts";
import { STOCKER_REQUESTS_ORDER } from "../lib/list-params.ts";

export const approvalWarehouseSchema = z.object({
  name: requiredText(255),
  country: requiredText(100),
  address: requiredText(255),
  cap: requiredText(20),
  city: requiredText(100),
  province: requiredText(100),
  vat: optionalText(40),
});
export type ApprovalWarehouseData = z.infer<typeof approvalWarehouseSchema>;

const zeroOrOne = numeric(z.union([z.literal(0), z.literal(1)]));

export const stockerDecisionSchema = z
  .object({
    user_data: z.object({
      approved: zeroOrOne,
      account_type: zeroOrOne.nullish(),
      note: optionalText(2000),
    }),
    warehouse_id: idNumber.nullish(),
    warehouse_data: approvalWarehouseSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.user_data.approved === 0) {
      if (!body.user_data.note) ctx.addIssue({ code: "custom", path: ["user_data", "note"], message: "required" });
      return;
    }
    if (body.user_data.account_type === null || body.user_data.account_type === undefined)
      ctx.addIssue({ code: "custom", path: ["user_data", "account_type"], message: "required" });
    const existing = body.warehouse_id !== null && body.warehouse_id !== undefined;
    const created = body.warehouse_data !== null && body.warehouse_data !== undefined;
    // Either an existing warehouse or a new one, never both and never neither.
    if (existing === created) ctx.addIssue({ code: "custom", path: ["warehouse_id"], message: "required" });
  });

export type StockerDecisionBody = z.infer<typeof stockerDecisionSchema>;

/** The same decision posted to the page /admin/stocker-requests, which names the user in the form. */
export const stockerDecisionForm = z.intersection(z.object({ user_id: idNumber }), stockerDecisionSchema);

/** The decision as the service takes it. */
export type StockerDecision =
  { approved: true; account_type: 0 | 1; warehouse: { id: number } | { data: ApprovalWarehouseData } } | { approved: false; note: string };

export function decisionOf(body: StockerDecisionBody): StockerDecision {
  if (body.user_data.approved === 0) return { approved: false, note: body.user_data.note ?? "" };
  return {
    approved: true,
    account_type: body.user_data.account_type ?? 0,
    warehouse: body.warehouse_id ? { id: body.warehouse_id } : { data: body.warehouse_data! },
  };
}

export const WAREHOUSE_SEARCH_TYPES = ["not_assigned", "all"] as const;
export type WarehouseSearchType = (typeof WAREHOUSE_SEARCH_TYPES)[number];
export const STOCKER_REQUEST_FILTERS = ["pending", "refused"] as const;
export type StockerRequestFilter = (typeof STOCKER_REQUEST_FILTERS)[number];

/** GET /api/admin/stocker-requests's query, read by its page too (?search=, ?status=, ?page=). */
export const stockerRequestsQuery = z.object({
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
  filters: z.object({ approved: z.enum(STOCKER_REQUEST_FILTERS).optional(), waiting_days: z.enum(WAITING_DAYS).optional() }).optional(),
  order: listOrder(STOCKER_REQUESTS_ORDER.keys),
});

/** GET /api/admin/export-stocker-requests: the list's query and the file's format. */
export const stockerRequestsExportQuery = stockerRequestsQuery.extend({ format: exportFormat });

/** A row of GET /api/admin/stocker-requests and of its page. */
export type StockerRequestItem = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  telephone: string | null;
  company: string | null;
  request_business_name: string | null;
  request_vat: string | null;
  request_country: string | null;
  request_address: string | null;
  request_cap: string | null;
  request_city: string | null;
  request_province: string | null;
  /** The unclaimed warehouse the stocker asked for at registration, if any. */
  requested_warehouse: { id: number; name: string; city: string; address: string; owned: boolean } | null;
  approval_status: "pending" | "refused";
  approval_note: string | null;
  created_at: Date;
};

/** A result of GET /api/admin/warehouses/search, offered by the approval popup. */
export type WarehouseSearchItem = {
  id: number;
  name: string;
  city: string;
  province: string;
  address: string;
  status: string;
  deactivated: boolean;
  /** Who owns it: null when nobody does (the only ones an approval may attach). */
  owner: { id: number; name: string; email: string } | null;
};
