// A legal document page: title, last update, introduction, a table of contents (a disclosure
// above the text on phones and tablets, a sticky column on wide screens), the numbered
// sections with their subsections, and links to the other three documents. The text itself
// comes from the typed modules in ./content/ (see ./types.ts); the operator's identity from the
// configuration, read by the page's loader.
import { Fragment } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import type { Locale } from "../../lib/locale.ts";
import { legalPages, paths, type LegalPage } from "../../lib/paths.ts";
import { formatDate } from "../../lib/format.ts";
import { linkClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { legalTitle } from "./titles.ts";
import { publicPageMeta } from "../../lib/seo.ts";
import type { RootData } from "../../lib/root-data.ts";
import { LEGAL_UPDATED, type Block, type Inline, type LegalOperator, type LegalSection, type LegalText, type Rich } from "./types.ts";

type Ctx = { locale: Locale; operator: LegalOperator };

function NotConfigured() {
  return <span className="text-slate-500 italic">{m.legal2_not_configured()}</span>;
}

function OperatorValue({ field, operator }: { field: keyof LegalOperator; operator: LegalOperator }) {
  const value = operator[field];
  if (!value) return <NotConfigured />;
  if (field === "email" || field === "pec") {
    return (
      <a href={`mailto:${value}`} className={`${standaloneTextLinkClass} break-all`}>
        {value}
      </a>
    );
  }
  return <>{value}</>;
}

function InlineView({ part, ctx }: { part: Inline; ctx: Ctx }) {
  if (typeof part === "string") return <>{part}</>;
  if ("strong" in part) return <strong className="font-semibold text-slate-900">{part.strong}</strong>;
  if ("doc" in part) {
    return (
      <Link to={paths.legal(ctx.locale, part.doc)} className={linkClass}>
        {part.text}
      </Link>
    );
  }
  if ("href" in part) {
    return (
      <a href={part.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {part.text}
        <span className="sr-only"> {m.opens_new_tab()}</span>
      </a>
    );
  }
  return <OperatorValue field={part.operator} operator={ctx.operator} />;
}

function RichView({ text, ctx }: { text: Rich; ctx: Ctx }) {
  if (typeof text === "string") return <>{text}</>;
  return (
    <>
      {text.map((part, i) => (
        <InlineView key={i} part={part} ctx={ctx} />
      ))}
    </>
  );
}

function OperatorCard({ operator }: { operator: LegalOperator }) {
  const rows: { field: keyof LegalOperator; label: string }[] = [
    { field: "name", label: m.legal2_operator_name() },
    { field: "vat", label: m.legal2_operator_vat() },
    { field: "address", label: m.legal2_operator_address() },
    { field: "email", label: m.legal2_operator_email() },
    // PEC is optional: shown only when configured.
    ...(operator.pec ? [{ field: "pec" as const, label: m.legal2_operator_pec() }] : []),
  ];
  return (
    <dl
      aria-label={m.legal2_operator_label()}
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 text-sm"
      data-testid="legal-operator"
    >
      {rows.map((row) => (
        <div key={row.field} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="font-medium text-slate-500">{row.label}</dt>
          <dd className="text-slate-900">
            <OperatorValue field={row.field} operator={operator} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BlockView({ block, ctx, label }: { block: Block; ctx: Ctx; label: string }) {
  if ("p" in block) {
    return (
      <p>
        <RichView text={block.p} ctx={ctx} />
      </p>
    );
  }
  if ("ul" in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-slate-400">
        {block.ul.map((item, i) => (
          <li key={i} className="pl-1">
            <RichView text={item} ctx={ctx} />
          </li>
        ))}
      </ul>
    );
  }
  if ("table" in block) {
    const { head, rows } = block.table;
    return (
      <>
        {/* Phones: each row is a small card (first cell as its title, the others labelled by
            their column), so nothing scrolls sideways at 375 px. */}
        <ul className="space-y-3 sm:hidden">
          {rows.map((row, r) => (
            <li key={r} className="rounded-lg border border-slate-200 px-4 py-3 text-sm leading-6">
              <p className="font-semibold text-slate-900">
                <RichView text={row[0] ?? ""} ctx={ctx} />
              </p>
              <dl className="mt-1 space-y-1">
                {row.slice(1).map((cell, c) => (
                  <div key={c}>
                    {/* Two columns: the card's title says what the text is about; more: each value is labelled. */}
                    <dt className={head.length > 2 ? "inline font-medium text-slate-500 after:content-[':_']" : "sr-only"}>{head[c + 1]}</dt>
                    <dd className={head.length > 2 ? "inline text-slate-700" : "text-slate-700"}>
                      <RichView text={cell} ctx={ctx} />
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <table aria-label={label} className="hidden w-full border-collapse text-left text-sm leading-6 sm:table">
          <thead>
            <tr className="border-b border-slate-300">
              {head.map((cell) => (
                <th key={cell} scope="col" className="py-2 pr-4 align-bottom font-semibold text-slate-900 last:pr-0">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="py-2.5 pr-4 align-top font-medium text-slate-900">
                      <RichView text={cell} ctx={ctx} />
                    </th>
                  ) : (
                    <td key={c} className="py-2.5 pr-4 align-top text-slate-700 last:pr-0">
                      <RichView text={cell} ctx={ctx} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }
  return <OperatorCard operator={ctx.operator} />;
}

function ContentsList({ sections, className = "" }: { sections: LegalSection[]; className?: string }) {
  return (
    <ol className={`space-y-1 text-sm ${className}`}>
      {sections.map((section, index) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-brand-700">
            <span className="w-6 shrink-0 text-right text-slate-500 tabular-nums">{`${index + 1}.`}</span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

function OtherDocuments({ locale, page, id }: { locale: Locale; page: LegalPage; id: string }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="px-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">
        {m.legal2_other_documents()}
      </h2>
      <ul className="mt-3 space-y-1 text-sm">
        {legalPages
          .filter((p) => p !== page)
          .map((other) => (
            <li key={other}>
              <Link
                to={paths.legal(locale, other)}
                className="flex min-h-11 items-center rounded-md px-2 py-1.5 font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800 sm:block sm:min-h-0"
              >
                {legalTitle(other)}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

export function LegalDocument({ locale, page, text, operator }: { locale: Locale; page: LegalPage; text: LegalText; operator: LegalOperator }) {
  const ctx: Ctx = { locale, operator };
  const updated = LEGAL_UPDATED[page];
  const { sections } = text;
  return (
    <div className="bg-white" data-testid="legal-document">
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{m.footer_legal_heading()}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{legalTitle(page)}</h1>
          <p className="mt-3 text-sm text-slate-500">
            <time dateTime={updated}>{m.legal2_last_updated({ date: formatDate(`${updated}T12:00:00Z`) })}</time>
          </p>
          <div className="mt-5 max-w-3xl space-y-3 text-base leading-7 text-slate-700 sm:text-lg sm:leading-8">
            {text.intro.map((paragraph, i) => (
              <p key={i}>
                <RichView text={paragraph} ctx={ctx} />
              </p>
            ))}
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:py-14">
        {/* Phones and tablets: the contents fold above the text, so the first section is one tap away. */}
        <details id="contents" className="group rounded-xl border border-slate-200 bg-white shadow-sm lg:hidden">
          <summary className="flex items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold text-slate-900">
            <span>
              {m.legal2_contents()} <span className="font-normal text-slate-500">{`· ${m.legal2_sections_count({ count: String(sections.length) })}`}</span>
            </span>
            <svg
              viewBox="0 0 20 20"
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              fill="currentColor"
            >
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </summary>
          <nav aria-label={m.legal2_contents()} className="border-t border-slate-200 px-2 py-2">
            <ContentsList sections={sections} />
          </nav>
        </details>

        <aside className="hidden lg:block">
          {/* The contents scroll within the column when they are longer than the window; the other documents stay in sight below them. */}
          <div className="sticky top-24 flex max-h-[calc(100vh-7rem)] flex-col gap-8 pb-4">
            <nav aria-labelledby="legal-contents" className="scroll-shadows min-h-0 overflow-y-auto">
              <h2 id="legal-contents" className="px-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                {m.legal2_contents()}
              </h2>
              <ContentsList sections={sections} className="mt-3" />
            </nav>
            <div className="shrink-0 border-t border-slate-200 pt-6">
              <OtherDocuments locale={locale} page={page} id="legal-others" />
            </div>
          </div>
        </aside>

        <article className="min-w-0 max-w-[70ch] text-base leading-7 text-slate-700">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="border-t border-slate-200 pt-8 pb-2 first:border-t-0 first:pt-0"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
                <span className="mr-2 text-slate-500 tabular-nums">{`${index + 1}.`}</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4">
                {section.blocks.map((block, i) => (
                  <BlockView key={i} block={block} ctx={ctx} label={section.title} />
                ))}
              </div>
              {section.subsections?.map((sub, subIndex) => (
                <Fragment key={sub.id}>
                  <h3 id={sub.id} className="mt-7 text-lg font-semibold text-slate-900">
                    <span className="mr-2 text-slate-500 tabular-nums">{`${index + 1}.${subIndex + 1}`}</span>
                    {sub.title}
                  </h3>
                  <div className="mt-3 space-y-4">
                    {sub.blocks.map((block, i) => (
                      <BlockView key={i} block={block} ctx={ctx} label={sub.title} />
                    ))}
                  </div>
                </Fragment>
              ))}
              <p className="mt-6 lg:hidden">
                <a href="#contents" className="text-sm font-medium text-slate-500 hover:text-brand-700">
                  <span aria-hidden="true">↑</span> {m.legal2_back_to_contents()}
                </a>
              </p>
            </section>
          ))}

          <div className="mt-12 border-t border-slate-200 pt-8 lg:hidden">
            <OtherDocuments locale={locale} page={page} id="legal-others-bottom" />
          </div>
        </article>
      </div>
    </div>
  );
}

/** Title and description for a legal page's meta export. */
/** A legal page's title, description and links for search engines (root: the root loader's data, absent on an error page). */
export function legalMeta(page: LegalPage, root: RootData | undefined) {
  const title = legalTitle(page);
  const head = { title: m.page_title({ title }), description: m.legal2_meta_description({ document: title }) };
  if (!root) return [{ title: head.title }, { name: "description", content: head.description }];
  return publicPageMeta({ origin: root.origin, locale: root.locale, path: `/${page}`, ...head });
}
