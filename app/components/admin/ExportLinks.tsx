// A back-office list's export, as CSV (the spec's format) or XLSX: two download links carrying
// what the list shows, its search, filters and order from the page's URL under the export's
// query names (lib/admin-lists.ts#exportQuery), never the page, so the file holds every row of
// the selection in the list's order. A page that reads its URL leniently (the audit log drops a
// malformed filter) passes the query it read instead, so the export never refuses what the list
// showed. Plain links: they work before hydration and by keyboard.
import { useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { exportQuery } from "../../lib/admin-lists.ts";
import { buttonClass } from "../ui/styles.ts";

export function ExportLinks({
  endpoint,
  urlNames,
  testId,
  search: read,
  label = m.admlist_export_label(),
}: {
  /** The export's path, e.g. /api/admin/export-stockers. */
  endpoint: string;
  /** The list's URL names → the query's paths (the page loader's urlNames). */
  urlNames: Record<string, string>;
  testId: string;
  /** The page's query as its loader read it, when that is not the URL as it stands. */
  search?: string;
  label?: string;
}) {
  const location = useLocation();
  const search = read ?? location.search;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2" data-testid={testId}>
      {(["csv", "xlsx"] as const).map((format) => (
        <a
          key={format}
          href={`${endpoint}?${exportQuery(search, urlNames, format)}`}
          download
          className={buttonClass("secondary", "md")}
          data-testid={`${testId}-${format}`}
          title={format === "csv" ? m.admlist_export_csv_title() : m.admlist_export_xlsx_title()}
        >
          {format === "csv" ? m.admlist_export_csv() : m.admlist_export_xlsx()}
        </a>
      ))}
    </div>
  );
}

/**
 * The bulk bar's "Esporta": the same links for the rows picked only (?ids=1,2,3, the list's
 * filters and order kept; the picking stops at the bulk calls' cap, which the export shares).
 * Hidden while nothing is picked.
 */
export function PickedExportLinks({
  endpoint,
  urlNames,
  ids,
  testId,
}: {
  endpoint: string;
  urlNames: Record<string, string>;
  ids: ReadonlySet<number>;
  testId: string;
}) {
  const { search } = useLocation();
  if (ids.size === 0) return null;
  const picked = [...ids].sort((a, b) => a - b).join(",");
  return (
    <div role="group" aria-label={m.admbulk_export_label({ count: ids.size })} className="flex flex-wrap gap-2" data-testid={testId}>
      {(["csv", "xlsx"] as const).map((format) => (
        <a
          key={format}
          href={`${endpoint}?${exportQuery(search, urlNames, format)}&ids=${picked}`}
          download
          className={buttonClass("secondary", "sm")}
          data-testid={`${testId}-${format}`}
        >
          {format === "csv" ? m.admlist_export_csv() : m.admlist_export_xlsx()}
        </a>
      ))}
    </div>
  );
}
