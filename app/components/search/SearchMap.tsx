// The results map: MapLibre GL JS (loaded lazily, on this page only) with a key-free style
// (MAP_STYLE_URL). What it draws comes from GET /api/warehouses/search/map for the visible box
// after every move: the server clusters every result of the zone (decisions 021 and 069), so
// a zone of tens of thousands of warehouses never travels to the browser. A marker opens a card.
// Clusters and markers are DOM elements over the map, so the map stays usable when the style
// or its tiles cannot load (no network): it then falls back to a plain background.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { Map as MapLibreMap, Marker, Popup } from "maplibre-gl";
import { m } from "../../paraglide/messages.js";
import { createMap, loadMapLibre, whenNearViewport } from "../map/map-setup.ts";
import { MapOfflineNote } from "../map/MapOfflineNote.tsx";
import { getJson } from "../../lib/api-client.ts";
import { MAX_RADIUS_KM } from "../../lib/search-form.ts";
import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_FIT_MAX_ZOOM,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MARKERS_FROM_ZOOM,
  type MapItem,
  type MapMarker,
  type SearchMapResponse,
} from "../../lib/map.ts";

export type { MapMarker };

export type Bounds = { min_lat: number; max_lat: number; min_lng: number; max_lng: number };

type Props = {
  /** The search's query string for the map call (centre as lat/lng, radius, filters); null before a search. */
  mapQuery: string | null;
  bounds: Bounds | null;
  /** The searched circle, drawn on the map (it orients the reader when the tiles are missing). */
  area: { lat: number; lng: number; radiusKm: number } | null;
  styleUrl: string;
  /** The card of a marker (name, city, address, first specifications, favourite toggle). */
  renderCard: (marker: MapMarker) => ReactNode;
  selectedIds: ReadonlySet<number>;
  /** The warehouse whose list card is hovered or focused: its pin stands out. */
  highlightedId: number | null;
  /** A pin is hovered or focused (null when left), so its list card can stand out. */
  onHover: (id: number | null) => void;
  /**
   * The visitor moved or zoomed the map away from the search's frame: the view to search in
   * (its centre, and the radius that covers it); null once a new search frames the map again.
   */
  onViewMoved: (view: MovedView | null) => void;
};

export type MovedView = { lat: number; lng: number; radiusKm: number };

/** The circle that covers the visible map: from its centre to its farthest corner, in whole km. */
export function viewCircle(centre: { lat: number; lng: number }, corner: { lat: number; lng: number }, maxKm: number): MovedView {
  const rad = Math.PI / 180;
  const dLat = (corner.lat - centre.lat) * rad;
  const dLng = (corner.lng - centre.lng) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(centre.lat * rad) * Math.cos(corner.lat * rad) * Math.sin(dLng / 2) ** 2;
  const km = 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(a)));
  return { lat: Number(centre.lat.toFixed(6)), lng: Number(centre.lng.toFixed(6)), radiusKm: Math.min(maxKm, Math.max(1, Math.ceil(km))) };
}

function markerElement(point: MapMarker, selected: boolean): HTMLButtonElement {
  // MapLibre places the element with its transform: the looks (and any hover scaling) go on an
  // inner span, so nothing animates the position itself.
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.testid = "map-marker";
  el.dataset.id = String(point.id);
  el.dataset.claimed = String(point.claimed);
  // 44 px below lg (a thumb's target), the 32 px dot drawn in its middle.
  el.className =
    "search-map-marker group flex h-11 w-11 items-center justify-center rounded-full lg:h-auto lg:w-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900";
  const dot = document.createElement("span");
  dot.className = [
    "flex h-8 w-8 items-center justify-center rounded-full border-2 border-white shadow-md transition-[scale] group-hover:scale-110 group-[.is-highlighted]:scale-125 group-[.is-highlighted]:border-slate-900",
    point.matches ? (point.claimed ? "bg-brand-600" : "bg-brand-400") : "bg-slate-400",
    selected ? "ring-4 ring-accent-400" : "",
  ].join(" ");
  dot.innerHTML =
    '<svg viewBox="0 0 24 24" width="16" height="16" fill="white" aria-hidden="true"><path d="M3 10.5 12 4l9 6.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"/></svg>';
  el.append(dot);
  return el;
}

