// The one set-up of every MapLibre map (the search's map, the sheet's small map, the warehouse
// form's position map): MapLibre loaded once per page when a map nears the viewport, its words in
// the page's language, the style, the compact attribution and the zoom buttons, and what happens
// when the background cannot be fetched (no network, a wrong MAP_STYLE_URL): the map says so
// (MapOfflineNote) and stays usable.
import type { Map as MapLibreMap, MapOptions } from "maplibre-gl";

/** Shown when the style cannot be fetched: a plain background, markers still on it. */
export const OFFLINE_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: "background", type: "background" as const, paint: { "background-color": "#e8edf3" } }],
};

/** How near the viewport a map's box must come before MapLibre (about 440 kB gzip with its worker) loads. */
export const MAP_LOAD_MARGIN = "300px";
/** How long to wait for the style before showing the plain background. */
export const STYLE_TIMEOUT_MS = 8000;

type MapLibre = typeof import("maplibre-gl");

let loading: Promise<MapLibre> | null = null;
let uiStrings: (() => Record<string, string>) | null = null;

/** MapLibre, its CSS, its worker and its words in the page's language, loaded once per page. */
export function loadMapLibre(): Promise<MapLibre> {
  loading ??= Promise.all([
    import("maplibre-gl"),
    import("maplibre-gl/dist/maplibre-gl.css"),
    // The worker is its own file: point MapLibre at the copy Vite emits, wherever the bundle lives.
    import("maplibre-gl/dist/maplibre-gl-worker.mjs?url"),
    import("./map-ui-strings.ts"),
  ]).then(([maplibre, , worker, words]) => {
    maplibre.setWorkerUrl((worker as { default: string }).default);
    uiStrings = words.mapUiStrings;
    return maplibre;
  });
  return loading;
}

/**
 * MapLibre's own words in the page's language, for a map's `locale` option (an Italian page said
 * "Zoom in" and "Use Ctrl + scroll to zoom the map"). Ready once loadMapLibre has resolved.
 */
export function mapUiStrings(): Record<string, string> {
  return uiStrings?.() ?? {};
}

/**
 * Calls `start` once, when `el` comes within `rootMargin` of the viewport: a map below the fold
 * or hidden (display: none never intersects) costs nothing until the visitor gets near it.
 * Without IntersectionObserver it starts at once. Returns what stops watching.
 */
export function whenNearViewport(el: Element, start: () => void, rootMargin = MAP_LOAD_MARGIN): () => void {
  if (typeof IntersectionObserver === "undefined") {
    start();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        start();
      }
    },
    { rootMargin },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

export type MapSetup = Omit<MapOptions, "container" | "style" | "locale" | "attributionControl"> & {
  container: HTMLElement;
  styleUrl: string;
  /**
   * What the map does without its background. "plain": when the style fails or has not come
   * within STYLE_TIMEOUT_MS, a plain background takes its place, so the markers on it stay usable
   * (the search's map, the form's pin). "grey": the box stays grey with its marker (the sheet's
   * map, whose address is written above it); any error before the map has loaded counts.
   */
  offline: "plain" | "grey";
  /** The background could not be fetched: the map shows its offline note. */
  onOffline: () => void;
  /** The real style is drawn ("plain" maps). */
  onStyled?: () => void;
};

/** A map with the project's style, words and controls; remove it with map.remove(). */
export function createMap(maplibre: MapLibre, { container, styleUrl, offline, onOffline, onStyled, ...options }: MapSetup): MapLibreMap {
  const map = new maplibre.Map({
    container,
    style: styleUrl,
    attributionControl: { compact: true },
    locale: mapUiStrings(),
    ...options,
  });
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), "top-right");
  if (offline === "grey") {
    let loaded = false;
    map.on("error", (event) => {
      if (!loaded) onOffline();
      console.warn("map:", event.error?.message ?? event);
    });
    map.once("load", () => {
      loaded = true;
    });
    return map;
  }
  let styled = false;
  const fallBack = () => {
    if (styled) return;
    styled = true;
    onOffline();
    map.setStyle(OFFLINE_STYLE, { diff: false });
  };
  map.once("style.load", () => {
    if (styled) return;
    styled = true;
    window.clearTimeout(timer);
    onStyled?.();
  });
  map.on("error", (event) => {
    if (!styled) fallBack();
    else console.warn("map:", event.error?.message ?? event);
  });
  const timer = window.setTimeout(fallBack, STYLE_TIMEOUT_MS);
  map.once("remove", () => window.clearTimeout(timer));
  return map;
}
