// The audit log's words: every action the services write, the entities, the fields of their
// details and their values, in Italian. The back office is Italian only and the log is read there
// and in its export (the server's CSV and XLSX), so the words are one table here rather than
// messages of both languages. An action written without a label here fails audit-words.test.ts,
// which reads the services' source for them: a new action cannot ship without its words.
import { formatDate, formatDateTime, formatNumber } from "./format.ts";
import { formatCents } from "./spaces.ts";
import { detailRows, type Json } from "./audit-details.ts";

/** What happened, in words, by the action's code. */
export const AUDIT_ACTION_WORDS: Record<string, string> = {
  "crm_entry.create": "Voce CRM creata",
  "crm_entry.export": "Esportazione del CRM",
  "crm_entry.export_actions": "Esportazione delle azioni di follow-up del CRM",
  "crm_entry.handle": "Azione CRM gestita",
  "crm_entry.update": "Voce CRM modificata",
  "email.resend": "E-mail inviata di nuovo",
  "promo_code.create": "Codice promo creato",
  "promo_code.export": "Esportazione dei codici promo",
  "promo_code.update": "Codice promo modificato",
  "search.export_requests": "Esportazione della ricerca per località (richieste)",
  "search.export_warehouses": "Esportazione della ricerca per località (magazzini)",
  "specification.create": "Specifica creata",
  "specification.export": "Esportazione delle specifiche",
  "specification.toggle_hidden": "Specifica mostrata o nascosta",
  "specification.update": "Specifica modificata",
  "subscription.extend": "Bonifico confermato, magazzini aggiunti all'abbonamento",
  "subscription.start": "Bonifico confermato, abbonamento avviato",
  "subscription.export_transfers": "Esportazione dei bonifici in attesa",
  "email.export_failed": "Esportazione delle e-mail non consegnate",
  "audit.export": "Esportazione del registro attività",
  "api_token.create": "Token API creato",
  "api_token.revoke": "Token API revocato",
  "api_token.use": "Chiamata API con un token",
  "user.approve": "Approvazione dello stocker",
  "user.area_view": "Area dell'utente aperta",
  "user.end_sessions": "Sessioni dell'utente terminate",
  "user.gdpr_erase": "Account cancellato su richiesta GDPR",
  "user.gdpr_export": "Dati personali esportati su richiesta GDPR",
  "user.export_stock_hunters": "Esportazione degli stock hunter",
  "user.export_stocker_requests": "Esportazione dei nuovi stocker",
  "user.export_stockers": "Esportazione degli stocker",
  "user.refuse": "Rifiuto dello stocker",
  "user.send_confirm_email": "E-mail di conferma inviata di nuovo",
  "user.send_password_reset": "Link per reimpostare la password inviato",
  "user.toggle_active": "Utente attivato o disattivato",
  "user.update_profile": "Dati dell'utente modificati",
  "warehouse.close_report": "Segnalazione sul magazzino chiusa",
  "warehouse.create": "Magazzino creato",
  "warehouse.export": "Esportazione dei magazzini",
  "warehouse.export_hub_requests": "Esportazione delle richieste hub",
  "warehouse.export_reports": "Esportazione delle segnalazioni sui magazzini",
  "warehouse.hub_decision": "Richiesta hub decisa",
  "warehouse.image_upload": "Foto del magazzino caricata",
  "warehouse.toggle_deactivated": "Magazzino attivato o disattivato",
  "warehouse.update": "Magazzino modificato",
  "warehouse.update_referent": "Referente del magazzino cambiato",
  "warehouse.update_spaces": "Spazio disponibile modificato",
  "warehouse.update_status": "Stato del magazzino modificato",
  "warehouse_request.add_warehouses": "Magazzini aggiunti a una richiesta",
  "warehouse_request.export": "Richiesta di preventivo esportata",
  "warehouse_request.export_list": "Esportazione delle richieste di preventivo",
  "warehouse_request.offer": "Offerta inviata per il magazzino",
  "warehouse_request.offer_withdrawn": "Offerta ritirata per il magazzino",
  "warehouse_request.state": "Stato della richiesta cambiato",
  "warehouse_request.thread_read": "Conversazione di un magazzino letta",
};

/** The action in words; one not listed shows its code. */
export function auditActionWords(action: string): string {
  return AUDIT_ACTION_WORDS[action] ?? action;
}

/** The kinds of entity, as the log's entity_type names them. */
export const AUDIT_ENTITY_WORDS: Record<string, string> = {
  audit_log: "Registro attività",
  crm_entry: "Voce CRM",
  mail_outbox: "E-mail",
  promo_code: "Codice promo",
  specification: "Specifica",
  subscription: "Abbonamento",
  user: "Utente",
  warehouse: "Magazzino",
  warehouse_request: "Richiesta di preventivo",
};

export function auditEntityWords(type: string): string {
  return AUDIT_ENTITY_WORDS[type] ?? type;
}

/**
 * An entity as a person reads it: its name with the id beside ("Mario Rossi (#120)"); one
 * without a name now (deleted, or erased) says so, with its kind and id.
 */
