// The back office's reports on warehouses (/admin/reports): its page's query (?state, ?sort, ?dir,
// ?page through WAREHOUSE_REPORTS_URL_NAMES), its export's, and closing one
// (POST /api/admin/warehouse-reports/{id}/close and the page's "Chiudi").
import { z } from "zod";
import { exportFormat, listOrder, listPaging } from "./admin-lists.ts";
import { idNumber, optionalText } from "./common.ts";
import { REPORT_CLOSE_NOTE_MAX, REPORT_STATES, WAREHOUSE_REPORTS_ORDER } from "../lib/list-params.ts";

export const warehouseReportsQuery = z.object({
  offset: listPaging.offset,
  filters: z.object({ state: z.enum(REPORT_STATES).optional() }).optional(),
  order: listOrder(WAREHOUSE_REPORTS_ORDER.keys),
});

/** GET /api/admin/export-warehouse-reports: the list's query and the file's format. */
export const warehouseReportsExportQuery = warehouseReportsQuery.extend({ format: exportFormat });

/** POST /api/admin/warehouse-reports/{id}/close: an optional note. */
export const closeWarehouseReportBody = z.object({ note: optionalText(REPORT_CLOSE_NOTE_MAX) });

/** The page's "Chiudi": the same body, with the report's id. */
export const closeWarehouseReportForm = closeWarehouseReportBody.extend({ intent: z.literal("close"), id: idNumber });
