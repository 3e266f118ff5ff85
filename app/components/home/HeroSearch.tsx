// The landing page's hero: the promise and a location search that leads to /{locale}/stocks.
import { useId, useState, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { m } from "../../paraglide/messages.js";
import type { Locale } from "../../lib/locale.ts";
import { paths } from "../../lib/paths.ts";
import { buttonClass } from "../ui/styles.ts";
import { HeroIllustration } from "./HeroIllustration.tsx";
import { CheckIcon, PinIcon, SearchIcon } from "../ui/icons.tsx";
import { usePlaceSuggestions } from "../search/usePlaceSuggestions.tsx";

const POPULAR = ["Milano", "Bologna", "Verona", "Torino", "Roma", "Napoli"];

export function HeroSearch({ locale }: { locale: Locale }) {
  const [location, setLocation] = useState("");
  const [error, setError] = useState(false);
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  // The same place suggestions as the search page's location box.
  const { inputProps, listbox } = usePlaceSuggestions({
    id: inputId,
    value: location,
    onChange: (text) => {
      setLocation(text);
      if (error) setError(false);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = location.trim();
    if (!value) {
      setError(true);
      inputProps.ref.current?.focus();
      return;
    }
    navigate(paths.stocks(locale, value));
  }

  return (
    <section className="relative isolate overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-600)_0%,transparent_60%),radial-gradient(ellipse_at_bottom_left,var(--color-brand-800)_0%,transparent_55%)] opacity-90"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:linear-gradient(rgba(255,255,255,.05)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,.05)_1px,transparent_1px)] [background-size:44px_44px]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-100 ring-1 ring-white/15 ring-inset">
            <span className="h-1.5 w-1.5 rounded-full bg-accent-400" aria-hidden="true" />
            {m.home_hero_eyebrow()}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{m.home_title()}</h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-brand-100">{m.home_hero_lead()}</p>

          {/* Works without JavaScript too: a GET form to the search page. */}
          <Form method="get" action={paths.stocks(locale)} onSubmit={submit} noValidate role="search" className="mt-8 max-w-xl">
            <label htmlFor={inputId} className="mb-2 block text-sm font-semibold text-white">
              {m.home_search_label()}
            </label>
            <div className="flex flex-col gap-2 rounded-2xl bg-white p-2 shadow-xl shadow-brand-950/30 sm:flex-row">
              <div className="relative flex-1">
                <PinIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-brand-600" />
                <input
                  {...inputProps}
                  id={inputId}
                  name="location"
                  type="text"
                  maxLength={200}
                  placeholder={m.home_search_placeholder()}
                  value={location}
                  aria-invalid={error || undefined}
                  aria-describedby={error ? errorId : undefined}
                  className="h-12 w-full rounded-xl border-0 bg-transparent pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-500 focus:outline-none"
                  data-testid="home-search-location"
                />
                {listbox}
              </div>
              <button type="submit" className={buttonClass("primary", "lg", "h-12 rounded-xl")}>
                <SearchIcon />
                {m.home_search_submit()}
              </button>
            </div>
            {error && (
              <p id={errorId} role="alert" className="mt-2 inline-block rounded-md bg-red-50 px-2.5 py-1 text-sm font-medium text-red-800">
                {m.home_search_required()}
              </p>
            )}
          </Form>

          <div className="mt-4 flex max-w-xl flex-wrap items-center gap-2 text-sm">
            <span className="text-brand-200">{m.home_search_popular()}</span>
            {POPULAR.map((city) => (
              <Link
                key={city}
                to={paths.stocks(locale, city)}
                className="inline-flex min-h-11 items-center rounded-full bg-white/10 px-4 font-medium text-white ring-1 ring-white/15 transition-colors ring-inset hover:bg-white/20 sm:min-h-9 sm:px-3"
              >
                {city}
              </Link>
            ))}
          </div>

          <ul className="mt-8 flex max-w-xl flex-col gap-3 text-sm font-medium text-brand-50 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {[m.home_hero_point1(), m.home_hero_point2(), m.home_hero_point3()].map((point) => (
              <li key={point} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-accent-400" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
