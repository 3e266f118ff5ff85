// /admin/emails (E-mail non consegnate): the e-mails the outbox gave up on (every attempt refused),
// newest first, searchable by recipient (?search=), filtered by template and language
// (?template=, ?lang=), sorted by a column header (?sort=created_at|recipient|attempts&dir=), 20
// a page (?page=, "Pagina X di Y"), exported as CSV or XLSX in the same selection and order
// (GET /api/admin/export-failed-emails); each with its subject, template, language, attempts and
// the server's last answer (cut short, the whole text one press away). The whole row opens the
// recipient's account when the address is one's, else the e-mail's history in the audit log.
// "Invia di nuovo" puts one back in the outbox's queue (the same service as POST
// /api/admin/emails/{id}/resend); "Invia di nuovo tutte" (?resend=all asks first, naming how
// many, a plain form so it works before hydration) puts back every one the filtered list shows
// (POST /api/admin/emails/failed/resend). Both are audited; a row sent again leaves the list when
// the page data reloads.
import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/emails";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { listFailedMail, listFailedMailTemplates, resendAllFailedMail, resendFailedMail } from "../../server/mail/failed-mail.service.ts";
import { MAX_ATTEMPTS } from "../../server/mail/outbox.service.ts";
import { failedEmailsQuery, resendEmailForm } from "../../schemas/admin-lists.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { m } from "../../paraglide/messages.js";
import { excerpt, formatDateTime, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { FAILED_EMAILS_ORDER, FAILED_EMAILS_PAGE_SIZE, FAILED_EMAILS_URL_NAMES } from "../../lib/list-params.ts";
import { locales } from "../../lib/locale.ts";
import { failedEmailsSelection } from "../shared/failed-email-lists.server.ts";
import { ListFilters } from "../../components/admin/ListFilters.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { areaBase } from "../../lib/area-paths.ts";
import { auditLink } from "../../lib/audit-link.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass, linkClass, standaloneTextLinkClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";

export const loader = pageLoader(
  { access: ["admin"], query: failedEmailsQuery, urlNames: FAILED_EMAILS_URL_NAMES },
  async ({ actor, query, url, services }) => {
    const { filters, order } = failedEmailsSelection(query);
    const offset = query.offset ?? 0;
    const [list, templates] = await Promise.all([
      listFailedMail(services.db, actor, { filters, order, limit: FAILED_EMAILS_PAGE_SIZE, page: offset }),
      listFailedMailTemplates(services.db, actor),
    ]);
    return {
      ...list,
      search: filters.search,
      template: filters.template ?? "",
      lang: filters.lang ?? "",
      templates,
      order,
      page: offset + 1,
      pages: pageCount(list.emails_count, FAILED_EMAILS_PAGE_SIZE),
      maxAttempts: MAX_ATTEMPTS,
      // "Invia di nuovo tutte" asks first (?resend=all), only when there is something to send.
      confirmAll: url.searchParams.get("resend") === "all" && list.emails_count > 0,
    };
  },
);

export const action = pageAction({ access: ["admin"], body: resendEmailForm }, async ({ actor, body, services }) => {
  if (body.intent === "resend") {
    const { email_id, to_address } = await resendFailedMail(services.db, actor, body.email_id);
    return { ok: true as const, intent: body.intent, email_id, to_address };
  }
  const { resent_count } = await resendAllFailedMail(services.db, actor, failedEmailsSelection(body).filters);
  return { ok: true as const, intent: body.intent, resent_count };
});

type ResendResult = PageActionResult<Awaited<ReturnType<typeof action>>>;

export function meta() {
  return [{ title: m.page_title({ title: m.admmail_title() }) }, { name: "robots", content: "noindex" }];
}

/** The list's selection as the page's URL and forms name it. */
type Selection = { search: string | null; template: string; lang: string };

/** The list's address with its search and filters (and order), without the question of ?resend=all. */
function listHref(selection: Selection, order?: { key: string; dir: string }): string {
  const params = new URLSearchParams();
  if (selection.search) params.set("search", selection.search);
  if (selection.template) params.set("template", selection.template);
  if (selection.lang) params.set("lang", selection.lang);
  if (order && !(order.key === FAILED_EMAILS_ORDER.defaults.key && order.dir === FAILED_EMAILS_ORDER.defaults.dir)) {
    params.set("sort", order.key);
    params.set("dir", order.dir);
  }
  const text = params.toString();
  return text ? `/admin/emails?${text}` : "/admin/emails";
}

/** Where a row leads: the recipient's account when the address is one's (stockers and hunters have a back-office view), else the e-mail's history. */
function rowHref(e: { id: number; user_id: number | null; user_role: string | null }): string {
  if (e.user_id !== null && e.user_role === "stocker") return areaBase("stocker", "it", e.user_id);
  if (e.user_id !== null && e.user_role === "stock_hunter") return `${areaBase("stock_hunter", "it", e.user_id)}/data`;
  return auditLink("mail_outbox", e.id);
}

/** What an answer of the page's action says: sent again, or why not. */
function resultText(result: ResendResult): { tone: "success" | "error"; text: string } {
  if (result.ok) {
    return result.intent === "resend"
      ? { tone: "success", text: m.admmail_resent({ to: result.to_address }) }
      : { tone: "success", text: m.admmail_resent_all({ count: formatNumber(result.resent_count) }) };
  }
  // Sent again meanwhile (another administrator, another tab), or gone: the list is stale.
  if (result.error === "email_not_failed" || result.error === "not_found") return { tone: "error", text: m.error_email_not_failed() };
  return { tone: "error", text: m.admmail_error_general() };
}

const langLabel = (lang: string) => (lang === "en" ? m.admmail_lang_en() : m.admmail_lang_it());

type Row = Route.ComponentProps["loaderData"]["emails"][number];

export default function AdminFailedEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { emails, emails_count, search, template, lang, templates, order, page, pages, maxAttempts, confirmAll } = loaderData;
  const selection: Selection = { search, template, lang };
  const filtered = Boolean(search || template || lang);
  const sorted = (key: (typeof FAILED_EMAILS_ORDER.keys)[number], label: string, className?: string) =>
    sortableColumn(FAILED_EMAILS_ORDER, order, key, label, className);
  const back = listHref(selection, order);
  // One fetcher for every row's button: one e-mail at a time, and its answer outlives the row,
  // which leaves the list once the page data reloads.
  const fetcher = useFetcher<ResendResult>();
  const navigation = useNavigation();
  // Busy while this page loads a new search or page (not while leaving for another screen).
  const busy = navigation.state !== "idle" && navigation.location.pathname === "/admin/emails";
  // The last answer: a row's (through the fetcher) or the whole list's (a plain form, and any
  // form before hydration: the server draws the page with it).
  const [answer, setAnswer] = useState<ResendResult | null>((actionData as ResendResult | undefined) ?? null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setAnswer(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (actionData) setAnswer(actionData as ResendResult);
  }, [actionData]);
  const notice = answer ? resultText(answer) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admmail_title()}
        intro={`${m.admmail_count({ count: formatNumber(emails_count) })} · ${m.admmail_intro({ attempts: formatNumber(maxAttempts) })}`}
        actions={
          <>
            <ExportLinks endpoint="/api/admin/export-failed-emails" urlNames={FAILED_EMAILS_URL_NAMES} testId="failed-emails-export" />
            {emails_count > 0 && !confirmAll && (
              <Link
                to={`${back}${back.includes("?") ? "&" : "?"}resend=all`}
                className={buttonClass("secondary", "md")}
                preventScrollReset
                data-testid="resend-all"
              >
                {m.admmail_resend_all({ count: formatNumber(emails_count) })}
              </Link>
            )}
          </>
        }
      />
      {confirmAll && <ResendAllQuestion count={emails_count} selection={selection} filtered={filtered} back={back} />}
      <ListFilters
        search={{ name: "search", value: search ?? "", label: m.admmail_search(), buttonLabel: m.admmail_search_button() }}
        orderSpec={FAILED_EMAILS_ORDER}
        order={order}
        filters={[
          {
            kind: "select",
            name: "template",
            label: m.admmail_col_template(),
            value: template,
            options: [
              { value: "", label: m.admlist_any() },
              ...[...new Set([...templates, ...(template ? [template] : [])])].map((t) => ({ value: t, label: t })),
            ],
          },
          {
            kind: "select",
            name: "lang",
            label: m.admmail_col_lang(),
            value: lang,
            options: [{ value: "", label: m.admlist_any() }, ...locales.map((l) => ({ value: l, label: langLabel(l) }))],
          },
        ]}
      />
      <div aria-live="polite" className="empty:hidden mt-6" data-testid="resend-notice">
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      </div>
      {busy && (
        <p role="status" className="sr-only">
          {m.admmail_loading()}
        </p>
      )}
      <div className={`transition-opacity ${busy ? "opacity-60" : ""}`} aria-busy={busy}>
        {emails.length === 0 ? (
          <EmptyState title={filtered ? m.admmail_empty_search() : m.admmail_empty()} testId="failed-emails-empty" className="mt-8" />
        ) : (
          <AdminTable
            testId="admin-failed-emails"
            columns={[
              sorted("recipient", m.admmail_col_recipient()),
              { label: m.admmail_col_error(), className: "w-2/5" },
              sorted("attempts", m.admmail_col_attempts(), "text-right"),
              sorted("created_at", m.admmail_col_created()),
              { label: m.admmail_col_actions(), srOnly: true },
            ]}
          >
            {emails.map((e) => (
              <FailedEmailRow key={e.id} email={e} fetcher={fetcher} />
            ))}
          </AdminTable>
        )}
      </div>
      <Pagination page={page} pages={pages} />
    </div>
  );
}

