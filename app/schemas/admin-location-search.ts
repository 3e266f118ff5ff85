// The back office's location search: GET /api/admin/location-search-
// warehouses and …-requests, and their exports, take filters{location, radius}, lat, lng and
// their own paging (wh_limit/wh_offset, wr_limit/wr_offset). The client geocodes the location
// first (GET /api/geocode/location), so the centre is required; the location text is only the
// label of the search (the export's file name, the audit). Shared by the endpoints and the page.
import { z } from "zod";
import { latitude, longitude, queryNumber } from "./geo.ts";
import { LOCATION_MAX } from "../lib/search-form.ts";
import { numeric } from "./common.ts";
import { exportFormat } from "./admin-lists.ts";
import {
  LOCATION_SEARCH_DEFAULT_RADIUS_KM,
  LOCATION_SEARCH_MIN_RADIUS_KM,
  LOCATION_SEARCH_MAX_RADIUS_KM,
  LOCATION_WAREHOUSES_PAGE_SIZE,
  LOCATION_REQUESTS_PAGE_SIZE,
} from "../lib/admin-location-search.ts";

export {
  LOCATION_SEARCH_DEFAULT_RADIUS_KM,
  LOCATION_SEARCH_MIN_RADIUS_KM,
  LOCATION_SEARCH_MAX_RADIUS_KM,
  LOCATION_WAREHOUSES_PAGE_SIZE,
  LOCATION_REQUESTS_PAGE_SIZE,
};

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** Kilometres, 10 when missing or blank. */
export const radiusKm = queryNumber(z.number().min(LOCATION_SEARCH_MIN_RADIUS_KM).max(LOCATION_SEARCH_MAX_RADIUS_KM).optional()).transform(
  (v) => v ?? LOCATION_SEARCH_DEFAULT_RADIUS_KM,
);

const filters = z
  .object({
    location: z.preprocess(blankToUndefined, z.string().trim().max(LOCATION_MAX).optional()),
    radius: radiusKm,
  })
  .optional()
  .transform((f) => ({ location: f?.location ?? null, radius: f?.radius ?? LOCATION_SEARCH_DEFAULT_RADIUS_KM }));

const centre = { filters, lat: latitude, lng: longitude };

const limit = (max: number) => numeric(z.number().int().min(1).max(max)).optional();
const offset = numeric(z.number().int().min(0).max(100_000)).optional();

export const locationWarehousesQuery = z.object({ ...centre, wh_limit: limit(100), wh_offset: offset });
export const locationRequestsQuery = z.object({ ...centre, wr_limit: limit(100), wr_offset: offset });
/** The exports of the search: the same centre and radius, as CSV (the default) or XLSX. */
export const locationExportQuery = z.object({ ...centre, format: exportFormat });

export type LocationExportQuery = z.infer<typeof locationExportQuery>;
