// /admin: the dashboard, where an administrator lands after logging in. First the work queue:
// what waits and since when (new stockers, hub requests, bank transfers, CRM follow-ups, failed
// e-mails, reports on warehouses), each its count and the oldest's age, a link to the list of
// exactly those rows. Then the spec's six counters (the same as GET /api/admin/dashboard), each a
// card that opens its screen; below them the saved searches, the alert e-mails sent and the
// unsubscribes, with the unsubscribes by kind.
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { pageLoader } from "../../server/http/page.ts";
import { dashboardCounters, type DashboardCounters, type WorkQueue } from "../../server/admin/dashboard.queries.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import { PageHeading } from "../../components/ui/PageParts.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { adminScreenExists } from "../../components/admin/AdminShell.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EMAIL_KINDS } from "../../lib/email-preferences.ts";
import { emailKindLabel } from "../../lib/email-kind-words.ts";
import { waitingAgeText } from "../../lib/waiting-age.ts";

// The time the ages are counted to travels with the data: the page reads the same words on the
// server and once hydrated.
export const loader = pageLoader({ access: ["admin"] }, async ({ services }) => ({ counters: await dashboardCounters(services.db), now: new Date() }));

export function meta() {
  return [{ title: m.page_title({ title: m.admdash_title() }) }, { name: "robots", content: "noindex" }];
}

/**
 * The work queue's items, each linking to its list filtered to exactly the rows it counts: the
 * lists' defaults are those rows (new stockers pending, hub requests to_approve, transfers
 * waiting, failed e-mails, open reports); the CRM's actions say it (?status=pending).
 */
const QUEUE: { key: keyof WorkQueue; label: () => string; to: string }[] = [
  { key: "new_stockers", label: () => m.admdash_queue_new_stockers(), to: "/admin/stocker-requests" },
  { key: "hub_requests", label: () => m.admdash_queue_hub_requests(), to: "/admin/hub-requests" },
  { key: "transfers", label: () => m.admdash_queue_transfers(), to: "/admin/transfers" },
  { key: "crm_follow_ups", label: () => m.admdash_queue_crm_follow_ups(), to: "/admin/crm-actions?status=pending" },
  { key: "failed_emails", label: () => m.admdash_queue_failed_emails(), to: "/admin/emails" },
  { key: "warehouse_reports", label: () => m.admdash_queue_warehouse_reports(), to: "/admin/reports" },
];

