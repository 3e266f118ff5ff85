// The data page's e-mail preferences ({prefix}/data#email-preferences, decision 038): one box per
// notification kind, with what it covers, and the note that account and security e-mails are
// always sent. A plain form posting to the page's action (intent "email_preferences", the body of
// POST /api/{area}/profile/email-preferences), so it works before the page's script runs; the
// page's data is read again after it, so a kind unsubscribed by one click shows as off here.
// In an administrator's view of the area: read-only, since only the user chooses.
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { EMAIL_KINDS, EMAIL_PREFERENCES_ANCHOR, type EmailPreferences as Preferences } from "../../lib/email-preferences.ts";
import { emailKindHint, emailKindLabel } from "../../lib/email-kind-words.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { DataActionResult } from "../../lib/profile-page.ts";
import { CheckboxInput, FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";
import { EmailText } from "../ui/EmailText.tsx";

export function EmailPreferencesSection({ email, preferences, asAdmin }: { email: string; preferences: Preferences; asAdmin: boolean }) {
  const result = useActionData<DataActionResult>();
  const answer = result?.intent === "email_preferences" ? result : null;
  return (
    <section
      id={EMAIL_PREFERENCES_ANCHOR}
      aria-labelledby="email-preferences-title"
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="email-preferences"
    >
      <h2 id="email-preferences-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {m.eprefs_title()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {asAdmin ? m.eprefs_intro_admin() : m.eprefs_intro()} <EmailText email={email} />
      </p>
      {asAdmin ? (
        <ReadOnlyPreferences preferences={preferences} />
      ) : (
        // Drawn afresh with the saved choice once the page's data comes back.
        <PreferencesForm key={EMAIL_KINDS.map((kind) => Number(preferences[kind])).join("")} preferences={preferences} answer={answer} />
      )}
    </section>
  );
}

function PreferencesForm({ preferences, answer }: { preferences: Preferences; answer: DataActionResult | null }) {
  const { csrfToken } = useRootData();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "email_preferences";
  const [chosen, setChosen] = useState(preferences);
  return (
    <Form method="post" preventScrollReset className="mt-4 space-y-4" data-testid="email-preferences-form">
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value="email_preferences" />
      <fieldset>
        <legend className="sr-only">{m.eprefs_title()}</legend>
        <div className="divide-y divide-slate-100">
          {EMAIL_KINDS.map((kind) => (
            <div key={kind} className="py-2 sm:py-3" data-testid={`email-kind-${kind}`}>
              <CheckboxInput name={`email_preferences[${kind}]`} isSelected={chosen[kind]} onChange={(on) => setChosen({ ...chosen, [kind]: on })}>
                <span className="block font-medium text-slate-900">{emailKindLabel(kind)}</span>
                <span className="mt-0.5 block text-slate-600">{emailKindHint(kind)}</span>
              </CheckboxInput>
            </div>
          ))}
        </div>
      </fieldset>
      <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600">{m.eprefs_always_sent()}</p>
      {answer && (answer.ok ? <FormMessage tone="success">{m.eprefs_saved()}</FormMessage> : <FormMessage tone="error">{answer.message}</FormMessage>)}
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
        {pending ? m.form_sending() : m.eprefs_save()}
      </button>
    </Form>
  );
}

function ReadOnlyPreferences({ preferences }: { preferences: Preferences }) {
  return (
    <>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        {EMAIL_KINDS.map((kind) => (
          <div key={kind} className="grid gap-1 py-2.5 sm:grid-cols-[1fr_auto] sm:gap-4" data-testid={`email-kind-${kind}`}>
            <dt>
              <span className="block font-medium text-slate-900">{emailKindLabel(kind)}</span>
              <span className="block text-slate-600">{emailKindHint(kind)}</span>
            </dt>
            <dd className={preferences[kind] ? "font-medium text-emerald-800" : "font-medium text-slate-700"}>
              {preferences[kind] ? m.eprefs_state_on() : m.eprefs_state_off()}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600">{m.eprefs_admin_note()}</p>
    </>
  );
}
