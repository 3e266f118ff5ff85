// The back office's undelivered e-mails: the messages the outbox gave up on (MAX_ATTEMPTS failed
// attempts, outbox.service.ts), listed with their last error, and sent again by an administrator:
// back to pending with no attempt counted and due now, so the worker sends them on its next
// round. Each one sent again is audited (email.resend: the recipient and the template, never
// the body) in the transaction that puts it back.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { auditAdminAction, auditAdminActions } from "../audit/audit.ts";
import { FAILED_EMAILS_PAGE_SIZE } from "../../lib/list-params.ts";
import type { Locale } from "../../lib/locale.ts";
import type { EmailKind, UserRole } from "../db/types.ts";
import { countFailedMail, failedMailPageQuery, failedMailTemplates, outboxStatus, requeueFailedMail, type FailedMailFilters } from "./failed-mail.queries.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { FailedEmailsOrderKey } from "../../lib/list-params.ts";
import type { ExportColumn } from "../http/table-export.ts";
import type { CsvCell } from "../http/csv.ts";

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

/** One undelivered e-mail as the list shows it: who, what, how many tries and the server's last answer. */
export type FailedMailItem = {
  id: number;
  to_address: string;
  subject: string;
  template: string;
  lang: Locale;
  kind: EmailKind | null;
  attempts: number;
  last_error: string | null;
  /** The last failed attempt; null for a message that failed before it was recorded. */
  last_error_at: Date | null;
  created_at: Date;
  /** The recipient's account, when the address is one's (the row opens it), else null. */
  user_id: number | null;
  user_role: UserRole | null;
};

export async function listFailedMail(
  db: Database,
  actor: Actor,
  args: { filters: FailedMailFilters; order?: ListOrder<FailedEmailsOrderKey>; limit?: number; page: number },
): Promise<{ emails: FailedMailItem[]; emails_count: number }> {
  requireAdmin(actor);
  const limit = args.limit ?? FAILED_EMAILS_PAGE_SIZE;
  const [rows, emails_count] = await Promise.all([
    failedMailPageQuery(db, { filters: args.filters, order: args.order, limit, offset: args.page * limit }).execute(),
    countFailedMail(db, args.filters),
  ]);
  return { emails: rows.map((r) => ({ ...r, id: Number(r.id), user_id: r.user_id === null ? null : Number(r.user_id) })), emails_count };
}

/** The templates among the failed e-mails: the choices of the list's filter. */
export async function listFailedMailTemplates(db: Database, actor: Actor): Promise<string[]> {
  requireAdmin(actor);
  return failedMailTemplates(db);
}

/** GET /api/admin/export-failed-emails: the columns of the file, as the list shows them. */
export const FAILED_EMAILS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Destinatario", type: "text", width: 32 },
  { header: "Oggetto", type: "text", width: 40 },
  { header: "Modello", type: "text", width: 24 },
  { header: "Lingua", type: "text" },
  { header: "Tentativi", type: "integer" },
  { header: "Ultimo errore", type: "text", width: 60 },
  { header: "Ultimo tentativo", type: "datetime" },
  { header: "Creata il", type: "datetime" },
];

const EXPORT_PAGE = 1000;

/**
 * The failed e-mails the list shows, filtered and in its order, read a page at a time; audited as
 * an export, with the selection.
 */
export async function exportFailedMail(
  db: Database,
  actor: Actor,
  filters: FailedMailFilters,
  order: ListOrder<FailedEmailsOrderKey>,
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "email.export_failed",
      entityType: "mail_outbox",
      entityId: null,
      details: { search: filters.search, template: filters.template ?? null, lang: filters.lang ?? null, order: `${order.key} ${order.dir}` },
    }),
  );
  return (async function* () {
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const rows = await failedMailPageQuery(db, { filters, order, limit: EXPORT_PAGE, offset }).execute();
      for (const r of rows) {
        yield [r.to_address, r.subject, r.template, r.lang === "en" ? "Inglese" : "Italiano", r.attempts, r.last_error, r.last_error_at, r.created_at];
      }
      if (rows.length < EXPORT_PAGE) return;
    }
  })();
}

const resendEntry = (row: { id: number; to_address: string; template: string }) => ({
  action: "email.resend",
  entityType: "mail_outbox" as const,
  entityId: Number(row.id),
  details: { recipient: row.to_address, template: row.template },
});

/** One failed e-mail sent again. 404 for no such message; 409 `email_not_failed` for one that is not failed (sent, or sent again meanwhile): nothing changes. */
export async function resendFailedMail(db: Database, actor: Actor, id: number): Promise<{ email_id: number; to_address: string }> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const [row] = await requeueFailedMail(trx, { ids: [id] });
    if (!row) {
      if ((await outboxStatus(trx, id)) === null) throw new NotFoundError();
      throw new ConflictError("email_not_failed");
    }
    await auditAdminAction(trx, actor, resendEntry(row));
    return { email_id: id, to_address: row.to_address };
  });
}

/** Every failed e-mail the list shows (its search and filters, every page) sent again, each audited; answers how many. */
export async function resendAllFailedMail(db: Database, actor: Actor, filters: FailedMailFilters): Promise<{ resent_count: number }> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const rows = await requeueFailedMail(trx, { filters });
    await auditAdminActions(trx, actor, rows.map(resendEntry));
    return { resent_count: rows.length };
  });
}
