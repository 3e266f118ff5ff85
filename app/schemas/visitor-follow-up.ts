// A visitor's follow-up of a request (app/server/deal/visitor-follow-up.service.ts): the personal
// link in the path, "send me my link again", and the personal page's intents.
import { z } from "zod";
import { email } from "./common.ts";

/** The personal link's token as the path has it; any string: one that opens nothing is a 404, never a 422. */
export const requestTokenParams = z.object({ token: z.string() });

/** POST /api/requests/renew: the request's contact address and its number ("0000000042", leading zeros optional). */
export const resendLinkSchema = z.object({
  email,
  request_number: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, "invalid"),
});

/**
 * The personal page's forms (VisitorFollowUp): "renew" (send me a new link), "attach" (add it
 * to my account, a logged-in stock hunter), "register" (create an account that takes it over).
 */
export const visitorIntentSchema = z.object({ intent: z.enum(["renew", "attach", "register"]) });
export type VisitorIntent = z.infer<typeof visitorIntentSchema>["intent"];
