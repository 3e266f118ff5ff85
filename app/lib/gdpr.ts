// The GDPR requests' limits, shared by the schema, the back office's form and the server.

/** The operator's reason for an export or an erasure, trimmed: long enough to mean something. */
export const GDPR_REASON_MIN = 3;
export const GDPR_REASON_MAX = 500;

/** The export's two forms: JSON for machines (a download), HTML for people (a printable page). */
export const GDPR_EXPORT_FORMATS = ["json", "html"] as const;
export type GdprExportFormat = (typeof GDPR_EXPORT_FORMATS)[number];
