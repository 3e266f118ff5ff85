// The audit log: every administrator action, written with the caller's transaction, so the
// entry exists exactly when the change does. Services call it for any actor; only an
// administrator's actions are recorded (the owners' own edits are not back-office actions).
// Rows are only ever inserted: nothing in the app updates or deletes them.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { JsonObject, JsonValue } from "../db/types.ts";
import { insertAuditEntries, insertAuditEntry } from "./audit-log.queries.ts";

export type AuditEntry = {
  /** What happened, as entity.verb: "warehouse.create", "warehouse.update", "warehouse.image_upload"… */
  action: string;
  entityType: "warehouse" | "user" | "specification" | "crm_entry" | "subscription" | "warehouse_request" | "promo_code" | "mail_outbox" | "audit_log";
  entityId: number | null;
  details: JsonObject;
};

export async function auditAdminAction(trx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  if (actor.role !== "admin") return;
  await insertAuditEntry(trx, { adminId: actor.id, ...entry });
}

/** Several entries of one action at once (one per entity changed), in one statement. */
export async function auditAdminActions(trx: Database, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (actor.role !== "admin" || entries.length === 0) return;
  await insertAuditEntries(
    trx,
    entries.map((entry) => ({ adminId: actor.id, ...entry })),
  );
}

/** The fields whose value differs, as { field: { before, after } }. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { before: JsonValue; after: JsonValue }> {
  const out: Record<string, { before: JsonValue; after: JsonValue }> = {};
  for (const key of Object.keys(after)) {
    const a = normalise(before[key]);
    const b = normalise(after[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = { before: a, after: b };
  }
  return out;
}

function normalise(value: unknown): JsonValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
