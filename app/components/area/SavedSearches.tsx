// The stock hunter's saved searches ({hunter base}/saved-searches, decision 038): one card per
// search with its criteria in words (place and radius, dates, quantity, specifications named in
// the page's language), its state, and its actions: run it now (the search page with its
// criteria), rename, pause or resume, delete after a confirmation. Renaming and deleting open in
// the card through the address (?rename=ID, ?delete=ID), and every form posts to the page's
// action (app/routes/shared/saved-search-pages.server.ts), so all of it works before hydration.
// An administrator's view shows the cards and the run links only.
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import type { Locale } from "../../lib/locale.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_PER_OWNER,
  savedSearchHref,
  type SavedSearchChanged,
  type SavedSearchState,
  type SavedSearchView,
} from "../../lib/saved-searches.ts";
import { EmptyState, PageHeading } from "../ui/PageParts.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";
import { DANGER_BUTTON, DANGER_SUBMIT } from "../ui/danger-buttons.ts";
import { savedSearchCriteria } from "../search/saved-search-words.ts";

export type SavedSearchesPageData = {
  saved_searches: SavedSearchView[];
  saved_searches_count: number;
  page: number;
  pages: number;
  frame: { base: string; asAdmin: boolean };
  locale: Locale;
};

const STATE_BADGE: Record<SavedSearchState, { label: () => string; className: string; dot: string }> = {
  active: { label: () => m.ss_state_active(), className: "bg-emerald-50 text-emerald-900 ring-emerald-300", dot: "bg-emerald-600" },
  paused: { label: () => m.ss_state_paused(), className: "bg-slate-100 text-slate-800 ring-slate-300", dot: "bg-slate-500" },
  unconfirmed: { label: () => m.ss_state_unconfirmed(), className: "bg-amber-50 text-amber-900 ring-amber-300", dot: "bg-amber-500" },
};

