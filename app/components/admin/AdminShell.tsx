// The frame of the back office (/admin, in Italian): a bar with the brand, the sections built
// so far and the way back to the site. The full navigation with its counters comes with the
// back office itself.
import { useEffect, type ReactNode } from "react";
import { I18nProvider } from "react-aria-components";
import { Link, NavLink } from "react-router";
import { m } from "../../paraglide/messages.js";
import { useRootData, displayName } from "../../lib/root-data.ts";
import { setCsrfFallback } from "../../lib/api-client.ts";
import { LogoMark, Wordmark } from "../Logo.tsx";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white"}`;

export function AdminShell({ children }: { children: ReactNode }) {
  const { user, csrfToken } = useRootData();
  useEffect(() => setCsrfFallback(csrfToken), [csrfToken]);
  return (
    <I18nProvider locale="it-IT">
      <div className="flex min-h-screen flex-col">
        <header className="bg-slate-900 text-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
            <Link to="/admin/warehouses" className="flex items-center gap-2">
              <LogoMark className="h-7 w-7" />
              <Wordmark className="text-white" />
              <span className="rounded bg-white/15 px-2 py-0.5 text-xs font-semibold tracking-wide uppercase">{m.admin_title()}</span>
            </Link>
            <nav aria-label={m.admin_nav_label()} className="flex flex-wrap gap-1">
              <NavLink to="/admin/warehouses" end className={navClass}>
                {m.admin_nav_warehouses()}
              </NavLink>
              <NavLink to="/admin/warehouses/new" className={navClass}>
                {m.admin_nav_add_warehouse()}
              </NavLink>
              <NavLink to="/admin/transfers" className={navClass}>
                {m.admbill_nav_transfers()}
              </NavLink>
              <NavLink to="/admin/promo-codes" className={navClass}>
                {m.admbill_nav_promo_codes()}
              </NavLink>
            </nav>
            <div className="ml-auto flex items-center gap-4 text-sm">
              {user && <span className="hidden text-slate-300 sm:inline">{displayName(user)}</span>}
              <Link to="/it" className="text-slate-200 underline-offset-2 hover:text-white hover:underline">
                {m.admin_back_to_site()}
              </Link>
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
      </div>
    </I18nProvider>
  );
}
