// Section 2: the pin on the map, what the address search found, and the coordinates.
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { PinIcon } from "../ui/icons.tsx";
import { buttonClass } from "../ui/styles.ts";
import { formatCoordinates, type LatLng } from "./form-logic.ts";
import { FormSection, GroupError } from "./FormParts.tsx";
import type { MapState, MapView } from "./PositionMap.tsx";
import type { GeoStatus } from "./usePinPlacement.ts";

// The map's code (and, once its box is near the screen, MapLibre's) loads after the form: the
// rest of the form is usable at once, and the page's first JavaScript stays within the budget.
const PositionMap = lazy(() => import("./PositionMap.tsx").then((module) => ({ default: module.PositionMap })));

/** The map's box while its code loads: the same size, so nothing moves when it comes. */
function MapBoxLoading() {
  return (
    <div
      className="relative flex h-72 w-full items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-200 text-sm text-slate-600 sm:h-80"
      aria-hidden="true"
      data-testid="position-map-loading"
    >
      {m.wf_map_loading()}
    </div>
  );
}

function statusText(status: GeoStatus): string | null {
  switch (status.kind) {
    case "searching":
      return m.wf_geo_searching();
    case "found":
      return status.precision === "street" ? m.wf_geo_found_street({ address: status.label }) : m.wf_geo_found_town({ address: status.label });
    case "not_found":
      return m.wf_geo_not_found();
    case "failed":
      return m.wf_geo_failed();
    case "changed":
      return m.wf_geo_changed();
    case "placed":
      return m.wf_geo_placed();
    default:
      return null;
  }
}

export function PositionSection({
  position,
  view,
  status,
  styleUrl,
  onPinMove,
  onAcceptSuggestion,
  error,
}: {
  position: LatLng | null;
  view: MapView | null;
  status: GeoStatus;
  styleUrl: string;
  onPinMove: (p: LatLng) => void;
  onAcceptSuggestion: () => void;
  error: string | null;
}) {
  const coordsId = "wf-position-coordinates";
  const errorId = "wf-position-error";
  const [mapState, setMapState] = useState<MapState>("loading");
  const [focusRequest, setFocusRequest] = useState(0);
  const centre = useRef<() => LatLng | null>(() => null);
  const onCentre = useCallback((get: () => LatLng | null) => {
    centre.current = get;
  }, []);
  const text = statusText(status);
  const warn = status.kind === "not_found" || status.kind === "failed" || status.kind === "changed" || (status.kind === "found" && status.precision === "town");
  const mapUsable = mapState === "ready" || mapState === "offline";

  const placeAtCentre = () => {
    const at = centre.current();
    if (!at) return;
    onPinMove(at);
    setFocusRequest((n) => n + 1);
  };

  return (
    <FormSection id="wf-position" title={m.wf_section_position()} testId="wf-section-position">
      <p className="mb-3 flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">
        <PinIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
        <span>{m.wf_position_hint()}</span>
      </p>
      {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- useFocusFirstInvalid focuses the first [aria-invalid="true"]: the map's group when the pin is missing */}
      <div
        role="group"
        aria-labelledby="wf-position-title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        tabIndex={-1}
        className="outline-none"
      >
        <Suspense fallback={<MapBoxLoading />}>
          <PositionMap
            position={position}
            view={view}
            styleUrl={styleUrl}
            onPinMove={onPinMove}
            onCentre={onCentre}
            onState={setMapState}
            focusRequest={focusRequest}
            invalid={!!error}
            describedBy={coordsId}
          />
        </Suspense>
        <div className="mt-3 flex flex-col gap-2 text-sm sm:flex-row sm:items-start sm:justify-between">
          <p id={coordsId} className="text-slate-700" data-testid="position-coordinates">
            {position ? (
              <>
                <span className="text-slate-500">{m.wf_position_coordinates()}</span>{" "}
                <span className="font-medium text-slate-900 tabular-nums">{formatCoordinates(position)}</span>
              </>
            ) : (
              <span className="text-slate-500">{m.wf_position_none()}</span>
            )}
          </p>
          {!position && mapUsable && (
            <button type="button" onClick={placeAtCentre} className={buttonClass("secondary", "sm", "self-start")}>
              {m.wf_position_place_centre()}
            </button>
          )}
        </div>
        <p className="mt-1 text-xs text-slate-500">{position ? m.wf_position_keyboard() : m.wf_position_click()}</p>
      </div>
      <div role="status" data-testid="position-status" data-kind={status.kind}>
        {text && (
          <p className={`mt-3 text-sm ${warn ? "rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900" : "text-slate-700"}`}>{text}</p>
        )}
      </div>
      {status.kind === "changed" && (
        <button type="button" onClick={onAcceptSuggestion} className={buttonClass("secondary", "sm", "mt-2")}>
          <PinIcon className="h-4 w-4" />
          {m.wf_geo_move_pin()}
        </button>
      )}
      <GroupError id={errorId}>{error}</GroupError>
    </FormSection>
  );
}
