// The CRM of the back office (/admin/crm and its JSON calls): contact events with
// their follow-up actions. Rules:
// - date and event type are required; a client is required unless a warehouse is linked (which
//   must exist): the business name shown is the client, or the warehouse's name without one;
// - follow-up on: the action text is kept and the action is pending (follow_up_done 0); editing
//   an action already done keeps it done while the follow-up stays on; follow-up off: action and
//   done are null (a CHECK of the table holds the same rule);
// - handling sets follow_up_done 1 with who and when, for a pending action only;
// - a linked warehouse's owner becomes the entry's user (the stocker the event concerns).
// Every change is audited in its transaction with the values before and after; the export too.
import type { ExportColumn } from "../http/table-export.ts";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { CrmEventType } from "../db/types.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type FieldErrors } from "../errors.ts";
import { auditAdminAction, changedFields } from "../audit/audit.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import { todayInItaly } from "../../lib/format.ts";
import type { CrmEntryInput } from "../../schemas/crm.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import { CRM_ENTRIES_ORDER, type CrmActionsOrderKey } from "../../lib/list-params.ts";
import { termKeyset } from "../db/list-order.ts";
import * as q from "./crm.queries.ts";

export type { CrmActionFilters, CrmListFilters, CrmOrder } from "./crm.queries.ts";

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

/** The event types as the back office names them, for the CSV. */
export const CRM_EVENT_TYPE_IT: Record<CrmEventType, string> = { call: "Telefono", mail: "E-mail", meet: "Visita", meeting: "Meeting", other: "Altro" };

export type CrmEntryRow = {
  id: number;
  user_id: number | null;
  warehouse_id: number | null;
  /** The client or, without one, the linked warehouse's name. */
  business_name: string | null;
  client: string | null;
  contact: string | null;
  /** 'YYYY-MM-DD' */
  date: string;
  event_type: CrmEventType;
  description: string | null;
  follow_up: 0 | 1;
  follow_up_action: string | null;
  /** null without a follow-up, 0 pending, 1 done. */
  follow_up_done: 0 | 1 | null;
  handled_at: Date | null;
  warehouse: { id: number; name: string; city: string } | null;
  created_at: Date;
  updated_at: Date;
};

const bit = (v: boolean) => (v ? 1 : 0) as 0 | 1;
const doneBit = (v: boolean | null) => (v === null ? null : bit(v));

