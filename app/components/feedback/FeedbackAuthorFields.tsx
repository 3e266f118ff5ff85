// The end of the review and report forms: who writes (name, telephone, e-mail, prefilled from the
// account) and the send row. One piece, so both forms ask the same way.
import { m } from "../../paraglide/messages.js";
import { RequiredHint, TextInput } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";

type AuthorField = { name: string; initialValue?: string };
export type AuthorFieldName = "full_name" | "telephone" | "email";

export function FeedbackAuthorFields({
  fields,
  error,
  pending,
  submitLabel,
}: {
  fields: Record<AuthorFieldName, AuthorField>;
  /** The field's message, or none (no error, or edited since). */
  error: (field: AuthorFieldName) => string | null | undefined;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          name={fields.full_name.name}
          label={m.review_full_name()}
          autoComplete="name"
          defaultValue={fields.full_name.initialValue}
          isRequired
          error={error("full_name")}
        />
        <TextInput
          name={fields.telephone.name}
          type="tel"
          label={m.review_telephone()}
          autoComplete="tel"
          defaultValue={fields.telephone.initialValue}
          isRequired
          error={error("telephone")}
        />
      </div>
      <TextInput
        name={fields.email.name}
        type="email"
        label={m.review_email()}
        autoComplete="email"
        defaultValue={fields.email.initialValue}
        isRequired
        error={error("email")}
      />
      <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
        <RequiredHint />
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
          {pending ? m.form_sending() : submitLabel}
        </button>
      </div>
    </>
  );
}
