// Where the pin goes. The address is geocoded (GET /api/geocode/address?address=&cap=&city=
// &province=&country=, which needs the city) when one of its fields loses the focus after a
// change (and once at mount when there is an address but no pin): the answer moves the pin and
// the map. A pin the user placed (dragged, moved with the keys, clicked, or the page's stored
// one) is never moved by the address: a changed address then offers to move it.
import { useCallback, useEffect, useRef, useState } from "react";
import { getJson } from "../../lib/api-client.ts";
import type { WarehouseFormValues } from "../../lib/warehouse-form.ts";
import { addressParams, addressQuery, readGeocode, zoomFor, type GeocodeHit, type LatLng } from "./form-logic.ts";
import type { MapView } from "./PositionMap.tsx";

export const GEOCODE_URL = "/api/geocode/address";

export type GeoStatus =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "found"; label: string; precision: GeocodeHit["precision"] }
  | { kind: "not_found" }
  | { kind: "failed" }
  /** The address changed after the user placed the pin: the pin stays, the move is offered. */
  | { kind: "changed"; hit: GeocodeHit }
  | { kind: "placed" };

export function usePinPlacement({
  data,
  position,
  setPosition,
}: {
  data: WarehouseFormValues["data"];
  position: LatLng | null;
  setPosition: (p: LatLng) => void;
}) {
  const [status, setStatus] = useState<GeoStatus>({ kind: "idle" });
  const [view, setView] = useState<MapView | null>(null);
  // A stored pin was placed by someone: it is treated as the user's.
  const userPlaced = useRef(position !== null);
  // The last address asked (or, with a stored pin, the one it stands for): unchanged → no call.
  const lastQuery = useRef<string | null>(position ? addressQuery(data) : null);
  const latest = useRef(0);
  const viewSeq = useRef(0);
  const dataRef = useRef(data);
  dataRef.current = data;
  const setPositionRef = useRef(setPosition);
  setPositionRef.current = setPosition;

  const apply = useCallback((hit: GeocodeHit) => {
    userPlaced.current = false;
    setPositionRef.current({ lat: hit.lat, lng: hit.lng });
    setView({ lat: hit.lat, lng: hit.lng, zoom: zoomFor(hit.precision), seq: ++viewSeq.current });
    setStatus({ kind: "found", label: hit.label, precision: hit.precision });
  }, []);

  /** Geocodes the address if it changed since the last time. */
  const locate = useCallback(async () => {
    const params = addressParams(dataRef.current);
    const query = addressQuery(dataRef.current);
    if (!params || query === lastQuery.current) return;
    lastQuery.current = query;
    const call = ++latest.current;
    setStatus({ kind: "searching" });
    const result = await getJson(GEOCODE_URL, params);
    if (call !== latest.current) return;
    if (!result.ok) {
      // Asked again at the next blur.
      lastQuery.current = null;
      setStatus({ kind: "failed" });
      return;
    }
    const found = readGeocode(result.data);
    const hit = found && { ...found, label: found.label || query };
    if (!hit) setStatus({ kind: "not_found" });
    else if (userPlaced.current) setStatus({ kind: "changed", hit });
    else apply(hit);
  }, [apply]);

  /** The user dragged, moved or placed the pin. */
  const userMoved = useCallback((p: LatLng) => {
    userPlaced.current = true;
    // An answer still on its way must not move the pin now.
    latest.current += 1;
    setPositionRef.current(p);
    setStatus({ kind: "placed" });
  }, []);

  /** "Move the pin to the new address". */
  const acceptSuggestion = useCallback(() => {
    if (status.kind === "changed") apply(status.hit);
  }, [apply, status]);

  // Once at mount: an address without a pin is looked up.
  useEffect(() => {
    if (position === null && addressQuery(dataRef.current)) void locate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only at mount
  }, []);

  return { status, view, locate, userMoved, acceptSuggestion };
}
