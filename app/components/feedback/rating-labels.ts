import type { RatingKey } from "../../schemas/feedback.ts";
import { m } from "../../paraglide/messages.js";

/** The name of a review criterion in the interface language. */
export function ratingLabel(key: RatingKey): string {
  switch (key) {
    case "reliability_value":
      return m.review_reliability();
    case "communication_value":
      return m.review_communication();
    case "services_value":
      return m.review_services();
    case "structure_value":
      return m.review_structure();
    case "payments_value":
      return m.review_payments();
    case "goods_value":
      return m.review_goods();
  }
}
