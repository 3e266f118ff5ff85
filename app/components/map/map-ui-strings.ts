// MapLibre's own words (its buttons' names, the canvas's title, the hint cooperative gestures
// show) in the page's language. A module of its own, loaded with MapLibre (loadMapLibre): the
// words are needed only once a map is drawn, so they stay out of every page's first JavaScript.
import { m } from "../../paraglide/messages.js";

export function mapUiStrings(): Record<string, string> {
  return {
    "AttributionControl.ToggleAttribution": m.maplibre_toggle_attribution(),
    "AttributionControl.MapFeedback": m.maplibre_map_feedback(),
    "Map.Title": m.maplibre_map_title(),
    "Marker.Title": m.maplibre_marker_title(),
    "NavigationControl.ResetBearing": m.maplibre_reset_bearing(),
    "NavigationControl.ZoomIn": m.maplibre_zoom_in(),
    "NavigationControl.ZoomOut": m.maplibre_zoom_out(),
    "Popup.Close": m.maplibre_popup_close(),
    "CooperativeGesturesHandler.WindowsHelpText": m.maplibre_gestures_windows(),
    "CooperativeGesturesHandler.MacHelpText": m.maplibre_gestures_mac(),
    "CooperativeGesturesHandler.MobileHelpText": m.maplibre_gestures_mobile(),
  };
}
