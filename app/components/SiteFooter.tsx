// The site footer: what Stockspace is, quick links, the four legal pages, support and copyright.
import { Link } from "react-router";
import { m } from "../paraglide/messages.js";
import type { Locale } from "../lib/locale.ts";
import { legalPages, paths } from "../lib/paths.ts";
import { LogoMark, Wordmark } from "./Logo.tsx";
import { legalTitle } from "./legal/titles.ts";
import { usePopups } from "./popups/PopupContext.tsx";

// 44 px tall on a phone (a finger), a plain line from sm up.
const footerLink =
  "inline-flex min-h-11 items-center rounded text-slate-300 transition-colors hover:text-white hover:underline underline-offset-2 sm:inline sm:min-h-0";

export function SiteFooter({ locale }: { locale: Locale }) {
  const { openSupport } = usePopups();
  return (
    <footer className="mt-auto bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <Link to={paths.home(locale)} aria-label={m.header_home_label()} className="inline-flex min-h-11 items-center gap-2 rounded-lg">
            <LogoMark />
            <Wordmark className="text-white [&>span]:text-brand-300" />
          </Link>
          <p className="max-w-xs leading-relaxed text-slate-400">{m.footer_tagline()}</p>
        </div>

        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="mb-3 text-xs font-semibold tracking-wider text-white uppercase">
            {m.footer_explore_heading()}
          </h2>
          <ul className="sm:space-y-2">
            <li>
              <Link to={paths.stocks(locale)} className={footerLink}>
                {m.nav_search()}
              </Link>
            </li>
            <li>
              <Link to={paths.howItWorks(locale)} className={footerLink}>
                {m.nav_how_it_works()}
              </Link>
            </li>
            <li>
              <Link to={paths.owners(locale)} className={footerLink}>
                {m.nav_owners()}
              </Link>
            </li>
            <li>
              <Link to={paths.faq(locale)} className={footerLink}>
                {m.faq_title()}
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-xs font-semibold tracking-wider text-white uppercase">
            {m.footer_legal_heading()}
          </h2>
          <ul className="sm:space-y-2">
            {legalPages.map((page) => (
              <li key={page}>
                <Link to={paths.legal(locale, page)} className={footerLink}>
                  {legalTitle(page)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 text-xs font-semibold tracking-wider text-white uppercase">{m.footer_help_heading()}</h2>
          <p className="mb-4 leading-relaxed text-slate-400">{m.footer_help_text()}</p>
          <button
            type="button"
            onClick={openSupport}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white/10 px-4 py-2.5 font-semibold text-white ring-1 ring-white/20 transition-colors ring-inset hover:bg-white/15"
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
              <path d="M3 5.5A1.5 1.5 0 014.5 4h11A1.5 1.5 0 0117 5.5v7a1.5 1.5 0 01-1.5 1.5H8l-4 3v-3h.5A1.5 1.5 0 013 12.5z" />
            </svg>
            {m.footer_support()}
          </button>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{m.footer_copyright({ year: String(new Date().getFullYear()) })}</p>
          {/* Italian formats in both languages (spec): said to the English reader, who might read 1.234,50 otherwise. */}
          {locale !== "it" && <p>{m.footer_prices_note()}</p>}
        </div>
      </div>
    </footer>
  );
}
