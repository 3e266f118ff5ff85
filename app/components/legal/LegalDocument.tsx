// A legal page: title, the placeholder notice, a table of contents and the sections. The
// texts are placeholders until the operator supplies the approved ones; each section says
// what it must contain.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import type { Locale } from "../../lib/locale.ts";
import { legalPages, paths, type LegalPage } from "../../lib/paths.ts";
import { legalTitle } from "./titles.ts";

export type LegalSection = { title: string; text: string };

export function LegalDocument({ locale, page, intro, sections }: { locale: Locale; page: LegalPage; intro: string; sections: LegalSection[] }) {
  const others = legalPages.filter((p) => p !== page);
  return (
    <div className="bg-white">
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{m.footer_legal_heading()}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{legalTitle(page)}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-600">{intro}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_1fr] lg:px-8 lg:py-14">
        <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start">
          <nav aria-labelledby="legal-contents">
            <h2 id="legal-contents" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {m.legal_contents()}
            </h2>
            <ol className="mt-3 space-y-1.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.title}>
                  <a href={`#section-${index + 1}`} className="flex gap-2 rounded text-slate-700 hover:text-brand-700">
                    <span className="w-5 shrink-0 text-slate-400 tabular-nums">{index + 1}.</span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <nav aria-labelledby="legal-others" className="hidden lg:block">
            <h2 id="legal-others" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {m.legal_other_documents()}
            </h2>
            <ul className="mt-3 space-y-1.5 text-sm">
              {others.map((other) => (
                <li key={other}>
                  <Link to={paths.legal(locale, other)} className="rounded text-slate-700 hover:text-brand-700">
                    {legalTitle(other)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <article className="min-w-0">
          <div role="note" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" fill="currentColor">
              <path d="M10 2l8.5 15h-17zm-.9 5v5h1.8V7zm0 6.5V15h1.8v-1.5z" />
            </svg>
            <div>
              <p className="font-semibold">{m.legal_placeholder_notice()}</p>
              <p className="mt-1 text-sm text-amber-900">{m.legal_placeholder_detail()}</p>
            </div>
          </div>

          <div className="mt-10 space-y-10">
            {sections.map((section, index) => (
              <section key={section.title} id={`section-${index + 1}`} aria-labelledby={`section-${index + 1}-title`}>
                <h2 id={`section-${index + 1}-title`} className="text-xl font-semibold text-slate-900">
                  {index + 1}. {section.title}
                </h2>
                <p className="mt-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-3 leading-relaxed text-slate-600 italic">
                  <span className="font-semibold text-slate-700 not-italic">{m.legal_to_write()}</span> {section.text}
                </p>
              </section>
            ))}
          </div>

          <nav aria-labelledby="legal-others-bottom" className="mt-14 border-t border-slate-200 pt-8 lg:hidden">
            <h2 id="legal-others-bottom" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {m.legal_other_documents()}
            </h2>
            <ul className="mt-3 space-y-2">
              {others.map((other) => (
                <li key={other}>
                  <Link to={paths.legal(locale, other)} className="text-brand-700 underline underline-offset-2">
                    {legalTitle(other)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </article>
      </div>
    </div>
  );
}

/** Title and description for a legal page's meta export. */
export function legalMeta(page: LegalPage) {
  const title = legalTitle(page);
  return [{ title: m.page_title({ title }) }, { name: "description", content: m.legal_meta_description({ document: title }) }];
}
