// /{locale}/warehouses/{warehouseId}/requests/{requestId}/review: a party of the request
// reviews the other side once the link is confirmed. The stock hunter who sent it rates the
// warehouse (reliability, communication, services, structure); the warehouse's stocker or
// referent rates the hunter (reliability, communication, payments, goods).
import { useState, type FormEvent } from "react";
import { data } from "react-router";
import { Button, Form } from "react-aria-components";
import type { Route } from "./+types/request-review";
import { actorContext, servicesContext } from "../server/context.ts";
import { DomainError } from "../server/errors.ts";
import { getFeedbackContext } from "../server/reviews/reviews.service.ts";
import { reviewDataSchema, type RatingKey } from "../schemas/feedback.ts";
import { ratingLabel } from "../components/feedback/rating-labels.ts";
import { m } from "../paraglide/messages.js";
import { postJson } from "../lib/api-client.ts";
import { useLocale } from "../lib/root-data.ts";
import { FeedbackDone, FeedbackLayout } from "../components/feedback/FeedbackLayout.tsx";
import { RatingInput } from "../components/feedback/RatingInput.tsx";
import { FormMessage, RequiredHint, TextInput } from "../components/ui/fields.tsx";
import { buttonClass } from "../components/ui/styles.ts";
import { feedbackFieldError, issuesToCodes, type FieldCodes } from "../components/feedback/field-errors.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.warehouseId) || !/^\d{1,15}$/.test(params.requestId)) throw data({ code: "not_found" }, { status: 404 });
  const actor = context.get(actorContext);
  try {
    const feedback = await getFeedbackContext(context.get(servicesContext).db, actor, Number(params.warehouseId), Number(params.requestId));
    const prefill = actor ? { full_name: [actor.firstName, actor.lastName].filter(Boolean).join(" "), email: actor.email, telephone: actor.telephone ?? "" } : null;
    return { feedback, prefill };
  } catch (err) {
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}

export function meta({}: Route.MetaArgs) {
  return [{ title: m.page_title({ title: m.review_title() }) }, { name: "robots", content: "noindex" }];
}

type TextValues = { full_name: string; email: string; telephone: string; description: string };

export default function RequestReviewPage({ loaderData, params }: Route.ComponentProps) {
  const { feedback, prefill } = loaderData;
  const locale = useLocale();
  const [values, setValues] = useState<TextValues>({ full_name: prefill?.full_name ?? "", email: prefill?.email ?? "", telephone: prefill?.telephone ?? "", description: "" });
  const [ratings, setRatings] = useState<Partial<Record<RatingKey, number | null>>>({});
  const [invalid, setInvalid] = useState<FieldCodes>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const about = feedback.target === "warehouse" ? feedback.warehouse.name : feedback.request.businessName;
  const layout = { title: m.review_title(), intro: m.review_intro({ name: about }), subject: feedback };

  if (done) return <FeedbackLayout {...layout}>{<FeedbackDone locale={locale} title={m.review_done_title()} text={m.review_done_text()} />}</FeedbackLayout>;
  if (feedback.reviewed) return <FeedbackLayout {...layout}>{<FeedbackDone locale={locale} tone="info" title={m.review_already_title()} text={m.review_already_text()} />}</FeedbackLayout>;
  if (feedback.state !== "confirmed") {
    return <FeedbackLayout {...layout}>{<FeedbackDone locale={locale} tone="info" title={m.review_not_confirmed_title()} text={m.review_not_confirmed_text()} />}</FeedbackLayout>;
  }

  function set(field: keyof TextValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalid[field]) setInvalid((s) => ({ ...s, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const review_data = { ...values, ...Object.fromEntries(feedback.criteria.map((key) => [key, ratings[key] ?? null])) };
    const parsed = reviewDataSchema.safeParse(review_data);
    if (!parsed.success) {
      const found = issuesToCodes(parsed.error.issues);
      setInvalid(found);
      setBanner(Object.values(found).includes("required") ? m.form_required_error() : m.error_invalid());
      return;
    }
    setBanner(null);
    setPending(true);
    const result = await postJson<{ review_id?: number }>(`/api/warehouses/${params.warehouseId}/requests/${params.requestId}/review`, { review_data });
    setPending(false);
    if (result.ok && result.data.review_id) {
      setDone(true);
      return;
    }
    if (result.status === 422 && result.data.errors) {
      setInvalid(result.data.errors);
      setBanner(m.form_required_error());
      return;
    }
    // The spec: no id back → the general message, and the button stops loading.
    setBanner(result.data.error === "already_reviewed" ? m.review_already_title() : m.review_error_general());
  }

  return (
    <FeedbackLayout {...layout}>
      <Form onSubmit={submit} validationBehavior="aria" className="space-y-5" data-testid="review-form">
        {banner && <FormMessage tone="error">{banner}</FormMessage>}
        <fieldset className="space-y-3 rounded-xl bg-slate-50 p-4">
          <legend className="sr-only">{m.review_ratings_legend()}</legend>
          <p className="text-sm text-slate-600">{m.review_ratings_hint()}</p>
          {feedback.criteria.map((key) => (
            <RatingInput key={key} name={key} label={ratingLabel(key)} value={ratings[key] ?? null} onChange={(v) => setRatings((r) => ({ ...r, [key]: v }))} />
          ))}
        </fieldset>
        <TextInput name="description" label={m.review_description()} multiline rows={4} value={values.description} onChange={(v) => set("description", v)} error={feedbackFieldError(invalid.description)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="full_name" label={m.review_full_name()} autoComplete="name" value={values.full_name} onChange={(v) => set("full_name", v)} isRequired error={feedbackFieldError(invalid.full_name)} />
          <TextInput name="telephone" type="tel" label={m.review_telephone()} autoComplete="tel" value={values.telephone} onChange={(v) => set("telephone", v)} isRequired error={feedbackFieldError(invalid.telephone)} />
        </div>
        <TextInput name="email" type="email" label={m.review_email()} autoComplete="email" value={values.email} onChange={(v) => set("email", v)} isRequired error={feedbackFieldError(invalid.email)} />
        <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
          <RequiredHint />
          <Button type="submit" isPending={pending} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
            {pending ? m.form_sending() : m.review_submit()}
          </Button>
        </div>
      </Form>
    </FeedbackLayout>
  );
}
