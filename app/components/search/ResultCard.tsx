// One search result in the lists, and the card a map marker opens: what a hunter chooses by
// (photo, space, distance, hub, rating, Verified mark, answer time and rate, first
// specifications). A warehouse that is not redeemed is shown as the server sends it
// (anonymised: "Stocker {id}", its town, a neutral picture that is the same for all of them, no
// trust figures, so nothing tells one apart); its detail link is disabled with the reason
// given, and a logged-out visitor may start the stocker registration for one nobody owns yet.
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatKm, formatNumber, formatPrice, todayInItaly } from "../../lib/format.ts";
import type { Locale } from "../../lib/locale.ts";
import type { FromSearchState } from "../../lib/paths.ts";
import type { CurrentUser } from "../../lib/root-data.ts";
import type { SearchResultWarehouse, SpaceAvailability } from "../../lib/search-results.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { TrustFacts } from "../warehouse/TrustFacts.tsx";
import { buttonClass } from "../ui/styles.ts";
import { DisabledWithReason } from "../ui/DisabledWithReason.tsx";
import { WarehouseIllustration } from "../warehouse/WarehouseIllustration.tsx";
import { LockIcon } from "../ui/icons.tsx";
import { FavouriteToggle, type FavouriteFailure } from "../warehouse/FavouriteToggle.tsx";
import { SwapLabel } from "../ui/SwapLabel.tsx";

export const warehousePath = (locale: Locale, id: number) => `/${locale}/warehouses/${id}`;

/** The warehouse's first photo when it is public, else the illustration. */
export function WarehouseThumb({ w, className = "", eager = false }: { w: SearchResultWarehouse; className?: string; eager?: boolean }) {
  if (w.c_sub && w.img) {
    return (
      <img
        src={w.img}
        alt=""
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={`bg-slate-100 object-cover ${className}`}
        data-testid="result-photo"
      />
    );
  }
  return <WarehouseIllustration className={className} />;
}

function DetailLink({ w, locale, compact }: { w: SearchResultWarehouse; locale: Locale; compact?: boolean }) {
  const cls = buttonClass("secondary", "sm", compact ? "px-3 text-xs sm:min-h-11 lg:min-h-9" : "sm:min-h-9");
  // The sheet's back link returns to these results (paths.ts, FromSearchState).
  const location = useLocation();
  if (!w.c_sub)
    return <DisabledWithReason label={m.search_detail_link()} reason={m.search_detail_unclaimed()} className={cls} testId="result-detail-disabled" />;
  return (
    <Link
      to={warehousePath(locale, w.id)}
      state={{ fromSearch: location.pathname + location.search } satisfies FromSearchState}
      className={cls}
      data-testid="result-detail"
    >
      {m.search_detail_link()}
      <span className="sr-only">: {w.name}</span>
    </Link>
  );
}

function ClaimAction({ w, user, onClaim }: { w: SearchResultWarehouse; user: CurrentUser | null; onClaim: (id: number) => void }) {
  // Only a logged-out visitor can start the stocker registration, for a warehouse nobody owns yet.
  if (!w.claimable || user) return null;
  return (
    <button
      type="button"
      onClick={() => onClaim(w.id)}
      className="min-h-11 text-left text-xs font-medium text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-300 sm:min-h-0"
      data-testid="result-claim"
    >
      {m.search_claim_warehouse()}
    </button>
  );
}

function Specs({ w, max }: { w: SearchResultWarehouse; max?: number }) {
  if (w.specifications.length === 0) return null;
  const shown = w.specifications.slice(0, max ?? w.specifications.length);
  const more = w.specifications_count - shown.length;
  const chip = (value: string) => <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{value}</span>;
  const last = shown.length - 1;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={m.search_card_specifications()}>
      {shown.map((s, i) =>
        i === last && more > 0 ? (
          // The count rides with the last chip, so a wrap never leaves "+3" alone on a line.
          <li key={s.id} className="flex items-center gap-1.5">
            {chip(s.value)}
            <span className="px-0.5 text-xs text-slate-600" aria-hidden="true">
              +{more}
            </span>
            <span className="sr-only">{m.search_more_specifications({ count: String(more) })}</span>
          </li>
        ) : (
          <li key={s.id} className="flex">
            {chip(s.value)}
          </li>
        ),
      )}
    </ul>
  );
}

