// The specification form of the back office, for both "Aggiungi specifica" and "Modifica la
// specifica": the group (shown but not editable on edit), then the Italian and English title
// and description. A plain POST form to the page's action (works before hydration); the action
// answers the fields in error with what was typed, or goes to the list after saving.
import { Form, Link, useNavigation } from "react-router";
import { useEffect } from "react";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { FormMessage, RequiredMark, TextInput } from "../ui/fields.tsx";
import { FormActions } from "../ui/FormActions.tsx";
import { inputClass, labelClass, backLinkClass } from "../ui/styles.ts";
import { useFocusFirstInvalid } from "../ui/useFocusFirstInvalid.ts";

import type { SpecificationFormResult, SpecificationFormValues } from "../../lib/specifications.ts";

type Category = { id: number; name: string };

export function SpecificationForm({
  mode,
  categories,
  initial,
  result,
}: {
  mode: "create" | "edit";
  categories: Category[];
  initial: SpecificationFormValues;
  result: SpecificationFormResult | undefined;
}) {
  const { csrfToken } = useRootData();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const errors = result?.errors ?? {};
  // What was typed comes back with a refusal (a form posted before the page's script ran draws the page again).
  const values: SpecificationFormValues = { ...initial, ...result?.values };
  const failed = result !== undefined;
  const missing = Object.values(errors).some((e) => e === "required");
  // Fields in error have their own sentence; a refusal about the whole form (a value gone meanwhile) says its own.
  const general = missing
    ? m.admspec_error_required()
    : Object.keys(errors).length > 0
      ? m.admspec_error_general()
      : (result?.message ?? m.admspec_error_general());
  const fieldError = (name: keyof SpecificationFormValues) =>
    errors[name] ? (errors[name] === "required" ? m.admspec_error_field_required() : m.admspec_error_general()) : null;
  useEffect(() => {
    if (result) focusFirstInvalid();
  }, [result, focusFirstInvalid]);

  const catError = fieldError("cat_id");
  return (
    <Form method="post" ref={ref} noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="specification-form">
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      {failed && <FormMessage tone="error">{general}</FormMessage>}
      <div className="flex max-w-md flex-col">
        <label htmlFor="specification-cat" className={labelClass}>
          {m.admspec_field_category()}
          <RequiredMark />
        </label>
        <select
          id="specification-cat"
          name="specification_data[cat_id]"
          defaultValue={values.cat_id}
          // On edit the group is shown, not sent: the service keeps it.
          disabled={mode === "edit"}
          aria-required
          aria-invalid={catError ? true : undefined}
          aria-describedby={catError ? "specification-cat-error" : mode === "edit" ? "specification-cat-locked" : undefined}
          className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`}
        >
          <option value="">{m.admspec_field_category_placeholder()}</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        {mode === "edit" && (
          <p id="specification-cat-locked" className="mt-1 text-xs text-slate-500">
            {m.admspec_field_category_locked()}
          </p>
        )}
        {catError && (
          <p id="specification-cat-error" className="mt-1 text-sm text-red-700">
            {catError}
          </p>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">{m.admspec_section_it()}</legend>
          <TextInput name="specification_data[value]" label={m.admspec_field_value()} defaultValue={values.value} isRequired error={fieldError("value")} />
          <TextInput
            name="specification_data[description]"
            label={m.admspec_field_description()}
            defaultValue={values.description}
            multiline
            rows={4}
            error={fieldError("description")}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">{m.admspec_section_en()}</legend>
          <TextInput name="specification_data[value_en]" label={m.admspec_field_value_en()} defaultValue={values.value_en} error={fieldError("value_en")} />
          <TextInput
            name="specification_data[description_en]"
            label={m.admspec_field_description_en()}
            defaultValue={values.description_en}
            multiline
            rows={4}
            error={fieldError("description_en")}
          />
        </fieldset>
      </div>
      <FormActions submitLabel={mode === "create" ? m.admspec_create() : m.admspec_save()} pending={pending} />
    </Form>
  );
}

export function SpecificationFormFrame({
  title,
  subtitle,
  aside,
  children,
}: {
  title: string;
  subtitle?: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/admin/specifications" className={backLinkClass}>
          ← {m.admspec_back()}
        </Link>
        {aside}
      </div>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}
