// /admin: the dashboard, where an administrator lands after logging in. Six counters (the
// same as GET /api/admin/dashboard), each a card that opens its screen; below them the saved
// searches, the alert e-mails sent and the unsubscribes, with the unsubscribes by kind. When
// e-mails failed for good, a card above the counters says how many and opens their screen (the
// count the layout's navigation shows, read once by the layout's loader).
import { Link, useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "./layout.tsx";
import type { Route } from "./+types/index";
import { pageLoader } from "../../server/http/page.ts";
import { dashboardCounters, type DashboardCounters } from "../../server/admin/dashboard.queries.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import { PageHeading } from "../../components/ui/PageParts.tsx";
import { adminScreenExists } from "../../components/admin/AdminShell.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EMAIL_KINDS } from "../../lib/email-preferences.ts";
import { emailKindLabel } from "../../lib/email-kind-words.ts";

export const loader = pageLoader({ access: ["admin"] }, async ({ services }) => ({ counters: await dashboardCounters(services.db) }));

export function meta() {
  return [{ title: m.page_title({ title: m.admdash_title() }) }, { name: "robots", content: "noindex" }];
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
  const { counters } = loaderData;
  const failedEmails = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")?.counters.failed_emails ?? 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading title={m.admdash_title()} intro={m.admdash_intro()} />
      {failedEmails > 0 && adminScreenExists("/admin/emails") && (
        <Link
          to="/admin/emails"
          className="mt-6 flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-2xl border border-red-300 bg-red-50 p-5 shadow-sm transition hover:border-red-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          data-testid="dashboard-failed-emails"
        >
          <span className="text-4xl font-extrabold tracking-tight text-red-800 tabular-nums">{formatNumber(failedEmails)}</span>
          <span>
            <span className="block text-sm font-semibold text-slate-900">{m.admdash_card_failed_emails()}</span>
            <span className="block text-sm text-slate-700">{m.admdash_card_failed_emails_hint()}</span>
          </span>
        </Link>
      )}
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-dashboard">
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
