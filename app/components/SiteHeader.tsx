// The site header: logo, main navigation, language switch, login/registration or the
// logged-in user's links, and the mobile menu below the lg breakpoint.
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { m } from "../paraglide/messages.js";
import { locales, type Locale } from "../lib/locale.ts";
import { paths, switchLocalePath } from "../lib/paths.ts";
import { userAreaPath, type CurrentUser } from "../lib/root-data.ts";
import { displayName } from "../lib/person-name.ts";
import { LogoMark, Wordmark } from "./Logo.tsx";
import { usePopups } from "./popups/PopupContext.tsx";
import { buttonClass } from "./ui/styles.ts";
import { CloseIcon } from "./ui/icons.tsx";
import { XSRF_FIELD_NAME } from "../lib/api-client.ts";

type HeaderProps = { locale: Locale; user: CurrentUser | null; csrfToken: string };

const navLinkClass =
  "rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-brand-700";

export function SiteHeader({ locale, user, csrfToken }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A navigation closes the menu.
  useEffect(() => setMenuOpen(false), [location.key]);

  // Esc closes the menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // An open popup handles its own Esc first.
      if (event.key === "Escape" && !event.defaultPrevented && !document.querySelector("[role=dialog]")) {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-brand-600 focus:px-4 focus:py-2 focus:text-white"
      >
        {m.header_skip_to_content()}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home(locale)} aria-label={m.header_home_label()} className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg">
          <LogoMark />
          <Wordmark className="text-slate-900" />
        </Link>

        <nav aria-label={m.nav_main_label()} className="ml-4 hidden flex-1 items-center gap-0.5 xl:flex">
          <MainLinks locale={locale} user={user} />
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <LocaleSwitch locale={locale} />
          <div className="hidden items-center gap-2 xl:flex">
            <AuthActions locale={locale} user={user} csrfToken={csrfToken} />
          </div>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? m.nav_menu_close() : m.nav_menu_open()}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 xl:hidden"
          >
            {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-slate-200 bg-white shadow-lg xl:hidden">
        {/* The links' text lines up with the buttons below (16 px in, 24 from sm): their 12 px padding sits in the nav's margin. */}
        <nav aria-label={m.nav_main_label()} className="mx-auto flex max-w-7xl flex-col gap-1 px-1 py-3 sm:px-3">
          <MainLinks locale={locale} user={user} stacked />
        </nav>
        <div className="mx-auto flex max-w-7xl flex-col gap-2 border-t border-slate-100 px-4 py-4 sm:px-6">
          <AuthActions locale={locale} user={user} csrfToken={csrfToken} stacked />
        </div>
      </div>
    </header>
  );
}

// Popups opened from the mobile menu leave it open, so focus can return to the button.
function MainLinks({ locale, user, stacked }: { locale: Locale; user: CurrentUser | null; stacked?: boolean }) {
  const { openRegister } = usePopups();
  const cls = `${navLinkClass} ${stacked ? "py-3 text-base" : ""}`;
  return (
    <>
      <NavLink to={paths.stocks(locale)} className={cls}>
        {m.nav_search()}
      </NavLink>
      <Link to={paths.howItWorks(locale)} className={cls}>
        {m.nav_how_it_works()}
      </Link>
      <Link to={paths.faq(locale)} className={cls}>
        {m.nav_faq()}
      </Link>
      {!user && (
        <button type="button" className={`${cls} text-left`} onClick={() => openRegister({ role: "stocker" })}>
          {m.nav_owners()}
        </button>
      )}
    </>
  );
}

function AuthActions({ locale, user, csrfToken, stacked }: HeaderProps & { stacked?: boolean }) {
  const { openLogin, openRegister } = usePopups();
  const size = stacked ? "lg" : "md";
  const full = stacked ? "w-full" : "";

  if (!user) {
    return (
      <>
        <button type="button" className={buttonClass(stacked ? "secondary" : "ghost", size, full)} onClick={openLogin}>
          {m.nav_login()}
        </button>
        <button type="button" className={buttonClass("primary", size, full)} onClick={() => openRegister()}>
          {m.nav_register()}
        </button>
      </>
    );
  }

  const name = displayName(user);
  return (
    <>
      <span className={`flex min-w-0 items-center gap-2 text-sm text-slate-700 ${stacked ? "pb-1" : "max-w-48"}`}>
        <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800">
          {initials(name)}
        </span>
        <span className="sr-only">{m.nav_logged_in_as({ name })}</span>
        <span aria-hidden="true" className="truncate" title={name}>
          {name}
        </span>
      </span>
      <Link to={userAreaPath(user.role, locale)} reloadDocument={user.role === "admin"} className={buttonClass("primary", size, full)}>
        {user.role === "admin" ? m.nav_admin_area() : m.nav_my_area()}
      </Link>
      {/* A plain form post: works before hydration; the server answers with a redirect. */}
      <form method="post" action="/logout" className={stacked ? "w-full" : ""}>
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        <button type="submit" className={buttonClass(stacked ? "secondary" : "ghost", size, full)}>
          {m.nav_logout()}
        </button>
      </form>
    </>
  );
}

function initials(name: string): string {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

// Each language's name in that language, as language pickers show them.
const LANGUAGE_NAMES: Record<Locale, string> = { it: "Italiano", en: "English" };

/** IT | EN: the same page in the other language (a full load, so the whole page switches). */
function LocaleSwitch({ locale }: { locale: Locale }) {
  const location = useLocation();
  return (
    <div role="group" aria-label={m.locale_switch_label()} className="flex items-center rounded-lg bg-slate-100 p-0.5 text-xs font-semibold">
      {locales.map((target) => {
        const current = target === locale;
        return (
          <a
            key={target}
            href={switchLocalePath(target, location.pathname, location.search, location.hash)}
            hrefLang={target}
            lang={target}
            aria-current={current ? "true" : undefined}
            // 44 px square below xl, where the header shows its menu button (touch); compact beside the desktop navigation.
            className={`inline-flex h-11 min-w-11 items-center justify-center rounded-md px-2.5 transition-colors xl:h-auto xl:min-w-0 xl:py-1.5 ${
              current ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            <span aria-hidden="true">{target.toUpperCase()}</span>
            <span className="sr-only">{LANGUAGE_NAMES[target]}</span>
          </a>
        );
      })}
    </div>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}
