// The form's small map with the warehouse's one pin. MapLibre is loaded lazily (the maps' one
// set-up, createMap); when its style cannot be fetched (no network, a wrong
// MAP_STYLE_URL) the map switches to a plain background and says so, as the search map does, and
// the pin keeps working.
//
// The pin is our own <button> given to MapLibre as a draggable marker: it can be dragged, and
// with the keyboard it takes the focus and moves 10 m per arrow key (100 m with Shift). A map
// without a pin places it where it is clicked.
import { useEffect, useRef, useState } from "react";
import type { Map as MapLibreMap, Marker } from "maplibre-gl";
import { m } from "../../paraglide/messages.js";
import { createMap, loadMapLibre } from "../map/map-setup.ts";
import { MapOfflineNote } from "../map/MapOfflineNote.tsx";
import { moveByMetres, round7, type LatLng } from "./form-logic.ts";

/** Italy as a whole: the view of a form without a position yet. */
export const ITALY_VIEW = { lat: 42.2, lng: 12.6, zoom: 5 };
/** The view around a pin the page already had. */
export const PIN_ZOOM = 16;

/** A request to show a point: a new `seq` moves the map even to the same place. */
export type MapView = LatLng & { zoom: number; seq: number };

export type MapState = "loading" | "ready" | "offline" | "failed";

type Props = {
  position: LatLng | null;
  view: MapView | null;
  styleUrl: string;
  /** The user moved (or placed) the pin. */
  onPinMove: (position: LatLng) => void;
  /** Hands the parent a function giving the map's centre (to place a pin with a button). */
  onCentre?: (getCentre: () => LatLng | null) => void;
  onState?: (state: MapState) => void;
  /** A new value gives the pin the focus (after a keyboard user placed it with a button). */
  focusRequest: number;
  invalid: boolean;
  /** The id of the text read with the pin (the coordinates). */
  describedBy: string;
};

const PIN_SVG =
  '<svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true"><path fill="#1a5fd0" stroke="white" stroke-width="1.5" d="M12 1.5a7.5 7.5 0 00-7.5 7.5c0 5.4 7.5 13.5 7.5 13.5s7.5-8.1 7.5-13.5A7.5 7.5 0 0012 1.5z"/><circle cx="12" cy="9" r="2.8" fill="white"/></svg>';

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [1, 0],
  ArrowDown: [-1, 0],
  ArrowRight: [0, 1],
  ArrowLeft: [0, -1],
};

function pinElement(describedBy: string): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.tabIndex = 0;
  el.dataset.testid = "position-pin";
  el.setAttribute("aria-label", m.wf_pin_label());
  el.setAttribute("aria-describedby", describedBy);
  el.className =
    "cursor-grab rounded-full p-0.5 max-lg:p-1 drop-shadow-md active:cursor-grabbing focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-slate-900";
  el.innerHTML = PIN_SVG;
  return el;
}

