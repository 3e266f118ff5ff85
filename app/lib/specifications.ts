// The specification lists of a warehouse sheet, as the server groups them
// (app/server/warehouses/warehouses.service.ts) and the sheet draws them
// (app/components/warehouse/SpecificationGroups.tsx), and the back office's specification form's
// values and its action's answer. Here so the components need no server module.
import type { PageActionFailure } from "./page-action.ts";

/** A list longer than this shows its first values and a show-all toggle (the sheet, the warehouse form). */
export const COLLAPSED_COUNT = 5;

/** The specification form's fields as typed (the back office's new and edit pages). */
export type SpecificationFormValues = { cat_id: string; value: string; value_en: string; description: string; description_en: string };

/**
 * What the form's action (app/routes/shared/specification-form.server.ts) answers: only a
 * refusal, with what was typed; a save goes to the list.
 */
export type SpecificationFormResult = PageActionFailure;

export type SpecificationValue = { id: number; value: string; description: string | null };
export type SpecificationGroup = { cat_id: number; category: string; values: SpecificationValue[] };
