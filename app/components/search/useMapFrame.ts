// What the map is given for an answer: the query it asks for what lies in view with (the search's
// filters around the centre found), the frame it fits, and the searched circle. Each one changes
// only with a new answer, so the map does not redraw on other renders.
import { useMemo } from "react";
import { useLocation } from "react-router";
import type { SearchPageResult } from "../../lib/search-results.ts";

export function useMapFrame(result: SearchPageResult | null) {
  const location = useLocation();
  const mapQuery = useMemo(() => {
    if (!result || result.lat === null || result.lng === null) return null;
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    params.delete("sort");
    params.set("lat", String(result.lat));
    params.set("lng", String(result.lng));
    params.set("radius", String(result.radius));
    return params.toString();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer changes the query (location.search moves with it)
  }, [result]);
  const bounds = useMemo(
    () =>
      result && result.min_lat !== null && result.max_lat !== null && result.min_lng !== null && result.max_lng !== null
        ? { min_lat: result.min_lat, max_lat: result.max_lat, min_lng: result.min_lng, max_lng: result.max_lng }
        : null,
    [result],
  );
  const area = useMemo(
    () => (result && result.lat !== null && result.lng !== null ? { lat: result.lat, lng: result.lng, radiusKm: result.radius } : null),
    [result],
  );
  return { mapQuery, bounds, area };
}
