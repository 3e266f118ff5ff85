// /{locale}/warehouses/{warehouseId}/requests/{requestId}/report: a party of the request
// (the hunter who sent it, or the warehouse's stocker or referent) reports a problem, at
// any time.
import { useState, type FormEvent } from "react";
import { data } from "react-router";
import { Button, Form } from "react-aria-components";
import type { Route } from "./+types/request-report";
import { actorContext, servicesContext } from "../server/context.ts";
import { DomainError } from "../server/errors.ts";
import { getFeedbackContext } from "../server/reviews/reviews.service.ts";
import { reportDataSchema } from "../schemas/feedback.ts";
import { m } from "../paraglide/messages.js";
import { postJson } from "../lib/api-client.ts";
import { useLocale } from "../lib/root-data.ts";
import { FeedbackDone, FeedbackLayout } from "../components/feedback/FeedbackLayout.tsx";
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
  return [{ title: m.page_title({ title: m.report_title() }) }, { name: "robots", content: "noindex" }];
}

type Values = { full_name: string; email: string; telephone: string; subject: string; description: string };

export default function RequestReportPage({ loaderData, params }: Route.ComponentProps) {
  const { feedback, prefill } = loaderData;
  const locale = useLocale();
  const [values, setValues] = useState<Values>({ full_name: prefill?.full_name ?? "", email: prefill?.email ?? "", telephone: prefill?.telephone ?? "", subject: "", description: "" });
  const [invalid, setInvalid] = useState<FieldCodes>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const about = feedback.target === "warehouse" ? feedback.warehouse.name : feedback.request.businessName;
  const layout = { title: m.report_title(), intro: m.report_intro({ name: about }), subject: feedback };

  if (done) return <FeedbackLayout {...layout}>{<FeedbackDone locale={locale} title={m.report_done_title()} text={m.report_done_text()} />}</FeedbackLayout>;

  function set(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalid[field]) setInvalid((s) => ({ ...s, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = reportDataSchema.safeParse(values);
    if (!parsed.success) {
      const found = issuesToCodes(parsed.error.issues);
      setInvalid(found);
      setBanner(Object.values(found).includes("required") ? m.form_required_error() : m.error_invalid());
      return;
    }
    setBanner(null);
    setPending(true);
    const result = await postJson<{ report_id?: number }>(`/api/warehouses/${params.warehouseId}/requests/${params.requestId}/report`, { report_data: values });
    setPending(false);
    if (result.ok && result.data.report_id) {
      setDone(true);
      return;
    }
    if (result.status === 422 && result.data.errors) {
      setInvalid(result.data.errors);
      setBanner(m.form_required_error());
      return;
    }
    // The spec: no id back → the general message, and the button stops loading.
    setBanner(result.status === 429 ? m.error_too_many_requests() : m.review_error_general());
  }

  const err = (field: keyof Values) => feedbackFieldError(invalid[field]);
  return (
    <FeedbackLayout {...layout}>
      <Form onSubmit={submit} validationBehavior="aria" className="space-y-5" data-testid="report-form">
        {banner && <FormMessage tone="error">{banner}</FormMessage>}
        <TextInput name="subject" label={m.report_subject()} value={values.subject} onChange={(v) => set("subject", v)} isRequired error={err("subject")} autoFocus />
        <TextInput name="description" label={m.report_description()} multiline rows={5} value={values.description} onChange={(v) => set("description", v)} isRequired error={err("description")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="full_name" label={m.review_full_name()} autoComplete="name" value={values.full_name} onChange={(v) => set("full_name", v)} isRequired error={err("full_name")} />
          <TextInput name="telephone" type="tel" label={m.review_telephone()} autoComplete="tel" value={values.telephone} onChange={(v) => set("telephone", v)} isRequired error={err("telephone")} />
        </div>
        <TextInput name="email" type="email" label={m.review_email()} autoComplete="email" value={values.email} onChange={(v) => set("email", v)} isRequired error={err("email")} />
        <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
          <RequiredHint />
          <Button type="submit" isPending={pending} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
            {pending ? m.form_sending() : m.report_submit()}
          </Button>
        </div>
      </Form>
    </FeedbackLayout>
  );
}
