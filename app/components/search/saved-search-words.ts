// A saved search's criteria in words, as the hunter's saved searches page and the search page's
// "Save search" dialog both say them: the place and radius, the dates, the quantity with its unit
// (decision 038). Here, so the dialog's chunk does not load the area's page to say them.
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatKm, formatNumber, placeInItaly } from "../../lib/format.ts";
import type { SavedSearchView } from "../../lib/saved-searches.ts";

export type SavedSearchCriteria = Pick<SavedSearchView, "location" | "radius" | "start_date" | "end_date" | "m2_type" | "m2_value">;

/** The place, the dates and the space, each with its label; a criterion not asked says "any". */
export function savedSearchCriteria(s: SavedSearchCriteria): { key: "place" | "dates" | "space"; label: string; value: string }[] {
  const radius = formatKm(s.radius);
  const place = s.location.trim() ? m.ss_place({ place: placeInItaly(s.location.trim()), radius }) : m.ss_place_point({ radius });
  const dates =
    s.start_date && s.end_date
      ? m.ss_dates_range({ from: formatDate(s.start_date), to: formatDate(s.end_date) })
      : s.start_date
        ? m.ss_dates_day({ date: formatDate(s.start_date) })
        : s.end_date
          ? m.ss_dates_until({ date: formatDate(s.end_date) })
          : m.ss_any_dates();
  const space =
    s.m2_value === null ? m.ss_any_space() : s.m2_type === "pallet" ? m.search_pallets_count({ count: formatNumber(s.m2_value) }) : formatArea(s.m2_value);
  return [
    { key: "place", label: m.ss_label_place(), value: place },
    { key: "dates", label: m.ss_label_dates(), value: dates },
    { key: "space", label: m.ss_label_space(), value: space },
  ];
}