function entryRow(r: q.CrmEntryDbRow): CrmEntryRow {
  return {
    id: Number(r.id),
    user_id: r.user_id,
    warehouse_id: r.warehouse_id,
    business_name: r.business_name,
    client: r.client,
    contact: r.contact,
    date: r.date,
    event_type: r.event_type,
    description: r.description,
    follow_up: bit(r.follow_up),
    follow_up_action: r.follow_up_action,
    follow_up_done: doneBit(r.follow_up_done),
    handled_at: r.handled_at,
    warehouse: r.warehouse_id !== null && r.warehouse ? { id: r.warehouse_id, name: r.warehouse.name, city: r.warehouse.city } : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** GET /api/admin/crm-entries: one page (page counted from 0) and the total. */
export async function listCrmEntries(
  db: Database,
  actor: Actor,
  args: { filters: q.CrmListFilters; order?: q.CrmOrder; limit: number; page: number },
): Promise<{ crm_entries: CrmEntryRow[]; crm_entries_count: number }> {
  requireAdmin(actor);
  const [rows, count] = await Promise.all([
    q
      .crmEntriesPageQuery(db, { filters: args.filters, order: args.order ?? CRM_ENTRIES_ORDER.defaults, limit: args.limit, offset: args.page * args.limit })
      .execute(),
    q.countCrmEntries(db, args.filters),
  ]);
  return { crm_entries: rows.map(entryRow), crm_entries_count: count };
}

/** The entry the list's popup opens from a link (/admin/crm?edit=id); null when there is none. */
export async function crmEntryToEdit(db: Database, actor: Actor, id: number): Promise<CrmEntryRow | null> {
  requireAdmin(actor);
  const row = await q.crmEntryRow(db, id);
  return row ? entryRow(row) : null;
}

// ---------------------------------------------------------------- create and update

type Locked = NonNullable<Awaited<ReturnType<typeof q.lockCrmEntry>>>;

/** The values the audit keeps, before and after. */
const auditable = (
  e: Pick<
    q.CrmEntryValues,
    "user_id" | "warehouse_id" | "client" | "contact" | "date" | "event_type" | "description" | "follow_up" | "follow_up_action" | "follow_up_done"
  >,
) => ({
  user_id: e.user_id,
  warehouse_id: e.warehouse_id,
  client: e.client,
  contact: e.contact,
  date: e.date,
  event_type: e.event_type,
  description: e.description,
  follow_up: e.follow_up,
  follow_up_action: e.follow_up_action,
  follow_up_done: e.follow_up_done,
});

/**
 * The rules above (required fields) and the linked warehouse. The schema already refused a missing date or type
 * for the JSON calls; they are checked again here because a service decides for every caller.
 */
async function checkedInput(trx: Database, input: CrmEntryInput) {
  const errors: FieldErrors = {};
  if (!input.date) errors.date = "required";
  if (!input.event_type) errors.event_type = "required";
  const warehouseId = input.warehouse_id ?? null;
  if (!input.client && warehouseId === null) errors.client = "required";
  const warehouse = warehouseId === null ? null : await q.findCrmWarehouse(trx, warehouseId);
  if (warehouseId !== null && !warehouse) errors.warehouse_id = "not_found";
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { warehouse };
}

/** The follow-up fields as the rules set them, from the form's follow_up and action (and the entry before, on edit). */
function followUpValues(input: CrmEntryInput, before: Locked | null) {
  if (!input.follow_up) return { follow_up: false, follow_up_action: null, follow_up_done: null, handled_at: null, handled_by: null };
  // An action already done stays done (with who handled it and when) while the follow-up stays on.
  const stillDone = before?.follow_up === true && before.follow_up_done === true;
  return {
    follow_up: true,
    follow_up_action: input.follow_up_action ?? null,
    follow_up_done: stillDone,
    handled_at: stillDone ? before.handled_at : null,
    handled_by: stillDone ? before.handled_by : null,
  };
}

/** POST /api/admin/crm-entries/create → crm_entry_id. */
export async function createCrmEntry(db: Database, actor: Actor, input: CrmEntryInput): Promise<{ crm_entry_id: number }> {
  requireAdmin(actor);
  const id = await db.transaction().execute(async (trx) => {
    const { warehouse } = await checkedInput(trx, input);
    const values: q.CrmEntryValues = {
      user_id: warehouse?.user_id ?? null,
      warehouse_id: warehouse?.id ?? null,
      client: input.client ?? null,
      contact: input.contact ?? null,
      date: input.date,
      event_type: input.event_type,
      description: input.description ?? null,
      ...followUpValues(input, null),
    };
    const newId = await q.insertCrmEntry(trx, { ...values, created_by: actor.id });
    await auditAdminAction(trx, actor, {
      action: "crm_entry.create",
      entityType: "crm_entry",
      entityId: newId,
      details: { before: null, after: auditable(values) },
    });
    return newId;
  });
  return { crm_entry_id: id };
}

/** POST /api/admin/crm-entries/{id}/update → crm_entry_id; audited with what changed. */
export async function updateCrmEntry(db: Database, actor: Actor, id: number, input: CrmEntryInput): Promise<{ crm_entry_id: number }> {
  requireAdmin(actor);
  await db.transaction().execute(async (trx) => {
    const before = await q.lockCrmEntry(trx, id);
    if (!before) throw new NotFoundError();
    const { warehouse } = await checkedInput(trx, input);
    const values: q.CrmEntryValues = {
      // The linked warehouse's owner is the entry's user; without a warehouse the user stays.
      user_id: warehouse ? warehouse.user_id : before.user_id,
      warehouse_id: warehouse?.id ?? null,
      client: input.client ?? null,
      contact: input.contact ?? null,
      date: input.date,
      event_type: input.event_type,
      description: input.description ?? null,
      ...followUpValues(input, before),
    };
    const changes = changedFields(auditable(before), auditable(values));
    // Saving the form unchanged writes nothing and is not an action worth a line in the log.
    if (Object.keys(changes).length === 0) return;
    await q.updateCrmEntry(trx, id, values);
    await auditAdminAction(trx, actor, {
      action: "crm_entry.update",
      entityType: "crm_entry",
      entityId: id,
      details: { before: auditable(before), after: auditable(values), changes },
    });
  });
  return { crm_entry_id: id };
}

/** POST /api/admin/crm-entries/{id}/handle → crm_entry_id: a pending action is done (409 otherwise). */
export async function handleCrmAction(db: Database, actor: Actor, id: number): Promise<{ crm_entry_id: number }> {
  requireAdmin(actor);
  await db.transaction().execute(async (trx) => {
    const before = await q.lockCrmEntry(trx, id);
    if (!before) throw new NotFoundError();
    if (!before.follow_up || before.follow_up_done !== false) throw new ConflictError("not_pending");
    const handledAt = new Date();
    await q.updateCrmEntry(trx, id, { follow_up_done: true, handled_at: handledAt, handled_by: actor.id });
    await auditAdminAction(trx, actor, {
      action: "crm_entry.handle",
      entityType: "crm_entry",
      entityId: id,
      details: { before: { follow_up_done: false }, after: { follow_up_done: true }, follow_up_action: before.follow_up_action },
    });
  });
  return { crm_entry_id: id };
}

// ---------------------------------------------------------------- follow-up actions

export type CrmActionRow = {
  id: number;
  warehouse_id: number | null;
  business_name: string | null;
  contact: string | null;
  /** 'YYYY-MM-DD': the event's day, the day its action is due. */
  date: string;
  event_type: CrmEventType;
  description: string | null;
  follow_up_action: string | null;
  follow_up_done: 0 | 1;
  /** Pending and due before today (in Italy). */
  overdue: boolean;
  handled_at: Date | null;
  /** Who handled it (name, else e-mail); null while pending or when the account is gone. */
  handled_by: string | null;
  created_at: Date;
};

function actionRow(r: q.CrmActionDbRow, today: string): CrmActionRow {
  return {
    id: Number(r.id),
    warehouse_id: r.warehouse_id,
    business_name: r.business_name,
    contact: r.contact,
    date: r.date,
    event_type: r.event_type,
    description: r.description,
    follow_up_action: r.follow_up_action,
    follow_up_done: r.follow_up_done ? 1 : 0,
    overdue: !r.follow_up_done && r.date < today,
    handled_at: r.handled_at,
    handled_by: r.handled_by,
    created_at: r.created_at,
  };
}

/** GET /api/admin/crm-actions: the follow-up actions, pending (default), overdue, done or all, in the chosen order. */
export async function listCrmActions(
  db: Database,
  actor: Actor,
  args: { filters: Omit<q.CrmActionFilters, "today">; order: ListOrder<CrmActionsOrderKey>; limit: number; page: number },
): Promise<{ crm_actions: CrmActionRow[]; crm_actions_count: number }> {
  requireAdmin(actor);
  const filters = { ...args.filters, today: todayInItaly() };
  const [rows, count] = await Promise.all([
    q.crmActionsPageQuery(db, { filters, order: args.order, limit: args.limit, offset: args.page * args.limit }).execute(),
    q.countCrmActions(db, filters),
  ]);
  return { crm_actions: rows.map((r) => actionRow(r, filters.today)), crm_actions_count: count };
}

const ACTION_STATE_IT = { pending: "Da gestire", overdue: "In ritardo", done: "Gestita" } as const;

/** The actions' export: what the list shows, one column each. */
export const CRM_ACTIONS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Scadenza", type: "date" },
  { header: "Tipo evento", type: "text" },
  { header: "Ragione sociale", type: "text", width: 30 },
  { header: "Contatto", type: "text", width: 24 },
  { header: "Azione", type: "text", width: 40 },
  { header: "Descrizione", type: "text", width: 40 },
  { header: "Stato", type: "text" },
  { header: "Gestita il", type: "datetime" },
  { header: "Gestita da", type: "text" },
  { header: "Creata il", type: "datetime" },
];

/**
 * The follow-up actions the list shows, filtered and in its order, streamed a keyset page at a
 * time. Audited as an export, with its selection.
 */
export async function exportCrmActions(
  db: Database,
  actor: Actor,
  args: { filters: Omit<q.CrmActionFilters, "today">; order: ListOrder<CrmActionsOrderKey> },
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  const filters = { ...args.filters, today: todayInItaly() };
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "crm_entry.export_actions",
      entityType: "crm_entry",
      entityId: null,
      details: { search: filters.search, status: filters.status, order: `${args.order.key} ${args.order.dir}` },
    }),
  );
  const terms = q.crmActionsOrderTerms(args.order);
  const rows = pages(
    (after: unknown[] | null, size) => q.crmActionsExportPageQuery(db, { filters, order: args.order, after, size }).execute(),
    (r) => termKeyset(r, terms),
  );
  return (async function* () {
    for await (const r of rows) {
      const a = actionRow(r, filters.today);
      yield [
        dayDate(a.date),
        CRM_EVENT_TYPE_IT[a.event_type],
        a.business_name,
        // A phone number stays text (the export keeps its + and leading zeros).
        a.contact,
        a.follow_up_action,
        a.description,
        ACTION_STATE_IT[a.follow_up_done === 1 ? "done" : a.overdue ? "overdue" : "pending"],
        a.handled_at,
        a.handled_by,
        a.created_at,
      ];
    }
  })();
}

