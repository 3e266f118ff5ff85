// GET /api/admin/users/{id}/export?reason=…&format=json|html → everything held about the person
// (GDPR access request), audited with the reason. JSON is a download (dati-utente-{id}.json);
// HTML is an Italian printable page shown inline (the back office opens it in a new tab, to read
// and print to PDF), with its own policy: inline style only, nothing to load, no script.
import { z } from "zod";
import { apiLoader, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { exportUserData } from "../../../server/accounts/user-data.service.ts";
import { userDataHtml } from "../../../server/accounts/user-data-html.ts";
import { gdprExportQuery } from "../../../schemas/gdpr.ts";

export const loader = apiLoader(
  { access: ["admin"], params: z.object({ id: idParam }), query: gdprExportQuery },
  async ({ actor, params, query, services }) => {
    const data = await exportUserData(services.db, actor, params.id, { reason: query.reason, format: query.format });
    const name = `dati-utente-${params.id}`;
    if (query.format === "html") {
      return new Response(userDataHtml(data), {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Disposition": `inline; filename="${name}.html"`,
          "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          "Cache-Control": "no-store",
        },
      });
    }
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.json"`,
        "Cache-Control": "no-store",
      },
    });
  },
);
export const action = methodNotAllowed;
