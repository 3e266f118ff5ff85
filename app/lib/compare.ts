// The comparison (/{locale}/compare?wids=…) as the server answers it (compareWarehouses in
// app/server/warehouses/warehouses.service.ts) and the page draws it (app/components/compare/);
// here, so the components need no server module. Also the page's own addresses: removing a
// warehouse or showing only the rows that differ is a link, so both work before hydration.
import type { Locale } from "./locale.ts";
import type { OpeningStatus, ScheduleDay } from "./opening-hours.ts";
import type { WarehouseTrust } from "./warehouse-trust.ts";
import type { PublicSpace } from "./spaces.ts";
import type { SpecificationGroup, SpecificationValue } from "./specifications.ts";

/** One compared warehouse: a redeemed one, so its identity, public facts and trust figures may be shown. */
export type CompareWarehouse = {
  id: number;
  name: string;
  is_hub: boolean;
  address: string;
  cap: string;
  city: string;
  province: string;
  lat: number;
  lng: number;
  website: { href: string; label: string } | null;
  total_m2: number | null;
  m2: number | null;
  m2_external: number | null;
  m2_office: number | null;
  height: number | null;
  bays_number: number | null;
  /** Its first photo (the thumbnail when there is one), or null. */
  photo: { src: string; width: number | null; height: number | null } | null;
  /** Open or closed now (Italian time), null when it gave no hours. */
  opening: OpeningStatus | null;
  /** Each weekday's hours (weeklySchedule), null when it gave no hours. */
  schedule: ScheduleDay[] | null;
  /** Its current and upcoming free space, the price only when public. */
  spaces: PublicSpace[];
  /** The first 4 specification values (the spec's comparison card). */
  specifications: SpecificationValue[];
  /** Every visible specification it has, for the table's ✓ / — rows. */
  specification_ids: number[];
} & WarehouseTrust;

/** Where a quote request to the compared warehouses is said to be for (the request's location, radius and centre). */
export type CompareQuoteArea = { location: string; lat: number; lng: number; radius: number };

export type CompareResult = {
  warehouses: CompareWarehouse[];
  /** Every specification any of them has, grouped by category in catalogue order. */
  specification_groups: SpecificationGroup[];
  /** Asked ids that cannot be compared (not redeemed, not listed, unknown). */
  missing: number[];
  quote_area: CompareQuoteArea | null;
};

/** The comparison's address: "/it/compare?wids=3,1,7" (commas kept readable), "&diff=1" for differences only. */
export function compareHref(locale: Locale, ids: readonly number[], opts: { onlyDifferences?: boolean } = {}): string {
  const query = [`wids=${ids.join(",")}`];
  if (opts.onlyDifferences) query.push("diff=1");
  return `/${locale}/compare?${query.join("&")}`;
}
