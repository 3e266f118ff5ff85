// The frame of the back office (/admin, in Italian): a top bar with the brand and the way back
// to the site and the logout, and the navigation to every screen with the counters of what waits (new
// stockers, hub requests, transfers, CRM actions, undelivered e-mails: read by the layout's loader). From 1024 px
// the navigation is a side column; below (a tablet) it folds into a "Menu" disclosure under
// the bar, a <details> so it opens without JavaScript and with the keyboard. React Aria's
// language (Italian here) is set by the overlays themselves (ui/AriaLocale.tsx), which load on
// first use: the frame has no React Aria in it.
import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { useRootData } from "../../lib/root-data.ts";
import { displayName } from "../../lib/person-name.ts";
import { setCsrfFallback, XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { LogoMark, Wordmark } from "../Logo.tsx";

/** What waits for an administrator (app/server/admin/dashboard.queries.ts). */
export type AdminCounters = { new_stockers: number; hub_requests: number; transfers: number; crm_actions: number; failed_emails: number };

type NavItem = {
  path: string;
  label: () => string;
  /** The counter shown next to it, when something waits. */
  counter?: keyof AdminCounters;
  /** Other paths whose pages belong to this screen (an entity opened from its list). */
  also?: string[];
};

// Every screen of the back office, in the order the side navigation lists them.
const NAV: NavItem[] = [
  { path: "/admin", label: () => m.admdash_nav_dashboard() },
  { path: "/admin/stocker-requests", label: () => m.admdash_nav_stocker_requests(), counter: "new_stockers" },
  { path: "/admin/stockers", label: () => m.admdash_nav_stockers(), also: ["/admin/stocker"] },
  { path: "/admin/stock-hunters", label: () => m.admdash_nav_stock_hunters(), also: ["/admin/stock-hunter"] },
  { path: "/admin/transfers", label: () => m.admdash_nav_transfers(), counter: "transfers" },
  { path: "/admin/promo-codes", label: () => m.admdash_nav_promo_codes() },
  { path: "/admin/crm", label: () => m.admdash_nav_crm(), counter: "crm_actions", also: ["/admin/crm-actions"] },
  { path: "/admin/warehouses", label: () => m.admdash_nav_warehouses() },
  { path: "/admin/warehouses/new", label: () => m.admdash_nav_add_warehouse() },
  { path: "/admin/hub-requests", label: () => m.admdash_nav_hub_requests(), counter: "hub_requests" },
  { path: "/admin/search", label: () => m.admdash_nav_search() },
  { path: "/admin/requests", label: () => m.admdash_nav_requests() },
  { path: "/admin/specifications", label: () => m.admdash_nav_specifications() },
  { path: "/admin/reports", label: () => m.admdash_nav_reports() },
  { path: "/admin/audit", label: () => m.admdash_nav_audit() },
  { path: "/admin/emails", label: () => m.admdash_nav_failed_emails(), counter: "failed_emails" },
];

/**
 * The screens registered in app/routes.ts today (a screen is linked once its route exists): only
 * these are linked, by the navigation and by the dashboard's cards.
 */
const REGISTERED = new Set<string>([
  "/admin",
  "/admin/stocker-requests",
  "/admin/stockers",
  "/admin/stock-hunters",
  "/admin/transfers",
  "/admin/promo-codes",
  "/admin/warehouses",
  "/admin/warehouses/new",
  "/admin/hub-requests",
  "/admin/specifications",
  "/admin/audit",
  "/admin/crm",
  "/admin/crm-actions",
  "/admin/search",
  "/admin/requests",
  "/admin/emails",
  "/admin/reports",
]);

export function adminScreenExists(path: string): boolean {
  return REGISTERED.has(path);
}

const SHOWN = NAV.filter((item) => REGISTERED.has(item.path));

function within(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The screen the page belongs to: the longest path it lies under ("/admin/warehouses/new" is
 * Aggiungi magazzino, "/admin/warehouses/3/edit" Magazzini), the dashboard only for /admin itself.
 */
export function currentNavPath(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/admin") return "/admin";
  let best: { path: string; length: number } | null = null;
  for (const item of SHOWN) {
    if (item.path === "/admin") continue;
    for (const p of [item.path, ...(item.also ?? [])]) {
      if (within(path, p) && (!best || p.length > best.length)) best = { path: item.path, length: p.length };
    }
  }
  return best?.path ?? null;
}

function NavList({ counters, current, testId }: { counters: AdminCounters | null; current: string | null; testId: string }) {
  return (
    <ul className="space-y-0.5" data-testid={testId}>
      {SHOWN.map((item) => {
        const active = item.path === current;
        const count = item.counter && counters ? counters[item.counter] : 0;
        return (
          <li key={item.path}>
            <Link
              to={item.path}
              prefetch="intent"
              aria-current={active ? "page" : undefined}
              className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-400 ${
                active ? "bg-white/15 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white"
              }`}
            >
              <span>{item.label()}</span>
              {count > 0 && (
                <span
                  className="rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-slate-900 tabular-nums"
                  data-testid={`admin-counter-${item.counter}`}
                >
                  <span aria-hidden="true">{count}</span>
                  <span className="sr-only">{m.admdash_nav_waiting({ count })}</span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function AdminShell({ children, counters = null }: { children: ReactNode; counters?: AdminCounters | null }) {
  const { user, csrfToken } = useRootData();
  const { pathname } = useLocation();
  useEffect(() => setCsrfFallback(csrfToken), [csrfToken]);
  const current = currentNavPath(pathname);
  const waiting = counters ? counters.new_stockers + counters.hub_requests + counters.transfers + counters.crm_actions + counters.failed_emails : 0;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-30 bg-slate-900 text-white">
        <div className="flex items-center gap-x-4 px-4 py-3 sm:gap-x-6">
          <Link to="/admin" className="-my-2 flex min-h-11 items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <Wordmark className="text-white" />
            <span className="rounded bg-white/15 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap uppercase sm:px-2 sm:tracking-wide">
              {m.admin_title()}
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-4 text-sm">
            {user && <span className="hidden text-slate-300 sm:inline">{displayName(user)}</span>}
            {/* On a phone the bar has room for the name only: the link is the menu's last item. */}
            <Link to="/it" className="hidden whitespace-nowrap text-slate-200 underline-offset-2 hover:text-white hover:underline sm:inline">
              {m.admin_back_to_site()}
            </Link>
            {/* A plain form post, as the site's header logs out: works before hydration, the
                server ends the session and sends the browser to the site. In the bar at every
                width, so it is never more than one Tab away. */}
            {user && (
              <form method="post" action="/logout" data-testid="admin-logout">
                <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
                <button
                  type="submit"
                  className="-my-2 min-h-11 rounded-lg px-3 py-2 font-medium whitespace-nowrap text-slate-100 ring-1 ring-white/25 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
                >
                  {m.nav_logout()}
                </button>
              </form>
            )}
          </div>
        </div>
        {/* Below 1024 px: the navigation as a menu under the bar; it closes on navigation
            (a new key mounts it closed). */}
        <details key={pathname} className="group border-t border-white/10 lg:hidden" data-testid="admin-menu">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 py-2.5 text-sm font-semibold text-slate-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400 [&::-webkit-details-marker]:hidden">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5 fill-current">
              <path d="M3 5h14v1.5H3zM3 9.25h14v1.5H3zM3 13.5h14V15H3z" />
            </svg>
            <span>{m.admdash_menu()}</span>
            {current && <span className="font-normal text-slate-400">· {SHOWN.find((i) => i.path === current)?.label()}</span>}
            {waiting > 0 && (
              <span className="ml-auto rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-slate-900 tabular-nums">
                <span aria-hidden="true">{waiting}</span>
                <span className="sr-only">{m.admdash_nav_waiting({ count: waiting })}</span>
              </span>
            )}
          </summary>
          <nav aria-label={m.admin_nav_label()} className="max-h-[70vh] overflow-y-auto px-3 pb-3">
            <div className="grid grid-cols-1 sm:[&>ul]:grid sm:[&>ul]:grid-cols-2 sm:[&>ul]:gap-x-4 sm:[&>ul]:space-y-0">
              <NavList counters={counters} current={current} testId="admin-nav-menu" />
            </div>
            <div className="mt-1 border-t border-white/10 pt-1 sm:hidden">
              <Link
                to="/it"
                className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-400"
              >
                {m.admin_back_to_site()}
              </Link>
            </div>
          </nav>
        </details>
      </header>
      <div className="flex flex-1">
        {/* A plain column: the navigation inside is its landmark. As an aside it was a second
            unnamed complementary landmark beside the area's own in an administrator's view of an area. */}
        <div className="hidden w-60 shrink-0 bg-slate-900 lg:block">
          <nav aria-label={m.admin_nav_label()} className="sticky top-[3.25rem] max-h-[calc(100vh-3.25rem)] overflow-y-auto px-3 py-4">
            <NavList counters={counters} current={current} testId="admin-nav" />
          </nav>
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