function clusterElement(count: number, color: "red" | "blue"): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.testid = "map-cluster";
  el.dataset.count = String(count);
  el.dataset.color = color;
  const title = m.map_cluster_title({ count: String(count) });
  el.title = title;
  el.setAttribute("aria-label", title);
  const size = count >= 100 ? 48 : count >= 10 ? 42 : 36;
  el.style.width = `${size}px`;
  el.style.height = `${size}px`;
  el.className = `flex min-h-11 min-w-11 items-center justify-center rounded-full lg:min-h-0 lg:min-w-0 border-[3px] border-white/90 text-sm font-bold text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${
    color === "red" ? "bg-red-600" : "bg-blue-600"
  }`;
  el.textContent = String(count);
  return el;
}

/** A circle of `radiusKm` around a point as a GeoJSON polygon (64 sides). */
export function circlePolygon(lat: number, lng: number, radiusKm: number) {
  const coordinates: [number, number][] = [];
  const dLat = (radiusKm / 6378.168) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  for (let i = 0; i <= 64; i++) {
    const a = (i / 64) * 2 * Math.PI;
    coordinates.push([lng + dLng * Math.cos(a), lat + dLat * Math.sin(a)]);
  }
  return { type: "Feature" as const, properties: {}, geometry: { type: "Polygon" as const, coordinates: [coordinates] } };
}

const AREA_SOURCE = "search-area";

function drawArea(map: MapLibreMap, area: Props["area"]) {
  if (!map.isStyleLoaded()) return;
  const data = area ? circlePolygon(area.lat, area.lng, area.radiusKm) : { type: "FeatureCollection" as const, features: [] };
  const source = map.getSource(AREA_SOURCE) as import("maplibre-gl").GeoJSONSource | undefined;
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(AREA_SOURCE, { type: "geojson", data });
  map.addLayer({ id: "search-area-fill", type: "fill", source: AREA_SOURCE, paint: { "fill-color": "#1a5fd0", "fill-opacity": 0.06 } });
  map.addLayer({ id: "search-area-line", type: "line", source: AREA_SOURCE, paint: { "line-color": "#1a5fd0", "line-width": 2, "line-dasharray": [2, 2] } });
}

/**
 * MapLibre keeps a marker's card inside the map, but the page floats things over the map's lower
 * part (on a phone the list/map button, and the selection bar everywhere: elements marked
 * data-map-overlay). Moves the map up until the card clears them, as long as its top stays
 * inside the map (further, MapLibre would turn the card to the marker's other side).
 */
function clearOverlays(map: MapLibreMap, card: HTMLElement) {
  const GAP = 8;
  const box = card.getBoundingClientRect();
  const frame = map.getContainer().getBoundingClientRect();
  let limit = frame.bottom;
  for (const overlay of document.querySelectorAll<HTMLElement>("[data-map-overlay]")) {
    const r = overlay.getBoundingClientRect();
    const beside = r.right <= box.left || r.left >= box.right;
    if (r.height === 0 || beside || r.top <= box.top) continue;
    limit = Math.min(limit, r.top);
  }
  const hidden = box.bottom - (limit - GAP);
  const room = box.top - (frame.top + GAP);
  const dy = Math.min(hidden, room);
  if (dy > 1) map.panBy([0, dy], { duration: 200 });
}

