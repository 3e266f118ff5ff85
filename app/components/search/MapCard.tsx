import { useEffect, useState, type ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { getJson } from "../../lib/api-client.ts";
import type { SearchResultWarehouse } from "../../lib/search-results.ts";
import type { MapMarker } from "../../lib/map.ts";

/** A marker's card: from the lists when they hold the warehouse, else asked of the server once. */
export function MapCard({
  marker,
  known,
  centre,
  counted,
  filters,
  onLoaded,
  children,
}: {
  marker: MapMarker;
  known: SearchResultWarehouse | undefined;
  centre: { lat: number; lng: number } | null;
  /** The warehouse is in the page's answer, counted as a search appearance already. */
  counted: boolean;
  /** The search's filters (cardFilterQuery): the card says how the warehouse answers them. */
  filters: Record<string, string | number[]>;
  onLoaded: (w: SearchResultWarehouse) => void;
  children: (w: SearchResultWarehouse) => ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (known || !centre) return;
    let current = true;
    setFailed(false);
    getJson<{ warehouses?: SearchResultWarehouse[] }>("/api/warehouses/search/cards", {
      ...filters,
      ids: String(marker.id),
      lat: centre.lat,
      lng: centre.lng,
      ...(counted ? { counted: 1 } : {}),
    }).then((res) => {
      if (!current) return;
      const w = res.ok ? res.data.warehouses?.[0] : undefined;
      if (w) onLoaded(w);
      else {
        console.error("card failed", res.status, res.data.error);
        setFailed(true);
      }
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters come with the answer, as the centre does
  }, [marker.id, known, centre, counted, onLoaded]);
  if (known) return <>{children(known)}</>;
  return (
    <p className="w-56 py-1 text-sm text-slate-600" data-testid="marker-card-loading" role="status">
      {failed ? m.map_card_failed() : m.map_card_loading()}
    </p>
  );
}