export function auditEntityText(type: string, id: number | null, name: string | null): string {
  if (id === null) return auditEntityWords(type);
  if (name) return `${name} (#${id})`;
  return `${auditEntityWords(type)} #${id} (non più presente)`;
}

/** The fields of the details, by their key (the last part of a nested one). */
export const AUDIT_FIELD_WORDS: Record<string, string> = {
  account_type: "Tipo di account",
  active: "Attivo",
  added: "Magazzini aggiunti",
  addition_id: "Aggiunta",
  address: "Indirizzo",
  amount: "Importo",
  amount_off: "Sconto in euro",
  approval_note: "Nota dell'approvazione",
  approval_status: "Stato dell'approvazione",
  area: "Area",
  bays_number: "Baie di carico",
  business_name: "Ragione sociale",
  cap: "CAP",
  cat_id: "Categoria",
  changedFields: "Campi modificati",
  city: "Città",
  client: "Cliente",
  code: "Codice",
  company: "Azienda",
  contact: "Contatto",
  contacts: "Contatti",
  country: "Paese",
  date: "Data",
  deactivated: "Disattivato",
  decision: "Decisione",
  description: "Descrizione",
  description_en: "Descrizione (inglese)",
  email: "E-mail",
  emailChangePending: "Nuovo indirizzo e-mail da confermare",
  ended: "Sessioni terminate",
  ends_at: "Scadenza",
  event_type: "Tipo di evento",
  fb_link: "Facebook",
  first_name: "Nome",
  follow_up: "Da ricontattare",
  follow_up_action: "Azione di follow-up",
  follow_up_done: "Follow-up fatto",
  handling_cost: "Costo di movimentazione",
  height: "Altezza",
  hidden: "Nascosta",
  hub_percent_off: "Sconto hub (%)",
  image_id: "Foto",
  images_deleted: "Foto eliminate",
  is_hub: "Hub",
  last_name: "Cognome",
  masked: "Dati mascherati nei testi",
  order: "Ordine",
  rows: "Righe",
  filters: "Filtri",
  lat: "Latitudine",
  link_id: "Collegamento",
  lng: "Longitudine",
  ln_link: "LinkedIn",
  max_redemptions: "Utilizzi massimi",
  messages: "Messaggi",
  name: "Nome",
  note: "Nota",
  offer_id: "Offerta",
  owner_id: "Proprietario",
  page: "Pagina",
  percent_off: "Sconto (%)",
  plan: "Piano",
  province: "Provincia",
  reason: "Motivo",
  recipient: "Destinatario",
  redeemed: "Riscattato",
  referent_id: "Referente",
  report_id: "Segnalazione",
  revision: "Revisione",
  role: "Ruolo",
  scope: "Quali sessioni",
  search: "Ricerca",
  sent: "Inviato",
  skipped: "Magazzini già presenti",
  spaces: "Spazio disponibile",
  specifications: "Specifiche",
  src: "File",
  state: "Stato",
  status: "Stato",
  status_note: "Nota sullo stato",
  sub_type: "Abbonamento",
  subject: "Oggetto",
  subscription_id: "Abbonamento",
  telephone: "Telefono",
  template: "Modello",
  to_approve: "Da approvare",
  total_m: "Superficie totale",
  transfer_info: "Note del bonifico",
  user_id: "Utente",
  valid_from: "Valido dal",
  valid_until: "Valido fino al",
  value: "Valore",
  value_en: "Valore (inglese)",
  vat: "Partita IVA",
  warehouse_created: "Magazzino creato",
  warehouse_id: "Magazzino",
  warehouse_ids: "Magazzini",
  warehouse_times: "Orari",
  warehouses: "Magazzini",
  website: "Sito web",
  // Personal access tokens: the token, and a call made with it.
  token_id: "Token",
  token_name: "Nome del token",
  token_scope: "Permessi del token",
  expires_at: "Scadenza",
  method: "Metodo",
  path: "Percorso",
  // The export's own details.
  entity_type: "Tipo di entità",
  entity_id: "Entità",
  admin_id: "Amministratore",
  action: "Azione",
  from: "Dal",
  to: "Al",
  format: "Formato",
};