export function PositionMap({ position, view, styleUrl, onPinMove, onCentre, onState, focusRequest, invalid, describedBy }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const libRef = useRef<typeof import("maplibre-gl") | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const [state, setState] = useState<MapState>("loading");
  // The latest props for MapLibre's listeners, which are attached once.
  const positionRef = useRef(position);
  positionRef.current = position;
  const onPinMoveRef = useRef(onPinMove);
  onPinMoveRef.current = onPinMove;
  const firstView = useRef(view);

  useEffect(() => onState?.(state), [state, onState]);

  useEffect(() => {
    onCentre?.(() => {
      const c = mapRef.current?.getCenter();
      return c ? { lat: round7(c.lat), lng: round7(c.lng) } : null;
    });
  }, [onCentre]);

  // The map, once.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let cancelled = false;
    loadMapLibre()
      .then((maplibre) => {
        if (cancelled) return;
        libRef.current = maplibre;
        const start = positionRef.current ?? firstView.current;
        const map = createMap(maplibre, {
          container: el,
          styleUrl,
          center: start ? [start.lng, start.lat] : [ITALY_VIEW.lng, ITALY_VIEW.lat],
          zoom: positionRef.current ? PIN_ZOOM : (firstView.current?.zoom ?? ITALY_VIEW.zoom),
          maxZoom: 19,
          dragRotate: false,
          pitchWithRotate: false,
          offline: "plain",
          onOffline: () => {
            if (!cancelled) setState("offline");
          },
          onStyled: () => {
            if (!cancelled) setState("ready");
          },
        });
        mapRef.current = map;
        // A map without a pin places it where it is clicked; a pin is moved by dragging it.
        map.on("click", (event) => {
          if (positionRef.current) return;
          onPinMoveRef.current({ lat: round7(event.lngLat.lat), lng: round7(event.lngLat.lng) });
        });
        setState((s) => (s === "loading" ? "ready" : s));
      })
      .catch((err) => {
        console.warn("map could not load", err);
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      markerRef.current?.remove();
      markerRef.current = null;
      mapRef.current?.remove();
      mapRef.current = null;
    };
    // The style is fixed for the page's life.
  }, [styleUrl]);

  const mapReady = state === "ready" || state === "offline";

  // The pin follows the form's position.
  useEffect(() => {
    const map = mapRef.current;
    const maplibre = libRef.current;
    if (!mapReady || !map || !maplibre) return;
    if (!position) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    let marker = markerRef.current;
    if (!marker) {
      const el = pinElement(describedBy);
      marker = new maplibre.Marker({ element: el, draggable: true, anchor: "bottom" }).setLngLat([position.lng, position.lat]).addTo(map);
      const placed = marker;
      placed.on("dragend", () => {
        const at = placed.getLngLat();
        onPinMoveRef.current({ lat: round7(at.lat), lng: round7(at.lng) });
      });
      el.addEventListener("keydown", (event) => {
        const arrow = ARROWS[event.key];
        if (!arrow) return;
        // The map would pan (and the page scroll) with the same keys.
        event.preventDefault();
        event.stopPropagation();
        const from = positionRef.current;
        if (!from) return;
        const step = event.shiftKey ? 100 : 10;
        const next = moveByMetres(from, arrow[0] * step, arrow[1] * step);
        placed.setLngLat([next.lng, next.lat]);
        if (!map.getBounds().contains([next.lng, next.lat])) map.panTo([next.lng, next.lat]);
        onPinMoveRef.current(next);
      });
      markerRef.current = marker;
    } else {
      const at = marker.getLngLat();
      if (at.lat !== position.lat || at.lng !== position.lng) marker.setLngLat([position.lng, position.lat]);
    }
  }, [mapReady, position, describedBy]);

  // Declared after the pin's effect, so a pin placed in the same render exists here.
  const focusHandled = useRef(0);
  useEffect(() => {
    if (focusRequest === focusHandled.current || !markerRef.current) return;
    focusHandled.current = focusRequest;
    markerRef.current.getElement().focus();
  }, [focusRequest, mapReady, position]);

  // Requests to show a place (a found address).
  useEffect(() => {
    const map = mapRef.current;
    if (!mapReady || !map || !view) return;
    map.jumpTo({ center: [view.lng, view.lat], zoom: view.zoom });
  }, [mapReady, view]);

  return (
    <div className={`relative h-72 w-full overflow-hidden rounded-xl border bg-slate-200 sm:h-80 ${invalid ? "border-red-500" : "border-slate-200"}`}>
      <div ref={container} className="h-full w-full" role="region" aria-label={m.wf_map_label()} data-testid="position-map" data-state={state} />
      {state === "loading" && (
        <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-slate-600" aria-hidden="true">
          {m.wf_map_loading()}
        </p>
      )}
      {state === "offline" && <MapOfflineNote testId="position-map-offline" />}
      {state === "failed" && (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-700" role="status">
          {m.wf_map_failed()}
        </p>
      )}
    </div>
  );
}
