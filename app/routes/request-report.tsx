// /{locale}/warehouses/{warehouseId}/requests/{requestId}/report: a party of the request
// (the hunter who sent it, or the warehouse's stocker or referent) reports a problem, at
// any time, once while the report is open. A Conform form posting to this route's action (it works before hydration too),
// validated with the same schema as POST /api/warehouses/{id}/requests/{id}/report.
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { getFormProps, useForm } from "@conform-to/react";
import type { Route } from "./+types/request-report";
import { createReport } from "../server/reviews/reviews.service.ts";
import { feedbackPageAction, feedbackPageLoader } from "./shared/feedback-page.server.ts";
import { reportDataSchema } from "../schemas/feedback.ts";
import { m } from "../paraglide/messages.js";
import { conformReply, firstCode } from "../lib/forms.ts";
import { useLocale, useRootData } from "../lib/root-data.ts";
import { useEditedFields } from "../lib/use-edited-fields.ts";
import { FeedbackDone, FeedbackLayout } from "../components/feedback/FeedbackLayout.tsx";
import { FeedbackAuthorFields } from "../components/feedback/FeedbackAuthorFields.tsx";
import { FormMessage, TextInput } from "../components/ui/fields.tsx";
import { feedbackFieldError } from "../components/feedback/field-errors.ts";
import { XSRF_FIELD_NAME } from "../lib/api-client.ts";

export const loader = feedbackPageLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.report_title() }) }, { name: "robots", content: "noindex" }];
}

export const action = feedbackPageAction(reportDataSchema, createReport);

export default function RequestReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { feedback, prefill } = loaderData;
  const locale = useLocale();
  const { csrfToken } = useRootData();
  const pending = useNavigation().state === "submitting";
  // One object per answer: Conform takes a new object for a new submission's result.
  const lastResult = useMemo(() => conformReply(actionData), [actionData]);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { full_name: prefill.full_name ?? "", email: prefill.email ?? "", telephone: prefill.telephone ?? "", subject: "", description: "" },
    // No onValidate: the server checks the form (its action), so the page loads no schema.
  });
  const { edited, onInput } = useEditedFields(actionData);

  const about = feedback.target === "warehouse" ? feedback.warehouse.name : feedback.request.businessName;
  const layout = { title: m.report_title(), intro: m.report_intro({ name: about }), subject: feedback };

  if (actionData?.ok)
    return <FeedbackLayout {...layout}>{<FeedbackDone locale={locale} title={m.report_done_title()} text={m.report_done_text()} />}</FeedbackLayout>;
  // One open report per request link: the one already sent is being looked at.
  if (feedback.reported)
    return (
      <FeedbackLayout {...layout}>
        {<FeedbackDone locale={locale} tone="info" title={m.report_already_title()} text={m.report_already_text()} />}
      </FeedbackLayout>
    );

  // The spec: a failed save (no id back) shows the general message; invalid fields the required one.
  const formError = firstCode(form.errors);
  // (Conform's fields object is a proxy: name the fields rather than enumerate it.)
  const fieldsInvalid = (["subject", "description", "full_name", "telephone", "email"] as const).some(
    (name) => fields[name].errors?.length && !edited.has(name),
  );
  const banner = formError
    ? formError === "too_many_requests"
      ? m.error_too_many_requests()
      : formError === "already_reported"
        ? m.report_already_title()
        : m.review_error_general()
    : fieldsInvalid
      ? m.form_required_error()
      : null;
  const err = (field: keyof typeof fields) => (edited.has(field) ? undefined : feedbackFieldError(firstCode(fields[field].errors)));

  return (
    <FeedbackLayout {...layout}>
      <Form method="post" {...getFormProps(form)} onInput={onInput} className="space-y-5" data-testid="report-form">
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        {banner && <FormMessage tone="error">{banner}</FormMessage>}
        <TextInput
          name={fields.subject.name}
          label={m.report_subject()}
          defaultValue={fields.subject.initialValue}
          isRequired
          error={err("subject")}
          autoFocus
        />
        <TextInput
          name={fields.description.name}
          label={m.report_description()}
          multiline
          rows={5}
          defaultValue={fields.description.initialValue}
          isRequired
          error={err("description")}
        />
        <FeedbackAuthorFields
          fields={{ full_name: fields.full_name, telephone: fields.telephone, email: fields.email }}
          error={err}
          pending={pending}
          submitLabel={m.report_submit()}
        />
      </Form>
    </FeedbackLayout>
  );
}
