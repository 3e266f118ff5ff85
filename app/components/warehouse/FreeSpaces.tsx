// The sheet's free space: each current or upcoming space the owner declared, with its quantity
// and unit, its period ("available now", "from 01.12.2026", "until …" or "open-ended"), its
// minimum term and its indicative price when the owner made it public ("€ 5,20 /m² per month,
// VAT excl."), else "price on request". The server leaves out the ended spaces and the prices
// that are not public (warehouse-spaces.queries.ts listPublicSpaces).
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatNumber, todayInItaly } from "../../lib/format.ts";
import { formatCents, spacePhase, type PublicSpace } from "../../lib/spaces.ts";

export type { PublicSpace };

function period(space: PublicSpace, today: string): string {
  const start = spacePhase(space, today) === "current" ? m.sp_sheet_now() : m.sp_sheet_from({ date: formatDate(space.available_from) });
  const end = space.available_until ? m.sp_sheet_until({ date: formatDate(space.available_until) }) : m.sp_sheet_open_ended();
  return `${start} · ${end}`;
}

/** One space's facts: the quantity, the period, the minimum term, the price (or "on request"). */
export function SpaceFacts({ space, today, compact = false }: { space: PublicSpace; today: string; compact?: boolean }) {
  const price = formatCents(space.price_month);
  return (
    <>
      <p className={compact ? "font-semibold text-slate-900" : "text-lg font-semibold text-slate-900"}>
        {space.m2_type === "pallet" ? m.sp_sheet_pallets({ quantity: formatNumber(space.quantity) }) : formatArea(space.quantity)}
      </p>
      <p className="mt-0.5 text-sm text-slate-700 first-letter:uppercase">{period(space, today)}</p>
      {space.min_term_months > 0 && (
        <p className="text-sm text-slate-700 first-letter:uppercase">
          {space.min_term_months === 1 ? m.sp_sheet_min_term_one() : m.sp_sheet_min_term({ count: formatNumber(space.min_term_months) })}
        </p>
      )}
      <p className={compact ? "text-sm font-medium text-slate-900" : "mt-auto pt-2 text-sm font-medium text-slate-900"}>
        {price ? (
          space.m2_type === "pallet" ? (
            m.sp_sheet_price_pallet({ price })
          ) : (
            m.sp_sheet_price_m2({ price })
          )
        ) : (
          <span className="font-normal text-slate-600">{m.sp_sheet_price_on_request()}</span>
        )}
      </p>
    </>
  );
}

export function FreeSpaces({ spaces, today = todayInItaly() }: { spaces: PublicSpace[]; today?: string }) {
  if (spaces.length === 0) return null;
  return (
    <section aria-labelledby="sheet-free-space" data-testid="sheet-free-space">
      <h2 id="sheet-free-space" className="text-xl font-semibold text-slate-900">
        {m.sp_sheet_title()}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {spaces.map((space, i) => (
          <li key={i} className="flex flex-col rounded-xl border border-emerald-200 bg-emerald-50/50 px-4 py-3 shadow-sm" data-testid="sheet-space">
            <SpaceFacts space={space} today={today} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The comparison's cell: each space's facts, one under the other; "none declared" when there is none. */
export function FreeSpacesCell({ spaces, today = todayInItaly() }: { spaces: PublicSpace[]; today?: string }) {
  if (spaces.length === 0) return <span className="text-slate-500">{m.compare_no_free_space()}</span>;
  return (
    <ul className="space-y-3" data-testid="compare-free-space">
      {spaces.map((space, i) => (
        <li key={i}>
          <SpaceFacts space={space} today={today} compact />
        </li>
      ))}
    </ul>
  );
}
