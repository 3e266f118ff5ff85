// The specification lists of a warehouse sheet, as the server groups them
// (app/server/warehouses/warehouses.service.ts) and the sheet draws them
// (app/components/warehouse/SpecificationGroups.tsx). Here so the component needs no server module.

/** A list longer than this shows its first values and a show-all toggle (the sheet, the warehouse form). */
export const COLLAPSED_COUNT = 5;

export type SpecificationValue = { id: number; value: string; description: string | null };
export type SpecificationGroup = { cat_id: number; category: string; values: SpecificationValue[] };
