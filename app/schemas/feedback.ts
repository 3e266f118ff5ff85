// Reviews and reports of a request's link: one schema each for the endpoint and the form.
import { z } from "zod";
import { email, numberFromText, optionalText, requiredText } from "./common.ts";

/** An e-mail that is required: blank says "required", not "not an e-mail". */
const requiredEmail = z.string().trim().min(1).pipe(email);

export const FEEDBACK_TEXT_MAX = 5000;

/** A rating: 1 to 5, or not given (blank, null or 0, what an untouched star widget sends). */
export const rating = z.preprocess(
  (v) => (v === "" || v === undefined || v === 0 || v === "0" ? null : numberFromText(v)),
  z.number().int().min(1).max(5).nullable(),
);

export const ratingKeys = ["reliability_value", "communication_value", "services_value", "structure_value", "payments_value", "goods_value"] as const;
export type RatingKey = (typeof ratingKeys)[number];

/** What a stock hunter rates (the warehouse), and what a stocker or referent rates (the hunter). */
export const HUNTER_CRITERIA: readonly RatingKey[] = ["reliability_value", "communication_value", "services_value", "structure_value"];
export const HANDLER_CRITERIA: readonly RatingKey[] = ["reliability_value", "communication_value", "payments_value", "goods_value"];

export const reviewDataSchema = z.object({
  full_name: requiredText(255),
  email: requiredEmail,
  telephone: requiredText(40),
  description: optionalText(FEEDBACK_TEXT_MAX),
  reliability_value: rating,
  communication_value: rating,
  services_value: rating,
  structure_value: rating,
  payments_value: rating,
  goods_value: rating,
});
export type ReviewData = z.infer<typeof reviewDataSchema>;
export const reviewSchema = z.object({ review_data: reviewDataSchema });

export const reportDataSchema = z.object({
  full_name: requiredText(255),
  email: requiredEmail,
  telephone: requiredText(40),
  subject: requiredText(255),
  description: requiredText(FEEDBACK_TEXT_MAX),
});
export type ReportData = z.infer<typeof reportDataSchema>;
export const reportSchema = z.object({ report_data: reportDataSchema });

/** The spec's average: the mean of the given ratings × 10, truncated; 0 when none is given. */
export function reviewAvgValue(ratings: readonly (number | null | undefined)[]): number {
  const given = ratings.filter((r): r is number => typeof r === "number");
  if (given.length === 0) return 0;
  const sum = given.reduce((a, b) => a + b, 0);
  // Integer arithmetic: (sum × 10) / n truncated, without floating-point surprises.
  return Math.trunc((sum * 10) / given.length);
}
