// /admin: the dashboard, where an administrator lands after logging in. Six counters (the
// same as GET /api/admin/dashboard), each a card that opens its screen.
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { pageLoader } from "../../server/http/page.ts";
import { dashboardCounters, type DashboardCounters } from "../../server/admin/dashboard.queries.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import { PageHeading } from "../../components/ui/PageParts.tsx";
import { adminScreenExists } from "../../components/admin/AdminShell.tsx";

export const loader = pageLoader({ access: ["admin"] }, async ({ services }) => ({ counters: await dashboardCounters(services.db) }));

export function meta() {
  return [{ title: m.page_title({ title: m.admdash_title() }) }, { name: "robots", content: "noindex" }];
}

type Card = { key: keyof DashboardCounters; label: () => string; hint: () => string; to: string; waiting?: boolean };

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
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading title={m.admdash_title()} intro={m.admdash_intro()} />
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
    </div>
  );
}
