// POST /api/admin/users/{id}/update (the back office's New stockers): the administrator's
// decision on a stocker registration. One schema for the endpoint and the page's popups.
//   approve: { user_data: { approved: 1, account_type: 0|1 }, warehouse_id }        (an existing warehouse)
//            { user_data: { approved: 1, account_type: 0|1 }, warehouse_data: {…} } (a new one)
//   refuse:  { user_data: { approved: 0, note } }
import { z } from "zod";
import { idNumber, numeric, optionalText, requiredText } from "./common.ts";

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

/** The decision as the service takes it. */
export type StockerDecision =
  | { approved: true; account_type: 0 | 1; warehouse: { id: number } | { data: ApprovalWarehouseData } }
  | { approved: false; note: string };

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
