// POST /api/warehouses/{warehouseId}/requests/{requestId}/review → { review_id }.
// 401 logged out, 403 not a party of the request, 404 no such link, 409 not confirmed or
// already reviewed, 422 bad input.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../server/http/api.ts";
import { createReview } from "../../server/reviews/reviews.service.ts";
import { reviewSchema } from "../../schemas/feedback.ts";
import { requestReviewAnswer } from "../../schemas/search-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "user", body: reviewSchema, params: z.object({ warehouseId: idParam, requestId: idParam }), response: requestReviewAnswer },
  async ({ body, params, actor, services }) => ({
    review_id: await createReview(services.db, actor, params.warehouseId, params.requestId, body.review_data, { origin: services.config.origin }),
  }),
);
