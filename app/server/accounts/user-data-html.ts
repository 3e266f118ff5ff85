// The GDPR export as a page for people: Italian, self-contained (its style inline, no script,
// no image, no link to load), printable (the browser's "Print → Save as PDF" gives the PDF the
// person may ask for). The back office opens it in a new tab (decision 048).
import { formatDate, formatDateTime } from "../../lib/format.ts";
import type { UserDataExport } from "./user-data.service.ts";

/** The sections' titles, in the export's order. */
const SECTION_TITLES: Record<string, string> = {
  sessions: "Sessioni di accesso",
  api_tokens: "Token API",
  warehouses: "Magazzini (proprietario o referente)",
  warehouse_contacts: "Contatti dei magazzini",
  quote_requests: "Richieste di preventivo",
  quote_request_warehouses: "Magazzini contattati dalle richieste",
  messages: "Messaggi delle richieste",
  reviews_written: "Recensioni scritte",
  reviews_about: "Recensioni ricevute",
  reports: "Segnalazioni",
  favourites: "Preferiti",
  saved_searches: "Ricerche salvate",
  notifications: "Notifiche",
  email_opt_outs: "Preferenze e-mail (disiscrizioni)",
  subscriptions: "Abbonamenti",
  subscription_additions: "Aggiunte agli abbonamenti",
  emails: "E-mail inviate",
  support_requests: "Richieste di assistenza",
  crm_entries: "Note CRM",
  audit_log: "Registro delle attività amministrative",
};

/** The account's fields in Italian words; a field not listed shows its own name. */
const ACCOUNT_LABELS: Record<string, string> = {
  id: "Numero utente",
  email: "E-mail",
  role: "Ruolo",
  account_type: "Tipo di account",
  first_name: "Nome",
  last_name: "Cognome",
  telephone: "Telefono",
  company: "Azienda",
  website: "Sito web",
  country: "Paese",
  address: "Indirizzo",
  lang: "Lingua",
  market: "Settore",
  request_business_name: "Ragione sociale (registrazione)",
  request_vat: "Partita IVA (registrazione)",
  request_country: "Paese (registrazione)",
  request_address: "Indirizzo (registrazione)",
  request_cap: "CAP (registrazione)",
  request_city: "Città (registrazione)",
  request_province: "Provincia (registrazione)",
  approval_status: "Stato dell'approvazione",
  approval_note: "Nota dell'approvazione",
  approved_at: "Approvato il",
  active: "Attivo",
  conditions_at: "Condizioni accettate il",
  privacy_at: "Privacy accettata il",
  data_f: "Consenso marketing",
  data_f_at: "Consenso marketing il",
  data_g: "Consenso a terzi",
  data_g_at: "Consenso a terzi il",
  invite_code: "Codice invito",
  invited_by: "Invitato da (utente)",
  invite_count: "Inviti",
  stockspace_code: "Codice bonifico",
  transfer_info: "Dati del bonifico",
  transfer_requested_at: "Bonifico richiesto il",
  pm_type: "Metodo di pagamento",
  pm_last_four: "Ultime quattro cifre",
  has_confirmed_code: "Codice confermato",
  created_by: "Creato da (utente)",
  note: "Nota interna",
  erased_at: "Cancellato il",
  created_at: "Registrato il",
  updated_at: "Aggiornato il",
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** One value as readable Italian text. */
function cell(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (typeof value === "string" && DATE_ONLY.test(value)) return formatDate(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return `<p class="empty">Nessun dato.</p>`;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join("");
  const body = rows.map((r) => `<tr>${columns.map((c) => `<td>${escapeHtml(cell(r[c]))}</td>`).join("")}</tr>`).join("\n");
  return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;margin:0 auto;padding:24px 16px;max-width:1100px;line-height:1.45}
h1{font-size:1.5rem;margin:0 0 4px}h2{font-size:1.1rem;margin:28px 0 8px;border-bottom:1px solid #cbd5e1;padding-bottom:4px}
.meta{color:#475569;font-size:.9rem;margin:0 0 16px}
dl{display:grid;grid-template-columns:minmax(140px,260px) 1fr;gap:4px 16px;margin:0}dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.85rem;width:100%}
th,td{border:1px solid #cbd5e1;padding:4px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#f1f5f9}
.empty{color:#64748b;font-style:italic}
@media (max-width:600px){dl{grid-template-columns:1fr}dt{font-weight:600;margin-top:6px}}
@media print{body{max-width:none;padding:0}.scroll{overflow:visible}h2{break-after:avoid}tr{break-inside:avoid}}
`;

/** The whole document. */
export function userDataHtml(data: UserDataExport): string {
  const account = Object.entries(data.account)
    .map(([key, value]) => `<dt>${escapeHtml(ACCOUNT_LABELS[key] ?? key)}</dt><dd>${escapeHtml(cell(value))}</dd>`)
    .join("\n");
  const sections = Object.entries(data.sections)
    .map(([key, rows]) => `<section><h2>${escapeHtml(SECTION_TITLES[key] ?? key)} (${rows.length})</h2>${table(rows)}</section>`)
    .join("\n");
  const title = `Dati personali dell'utente n. ${data.user_id}`;
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Esportazione del ${escapeHtml(formatDateTime(new Date(data.exported_at)))}: tutti i dati che Stockspace conserva su questa persona. Le password non sono mai conservate in chiaro e non compaiono qui.</p>
<section><h2>Account</h2><dl>${account}</dl></section>
${sections}
</body>
</html>
`;
}
