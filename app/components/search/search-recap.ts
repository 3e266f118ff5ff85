// What the search page says of the search beyond its place: the recap under the heading
// (dates · space · services) and what a quote request carries from it, both read from the
// filters as the address holds them.
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatNumber, parseNumber } from "../../lib/format.ts";
import { DEFAULT_RADIUS_KM, SPEC_GROUPS, type SearchFormValues } from "../../lib/search-form.ts";
import type { SearchPageResult } from "../../lib/search-results.ts";
import type { QuoteSearchRecap } from "../quote/QuoteRequestDialog.tsx";
import type { SpecGroupOptions } from "./FilterPanel.tsx";

export function searchRecap(
  values: SearchFormValues,
  groups: SpecGroupOptions,
  result: SearchPageResult | null,
): { quoteSearch: QuoteSearchRecap; recap: string; services: string } {
  const specLabels = SPEC_GROUPS.flatMap((g) =>
    values[g].map((id) => groups.find((x) => x.key === g)?.options.find((o) => o.id === id)?.label).filter((l): l is string => !!l),
  );
  const quoteSearch = {
    location: result?.location ?? values.location,
    radius: result?.radius ?? DEFAULT_RADIUS_KM,
    lat: result?.lat ?? null,
    lng: result?.lng ?? null,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    m2_type: values.m2_type,
    m2_value: values.m2_value ? parseNumber(values.m2_value) : null,
    specification_ids: SPEC_GROUPS.flatMap((g) => values[g]),
    specification_labels: specLabels,
  };
  const recap = [
    values.start_date || values.end_date ? `${formatDate(values.start_date) || "…"} – ${formatDate(values.end_date) || "…"}` : null,
    values.m2_value
      ? values.m2_type === "m2"
        ? formatArea(parseNumber(values.m2_value))
        : m.search_pallets_count({ count: formatNumber(parseNumber(values.m2_value)) })
      : null,
    specLabels.length ? specLabels.join(", ") : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return { quoteSearch, recap, services: specLabels.join(", ") };
}
