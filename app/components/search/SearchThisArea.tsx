// The map was moved away from the search's frame: "search this area" searches the circle in
// view, named after the town at its centre (or "map area").
import { useState } from "react";
import { useNavigate } from "react-router";
import { m } from "../../paraglide/messages.js";
import { localityAt } from "../../lib/locality.ts";
import type { MovedView } from "./SearchMap.tsx";

export function SearchThisArea({ moved, hrefWith }: { moved: MovedView; hrefWith: (changes: Record<string, string | null>) => string }) {
  const navigate = useNavigate();
  const [locatingArea, setLocatingArea] = useState(false);

  async function searchThisArea(v: MovedView) {
    setLocatingArea(true);
    const lat = v.lat.toFixed(6);
    const lng = v.lng.toFixed(6);
    const town = await localityAt(lat, lng);
    setLocatingArea(false);
    navigate(hrefWith({ lat, lng, radius: String(v.radiusKm), location: town ?? m.search_map_area() }), { preventScrollReset: true });
  }

  return (
    <button
      type="button"
      onClick={() => void searchThisArea(moved)}
      disabled={locatingArea}
      className="absolute top-3 left-1/2 z-10 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 whitespace-nowrap rounded-full bg-white px-4 text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-70"
      data-testid="search-this-area"
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4 text-brand-600" fill="currentColor" aria-hidden="true">
        <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a1 1 0 0 1-1.42 1.42l-3.64-3.65A5.5 5.5 0 1 1 8.5 3zm0 2a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z" />
      </svg>
      {locatingArea ? m.search_searching() : m.search_this_area()}
    </button>
  );
}
