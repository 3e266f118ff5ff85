// The GDPR requests of the back office: GET /api/admin/users/{id}/export?reason=…&format=json|html
// and POST /api/admin/users/{id}/erase { reason }.
import { z } from "zod";
import { GDPR_EXPORT_FORMATS, GDPR_REASON_MAX, GDPR_REASON_MIN } from "../lib/gdpr.ts";

export * from "../lib/gdpr.ts";

export const gdprReason = z.string().trim().min(GDPR_REASON_MIN).max(GDPR_REASON_MAX);

export const gdprExportQuery = z.object({ reason: gdprReason, format: z.enum(GDPR_EXPORT_FORMATS).default("json") });

export const gdprEraseBody = z.object({ reason: gdprReason });
