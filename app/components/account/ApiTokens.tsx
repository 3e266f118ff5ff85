// The tokens page (decision 059), in the stocker's and referent's areas and the back office: a
// form that makes a token (name, permissions, lifetime), the new token shown once with a copy
// button and a call to try, and the owner's tokens with their state, last use and a revocation
// that asks first (?revoke=ID opens the question in the card). Every form posts to the page's
// action (app/routes/shared/api-token-pages.server.ts), so all of it works before hydration.
// An administrator's view of a stocker's area lists and revokes, and makes nothing.
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import {
  API_TOKEN_DAYS,
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKENS_PER_OWNER,
  type ApiTokenChanged,
  type ApiTokenItem,
  type ApiTokensView,
} from "../../lib/api-tokens.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { EmptyState, PageHeading } from "../ui/PageParts.tsx";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { CopyButton } from "../ui/CopyButton.tsx";
import { buttonClass, inputClass, labelClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { DANGER_BUTTON, DANGER_SUBMIT } from "../ui/danger-buttons.ts";

const STATE_BADGE: Record<ApiTokenItem["state"], { label: () => string; className: string }> = {
  active: { label: () => m.tok_state_active(), className: "bg-emerald-50 text-emerald-900 ring-emerald-300" },
  expired: { label: () => m.tok_state_expired(), className: "bg-amber-50 text-amber-900 ring-amber-300" },
  revoked: { label: () => m.tok_state_revoked(), className: "bg-slate-100 text-slate-800 ring-slate-300" },
};

const scopeLabel = (scope: ApiTokenItem["scope"]) => (scope === "read" ? m.tok_scope_read() : m.tok_scope_read_write());
const daysLabel = (days: number) => (days === 365 ? m.tok_days_year() : m.tok_days({ days }));

function nameError(code: string | undefined): string | null {
  if (!code) return null;
  if (code === "too_long") return m.ss_error_name_long({ max: API_TOKEN_NAME_MAX });
  return m.field_required();
}

export function ApiTokens({
  data,
  lastResult,
  csrfToken,
}: {
  data: ApiTokensView;
  lastResult: PageActionResult<ApiTokenChanged> | undefined;
  csrfToken: string;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const failure = lastResult && !lastResult.ok ? lastResult : null;
  const created = lastResult?.ok && lastResult.intent === "create" ? lastResult : null;
  const revoked = lastResult?.ok && lastResult.intent === "revoke" ? lastResult : null;
  const asked = Number(params.get("revoke"));
  const revoking = Number.isSafeInteger(asked) && asked > 0 && revoked?.id !== asked ? asked : null;
  const live = data.tokens.filter((t) => t.state === "active").length;

  return (
    <div>
      <PageHeading title={m.tok_title()} intro={data.canCreate ? m.tok_intro() : m.tok_intro_admin()} />
      <p className="-mt-3 mb-5 text-sm">
        <a href="/api/docs" className={standaloneTextLinkClass} data-testid="api-tokens-docs">
          {m.tok_docs_link()}
        </a>
      </p>
      <div className="space-y-3" data-testid="api-tokens-notices">
        {revoked && <FormMessage tone="success">{m.tok_done_revoked()}</FormMessage>}
        {failure && failure.error !== "invalid" && <FormMessage tone="error">{failure.message}</FormMessage>}
      </div>
      {created && <NewToken token={created.token} item={created.item} exampleUrl={data.exampleUrl} />}
      {data.canCreate && <CreateForm csrfToken={csrfToken} failure={failure?.intent === "create" ? failure : null} formKey={created?.item.id ?? 0} />}

      <section className="mt-8" aria-labelledby="api-tokens-list-title">
        <h2 id="api-tokens-list-title" className="text-lg font-semibold text-slate-900">
          {data.canCreate ? m.tok_list_title() : m.tok_list_title_admin()}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {live === 1 ? m.tok_count_one({ max: API_TOKENS_PER_OWNER }) : m.tok_count({ count: formatNumber(live), max: API_TOKENS_PER_OWNER })}
        </p>
        {data.tokens.length === 0 ? (
          <EmptyState title={m.tok_empty_title()} testId="api-tokens-empty" className="mt-4">
            <p>{data.canCreate ? m.tok_empty_text() : m.tok_empty_text_admin()}</p>
          </EmptyState>
        ) : (
          <ul className="mt-4 space-y-3" data-testid="api-tokens">
            {data.tokens.map((token) => (
              <TokenCard key={token.id} token={token} csrfToken={csrfToken} revoking={revoking === token.id} pathname={pathname} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NewToken({ token, item, exampleUrl }: { token: string; item: ApiTokenItem; exampleUrl: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Shown after the form's post: the focus goes to it, so a screen reader reads it at once.
  useEffect(() => ref.current?.focus(), [token]);
  return (
    <section
      className="mt-4 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 sm:p-5"
      data-testid="api-token-created"
      aria-labelledby="api-token-created-title"
    >
      <h2 id="api-token-created-title" ref={ref} tabIndex={-1} className="font-semibold text-emerald-950 outline-none">
        {m.tok_created_title({ name: item.name })}
      </h2>
      <p className="mt-1 text-sm text-emerald-900">{m.tok_created_text()}</p>
      <code
        className="mt-3 block rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-emerald-200"
        data-testid="api-token-value"
      >
        {token}
      </code>
      <div className="mt-3">
        <CopyButton text={token} label={m.tok_copy()} testId="api-token-copy" />
      </div>
      <p className="mt-4 text-sm text-emerald-900">{m.tok_example()}</p>
      <code className="mt-1 block rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs break-all text-slate-100" data-testid="api-token-example">
        curl -H "Authorization: Bearer {token}" {exampleUrl}
      </code>
    </section>
  );
}

type Failure = Exclude<PageActionResult<ApiTokenChanged>, ApiTokenChanged>;

function CreateForm({ csrfToken, failure, formKey }: { csrfToken: string; failure: Failure | null; formKey: number }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const values = failure?.values ?? {};
  const scope = values.scope === "read_write" ? "read_write" : "read";
  return (
    // A new key after each token made: the form starts empty again.
    <Form
      key={formKey}
      method="post"
      preventScrollReset
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="api-token-form"
    >
      <h2 className="text-lg font-semibold text-slate-900">{m.tok_new_title()}</h2>
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value="create" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextInput
          name="name"
          label={m.tok_label_name()}
          defaultValue={values.name ?? ""}
          isRequired
          description={m.tok_hint_name()}
          error={nameError(failure?.errors.name)}
        />
        <div className="flex flex-col">
          <label htmlFor="api-token-expiry" className={labelClass}>
            {m.tok_label_expiry()}
          </label>
          <select id="api-token-expiry" name="expires_in_days" defaultValue={values.expires_in_days ?? String(API_TOKEN_DEFAULT_DAYS)} className={inputClass}>
            {API_TOKEN_DAYS.map((days) => (
              <option key={days} value={days}>
                {daysLabel(days)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className={labelClass}>{m.tok_label_scope()}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(["read", "read_write"] as const).map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input type="radio" name="scope" value={value} defaultChecked={scope === value} className="mt-1 h-4 w-4 accent-brand-600" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{scopeLabel(value)}</span>
                <span className="block text-sm text-slate-600">{value === "read" ? m.tok_scope_read_hint() : m.tok_scope_read_write_hint()}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md", "mt-4")} data-testid="api-token-create">
        {pending ? m.tok_creating() : m.tok_create()}
      </button>
    </Form>
  );
}

function TokenCard({ token, csrfToken, revoking, pathname }: { token: ApiTokenItem; csrfToken: string; revoking: boolean; pathname: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("id") === String(token.id);
  const badge = STATE_BADGE[token.state];
  const named = <span className="sr-only"> {token.name}</span>;
  const ended =
    token.state === "revoked"
      ? { label: m.tok_revoked_on(), at: token.revoked_at! }
      : { label: token.state === "expired" ? m.tok_expired_on() : m.tok_expires_on(), at: token.expires_at };
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="api-token" data-id={token.id} data-state={token.state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900" data-testid="api-token-name">
            {token.name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {scopeLabel(token.scope)} · <span className="font-mono">{m.tok_ends_with({ hint: token.token_hint })}</span>
          </p>
        </div>
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${badge.className}`}
          data-testid="api-token-state"
        >
          {badge.label()}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{m.tok_created_on()}</dt>
          <dd className="mt-0.5 text-slate-900">{formatDate(token.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{ended.label}</dt>
          <dd className="mt-0.5 text-slate-900">{formatDate(ended.at)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{m.tok_last_used()}</dt>
          <dd className="mt-0.5 text-slate-900" data-testid="api-token-last-used">
            {token.last_used_at ? formatDateTime(token.last_used_at) : m.tok_never_used()}
          </dd>
        </div>
      </dl>
      {token.state === "active" && !revoking && (
        <Link to={`${pathname}?revoke=${token.id}`} preventScrollReset className={`${DANGER_BUTTON} mt-4`} data-testid="api-token-revoke">
          {m.tok_revoke()}
          {named}
        </Link>
      )}
      {token.state === "active" && revoking && <RevokeQuestion token={token} csrfToken={csrfToken} pending={pending} cancelHref={pathname} />}
    </li>
  );
}

function RevokeQuestion({ token, csrfToken, pending, cancelHref }: { token: ApiTokenItem; csrfToken: string; pending: boolean; cancelHref: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // Opened from its link: the question takes the focus, so a screen reader says it at once.
  useEffect(() => ref.current?.focus(), []);
  return (
    <Form method="post" preventScrollReset className="mt-4 space-y-3 rounded-xl border border-red-200 bg-red-50 p-4" data-testid="api-token-revoke-form">
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="id" value={token.id} />
      <p ref={ref} tabIndex={-1} className="text-sm font-medium text-red-900 outline-none">
        {m.tok_revoke_question({ name: token.name })}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} aria-busy={pending} className={DANGER_SUBMIT} data-testid="api-token-revoke-confirm">
          {pending ? m.form_sending() : m.tok_revoke_confirm()}
        </button>
        <Link to={cancelHref} preventScrollReset className={buttonClass("secondary", "sm")}>
          {m.tok_cancel()}
        </Link>
      </div>
    </Form>
  );
}