/** What the search asked of the spaces, for a card to say how far a warehouse is from it. */
export type AskedSpace = { m2_type: "m2" | "pallet"; quantity: number | null };

/** A quantity of a space's unit: "800 m²", "40 pallet". */
export function spaceAmount(type: "m2" | "pallet", quantity: number): string {
  return type === "m2" ? formatArea(quantity) : m.search_pallets_count({ count: formatNumber(quantity) });
}

/** The free space a warehouse declared that answers the search: how much, from when, for how long, at what public price. */
function SpaceLine({ a }: { a: SpaceAvailability }) {
  const parts = [
    // Free already: "free now" rather than a day gone by.
    a.available_from <= todayInItaly()
      ? m.search_card_free_now({ space: spaceAmount(a.m2_type, a.quantity) })
      : m.search_card_free({ space: spaceAmount(a.m2_type, a.quantity), from: formatDate(a.available_from) }),
    a.available_until ? m.search_card_free_until({ until: formatDate(a.available_until) }) : null,
    a.min_term_months > 1 ? m.search_card_min_term({ months: String(a.min_term_months) }) : a.min_term_months === 1 ? m.search_card_min_term_one() : null,
  ].filter(Boolean);
  return (
    <p className="text-sm text-emerald-800" data-testid="result-availability">
      <span className="font-semibold">{parts.join(" · ")}</span>
      {a.price_month !== null && (
        <span className="block text-xs text-slate-700" data-testid="result-price">
          {(a.m2_type === "m2" ? m.search_card_price_m2 : m.search_card_price_pallet)({ price: formatPrice(a.price_month / 100) })}
        </span>
      )}
    </p>
  );
}

