// The warehouse cards of the stocker's and the referent's lists: photo, name with the hub
// badge, place, area, status and the requests waiting; each opens the warehouse's page. The
// stocker's list ends with the card that registers a new warehouse.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea } from "../../lib/format.ts";
import type { MyWarehouseCard } from "../../lib/warehouse-pages.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { LockIcon } from "../ui/icons.tsx";
import { WarehouseStatus } from "./WarehouseStatus.tsx";
import type { WarehouseAreaPaths } from "../../lib/paths.ts";

type Props = {
  warehouses: MyWarehouseCard[];
  detailHref: (id: number) => string;
  /** The stocker's register card; absent for the referent. */
  createHref?: string;
  emptyText?: string;
};

/** A listed warehouse that no subscription covers: the search shows it without its identity. */
function AnonymisedPill() {
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset"
      data-testid="warehouse-anonymised"
    >
      <LockIcon filled className="h-3 w-3" />
      {m.wm_card_anonymised()}
    </span>
  );
}

function pendingText(count: number): string {
  if (count === 0) return m.wm_no_pending_requests();
  return count === 1 ? m.wm_pending_requests_one() : m.wm_pending_requests({ count });
}

export function WarehouseCards({ warehouses, detailHref, createHref, emptyText }: Props) {
  if (warehouses.length === 0 && !createHref) {
    return <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">{emptyText}</p>;
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="warehouse-cards">
      {warehouses.map((w) => (
        <li
          key={w.id}
          className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
          data-testid="warehouse-card"
          data-id={w.id}
        >
          <div className="aspect-[3/2] bg-slate-100">
            {w.img ? (
              <img src={w.img} alt="" loading="lazy" className="h-full w-full object-cover" />
            ) : (
              <div className="flex h-full items-center justify-center text-sm text-slate-500">{m.wm_no_photo()}</div>
            )}
          </div>
          <div className="flex flex-1 flex-col gap-2 p-4">
            <div className="flex flex-wrap items-center gap-2">
              <WarehouseStatus status={w.status} deactivated={w.deactivated} />
              {w.anonymised_in_search && <AnonymisedPill />}
              {w.is_hub && <HubBadge />}
            </div>
            <h2 className="text-lg leading-snug font-semibold text-slate-900">
              <Link
                to={detailHref(w.id)}
                className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
                aria-label={m.wm_open_warehouse({ name: w.name })}
              >
                {w.name}
              </Link>
            </h2>
            <p className="text-sm text-slate-600">
              {w.address}, {w.city} ({w.province})
            </p>
            <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm">
              <span className="text-slate-700">{w.total_m2 ? formatArea(w.total_m2) : ""}</span>
              <span className={w.pending_warehouse_requests_count > 0 ? "font-semibold text-amber-700" : "text-slate-500"}>
                {pendingText(w.pending_warehouse_requests_count)}
              </span>
            </div>
          </div>
        </li>
      ))}
      {createHref && (
        <li>
          <Link
            to={createHref}
            className="flex h-full min-h-56 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-brand-300 bg-brand-50/50 p-6 text-center text-brand-800 transition-colors hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            data-testid="register-warehouse"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white" aria-hidden="true">
              <svg viewBox="0 0 20 20" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M10 4v12M4 10h12" />
              </svg>
            </span>
            <span className="text-lg font-semibold">{m.wm_register_card_title()}</span>
            <span className="text-sm text-brand-900/80">{m.wm_register_card_text()}</span>
          </Link>
        </li>
      )}
    </ul>
  );
}

/** The list page of an owner's area: the stocker's warehouses (with the register card) or the referent's. */
export function MyWarehousesView({
  area,
  warehouses,
  paths,
  canCreate,
}: {
  area: "stocker" | "referent";
  warehouses: MyWarehouseCard[];
  paths: WarehouseAreaPaths;
  canCreate: boolean;
}) {
  const stocker = area === "stocker";
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{stocker ? m.wm_list_title() : m.wm_list_title_referent()}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{stocker ? m.wm_list_intro() : m.wm_list_intro_referent()}</p>
      <div className="mt-8">
        <WarehouseCards
          warehouses={warehouses}
          detailHref={paths.detail}
          createHref={stocker && canCreate ? paths.create : undefined}
          emptyText={m.wm_list_empty_referent()}
        />
      </div>
    </div>
  );
}
