// The explicit list of migrations, in order. Add new ones at the end; never edit a landed one.
import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_schema.ts";
import * as m0002 from "./0002_gazetteer.ts";
import * as m0003 from "./0003_warehouse_spec_ids.ts";
import * as m0004 from "./0004_published_positions.ts";
import * as m0005 from "./0005_quote_limit_indexes.ts";
import * as m0006 from "./0006_warehouse_management.ts";
import * as m0007 from "./0007_logged_in_areas.ts";
import * as m0008 from "./0008_billing.ts";
import * as m0009 from "./0009_audit_append_only.ts";
import * as m0010 from "./0010_user_search.ts";
import * as m0011 from "./0011_crm_search.ts";
import * as m0012 from "./0012_request_search.ts";
import * as m0013 from "./0013_newest_first_indexes.ts";
import * as m0014 from "./0014_search_statistics.ts";
import * as m0015 from "./0015_subscription_additions.ts";
import * as m0016 from "./0016_warehouses_deactivated_id.ts";
import * as m0017 from "./0017_specification_category_names.ts";
import * as m0018 from "./0018_promo_code_reservations.ts";
import * as m0019 from "./0019_one_open_report.ts";
import * as m0020 from "./0020_owner_request_emails.ts";
import * as m0021 from "./0021_warehouse_spaces.ts";
import * as m0022 from "./0022_warehouse_trust.ts";
import * as m0023 from "./0023_warehouse_spaces_reminders.ts";
import * as m0024 from "./0024_search_spaces.ts";
import * as m0025 from "./0025_warehouse_trust_fresh.ts";
import * as m0026 from "./0026_request_offers.ts";
import * as m0027 from "./0027_zone_has_spaces.ts";
import * as m0028 from "./0028_saved_searches.ts";
import * as m0029 from "./0029_app_instances.ts";
import * as m0030 from "./0030_failed_mail.ts";
import * as m0031 from "./0031_open_warehouse_reports.ts";
import * as m0032 from "./0032_user_erasure.ts";
import * as m0033 from "./0033_admin_warehouse_list.ts";
import * as m0034 from "./0034_back_office_list_orders.ts";
import * as m0037 from "./0037_report_closing.ts";
import * as m0038 from "./0038_request_warehouse_counts.ts";
import * as m0040 from "./0040_crm_pending_actions.ts";
import * as m0041 from "./0041_public_sheet_index.ts";
import * as m0042 from "./0042_api_tokens.ts";
import * as m0043 from "./0043_search_changes.ts";
import * as m0044 from "./0044_search_card_changes.ts";

export const migrations: Record<string, Migration> = {
  "0001_schema": m0001,
  "0002_gazetteer": m0002,
  "0003_warehouse_spec_ids": m0003,
  "0004_published_positions": m0004,
  "0005_quote_limit_indexes": m0005,
  "0006_warehouse_management": m0006,
  "0007_logged_in_areas": m0007,
  "0008_billing": m0008,
  "0009_audit_append_only": m0009,
  "0010_user_search": m0010,
  "0011_crm_search": m0011,
  "0012_request_search": m0012,
  "0013_newest_first_indexes": m0013,
  "0014_search_statistics": m0014,
  "0015_subscription_additions": m0015,
  "0016_warehouses_deactivated_id": m0016,
  "0017_specification_category_names": m0017,
  "0018_promo_code_reservations": m0018,
  "0019_one_open_report": m0019,
  "0020_owner_request_emails": m0020,
  "0021_warehouse_spaces": m0021,
  "0022_warehouse_trust": m0022,
  "0023_warehouse_spaces_reminders": m0023,
  "0024_search_spaces": m0024,
  "0025_warehouse_trust_fresh": m0025,
  "0026_request_offers": m0026,
  "0027_zone_has_spaces": m0027,
  "0028_saved_searches": m0028,
  "0029_app_instances": m0029,
  "0030_failed_mail": m0030,
  "0031_open_warehouse_reports": m0031,
  "0032_user_erasure": m0032,
  "0033_admin_warehouse_list": m0033,
  "0034_back_office_list_orders": m0034,
  "0037_report_closing": m0037,
  "0038_request_warehouse_counts": m0038,
  "0040_crm_pending_actions": m0040,
  "0041_public_sheet_index": m0041,
  "0042_api_tokens": m0042,
  "0043_search_changes": m0043,
  "0044_search_card_changes": m0044,
};
