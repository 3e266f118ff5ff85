// The back office's open reports on warehouses (/admin/reports): its page only (?page=).
import { z } from "zod";
import { listPaging } from "./admin-lists.ts";

export const warehouseReportsQuery = z.object({ offset: listPaging.offset });
