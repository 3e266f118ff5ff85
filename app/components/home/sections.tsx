// The landing page's sections below the hero: how it works, trust points, the owners'
// section and the FAQ.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import type { Locale } from "../../lib/locale.ts";
import { paths } from "../../lib/paths.ts";
import { formatDate, todayInItaly } from "../../lib/format.ts";
import { usePopups } from "../popups/PopupContext.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { ArrowRightIcon, CheckIcon, ChevronDownIcon, CompareIcon, LockIcon, MapIcon, SendIcon, ShieldIcon, StarIcon, TagIcon } from "../ui/icons.tsx";

function SectionHeading({ id, eyebrow, title, subtitle, center }: { id: string; eyebrow?: string; title: string; subtitle?: string; center?: boolean }) {
  return (
    <div className={center ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{subtitle}</p>}
    </div>
  );
}

export function HowItWorks({ locale }: { locale: Locale }) {
  const steps = [
    { icon: <MapIcon />, title: m.home_step1_title(), text: m.home_step1_text() },
    { icon: <CompareIcon />, title: m.home_step2_title(), text: m.home_step2_text() },
    { icon: <SendIcon />, title: m.home_step3_title(), text: m.home_step3_text() },
  ];
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-it-works-title" title={m.home_how_title()} subtitle={m.home_how_subtitle()} center />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-slate-50/60 p-6 sm:p-7">
              <div className="flex items-center gap-3">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">{step.icon}</span>
                <span className="text-sm font-semibold text-slate-500">{m.home_step_label({ n: String(index + 1) })}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Link to={paths.stocks(locale)} className={buttonClass("primary", "lg")}>
            {m.home_how_cta()}
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </section>
  );
}