/** How a warehouse answers the search's dates and space, and what it misses of it. */
function SearchFit({ w, asked }: { w: SearchResultWarehouse; asked?: AskedSpace }) {
  const unmet = w.unmet ?? [];
  const lines: { key: string; text: string }[] = [];
  if (w.on_request && unmet.some((u) => u === "dates" || u === "quantity")) lines.push({ key: "on-request", text: m.search_card_on_request() });
  else {
    if (unmet.includes("dates")) lines.push({ key: "dates", text: m.search_unmet_dates() });
    if (unmet.includes("quantity") && asked?.quantity) {
      lines.push({
        key: "quantity",
        text:
          w.availability && w.availability.m2_type === asked.m2_type
            ? m.search_unmet_quantity({ free: spaceAmount(asked.m2_type, w.availability.quantity), asked: spaceAmount(asked.m2_type, asked.quantity) })
            : m.search_unmet_quantity_none(),
      });
    }
  }
  if (unmet.includes("specifications")) {
    lines.push({
      key: "specifications",
      text: w.missing_specifications === 1 ? m.search_unmet_specs_one() : m.search_unmet_specs({ count: String(w.missing_specifications) }),
    });
  }
  const showSpace = w.availability && !(unmet.includes("quantity") || unmet.includes("dates"));
  if (!showSpace && lines.length === 0) return null;
  return (
    <div className="space-y-0.5">
      {showSpace && w.availability && <SpaceLine a={w.availability} />}
      {lines.length > 0 && (
        <ul className="text-xs font-medium text-amber-900" data-testid="result-unmet">
          {lines.map((l) => (
            <li key={l.key} data-unmet={l.key}>
              {l.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An anonymised warehouse's line: its town, size and type of goods, nothing that names it. */
function anonymousLine(w: SearchResultWarehouse): string {
  const type = w.specifications.find((s) => s.cat_id === 2)?.value;
  return [w.city, w.total_m2 !== null ? formatArea(w.total_m2) : null, type].filter(Boolean).join(" · ");
}

/** Space and distance, the two numbers every card leads with (an anonymised card's line above says its size). */
function Facts({ w }: { w: SearchResultWarehouse }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm text-slate-700">
      {!w.c_sub ? null : w.total_m2 !== null ? (
        <span className="font-semibold text-slate-900" data-testid="result-area">
          {formatArea(w.total_m2)}
        </span>
      ) : (
        <span className="text-slate-600">{m.search_area_unknown()}</span>
      )}
      <span data-testid="result-distance">{m.search_distance({ km: formatKm(w.distance) })}</span>
    </p>
  );
}

function SelectToggle({
  w,
  selected,
  disabled,
  onToggle,
  compact,
}: {
  w: SearchResultWarehouse;
  selected: boolean;
  disabled: boolean;
  onToggle: (w: SearchResultWarehouse) => void;
  compact?: boolean;
}) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-medium ring-1 ring-inset transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
        compact ? "min-h-11 text-xs lg:min-h-9" : "min-h-11 sm:min-h-9"
      } ${selected ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"} ${disabled ? "cursor-not-allowed opacity-60" : ""}`}
    >
      <input
        type="checkbox"
        checked={selected}
        disabled={disabled}
        onChange={() => onToggle(w)}
        className="h-4 w-4 shrink-0 rounded accent-brand-600"
        data-testid="result-select"
        aria-label={m.search_select_named({ name: w.name })}
      />
      <SwapLabel showSecond={selected} first={m.search_select()} second={m.search_selected()} />
    </label>
  );
}

type CardProps = {
  w: SearchResultWarehouse;
  locale: Locale;
  user: CurrentUser | null;
  selected: boolean;
  /** The selection is full: more cannot be picked (the reason is shown by the selection bar). */
  selectionFull: boolean;
  onToggle: (w: SearchResultWarehouse) => void;
  onClaim: (id: number) => void;
  /** Its pin on the map is hovered or focused. */
  highlighted: boolean;
  onHover: (id: number | null) => void;
  /** The first cards load their photo at once (they are on screen). */
  eager?: boolean;
  /** What the search asked of the spaces. */
  asked?: AskedSpace;
  /** A stock hunter's favourites, as on the map's card. */
  favourite: boolean;
  favouritePending: boolean;
  /** Why the last press on a warehouse's heart changed nothing (null: it did, or it was another's). */
  favouriteFailure: (id: number) => FavouriteFailure | null;
  onToggleFavourite: (id: number) => void;
};

export function ResultCard({
  w,
  locale,
  user,
  selected,
  selectionFull,
  onToggle,
  onClaim,
  highlighted,
  onHover,
  eager,
  asked,
  favourite,
  favouritePending,
  favouriteFailure,
  onToggleFavourite,
}: CardProps) {
  const anonymous = !w.c_sub;
  const showFavourite = user?.role === "stock_hunter" && w.c_sub;
  return (
    <li
      className={`overflow-hidden rounded-xl border bg-white shadow-sm transition-[border-color,box-shadow] ${
        selected ? "border-brand-500 ring-1 ring-brand-500" : highlighted ? "border-brand-300 shadow-md ring-2 ring-brand-200" : "border-slate-200"
      }`}
      data-testid="result-card"
      data-id={w.id}
      data-claimed={w.c_sub}
      data-highlighted={highlighted || undefined}
      onMouseEnter={() => onHover(w.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(w.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHover(null);
      }}
    >
      <div className="flex gap-3 p-3 sm:gap-4">
        <div className="relative h-24 w-24 shrink-0 overflow-hidden rounded-lg sm:h-28 sm:w-36">
          <WarehouseThumb w={w} className="h-full w-full" eager={eager} />
          {w.is_hub && <HubBadge className="absolute top-1.5 left-1.5 shadow-sm" />}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="line-clamp-2 text-base leading-snug font-semibold break-words text-slate-900" data-testid="result-name">
              {w.name}
            </h3>
            {showFavourite && (
              <FavouriteToggle
                favourite={favourite}
                pending={favouritePending}
                failure={favouriteFailure(w.id)}
                onToggle={() => onToggleFavourite(w.id)}
                testId="result-favourite"
              />
            )}
          </div>
          <p className="mt-0.5 truncate text-sm text-slate-600" data-testid="result-address">
            {anonymous ? anonymousLine(w) : `${w.address}, ${w.city}`}
          </p>
          <div className="mt-1.5 space-y-1">
            <Facts w={w} />
            <TrustFacts trust={w} />
            <SearchFit w={w} asked={asked} />
          </div>
          <div className="mt-2 hidden sm:block">
            <Specs w={w} />
          </div>
        </div>
      </div>
      <div className="px-3 sm:hidden">
        <Specs w={w} />
      </div>
      {anonymous && (
        <p className="mx-3 mt-2 flex items-start gap-1.5 text-xs text-slate-600 sm:mx-4" data-testid="result-anonymous-note">
          <LockIcon filled className="mt-px h-3.5 w-3.5 shrink-0 text-amber-600" />
          {m.search_private_note()}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2 px-3 pt-2 pb-3 sm:px-4">
        <SelectToggle w={w} selected={selected} disabled={!selected && selectionFull} onToggle={onToggle} />
        <DetailLink w={w} locale={locale} />
        <ClaimAction w={w} user={user} onClaim={onClaim} />
      </div>
    </li>
  );
}

/** Where the results will appear, while a search runs. */
export function ResultCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white p-3 shadow-sm" aria-hidden="true" data-testid="result-skeleton">
      <div className="flex animate-pulse gap-3 motion-reduce:animate-none sm:gap-4">
        <div className="h-24 w-24 shrink-0 rounded-lg bg-slate-200 sm:h-28 sm:w-36" />
        <div className="flex-1 space-y-2.5 py-1">
          <div className="h-4 w-3/5 rounded bg-slate-200" />
          <div className="h-3 w-2/5 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
          <div className="flex gap-1.5 pt-1">
            <div className="h-5 w-16 rounded-full bg-slate-200" />
            <div className="h-5 w-20 rounded-full bg-slate-200" />
          </div>
        </div>
      </div>
    </li>
  );
}

type MarkerCardProps = {
  w: SearchResultWarehouse;
  locale: Locale;
  user: CurrentUser | null;
  favourite: boolean;
  favouritePending: boolean;
  favouriteFailure: (id: number) => FavouriteFailure | null;
  onToggleFavourite: (id: number) => void;
  selected: boolean;
  selectionFull: boolean;
  onToggle: (w: SearchResultWarehouse) => void;
  onClaim: (id: number) => void;
  asked?: AskedSpace;
};

/** The card a marker opens on the map: photo, name, city and address, space, at most 4 specifications. */
export function MarkerCard({
  w,
  locale,
  user,
  favourite,
  favouritePending,
  favouriteFailure,
  onToggleFavourite,
  selected,
  selectionFull,
  onToggle,
  onClaim,
  asked,
}: MarkerCardProps) {
  const showFavourite = user?.role === "stock_hunter" && w.c_sub;
  return (
    <div className="w-64 text-slate-900" data-testid="marker-card" data-id={w.id}>
      <div className="relative -mx-2.5 -mt-2.5 mb-2 h-28 overflow-hidden rounded-t-md">
        <WarehouseThumb w={w} className="h-full w-full" />
        {w.is_hub && <HubBadge className="absolute top-2 left-2 shadow-sm" />}
      </div>
      <div className="space-y-1.5">
        <div className="flex items-start justify-between gap-2">
          <p className="text-sm leading-snug font-semibold">{w.name}</p>
          {showFavourite && (
            <FavouriteToggle
              favourite={favourite}
              pending={favouritePending}
              failure={favouriteFailure(w.id)}
              onToggle={() => onToggleFavourite(w.id)}
              testId="marker-favourite"
            />
          )}
        </div>
        <p className="text-xs text-slate-600">
          {w.city}
          {w.c_sub && w.address ? ` · ${w.address}` : ""}
        </p>
        <Facts w={w} />
        <TrustFacts trust={w} />
        <SearchFit w={w} asked={asked} />
        <Specs w={w} max={4} />
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <SelectToggle w={w} selected={selected} disabled={!selected && selectionFull} onToggle={onToggle} compact />
          <DetailLink w={w} locale={locale} compact />
        </div>
        <ClaimAction w={w} user={user} onClaim={onClaim} />
      </div>
    </div>
  );
}