type ResendFetcher = ReturnType<typeof useFetcher<ResendResult>>;

function FailedEmailRow({ email: e, fetcher }: { email: Row; fetcher: ResendFetcher }) {
  const { csrfToken } = useRootData();
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("email_id") === String(e.id);
  return (
    <tr className="align-top" data-testid={`failed-email-${e.id}`}>
      <td data-label={m.admmail_col_recipient()} className="px-4 py-3">
        <Link
          to={rowHref(e)}
          className="row-link font-semibold text-brand-700 hover:underline"
          title={e.user_id !== null ? m.admmail_open_account() : m.admmail_history()}
          data-testid="failed-email-row-link"
        >
          <EmailText email={e.to_address} />
        </Link>
        <div className="mt-0.5 text-slate-700 [overflow-wrap:anywhere]">
          <span className="sr-only">{m.admmail_col_subject()}: </span>
          {e.subject}
        </div>
        <div className="mt-1 text-xs text-slate-500">
          <span className="sr-only">{m.admmail_col_template()}: </span>
          <code className="font-mono">{e.template}</code>
          {" · "}
          <span className="sr-only">{m.admmail_col_lang()}: </span>
          {langLabel(e.lang)}
        </div>
      </td>
      <td data-label={m.admmail_col_error()} data-wide className="px-4 py-3">
        <LastError error={e.last_error} />
      </td>
      <td data-label={m.admmail_col_attempts()} className="px-4 py-3 text-right text-slate-700 tabular-nums">
        {formatNumber(e.attempts)}
      </td>
      <td data-label={m.admmail_col_created()} className="px-4 py-3 text-slate-700">
        <div className="whitespace-nowrap tabular-nums">{formatDateTime(e.created_at)}</div>
        <div className="mt-1 text-xs text-slate-500 tabular-nums">
          {m.admmail_col_last_attempt()}: <span className="whitespace-nowrap">{e.last_error_at ? formatDateTime(e.last_error_at) : "—"}</span>
        </div>
        <Link to={auditLink("mail_outbox", e.id)} className={`${standaloneTextLinkClass} relative z-10 text-sm`}>
          {m.admmail_history()}
        </Link>
      </td>
      <td className="px-4 py-3 text-right">
        <fetcher.Form method="post" className="relative z-10">
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email_id" value={e.id} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            aria-busy={sending}
            aria-label={m.admmail_resend_label({ subject: e.subject, to: e.to_address })}
            className={buttonClass("primary", "sm", "whitespace-nowrap")}
          >
            {sending ? m.form_sending() : m.admmail_resend()}
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/** The server's last answer, cut to a readable line; the whole text (up to 2,000 characters) opens below it. */
function LastError({ error }: { error: string | null }) {
  if (!error) return <span className="text-slate-500">{m.admmail_no_error()}</span>;
  const short = excerpt(error, 140);
  return (
    // Once the whole text is open, the short line it repeats is hidden.
    <div className="relative z-10 text-slate-800 [&:has(details[open])>p]:hidden">
      <p className="font-mono text-xs [overflow-wrap:anywhere]">{short}</p>
      {short !== error.replace(/\s+/g, " ").trim() && (
        <details className="mt-1">
          <summary className={`${linkClass} inline-flex min-h-11 cursor-pointer items-center text-xs sm:min-h-0 sm:py-1`}>{m.admmail_error_full()}</summary>
          <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-slate-100 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
            {error}
          </pre>
        </details>
      )}
    </div>
  );
}

/** "Invia di nuovo tutte": the question, and a plain form (it works before hydration) that puts back all the filtered list shows. */
function ResendAllQuestion({ count, selection, filtered, back }: { count: number; selection: Selection; filtered: boolean; back: string }) {
  const { csrfToken } = useRootData();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend_all";
  return (
    <section
      aria-labelledby="resend-all-question"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800"
      data-testid="resend-all-question"
    >
      <h2 id="resend-all-question" className="font-semibold text-slate-900">
        {filtered ? m.admmail_resend_all_question_filtered({ count: formatNumber(count) }) : m.admmail_resend_all_question({ count: formatNumber(count) })}
      </h2>
      <p className="mt-1">{m.admmail_resend_all_note()}</p>
      {/* Posted to the list's address without the question, which is where the answer shows. */}
      {filtered && (
        <p className="mt-1" data-testid="resend-all-selection">
          {[
            selection.search ? m.admmail_selection_search({ search: selection.search }) : null,
            selection.template ? m.admmail_selection_template({ template: selection.template }) : null,
            selection.lang ? m.admmail_selection_lang({ lang: langLabel(selection.lang) }) : null,
          ]
            .filter(Boolean)
            .join(" · ")
            // The parts are written to follow one another; the line starts with a capital.
            .replace(/^./, (first) => first.toUpperCase())}
        </p>
      )}
      <Form method="post" action={back} className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        <input type="hidden" name="intent" value="resend_all" />
        {selection.search && <input type="hidden" name="search_term" value={selection.search} />}
        {selection.template && <input type="hidden" name="filters[template]" value={selection.template} />}
        {selection.lang && <input type="hidden" name="filters[lang]" value={selection.lang} />}
        <button type="submit" disabled={sending} aria-busy={sending} className={buttonClass("primary", "md")}>
          {sending ? m.form_sending() : m.admmail_resend_all_confirm()}
        </button>
        <Link to={back} preventScrollReset className={buttonClass("ghost", "md")}>
          {m.admmail_cancel()}
        </Link>
      </Form>
    </section>
  );
}