function WorkQueueList({ queue, now }: { queue: WorkQueue; now: Date }) {
  return (
    <section aria-labelledby="dashboard-queue-title" className="mt-6">
      <h2 id="dashboard-queue-title" className="text-lg font-semibold text-slate-900">
        {m.admdash_queue_title()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.admdash_queue_intro()}</p>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-queue">
        {QUEUE.map((item) => {
          const { count, oldest_at } = queue[item.key];
          const waiting = count > 0;
          const body = (
            <>
              <span className={`text-3xl font-extrabold tracking-tight tabular-nums ${waiting ? "text-amber-700" : "text-slate-400"}`}>
                {formatNumber(count)}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{item.label()}</span>
                <span className="block text-sm text-slate-600" data-testid={`dashboard-queue-${item.key}-age`}>
                  {waiting && oldest_at ? m.admdash_queue_oldest({ age: waitingAgeText(oldest_at, now) }) : m.admdash_queue_none()}
                </span>
              </span>
            </>
          );
          const frame = `flex h-full items-baseline gap-4 rounded-2xl border bg-white p-4 shadow-sm ${waiting ? "border-accent-400" : "border-slate-200"}`;
          const path = item.to.split("?")[0]!;
          return (
            <li key={item.key}>
              {adminScreenExists(path) ? (
                <Link
                  to={item.to}
                  className={`${frame} transition hover:border-brand-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
                  data-testid={`dashboard-queue-${item.key}`}
                >
                  {body}
                </Link>
              ) : (
                <div className={frame} data-testid={`dashboard-queue-${item.key}`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The spec's six counters: the keys whose value is a number. */
type CountKey = { [K in keyof DashboardCounters]: DashboardCounters[K] extends number ? K : never }[keyof DashboardCounters];
type Card = { key: CountKey; label: () => string; hint: () => string; to: string; waiting?: boolean };

const CARDS: Card[] = [
  {
    key: "new_stokers",
    label: () => m.admdash_card_new_stockers(),
    hint: () => m.admdash_card_new_stockers_hint(),
    to: "/admin/stocker-requests",
    waiting: true,
  },
  { key: "new_requests", label: () => m.admdash_card_new_requests(), hint: () => m.admdash_card_new_requests_hint(), to: "/admin/requests" },
  { key: "transfers_waiting", label: () => m.admdash_card_transfers(), hint: () => m.admdash_card_transfers_hint(), to: "/admin/transfers", waiting: true },
  { key: "stockers", label: () => m.admdash_card_stockers(), hint: () => m.admdash_card_stockers_hint(), to: "/admin/stockers" },
  { key: "stock_hunters", label: () => m.admdash_card_stock_hunters(), hint: () => m.admdash_card_stock_hunters_hint(), to: "/admin/stock-hunters" },
  { key: "requests", label: () => m.admdash_card_requests(), hint: () => m.admdash_card_requests_hint(), to: "/admin/requests" },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counters, now } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admdash_title()}
        intro={m.admdash_intro()}
        actions={
          // The administrator's own tokens for the API (decision 059): a tool, not a queue, so
          // here rather than in the navigation every page of the back office loads.
          <Link to="/admin/api-tokens" className={buttonClass("secondary", "md")} data-testid="admin-api-tokens-link">
            {m.admdash_nav_api_tokens()}
          </Link>
        }
      />
      <WorkQueueList queue={counters.work_queue} now={now} />
      <h2 className="mt-10 text-lg font-semibold text-slate-900">{m.admdash_counters_title()}</h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-dashboard">
        {CARDS.map((card) => {
          const value = counters[card.key];
          // A waiting counter above zero asks for action: it stands out.
          const urgent = card.waiting && value > 0;
          const body = (
            <>
              <span className="text-sm font-semibold text-slate-600">{card.label()}</span>
              <span
                className={`mt-2 block text-4xl font-extrabold tracking-tight tabular-nums ${urgent ? "text-amber-700" : "text-slate-900"}`}
                data-testid={`dashboard-${card.key}`}
              >
                {formatNumber(value)}
              </span>
              <span className="mt-1 block text-sm text-slate-500">{card.hint()}</span>
            </>
          );
          const frame = `block h-full rounded-2xl border bg-white p-5 shadow-sm ${urgent ? "border-accent-400" : "border-slate-200"}`;
          return (
            <li key={card.key}>
              {adminScreenExists(card.to) ? (
                <Link
                  to={card.to}
                  className={`${frame} transition hover:border-brand-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
                >
                  {body}
                </Link>
              ) : (
                <div className={frame}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <MailFigures counters={counters} />
    </div>
  );
}

const figureFrame = "block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

/** A figure in the cards' style, with what it counts below. */
function Figure({ label, value, hint, testId }: { label: string; value: number; hint: string; testId: string }) {
  return (
    <li className={figureFrame}>
      <span className="text-sm font-semibold text-slate-600">{label}</span>
      <span className="mt-2 block text-4xl font-extrabold tracking-tight text-slate-900 tabular-nums" data-testid={testId}>
        {formatNumber(value)}
      </span>
      <span className="mt-1 block text-sm text-slate-500">{hint}</span>
    </li>
  );
}

/** The saved searches, their alert e-mails and the unsubscribes (decision 038). */
function MailFigures({ counters }: { counters: DashboardCounters }) {
  const { saved_searches, alerts_sent, unsubscribes } = counters;
  return (
    <section aria-labelledby="dashboard-mail-title" className="mt-10">
      <h2 id="dashboard-mail-title" className="text-lg font-semibold text-slate-900">
        {m.eprefs_dash_title()}
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-dashboard-mail">
        <Figure
          label={m.eprefs_dash_saved_searches()}
          value={saved_searches.total}
          hint={m.eprefs_dash_saved_searches_hint({ active: formatNumber(saved_searches.active) })}
          testId="dashboard-saved_searches"
        />
        <Figure
          label={m.eprefs_dash_alerts()}
          value={alerts_sent.total}
          hint={m.eprefs_dash_alerts_hint({ recent: formatNumber(alerts_sent.last_30_days) })}
          testId="dashboard-alerts_sent"
        />
        <Figure
          label={m.eprefs_dash_unsubscribes()}
          value={unsubscribes.total}
          hint={m.eprefs_dash_unsubscribes_hint({ recent: formatNumber(unsubscribes.last_30_days) })}
          testId="dashboard-unsubscribes"
        />
      </ul>
      <h3 className="mt-6 text-sm font-semibold text-slate-700">{m.eprefs_dash_by_kind()}</h3>
      <AdminTable
        className="mt-2"
        testId="dashboard-unsubscribes-by-kind"
        columns={[
          { label: m.eprefs_dash_kind() },
          { label: m.eprefs_dash_recent(), className: "text-right" },
          { label: m.eprefs_dash_total(), className: "text-right" },
        ]}
      >
        {EMAIL_KINDS.map((kind) => (
          <tr key={kind} data-testid={`dashboard-unsubscribes-${kind}`}>
            <td data-label={m.eprefs_dash_kind()} className="px-4 py-3 font-medium text-slate-900">
              {emailKindLabel(kind)}
            </td>
            <td data-label={m.eprefs_dash_recent()} className="px-4 py-3 text-right text-slate-700 tabular-nums">
              {formatNumber(unsubscribes.by_kind[kind].last_30_days)}
            </td>
            <td data-label={m.eprefs_dash_total()} className="px-4 py-3 text-right text-slate-700 tabular-nums">
              {formatNumber(unsubscribes.by_kind[kind].total)}
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
