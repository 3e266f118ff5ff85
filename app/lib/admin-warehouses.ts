// The back office's Warehouses list: its filters' values, the columns it sorts by and its
// default order, apart from the schema (app/schemas/admin-warehouses.ts) so that the page can use
// them without loading the validation library.

/** The warehouse's approval status (warehouses.status). */
export const WAREHOUSE_STATUS_FILTERS = ["pending", "approved", "refused"] as const;
export type WarehouseStatusFilter = (typeof WAREHOUSE_STATUS_FILTERS)[number];

/** A yes/no filter (hub, redeemed, has photos, has free space): 1 yes, 0 no; absent, either. */
export const YES_NO_FILTERS = ["1", "0"] as const;
export type YesNoFilter = (typeof YES_NO_FILTERS)[number];

/** The columns the list sorts by (order[key], ?sort=): anything else is refused, never put in SQL. */
export const WAREHOUSE_ORDER_KEYS = ["created", "name", "city", "status", "size", "free_space", "photos", "active"] as const;
export type WarehouseOrderKey = (typeof WAREHOUSE_ORDER_KEYS)[number];
export const WAREHOUSE_ORDER_DIRS = ["asc", "desc"] as const;
export type WarehouseOrderDir = (typeof WAREHOUSE_ORDER_DIRS)[number];
export type WarehouseOrder = { key: WarehouseOrderKey; dir: WarehouseOrderDir };

/** Newest first when the URL names no order. */
export const DEFAULT_WAREHOUSE_ORDER: WarehouseOrder = { key: "created", dir: "desc" };

/** The direction a column starts in: dates, sizes, free space and photos biggest first; words A to Z. */
export function warehouseOrderFirstDir(key: WarehouseOrderKey): WarehouseOrderDir {
  return key === "created" || key === "size" || key === "free_space" || key === "photos" ? "desc" : "asc";
}

/** A province's code as the warehouses' form asks for it: two letters (MI, RM). */
export const PROVINCE_CODE = /^[A-Za-z]{2}$/;
