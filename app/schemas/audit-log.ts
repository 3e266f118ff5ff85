// The audit log's filters as a URL gives them (the /admin/audit page's and its export's):
// administrator, action, entity kind and id, a piece of the entity's name, first and last day.
// A blank value is no filter.
import { z } from "zod";
import { idNumber, isoDayFromText } from "./common.ts";
import { isIsoDay } from "./promo-codes.ts";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());
const codeText = z
  .string()
  .trim()
  .max(80)
  .regex(/^[a-z_.]+$/, "invalid");
const day = z.preprocess(isoDayFromText, z.string().trim().refine(isIsoDay, "invalid"));

export const auditLogFilters = {
  admin_id: optional(idNumber),
  action: optional(codeText),
  entity_type: optional(codeText),
  entity_id: optional(idNumber),
  search_term: optional(
    z
      .string()
      .trim()
      .max(80)
      .refine((v) => !v.includes("\u0000"), "invalid"),
  ),
  from: optional(day),
  to: optional(day),
};

/** What the query's filters are in the audit log's terms (AuditFilters of the server). */
export function auditFiltersOf(query: {
  admin_id?: number;
  action?: string;
  entity_type?: string;
  entity_id?: number;
  search_term?: string;
  from?: string;
  to?: string;
}) {
  return {
    adminId: query.admin_id ?? null,
    action: query.action ?? null,
    entityType: query.entity_type ?? null,
    entityId: query.entity_id ?? null,
    entityName: query.search_term || null,
    from: query.from ?? null,
    to: query.to ?? null,
  };
}