export function TrustPoints() {
  const points = [
    { icon: <TagIcon />, title: m.home_trust1_title(), text: m.home_trust1_text() },
    { icon: <ShieldIcon />, title: m.home_trust2_title(), text: m.home_trust2_text() },
    { icon: <StarIcon />, title: m.home_trust3_title(), text: m.home_trust3_text() },
    { icon: <LockIcon />, title: m.home_trust4_title(), text: m.home_trust4_text() },
  ];
  return (
    <section aria-labelledby="trust-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="trust-title" title={m.home_trust_title()} center />
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {points.map((point) => (
            <li key={point.title} className="flex flex-col">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">{point.icon}</span>
              <h3 className="mt-4 font-semibold text-slate-900">{point.title}</h3>
              <p className="mt-1.5 leading-relaxed text-slate-600">{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function OwnersSection({ loggedIn, cardPayments }: { loggedIn: boolean; cardPayments: boolean }) {
  const { openRegister, openLogin } = usePopups();
  const points = [
    m.home_owners_point1(),
    m.home_owners_point2(),
    m.home_owners_point3(),
    cardPayments ? m.home_owners_point4() : m.home_owners_point4_transfer(),
  ];
  return (
    <section id="owners" aria-labelledby="owners-title" className="bg-slate-900 py-16 text-white sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{m.home_owners_eyebrow()}</p>
          <h2 id="owners-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {m.home_owners_title()}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-300">{m.home_owners_text()}</p>
          <ul className="mt-8 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-3 text-slate-200">
                <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600">
                  <CheckIcon className="h-3.5 w-3.5 text-white" />
                </span>
                {point}
              </li>
            ))}
          </ul>
          {!loggedIn && (
            <div className="mt-10 grid gap-3 sm:w-max">
              <button type="button" onClick={() => openRegister({ role: "stocker" })} className={buttonClass("light", "lg", "sm:whitespace-nowrap")}>
                {m.home_owners_cta()}
                <ArrowRightIcon />
              </button>
              <button type="button" onClick={openLogin} className={buttonClass("onDark", "lg", "sm:whitespace-nowrap")}>
                {m.home_owners_login()}
              </button>
            </div>
          )}
        </div>
        <ExampleRequest />
      </div>
    </section>
  );
}

/** A day as "YYYY-MM-DD"; Date.UTC rolls the month over (month 13 is next January, day 0 the last of the month before). */
const isoDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** What a stocker receives, drawn with the product's formats; its six months start three months from now, so they are always ahead. */
export function ExampleRequest() {
  // Today in Italy: the same on the server and in the browser, so hydration agrees.
  const [year, month] = todayInItaly().split("-").map(Number) as [number, number];
  const [from, to] = [isoDay(year, month - 1 + 3, 1), isoDay(year, month - 1 + 9, 0)];
  const rows = [
    { label: m.home_owners_card_location(), value: "Bologna (BO) · 10 km" },
    { label: m.home_owners_card_space(), value: m.home_owners_card_pallets({ n: "120" }) },
    { label: m.home_owners_card_period(), value: `${formatDate(from)} – ${formatDate(to)}` },
    { label: m.home_owners_card_services(), value: m.home_owners_card_services_value() },
  ];
  return (
    <figure aria-labelledby="example-request-title" className="relative">
      <div aria-hidden="true" className="absolute -inset-4 -z-0 rounded-3xl bg-brand-600/20 blur-2xl" />
      <div className="relative rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8">
        <div className="flex items-center justify-between gap-3">
          <p id="example-request-title" className="font-semibold">
            {m.home_owners_card_title()}
          </p>
          <span className="rounded-full bg-accent-300/50 px-2.5 py-0.5 text-xs font-semibold text-slate-900">{m.home_owners_card_example()}</span>
        </div>
        <dl className="mt-5 divide-y divide-slate-100">
          {rows.map((row) => (
            <div key={row.label} className="grid gap-1 py-3 sm:grid-cols-[8rem_1fr] sm:gap-4">
              <dt className="text-sm text-slate-500">{row.label}</dt>
              <dd className="text-sm font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </figure>
  );
}

export function Faq({ locale, cardPayments }: { locale: Locale; cardPayments: boolean }) {
  const { openSupport } = usePopups();
  const items: { q: string; a: string; more?: React.ReactNode }[] = [
    { q: m.faq_q1(), a: m.faq_a1() },
    { q: m.faq_q2(), a: m.faq_a2() },
    { q: m.faq_q3(), a: m.faq_a3() },
    { q: m.faq_q4(), a: m.faq_a4() },
    { q: m.faq_q5(), a: cardPayments ? m.faq_a5() : m.faq_a5_transfer() },
    {
      q: m.faq_q6(),
      a: m.faq_a6(),
      more: (
        <Link to={paths.legal(locale, "privacy-policy")} className={linkClass}>
          {m.legal_privacy_policy()}
        </Link>
      ),
    },
  ];
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[0.8fr_1.2fr] lg:grid-rows-[auto_1fr] lg:gap-x-16 lg:px-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <SectionHeading id="faq-title" title={m.faq_title()} />
        </div>
        {/* Native disclosure widgets: keyboard usable and working before hydration. */}
        <div className="divide-y divide-slate-200 border-y border-slate-200 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {items.map((item) => (
            <details key={item.q} className="group">
              <summary className="flex items-center justify-between gap-4 py-5 text-left font-semibold text-slate-900 hover:text-brand-700">
                <span>{item.q}</span>
                <ChevronDownIcon className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
              </summary>
              <div className="space-y-2 pb-5 leading-relaxed text-slate-600">
                <p>{item.a}</p>
                {item.more && <p>{item.more}</p>}
              </div>
            </details>
          ))}
        </div>
        <div className="rounded-2xl bg-brand-50 p-6 lg:col-start-1 lg:row-start-2 lg:self-start">
          <p className="font-semibold text-slate-900">{m.faq_more_title()}</p>
          <p className="mt-1 text-slate-600">{m.faq_more_text()}</p>
          <button type="button" onClick={openSupport} className={`${buttonClass("primary", "md")} mt-4`}>
            {m.faq_more_cta()}
          </button>
        </div>
      </div>
    </section>
  );
}
