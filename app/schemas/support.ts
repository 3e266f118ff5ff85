// The support overlay (POST /api/send-support-requests): every text required after
// trimming, a valid e-mail, privacy ticked. user_agent_data is what the browser says about
// itself: the user-agent string, or an object of hints (navigator.userAgentData).
import { z } from "zod";
import { requiredText, ticked } from "./common.ts";
import { requiredEmail } from "./auth.ts";

export const SUPPORT_MESSAGE_MAX = 5000;

const userAgentData = z
  .union([z.string().max(1000), z.record(z.string().max(100), z.unknown())])
  .nullish()
  .refine((v) => v === null || v === undefined || typeof v === "string" || JSON.stringify(v).length <= 4000, "too_long")
  .transform((v) => (v === null || v === undefined ? null : typeof v === "string" ? { user_agent: v } : (v as Record<string, unknown>)));

export const supportDataSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  business_name: requiredText(255),
  email: requiredEmail,
  message: requiredText(SUPPORT_MESSAGE_MAX),
  privacy: ticked,
  user_agent_data: userAgentData,
});

export type SupportData = z.infer<typeof supportDataSchema>;

export const sendSupportSchema = z.object({ support_data: supportDataSchema });
