// Billing payloads (the stocker's billing and the back office's): one schema for the endpoint,
// the page and the browser.
import { z } from "zod";
import { idNumber, optionalText } from "./common.ts";
import { PLAN_NAMES, type PlanName } from "../lib/pricing.ts";

/** More warehouses than anyone owns: a body listing more is refused before any query. */
export const MAX_SUBSCRIPTION_WAREHOUSES = 1000;

export const initSubscriptionSchema = z.object({
  subscription: z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]),
  promo_code: optionalText(40),
  w_ids: z.array(idNumber).min(1).max(MAX_SUBSCRIPTION_WAREHOUSES),
});
export type InitSubscriptionBody = z.infer<typeof initSubscriptionSchema>;

export const paymentTypeSchema = z.object({ payment_type: z.enum(["card", "paypal", "transfer"]) });

/** POST /api/admin/users/{id}/start-subscription: the administrator's optional notes. */
export const startSubscriptionSchema = z.object({ user_data: z.object({ transfer_info: optionalText(2000) }).optional() });

/** POST /api/stocker/profile/add-subscription-warehouses: the warehouses to add to the running subscription. */
export const addWarehousesSchema = z.object({ w_ids: z.array(idNumber).min(1).max(MAX_SUBSCRIPTION_WAREHOUSES) });
