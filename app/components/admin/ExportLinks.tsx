// A back-office list's export, as CSV (the spec's format) or XLSX: two download links carrying
// what the list shows, its search, filters and order from the page's URL under the export's
// query names (lib/admin-lists.ts#exportQuery), never the page, so the file holds every row of
// the selection in the list's order. Plain links: they work before hydration and by keyboard.
import { useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { exportQuery } from "../../lib/admin-lists.ts";
import { buttonClass } from "../ui/styles.ts";

export function ExportLinks({
  endpoint,
  urlNames,
  testId,
}: {
  /** The export's path, e.g. /api/admin/export-stockers. */
  endpoint: string;
  /** The list's URL names → the query's paths (the page loader's urlNames). */
  urlNames: Record<string, string>;
  testId: string;
}) {
  const { search } = useLocation();
  return (
    <div role="group" aria-label={m.admlist_export_label()} className="flex flex-wrap gap-2" data-testid={testId}>
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