/** A field's name in words: a nested one ("contacts.email") by its last part; one not listed, its key made readable. */
export function auditFieldWords(field: string): string {
  // A top-level { before, after } of one value: the entity's state (a request's, an account's).
  if (field === "") return "Stato";
  const last = field.split(".").at(-1)!;
  const known = AUDIT_FIELD_WORDS[last];
  if (known) return known;
  const words = last.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Coded values, by the fields that hold them.
const STATUS_WORDS: Record<string, string> = {
  pending: "In attesa",
  approved: "Approvato",
  refused: "Rifiutato",
  confirmed: "Confermata",
  active: "Attivo",
  pending_transfer: "In attesa di bonifico",
  trialing: "In prova",
  past_due: "Pagamento scaduto",
  canceled: "Annullato",
  unpaid: "Non pagato",
  incomplete: "Incompleto",
};
const VALUE_WORDS: Record<string, Record<string, string>> = {
  role: { stocker: "Stocker", stock_hunter: "Stock hunter", referent: "Referente", admin: "Amministratore" },
  area: { stocker: "Stocker", stock_hunter: "Stock hunter", referent: "Referente", admin: "Amministratore" },
  account_type: { "0": "Stocker", "1": "Stock Keeper" },
  scope: { one: "Una sessione", all: "Tutte" },
  token_scope: { read: "Sola lettura", read_write: "Lettura e scrittura" },
  event_type: { call: "Telefonata", mail: "E-mail", meet: "Incontro", meeting: "Riunione", other: "Altro" },
  sub_type: { all: "Tutti", active: "Attivo", expired: "Scaduto", none: "Nessuno" },
};
const MONEY_FIELDS = new Set(["amount", "amount_off", "current_amount"]);
const PERCENT_FIELDS = new Set(["percent_off", "hub_percent_off"]);
const STATUS_FIELDS = new Set(["status", "approval_status", "decision", "state", ""]);
const WAREHOUSE_ID_FIELDS = new Set(["warehouse_id", "warehouse_ids"]);
// The warehouses added to a request (or already on it) are ids at the top level; a warehouse's
// specifications.added are specifications.
const TOP_LEVEL_WAREHOUSE_ID_FIELDS = new Set(["added", "skipped"]);
const USER_ID_FIELDS = new Set(["user_id", "owner_id", "referent_id", "admin_id"]);

const namesWarehouses = (path: string) => WAREHOUSE_ID_FIELDS.has(path.split(".").at(-1) ?? "") || TOP_LEVEL_WAREHOUSE_ID_FIELDS.has(path);
const namesUsers = (path: string) => USER_ID_FIELDS.has(path.split(".").at(-1) ?? "");

/** The names of the users and warehouses a page's details name by id (read with the list, once a page). */
export type AuditNames = { users: Record<string, string>; warehouses: Record<string, string> };
export const NO_AUDIT_NAMES: AuditNames = { users: {}, warehouses: {} };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value of a field as a person reads it: statuses in words, Sì/No, Italian dates, euros, ids with names. */
export function auditValueText(field: string, value: Json, names: AuditNames = NO_AUDIT_NAMES): string {
  const key = field.split(".").at(-1) ?? "";
  if (value === null || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((v) => auditValueText(field, v, names)).join(", ");
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${auditFieldWords(k)}: ${auditValueText(`${field}.${k}`, v, names)}`)
      .join("; ");
  }
  if (namesWarehouses(field) && typeof value === "number") return withName(names.warehouses[value], value);
  if (namesUsers(field) && typeof value === "number") return withName(names.users[value], value);
  if (typeof value === "number") {
    if (MONEY_FIELDS.has(key)) return formatCents(value);
    if (PERCENT_FIELDS.has(key)) return `${formatNumber(value)} %`;
    const coded = VALUE_WORDS[key]?.[String(value)];
    return coded ?? formatNumber(value);
  }
  const coded = VALUE_WORDS[key]?.[value] ?? (STATUS_FIELDS.has(key) ? STATUS_WORDS[value] : undefined);
  if (coded) return coded;
  if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  if (ISO_DAY.test(value)) return formatDate(value);
  return value;
}

function withName(name: string | undefined, id: number): string {
  return name ? `${name} (#${id})` : `#${id}`;
}

/** One readable line of the details: "Field: value" or "Field: before → after". */
export type AuditDetailLine = { field: string; change: true; before: string; after: string } | { field: string; change: false; value: string };

export function auditDetailLines(details: Record<string, Json>, names: AuditNames = NO_AUDIT_NAMES): AuditDetailLine[] {
  return detailRows(details).map((row) =>
    row.change
      ? {
          field: auditFieldWords(row.field),
          change: true,
          before: auditValueText(row.field, row.before, names),
          after: auditValueText(row.field, row.after, names),
        }
      : { field: auditFieldWords(row.field), change: false, value: auditValueText(row.field, row.value, names) },
  );
}

/** The details as one line of text (the export's cell). */
export function auditDetailsText(details: Record<string, Json>, names: AuditNames = NO_AUDIT_NAMES): string {
  return auditDetailLines(details, names)
    .map((l) => (l.change ? `${l.field}: ${l.before} → ${l.after}` : `${l.field}: ${l.value}`))
    .join("; ");
}

/** The ids of users and warehouses the details name, to read their names with the page. */
export function auditDetailIds(details: Record<string, Json>): { users: number[]; warehouses: number[] } {
  const users = new Set<number>();
  const warehouses = new Set<number>();
  // The path as detailRows names a field: the wrapping keys (changes, before, after) left out.
  const walk = (path: string, value: Json) => {
    if (Array.isArray(value)) for (const v of value) walk(path, v);
    else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(k === "before" || k === "after" || k === "changes" ? path : path ? `${path}.${k}` : k, v);
    else if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) {
      if (namesWarehouses(path)) warehouses.add(value);
      else if (namesUsers(path)) users.add(value);
    }
  };
  walk("", details);
  return { users: [...users], warehouses: [...warehouses] };
}
