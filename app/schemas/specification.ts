// The specification catalogue's payloads (back office): specification_data with
// cat_id and value required, the English value and both descriptions optional; the toggle's
// specification_data{hidden}.
import { z } from "zod";
import { numeric, optionalText, requiredText } from "./common.ts";
import { exportFormat, listOrder } from "./admin-lists.ts";
import { YES_NO } from "../lib/admin-lists.ts";
import { SPECIFICATIONS_ORDER } from "../lib/list-params.ts";

/** The seven groups of specification_categories (1 service … 7 certification). */
export const SPECIFICATION_CATEGORY_COUNT = 7;
export const specificationCategoryId = numeric(z.number().int().min(1).max(SPECIFICATION_CATEGORY_COUNT));

const texts = {
  value: requiredText(255),
  value_en: optionalText(255),
  description: optionalText(2000),
  description_en: optionalText(2000),
};

/** POST /api/admin/specifications/create */
export const specificationCreateSchema = z.object({
  specification_data: z.object({ cat_id: specificationCategoryId, ...texts }),
});

/** POST /api/admin/specifications/{id}/update: the category is shown but not editable, so cat_id is ignored. */
export const specificationUpdateSchema = z.object({
  specification_data: z.object({ cat_id: z.unknown().optional(), ...texts }),
});

/** A flag that must be given (a missing one is bad input, not "false"). */
const requiredFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])])
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

/** POST /api/admin/specifications/{id}/toggle-hidden */
export const specificationToggleSchema = z.object({
  specification_data: z.object({ hidden: requiredFlag }),
});

export type SpecificationInput = { cat_id: number; value: string; value_en: string | null; description: string | null; description_en: string | null };
export type SpecificationTexts = Omit<SpecificationInput, "cat_id">;

/** GET /api/admin/specifications, read by its page too (?search=, ?cat_id=, ?active=, ?sort=, ?dir=, ?page=). */
export const specificationsQuery = z.object({
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
  // "Tutte le categorie" sends no cat_id (or an empty one).
  filters: z.object({ cat_id: z.union([z.literal(""), specificationCategoryId]).optional(), active: z.enum(YES_NO).optional() }).optional(),
  order: listOrder(SPECIFICATIONS_ORDER.keys),
});

/** GET /api/admin/export-specifications: the list's query and the file's format. */
export const specificationsExportQuery = specificationsQuery.extend({ format: exportFormat });
