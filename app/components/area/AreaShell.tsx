// The frame of a logged-in area: who it belongs to, the navigation between its sections (a
// column beside the page on wide screens, a scrolling row of tabs on a phone, the current one in
// sight) with the unread notifications' count, and, in an administrator's view, a band saying
// whose area this is.
import { lazy, useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { AREA_SECTIONS, areaPaths, type AreaRole, type AreaSection } from "../../lib/area-paths.ts";

// The administrator's band is a chunk of its own, out of the areas' first load (the JavaScript
// budget). Without a Suspense boundary the server still writes it into its first answer; in an
// administrator's view the browser asks for it as this module runs.
const loadAdminBand = () => import("./AreaAdminBand.tsx");
const AreaAdminBand = lazy(() => loadAdminBand().then((module) => ({ default: module.AreaAdminBand })));
if (typeof window !== "undefined" && window.location.pathname.startsWith("/admin/")) void loadAdminBand();

export type AreaShellData = {
  role: AreaRole;
  base: string;
  asAdmin: boolean;
  ownerId: number;
  ownerName: string;
  ownerEmail: string;
  /** 0 stocker, 1 stock keeper (stockers only). */
  accountType: 0 | 1 | null;
  unread: number;
};

const SECTION_LABEL: Record<AreaSection, () => string> = {
  dashboard: () => m.area_nav_dashboard(),
  warehouses: () => m.area_nav_warehouses(),
  "saved-searches": () => m.ss_nav(),
  messages: () => m.area_nav_messages(),
  statistics: () => m.area_nav_statistics(),
  notifications: () => m.area_nav_notifications(),
  data: () => m.area_nav_data(),
  reviews: () => m.area_nav_reviews(),
  invite: () => m.area_nav_invite(),
  billing: () => m.billp_nav(),
  "api-tokens": () => m.area_nav_api_tokens(),
};

/** The label of a section; the hunter's warehouses are its favourites. */
function sectionLabel(role: AreaRole, section: AreaSection): string {
  if (role === "stock_hunter" && section === "warehouses") return m.area_nav_favourites();
  if (role !== "stocker" && section === "dashboard") return m.area_nav_profile();
  return SECTION_LABEL[section]();
}

function areaTitle(role: AreaRole, accountType: 0 | 1 | null): string {
  if (role === "stocker") return accountType === 1 ? m.area_title_keeper() : m.area_title_stocker();
  if (role === "referent") return m.area_title_referent();
  return m.area_title_hunter();
}

/**
 * On a phone the tabs are one row that scrolls sideways, and the current one may lie past the
 * screen's edge (Billing is the stocker's eighth tab of nine): bring it to the middle of the row
 * on every page, without moving the page itself (scrollIntoView would).
 */
function useCurrentTabInSight() {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = navRef.current;
    const tab = nav?.querySelector<HTMLElement>("[aria-current=page]");
    if (!nav || !tab || nav.scrollWidth <= nav.clientWidth) return;
    const row = nav.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    nav.scrollLeft += box.left - row.left - (row.width - box.width) / 2;
  }, [pathname]);
  return navRef;
}

export function AreaShell({ area, children }: { area: AreaShellData; children: ReactNode }) {
  const navRef = useCurrentTabInSight();
  const paths = areaPaths(area.base);
  const sections = AREA_SECTIONS[area.role];
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 shrink-0 items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm lg:min-h-0 font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    }`;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8">
      {area.asAdmin && <AreaAdminBand ownerId={area.ownerId} ownerName={area.ownerName} />}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <aside className="lg:sticky lg:top-20 lg:w-60 lg:shrink-0">
          <div className="mb-3 lg:mb-4">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{areaTitle(area.role, area.accountType)}</p>
            <p className="mt-0.5 truncate text-lg font-bold text-slate-900">{area.ownerName}</p>
            <p className="truncate text-sm text-slate-500">{area.ownerEmail}</p>
          </div>
          {/* On a phone the row's edges fade over its margins: a tab cut at the edge reads as "more
              this way", and the first and last tabs, scrolled to, stand clear of the fade. The
              margins are the list's own padding, so that the scroll reaches past the last tab. */}
          <nav
            ref={navRef}
            aria-label={m.area_nav_label()}
            className="-mx-4 overflow-x-auto [mask-image:linear-gradient(to_right,transparent,black_1rem,black_calc(100%-1rem),transparent)] lg:mx-0 lg:overflow-visible lg:[mask-image:none]"
          >
            <ul className="flex w-max gap-1 px-4 lg:w-auto lg:flex-col lg:px-0">
              {sections.map((section) => (
                <li key={section}>
                  <NavLink to={paths.section(section)} end={section === "dashboard"} className={navClass} prefetch="intent">
                    <span>{sectionLabel(area.role, section)}</span>
                    {section === "notifications" && area.unread > 0 && (
                      <span
                        className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
                        aria-label={m.area_unread_count({ count: area.unread })}
                      >
                        {area.unread > 99 ? "99+" : area.unread}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
