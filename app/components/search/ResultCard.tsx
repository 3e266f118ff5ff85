// One search result in the lists, and the card a map marker opens. A warehouse that is not
// redeemed is shown as the server sends it (anonymised); its detail link is disabled, and a
// logged-out visitor may start the stocker registration for one nobody owns yet (spec §6).
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatNumber } from "../../lib/format.ts";
import type { Locale } from "../../lib/locale.ts";
import type { CurrentUser } from "../../lib/root-data.ts";
import type { SearchResultWarehouse } from "../../lib/search-results.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { RatingSummary } from "../warehouse/RatingSummary.tsx";
import { buttonClass } from "../ui/styles.ts";

export const warehousePath = (locale: Locale, id: number) => `/${locale}/warehouses/${id}`;

function DetailLink({ w, locale, compact }: { w: SearchResultWarehouse; locale: Locale; compact?: boolean }) {
  const cls = buttonClass("secondary", "sm", compact ? "px-2.5 py-1 text-xs" : "");
  if (!w.c_sub) {
    return (
      <span role="link" aria-disabled="true" title={m.search_detail_unclaimed()} className={`${cls} cursor-not-allowed opacity-50`} data-testid="result-detail-disabled">
        {m.search_detail_link()}
      </span>
    );
  }
  return (
    <Link to={warehousePath(locale, w.id)} className={cls} data-testid="result-detail">
      {m.search_detail_link()}
    </Link>
  );
}

function ClaimAction({ w, user, onClaim }: { w: SearchResultWarehouse; user: CurrentUser | null; onClaim: (id: number) => void }) {
  // Only a logged-out visitor can start the stocker registration, for a warehouse nobody owns yet.
  if (!w.claimable || user) return null;
  return (
    <button type="button" onClick={() => onClaim(w.id)} className="text-left text-xs font-semibold text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800" data-testid="result-claim">
      {m.search_claim_warehouse()}
    </button>
  );
}

function Specs({ w }: { w: SearchResultWarehouse }) {
  if (w.specifications.length === 0) return null;
  const more = w.specifications_count - w.specifications.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={m.search_card_specifications()}>
      {w.specifications.map((s) => (
        <li key={s.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {s.value}
        </li>
      ))}
      {more > 0 && <li className="px-1 py-0.5 text-xs text-slate-500">+{more}</li>}
    </ul>
  );
}

type CardProps = {
  w: SearchResultWarehouse;
  locale: Locale;
  user: CurrentUser | null;
  selected: boolean;
  onToggle: (id: number) => void;
  onClaim: (id: number) => void;
  onShowOnMap?: (id: number) => void;
};

export function ResultCard({ w, locale, user, selected, onToggle, onClaim }: CardProps) {
  const checkboxId = `select-${w.id}`;
  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm transition-colors ${selected ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200"}`}
      data-testid="result-card"
      data-id={w.id}
      data-claimed={w.c_sub}
    >
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={selected}
          onChange={() => onToggle(w.id)}
          className="mt-1 h-4 w-4 shrink-0 rounded border-slate-400 text-brand-600 accent-brand-600"
          data-testid="result-select"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <label htmlFor={checkboxId} className="cursor-pointer text-base font-semibold text-slate-900" data-testid="result-name">
              {w.name}
            </label>
            {w.is_hub && <HubBadge />}
            {!w.c_sub && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{w.claimable ? m.search_unclaimed_badge() : m.search_anonymous_badge()}</span>}
          </div>
          <p className="mt-0.5 text-sm text-slate-600" data-testid="result-address">
            {w.c_sub ? `${w.address}, ${w.city}` : w.city}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            <span data-testid="result-distance">{m.search_distance({ km: formatNumber(w.distance, 1) })}</span>
            {w.total_m2 !== null && <span> · {formatArea(w.total_m2)}</span>}
          </p>
          {w.rating && <RatingSummary rating={w.rating} className="mt-1 text-xs" />}
          <div className="mt-2">
            <Specs w={w} />
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <DetailLink w={w} locale={locale} />
            <ClaimAction w={w} user={user} onClaim={onClaim} />
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
  onToggleFavourite: (id: number) => void;
  selected: boolean;
  onToggle: (id: number) => void;
  onClaim: (id: number) => void;
};

/** The card a marker opens on the map: name, city and address, at most 4 specifications. */
export function MarkerCard({ w, locale, user, favourite, favouritePending, onToggleFavourite, selected, onToggle, onClaim }: MarkerCardProps) {
  const showFavourite = user?.role === "stock_hunter" && w.c_sub;
  return (
    <div className="w-64 space-y-2 text-slate-900" data-testid="marker-card" data-id={w.id}>
      <div className="flex items-start justify-between gap-2 pr-4">
        <p className="text-sm leading-snug font-semibold">{w.name}</p>
        {showFavourite && (
          <button
            type="button"
            onClick={() => onToggleFavourite(w.id)}
            disabled={favouritePending}
            aria-pressed={favourite}
            aria-label={favourite ? m.search_favourite_remove() : m.search_favourite_add()}
            title={favourite ? m.search_favourite_remove() : m.search_favourite_add()}
            className="shrink-0 rounded-full p-1 text-rose-600 hover:bg-rose-50 disabled:opacity-50"
            data-testid="marker-favourite"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill={favourite ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.4 5 7 5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.8 3.6 4.5 6.8C19.5 16.4 12 21 12 21z" />
            </svg>
          </button>
        )}
      </div>
      <p className="text-xs text-slate-600">
        {w.city}
        {w.c_sub && w.address ? ` · ${w.address}` : ""}
      </p>
      {w.rating && <RatingSummary rating={w.rating} className="text-xs" />}
      <Specs w={w} />
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <label className="flex cursor-pointer items-center gap-1.5 text-xs font-medium text-slate-700">
          <input type="checkbox" checked={selected} onChange={() => onToggle(w.id)} className="h-3.5 w-3.5 accent-brand-600" />
          {m.search_select()}
        </label>
        <DetailLink w={w} locale={locale} compact />
      </div>
      <ClaimAction w={w} user={user} onClaim={onClaim} />
    </div>
  );
}