// ---------------------------------------------------------------- export

/** The CRM's export (spec: date, business name, contact, event type, description, follow-up, action, handled). */
export const CRM_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Data", type: "date" },
  { header: "Ragione sociale", type: "text", width: 30 },
  { header: "Contatto", type: "text" },
  { header: "Tipo evento", type: "text" },
  { header: "Descrizione", type: "text", width: 40 },
  { header: "Follow-up", type: "text" },
  { header: "Azione", type: "text", width: 30 },
  { header: "Gestita", type: "text" },
];
export const CRM_CSV_HEADER = CRM_EXPORT_COLUMNS.map((c) => c.header);

/** A day 'YYYY-MM-DD' as a date at noon UTC: the same calendar day in Italy, for the CSV (day.month.year) and the XLSX (a real date). */
const dayDate = (iso: string) => new Date(`${iso}T12:00:00Z`);

/**
 * The CRM's CSV (spec: date, business name, contact, event type, description, follow-up, action,
 * handled), the list's selection in the list's order (newest first by default), streamed a keyset
 * page at a time. Audited as an export, with its filters and order.
 */
export async function exportCrmEntries(
  db: Database,
  actor: Actor,
  filters: q.CrmListFilters,
  order: q.CrmOrder = CRM_ENTRIES_ORDER.defaults,
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "crm_entry.export",
      entityType: "crm_entry",
      entityId: null,
      details: { search: filters.search ?? null, date: filters.date ?? null, event_type: filters.eventType ?? null, order: `${order.key} ${order.dir}` },
    }),
  );
  const terms = q.crmEntriesOrderTerms(order);
  const rows = pages(
    (after: unknown[] | null, size) => q.crmExportPageQuery(db, { filters, order, after, size }).execute(),
    (r) => termKeyset(r, terms),
  );
  return (async function* () {
    for await (const r of rows) {
      const e = entryRow(r);
      yield [
        dayDate(e.date),
        e.business_name,
        e.contact,
        CRM_EVENT_TYPE_IT[e.event_type],
        e.description,
        e.follow_up === 1 ? "Sì" : "No",
        e.follow_up_action,
        // Handled: only an entry with a follow-up has an answer.
        e.follow_up_done === null ? "—" : e.follow_up_done === 1 ? "Sì" : "No",
      ];
    }
  })();
}
