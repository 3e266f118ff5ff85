// The saved searches' worker (decision 038): every minute the warehouses that changed are matched
// against the saved searches, and from ALERT_HOUR (Italy's time) each search with news gets its
// alert of the day. Its state lives in PostgreSQL (changes locked a batch at a time, searches
// locked while their alert is written), so every app instance runs it side by side.
import type { AppServices } from "../context.ts";
import { runSavedSearchAlerts } from "../saved-searches/alerts.service.ts";

export const SAVED_SEARCH_ALERTS_EVERY_MS = 60_000;

export function savedSearchAlertsJob(services: Pick<AppServices, "db" | "config" | "log">) {
  return {
    name: "saved-search-alerts",
    everyMs: SAVED_SEARCH_ALERTS_EVERY_MS,
    run: (signal: AbortSignal) =>
      runSavedSearchAlerts(services.db, { origin: services.config.origin, alertHour: services.config.alertHour, log: services.log }, { signal }),
  };
}
