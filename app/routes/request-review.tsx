// /{locale}/warehouses/{warehouseId}/requests/{requestId}/review: a party of the request
// reviews the other side once the link is confirmed. The stock hunter who sent it rates the
// warehouse (reliability, communication, services, structure); the warehouse's stocker or
// referent rates the hunter (reliability, communication, payments, goods). A Conform form
// posting to this route's action (it works before hydration too), validated with the same
// schema as POST /api/warehouses/{id}/requests/{id}/review.
import { useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import { getFormProps, useForm } from "@conform-to/react";
import type { Route } from "./+types/request-review";
import { createReview } from "../server/reviews/reviews.service.ts";
import { feedbackPageAction, feedbackPageLoader } from "./shared/feedback-page.server.ts";
import { reviewDataSchema, type RatingKey } from "../schemas/feedback.ts";
import { ratingLabel } from "../components/feedback/rating-labels.ts";
import { m } from "../paraglide/messages.js";
import { conformReply, firstCode } from "../lib/forms.ts";
import { useLocale, useRootData } from "../lib/root-data.ts";
import { useEditedFields } from "../lib/use-edited-fields.ts";
import { XSRF_FIELD_NAME } from "../lib/api-client.ts";
import { FeedbackDone, FeedbackLayout } from "../components/feedback/FeedbackLayout.tsx";
import { FeedbackAuthorFields } from "../components/feedback/FeedbackAuthorFields.tsx";
import { RatingInput } from "../components/feedback/RatingInput.tsx";
import { FormMessage, TextInput } from "../components/ui/fields.tsx";
import { feedbackFieldError } from "../components/feedback/field-errors.ts";

export const loader = feedbackPageLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.review_title() }) }, { name: "robots", content: "noindex" }];
}

export const action = feedbackPageAction(reviewDataSchema, createReview);

export default function RequestReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { feedback, prefill } = loaderData;
  const locale = useLocale();
  const { csrfToken } = useRootData();
  const pending = useNavigation().state === "submitting";
  // The stars are drawn from this state; the radio inputs carry the values in the form.
  const [ratings, setRatings] = useState<Partial<Record<RatingKey, number | null>>>({});
  // One object per answer: Conform takes a new object for a new submission's result.
  const lastResult = useMemo(() => conformReply(actionData), [actionData]);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { full_name: prefill.full_name ?? "", email: prefill.email ?? "", telephone: prefill.telephone ?? "", description: "" },
    // No onValidate: the server checks the form (its action), so the page loads no schema.
  });
  const { edited, onInput } = useEditedFields(actionData);

  const about = feedback.target === "warehouse" ? feedback.warehouse.name : feedback.request.businessName;
  const layout = { title: m.review_title(), intro: m.review_intro({ name: about }), subject: feedback };

  if (actionData?.ok)
    return <FeedbackLayout {...layout}>{<FeedbackDone locale={locale} title={m.review_done_title()} text={m.review_done_text()} />}</FeedbackLayout>;
  if (feedback.reviewed)
    return (
      <FeedbackLayout {...layout}>
        {<FeedbackDone locale={locale} tone="info" title={m.review_already_title()} text={m.review_already_text()} />}
      </FeedbackLayout>
    );
  if (feedback.state !== "confirmed") {
    return (
      <FeedbackLayout {...layout}>
        {<FeedbackDone locale={locale} tone="info" title={m.review_not_confirmed_title()} text={m.review_not_confirmed_text()} />}
      </FeedbackLayout>
    );
  }

  // The spec: a failed save (no id back) shows the general message; invalid fields the required one.
  const formError = firstCode(form.errors);
  // (Conform's fields object is a proxy: name the fields rather than enumerate it.)
  const fieldsInvalid = (["full_name", "email", "telephone", "description"] as const).some((name) => fields[name].errors?.length && !edited.has(name));
  const banner = formError ? reviewRefusal(formError) : fieldsInvalid ? m.form_required_error() : null;
  const err = (field: "full_name" | "email" | "telephone" | "description") =>
    edited.has(field) ? undefined : feedbackFieldError(firstCode(fields[field].errors));

  return (
    <FeedbackLayout {...layout}>
      <Form method="post" {...getFormProps(form)} onInput={onInput} className="space-y-5" data-testid="review-form">
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        {banner && <FormMessage tone="error">{banner}</FormMessage>}
        <fieldset className="space-y-3 rounded-xl bg-slate-50 p-4">
          <legend className="sr-only">{m.review_ratings_legend()}</legend>
          <p className="text-sm text-slate-600">{m.review_ratings_hint()}</p>
          {feedback.criteria.map((key) => (
            <RatingInput key={key} name={key} label={ratingLabel(key)} value={ratings[key] ?? null} onChange={(v) => setRatings((r) => ({ ...r, [key]: v }))} />
          ))}
        </fieldset>
        <TextInput
          name={fields.description.name}
          label={m.review_description()}
          multiline
          rows={4}
          defaultValue={fields.description.initialValue}
          error={err("description")}
        />
        <FeedbackAuthorFields
          fields={{ full_name: fields.full_name, telephone: fields.telephone, email: fields.email }}
          error={err}
          pending={pending}
          submitLabel={m.review_submit()}
        />
      </Form>
    </FeedbackLayout>
  );
}

/** A refusal of the service, said as it is (the link changed since the page loaded, or a second review). */
function reviewRefusal(code: string): string {
  if (code === "already_reviewed") return m.error_already_reviewed();
  if (code === "not_confirmed") return m.error_not_confirmed();
  return m.review_error_general();
}
