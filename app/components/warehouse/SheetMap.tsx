// A small map with the warehouse's marker (zoom 15). MapLibre is heavy, so it is loaded on
// the client only, once the map scrolls into view. Without network (or with a broken
// style) the box stays grey with its marker and the page works as before: a map is a
// convenience here, the address is written above it.
import { useEffect, useRef, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { standaloneLinkClass } from "../ui/styles.ts";
import { createMap, loadMapLibre, whenNearViewport } from "../map/map-setup.ts";
import { MapOfflineNote } from "../map/MapOfflineNote.tsx";

export const SHEET_MAP_ZOOM = 15;

export function SheetMap({ lat, lng, styleUrl, label }: { lat: number; lng: number; styleUrl: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"idle" | "loading" | "placed" | "ready" | "failed">("idle");
  // The map's background (its style and tiles) could not be fetched: said in a corner, as the search's map does.
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let cancelled = false;
    let map: import("maplibre-gl").Map | null = null;

    const start = () => {
      setState("loading");
      loadMapLibre()
        .then((maplibre) => {
          if (cancelled) return;
          map = createMap(maplibre, {
            container: el,
            styleUrl,
            center: [lng, lat],
            zoom: SHEET_MAP_ZOOM,
            cooperativeGestures: true,
            // Tiles or style unreachable: the marker still shows, and a note says why the box is grey.
            offline: "grey",
            onOffline: () => {
              if (!cancelled) setOffline(true);
            },
          });
          new maplibre.Marker({ color: "#1a5fd0" }).setLngLat([lng, lat]).addTo(map);
          // MapLibre's own marker is on the map now (tiles or not): drop the stand-in pin.
          setState("placed");
          map.once("load", () => {
            if (!cancelled) setState("ready");
          });
        })
        .catch((err) => {
          console.warn("map could not load", err);
          if (!cancelled) setState("failed");
        });
    };

    const stopWatching = whenNearViewport(el, start);
    return () => {
      cancelled = true;
      stopWatching();
      map?.remove();
    };
  }, [lat, lng, styleUrl]);

  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${SHEET_MAP_ZOOM}/${lat}/${lng}`;
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative h-64 w-full bg-slate-200 sm:h-72">
        <div ref={container} className="h-full w-full" role="region" aria-label={label} data-testid="sheet-map" data-state={state} data-offline={offline} />
        {(offline || state === "failed") && <MapOfflineNote testId="sheet-map-offline" />}
        {state !== "placed" && state !== "ready" && (
          // The marker before (or without) the map: a pin in the middle of the grey box.
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="h-10 w-10 -translate-y-3 text-brand-600 drop-shadow" fill="currentColor">
              <path d="M12 2a7 7 0 00-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 00-7-7zm0 9.5A2.5 2.5 0 1112 6.5a2.5 2.5 0 010 5z" />
            </svg>
          </div>
        )}
      </div>
      <figcaption className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
        <span className="min-w-0 text-slate-600">{label}</span>
        <a href={osm} target="_blank" rel="noopener noreferrer" className={`${standaloneLinkClass} shrink-0 font-medium text-brand-700 hover:underline`}>
          {m.sheet_map_open()}
          <span className="sr-only"> {m.opens_new_tab()}</span>
        </a>
      </figcaption>
    </figure>
  );
}