export function SearchMap({ mapQuery, bounds, area, styleUrl, renderCard, selectedIds, highlightedId, onHover, onViewMoved }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const libRef = useRef<typeof import("maplibre-gl") | null>(null);
  const markersRef = useRef<Marker[]>([]);
  const popupRef = useRef<Popup | null>(null);
  const [ready, setReady] = useState(false);
  const [offline, setOffline] = useState(false);
  const [cardPoint, setCardPoint] = useState<MapMarker | null>(null);
  const [cardNode, setCardNode] = useState<HTMLElement | null>(null);
  const [items, setItems] = useState<MapItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [tooMany, setTooMany] = useState(false);
  const selectedRef = useRef(selectedIds);
  selectedRef.current = selectedIds;
  const areaRef = useRef(area);
  areaRef.current = area;
  const highlightedRef = useRef(highlightedId);
  highlightedRef.current = highlightedId;
  const onHoverRef = useRef(onHover);
  onHoverRef.current = onHover;
  const onViewMovedRef = useRef(onViewMoved);
  onViewMovedRef.current = onViewMoved;

  // Create the map once, when its box nears the viewport: MapLibre loads then, not with the page
  // (a map hidden with display: none waits until it is shown).
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let cancelled = false;
    let stopWatching = () => {};
    new Promise<void>((near) => (stopWatching = whenNearViewport(el, near)))
      .then(loadMapLibre)
      .then((maplibre) => {
        if (cancelled) return;
        libRef.current = maplibre;
        const map = createMap(maplibre, {
          container: el,
          styleUrl,
          center: [MAP_DEFAULT_CENTER.lng, MAP_DEFAULT_CENTER.lat],
          zoom: MAP_DEFAULT_ZOOM,
          minZoom: MAP_MIN_ZOOM,
          maxZoom: MAP_MAX_ZOOM,
          dragRotate: false,
          // A style that cannot be fetched (offline, wrong MAP_STYLE_URL): keep the map usable.
          offline: "plain",
          onOffline: () => {
            if (!cancelled) setOffline(true);
          },
        });
        mapRef.current = map;
        // Every style (the real one, or the offline background) gets the searched circle.
        map.on("style.load", () => drawArea(map, areaRef.current));
        setReady(true);
      })
      .catch((err) => {
        console.warn("map could not load", err);
        if (!cancelled) setOffline(true);
      });
    return () => {
      cancelled = true;
      stopWatching();
      for (const marker of markersRef.current) marker.remove();
      popupRef.current?.remove();
      mapRef.current?.remove();
      mapRef.current = null;
    };
    // The style is fixed for the page's life.
  }, [styleUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (ready && map) drawArea(map, area);
  }, [ready, area]);

  // A move the visitor made (drag, wheel, pinch, the zoom buttons, a cluster: events that carry
  // the input event), not the frame a search sets, offers to search the area in view.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    let byVisitor = false;
    const started = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) byVisitor = true;
    };
    const ended = () => {
      if (!byVisitor) return;
      byVisitor = false;
      const centre = map.getCenter();
      const corner = map.getBounds().getNorthEast();
      onViewMovedRef.current(viewCircle({ lat: centre.lat, lng: centre.lng }, { lat: corner.lat, lng: corner.lng }, MAX_RADIUS_KM));
    };
    map.on("movestart", started);
    map.on("moveend", ended);
    return () => {
      map.off("movestart", started);
      map.off("moveend", ended);
    };
  }, [ready]);

  // Fit the results (or the searched circle) after each search.
  useEffect(() => {
    onViewMovedRef.current(null);
    const map = mapRef.current;
    if (!ready || !map || !bounds) return;
    map.fitBounds(
      [
        [bounds.min_lng, bounds.min_lat],
        [bounds.max_lng, bounds.max_lat],
      ],
      { padding: 48, maxZoom: MAP_FIT_MAX_ZOOM, duration: 0 },
    );
  }, [ready, bounds]);

  // Ask for what lies in view after every move and after each search; only the latest answer counts.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !mapQuery) {
      setItems([]);
      return;
    }
    let latest = 0;
    const load = async () => {
      const call = ++latest;
      const b = map.getBounds();
      setLoading(true);
      const view = new URLSearchParams(mapQuery);
      view.set("zoom", map.getZoom().toFixed(2));
      view.set("west", b.getWest().toFixed(6));
      view.set("south", b.getSouth().toFixed(6));
      view.set("east", b.getEast().toFixed(6));
      view.set("north", b.getNorth().toFixed(6));
      const res = await getJson<SearchMapResponse>(`/api/warehouses/search/map?${view}`);
      if (call !== latest) return;
      setLoading(false);
      // A failed call is logged; the map keeps what it showed.
      if (res.ok && Array.isArray(res.data.items)) {
        setItems(res.data.items);
        setTooMany(res.data.truncated === true);
      } else console.error("map search failed", res.status, res.data.error);
    };
    void load();
    map.on("moveend", load);
    return () => {
      latest += 1;
      map.off("moveend", load);
    };
  }, [ready, mapQuery]);

  // Draw the clusters and markers of the last answer.
  useEffect(() => {
    const map = mapRef.current;
    const maplibre = libRef.current;
    if (!ready || !map || !maplibre) return;

    const openCard = (point: MapMarker) => {
      popupRef.current?.remove();
      const node = document.createElement("div");
      // Not closeOnClick: the map sees the marker's own click and would close the card at once.
      const popup = new maplibre.Popup({ offset: 20, maxWidth: "300px", closeButton: true, closeOnClick: false, focusAfterOpen: false })
        .setLngLat([point.lng, point.lat])
        .setDOMContent(node)
        .addTo(map);
      // Markers are drawn again after every move, after the card: keep the card above them.
      popup.getElement().style.zIndex = "10";
      // The card grows when its content arrives (a warehouse the lists do not hold is fetched):
      // place it again then, so it stays inside the map instead of being cut at its edge, and
      // clear of what floats over the map.
      const resized = new ResizeObserver(() => {
        popup.setLngLat(popup.getLngLat());
        clearOverlays(map, popup.getElement());
      });
      resized.observe(node);
      popup.on("close", () => {
        resized.disconnect();
        if (popupRef.current === popup) {
          popupRef.current = null;
          setCardPoint(null);
          setCardNode(null);
        }
      });
      popupRef.current = popup;
      setCardNode(node);
      setCardPoint(point);
    };

    for (const marker of markersRef.current) marker.remove();
    markersRef.current = [];
    for (const item of items) {
      let el: HTMLButtonElement;
      if (item.kind === "cluster") {
        el = clusterElement(item.count, item.color);
        // Where it stands, for tests and tools that pick a cluster.
        el.dataset.lat = String(item.lat);
        el.dataset.lng = String(item.lng);
        el.addEventListener("click", (event) => {
          event.stopPropagation();
          const zoom = Math.min(Math.max(item.expansion_zoom, Math.ceil(map.getZoom()) + 1), MAP_MAX_ZOOM);
          map.easeTo({ center: [item.lng, item.lat], zoom: zoom >= MARKERS_FROM_ZOOM ? Math.max(zoom, MARKERS_FROM_ZOOM) : zoom }, { originalEvent: event });
        });
      } else {
        const point = item;
        el = markerElement(point, selectedRef.current.has(point.id));
        el.setAttribute("aria-label", m.map_marker_label({ id: String(point.id) }));
        if (highlightedRef.current === point.id) el.classList.add("is-highlighted");
        el.addEventListener("mouseenter", () => onHoverRef.current(point.id));
        el.addEventListener("mouseleave", () => onHoverRef.current(null));
        el.addEventListener("focus", () => onHoverRef.current(point.id));
        el.addEventListener("blur", () => onHoverRef.current(null));
        el.addEventListener("click", (event) => {
          event.stopPropagation();
          openCard(point);
        });
      }
      markersRef.current.push(new maplibre.Marker({ element: el }).setLngLat([item.lng, item.lat]).addTo(map));
    }
    container.current?.setAttribute("data-zoom", map.getZoom().toFixed(2));

    // A click on the map itself (not on a marker or the card) closes the card.
    const closeCard = (event: import("maplibre-gl").MapMouseEvent) => {
      const target = event.originalEvent.target as Element | null;
      if (target?.closest(".search-map-marker, .maplibregl-popup")) return;
      popupRef.current?.remove();
    };
    map.on("click", closeCard);
    return () => {
      map.off("click", closeCard);
    };
  }, [ready, items, selectedIds]);

  // The pin of the hovered or focused list card stands out (and above its neighbours).
  useEffect(() => {
    for (const marker of markersRef.current) {
      const el = marker.getElement();
      if (el.dataset.testid !== "map-marker") continue;
      const on = el.dataset.id === String(highlightedId);
      el.classList.toggle("is-highlighted", on);
      el.style.zIndex = on ? "5" : "";
    }
  }, [highlightedId, items]);

  // A new search closes the open card.
  useEffect(() => {
    popupRef.current?.remove();
  }, [mapQuery]);

  return (
    <div className="relative h-full min-h-72 w-full overflow-hidden rounded-2xl border border-slate-200 bg-[#e8edf3] max-sm:rounded-none max-sm:border-x-0">
      {/* Sized by height, not by inset: MapLibre sets position: relative on its container. */}
      <div
        ref={container}
        className="h-full w-full"
        role="region"
        aria-label={m.map_label()}
        data-testid="search-map"
        data-ready={ready}
        data-offline={offline}
        data-loading={loading}
      />
      {(loading || tooMany) && (
        <p
          className="pointer-events-none absolute top-2 left-2 rounded-md bg-white/90 px-2 py-1 text-xs text-slate-700 shadow-sm"
          role="status"
          data-testid="map-status"
        >
          {loading ? m.map_updating() : m.map_markers_truncated()}
        </p>
      )}
      {offline && (
        // On a phone the list/map toggle floats over the middle of the map's bottom edge and
        // "search this area" over its top: the notice, in short, goes under the zoom buttons (two 44 px buttons from 10 px down).
        <MapOfflineNote testId="map-offline" place="bottom-2 left-2 max-lg:top-28 max-lg:right-2 max-lg:bottom-auto max-lg:left-auto" long />
      )}
      {cardNode && cardPoint && createPortal(renderCard(cardPoint), cardNode)}
    </div>
  );
}