export function SavedSearchStateBadge({ state }: { state: SavedSearchState }) {
  const badge = STATE_BADGE[state];
  return (
    <span
      data-state={state}
      data-testid="saved-search-state"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${badge.className}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${badge.dot}`} />
      {badge.label()}
    </span>
  );
}

function doneMessage(result: SavedSearchChanged): string {
  if (result.intent === "delete") return m.ss_done_deleted();
  return { renamed: m.ss_done_renamed, paused: m.ss_done_paused, resumed: m.ss_done_resumed }[result.change]();
}

/** The page's address with `changes` applied to its query (null removes a name). */
function withQuery(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

export function SavedSearches({
  data,
  lastResult,
  csrfToken,
}: {
  data: SavedSearchesPageData;
  lastResult: PageActionResult<SavedSearchChanged> | undefined;
  csrfToken: string;
}) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const failure = lastResult && !lastResult.ok ? lastResult : null;
  const done = lastResult?.ok ? lastResult : null;
  // A change just made closes the card's form it came from.
  const openId = (name: string) => {
    const id = Number(params.get(name));
    return Number.isSafeInteger(id) && id > 0 && !(done && done.saved_search_id === id) ? id : null;
  };
  const renaming = data.frame.asAdmin ? null : openId("rename");
  const deleting = data.frame.asAdmin ? null : openId("delete");
  // Pausing and resuming post to the list itself. Renaming and deleting post to the address that
  // opened their form, so a refusal draws it again with the error and what was typed (with or
  // without JavaScript); once saved, `done` closes it.
  const listHref = withQuery(search, { rename: null, delete: null });
  const openHref = withQuery(search, {});
  const count = data.saved_searches_count;

  return (
    <div>
      <PageHeading
        title={m.ss_nav()}
        intro={
          count > 0
            ? `${m.ss_intro()} ${count === 1 ? m.ss_count_one({ max: SAVED_SEARCHES_PER_OWNER }) : m.ss_count({ count: formatNumber(count), max: SAVED_SEARCHES_PER_OWNER })}`
            : m.ss_intro()
        }
      />
      <div className="space-y-3" data-testid="saved-search-notices">
        {done && <FormMessage tone="success">{doneMessage(done)}</FormMessage>}
        {/* A name refused is said at its field. */}
        {failure && !(failure.error === "invalid" && renaming !== null) && <FormMessage tone="error">{failure.message}</FormMessage>}
      </div>
      {count === 0 ? (
        <EmptyState title={m.ss_empty_title()} testId="saved-searches-empty" className="mt-4">
          <p>{m.ss_empty_text()}</p>
          <Link to={`/${data.locale}/stocks`} className={buttonClass("primary", "sm", "mt-3")}>
            {m.area_search_warehouses()}
          </Link>
        </EmptyState>
      ) : (
        <ul className="mt-4 space-y-4" data-testid="saved-searches">
          {data.saved_searches.map((s) => (
            <SavedSearchCard
              key={s.id}
              s={s}
              locale={data.locale}
              asAdmin={data.frame.asAdmin}
              csrfToken={csrfToken}
              search={search}
              listHref={listHref}
              openHref={openHref}
              renaming={renaming === s.id}
              deleting={deleting === s.id}
              failure={failure && (renaming === s.id || deleting === s.id) ? failure : null}
            />
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={data.pages} />
    </div>
  );
}

type CardProps = {
  s: SavedSearchView;
  locale: Locale;
  asAdmin: boolean;
  csrfToken: string;
  search: string;
  listHref: string;
  openHref: string;
  renaming: boolean;
  deleting: boolean;
  failure: Exclude<PageActionResult<SavedSearchChanged>, SavedSearchChanged> | null;
};

function SavedSearchCard({ s, locale, asAdmin, csrfToken, search, listHref, openHref, renaming, deleting, failure }: CardProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("id") === String(s.id);
  const headingId = `saved-search-${s.id}`;
  const named = <span className="sr-only"> {s.name}</span>;
  const hidden = (
    <>
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="id" value={s.id} />
    </>
  );
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="saved-search" data-id={s.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words text-slate-900" data-testid="saved-search-name">
          {s.name}
        </h2>
        <SavedSearchStateBadge state={s.state} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        {savedSearchCriteria(s).map((c) => (
          <div key={c.key} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{c.label}</dt>
            <dd className="mt-0.5 break-words text-slate-900" data-testid={`saved-search-${c.key}`}>
              {c.value}
            </dd>
          </div>
        ))}
      </dl>
      {s.specifications.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{m.ss_label_specifications()}</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5" data-testid="saved-search-specifications">
            {s.specifications.map((spec) => (
              <li key={spec.id} className="rounded-full bg-slate-50 px-2.5 py-0.5 text-xs text-slate-800 ring-1 ring-slate-200">
                {spec.value}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-3 text-xs text-slate-600">{m.ss_created({ date: formatDate(s.created_at) })}</p>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Link to={savedSearchHref(locale, s)} className={buttonClass("primary", "sm")} data-testid="saved-search-run">
          {m.ss_run()}
          {named}
        </Link>
        {!asAdmin && s.state !== "unconfirmed" && (
          <>
            <Link
              to={withQuery(search, { rename: String(s.id), delete: null })}
              preventScrollReset
              className={buttonClass("secondary", "sm")}
              aria-expanded={renaming}
              data-testid="saved-search-rename"
            >
              {m.ss_rename()}
              {named}
            </Link>
            <Form method="post" action={listHref} preventScrollReset>
              {hidden}
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="saved_search_data[paused]" value={s.paused ? "0" : "1"} />
              <button
                type="submit"
                disabled={pending}
                className={buttonClass("secondary", "sm")}
                data-testid={s.paused ? "saved-search-resume" : "saved-search-pause"}
              >
                {s.paused ? m.ss_resume() : m.ss_pause()}
                {named}
              </button>
            </Form>
          </>
        )}
        {!asAdmin && (
          <Link
            to={withQuery(search, { delete: String(s.id), rename: null })}
            preventScrollReset
            className={DANGER_BUTTON}
            aria-expanded={deleting}
            data-testid="saved-search-delete"
          >
            {m.ss_delete()}
            {named}
          </Link>
        )}
      </div>

      {renaming && (
        <RenameForm s={s} hidden={hidden} formHref={openHref} cancelHref={withQuery(search, { rename: null })} pending={pending} failure={failure} />
      )}
      {deleting && (
        <DeleteConfirmation s={s} hidden={hidden} formHref={openHref} cancelHref={withQuery(search, { delete: null })} pending={pending} failure={failure} />
      )}
    </li>
  );
}

type PanelProps = {
  s: SavedSearchView;
  hidden: ReactNode;
  /** Where the form posts: the address that opened it. */
  formHref: string;
  cancelHref: string;
  pending: boolean;
  failure: CardProps["failure"];
};

function nameError(failure: CardProps["failure"]): string | null {
  const code = failure?.errors.name ?? failure?.errors["saved_search_data.name"];
  if (!code) return null;
  if (code === "too_long") return m.ss_error_name_long({ max: SAVED_SEARCH_NAME_MAX });
  return m.ss_error_name();
}

function RenameForm({ s, hidden, formHref, cancelHref, pending, failure }: PanelProps) {
  return (
    <Form method="post" action={formHref} preventScrollReset className="mt-4 space-y-3 rounded-xl bg-slate-50 p-4" data-testid="saved-search-rename-form">
      {hidden}
      <input type="hidden" name="intent" value="update" />
      <TextInput
        name="saved_search_data[name]"
        label={m.ss_name_label()}
        defaultValue={failure?.values?.name ?? s.name}
        isRequired
        autoFocus
        error={nameError(failure)}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "sm")}>
          {pending ? m.form_sending() : m.ss_rename_save()}
        </button>
        <Link to={cancelHref} preventScrollReset className={buttonClass("secondary", "sm")}>
          {m.ss_cancel()}
        </Link>
      </div>
    </Form>
  );
}

function DeleteConfirmation({ s, hidden, formHref, cancelHref, pending }: PanelProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  // Opened from its link: the question takes the focus, so a screen reader says it at once.
  useEffect(() => ref.current?.focus(), []);
  return (
    <Form
      method="post"
      action={formHref}
      preventScrollReset
      className="mt-4 space-y-3 rounded-xl border border-red-200 bg-red-50 p-4"
      data-testid="saved-search-delete-form"
    >
      {hidden}
      <input type="hidden" name="intent" value="delete" />
      <p ref={ref} tabIndex={-1} className="text-sm font-medium text-red-900 outline-none">
        {m.ss_delete_question({ name: s.name })}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} aria-busy={pending} className={DANGER_SUBMIT} data-testid="saved-search-delete-confirm">
          {pending ? m.form_sending() : m.ss_delete_confirm()}
        </button>
        <Link to={cancelHref} preventScrollReset className={buttonClass("secondary", "sm")}>
          {m.ss_keep()}
        </Link>
      </div>
    </Form>
  );
}
