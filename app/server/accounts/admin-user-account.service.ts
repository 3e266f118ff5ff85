// The back office's corrections to one account (stockers, stock keepers, referents, stock
// hunters; never an administrator): the profile (names, telephone, company, a stocker's
// account type, and the login e-mail, which its owner confirms exactly as when they change it
// themselves), a password-reset e-mail, and the account's sessions (listed, ended one or all).
// Every change is audited in its transaction; no password or token ever reaches the audit.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction, changedFields } from "../audit/audit.ts";
import { hit } from "../security/rate-limit.ts";
import type { AdminProfileInput } from "../../schemas/admin-user-account.ts";
import type { AccountContext } from "./account-context.ts";
import type { AdminAccountView, UserSessionRow } from "../../lib/profile-page.ts";
import * as q from "./admin-user-account.queries.ts";
import { CHANGE_EMAIL_PER_USER, startEmailChange } from "./profile.service.ts";
import { queueResetLink } from "./password-reset.service.ts";
import { sendInvitation } from "./invitations.service.ts";
import { RECOVER_PER_EMAIL } from "./limits.ts";
import { emailTakenByOther } from "./accounts.queries.ts";
import { emailTakenError } from "./registration.service.ts";

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

/** The account, locked; an administrator's is not the back office's to correct (404, as unknown). */
async function managedAccount(trx: Database, userId: number) {
  const user = await q.lockManagedAccount(trx, { id: userId });
  if (!user || user.role === "admin") throw new NotFoundError();
  // Nothing left to correct, and no name or address to put back (decision 048).
  if (user.erased_at) throw new ConflictError("user_already_erased");
  return user;
}

/** A correction: the fields given change, the ones left out stay as they are. */
export type ProfileCorrection = Partial<AdminProfileInput>;

/**
 * Corrects the profile: POST /api/admin/users/{id}/update-profile sends the whole form; the
 * back office's data page sends the e-mail or the account type alone. The account type is a
 * stocker's only (the column's check allows it on no other role) and only once the stocker's
 * request is approved: before, the type is the approval's decision (stocker-approval.service.ts).
 * It only names the stocker's kind (the area's title, the lists, the transfers' screen):
 * subscriptions and prices do not depend on it, so changing it breaks nothing already paid. A
 * new e-mail is not applied: its owner confirms it by the link sent to it (profile.service.ts,
 * startEmailChange), and the audit records it as pending.
 */
export async function updateUserProfile(
  db: Database,
  actor: Actor,
  userId: number,
  input: ProfileCorrection,
  ctx: { origin: string; supportEmail: string },
): Promise<{ user_id: number; email_change_pending: boolean }> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const user = await managedAccount(trx, userId);
    let accountType = user.account_type;
    if (input.account_type !== undefined && input.account_type !== user.account_type) {
      if (user.role !== "stocker") throw new ValidationError({ account_type: "not_stocker" });
      if (user.approval_status !== null && user.approval_status !== "approved") throw new ConflictError("user_not_approved");
      accountType = input.account_type;
    }
    const newEmail = input.email?.toLowerCase() ?? null;
    const emailChanges = newEmail !== null && newEmail !== user.email.toLowerCase();
    if (emailChanges) {
      if (await emailTakenByOther(trx, { email: newEmail, userId })) throw emailTakenError();
      await hit(trx, CHANGE_EMAIL_PER_USER, [`user:${userId}`]);
    }
    const keep = <T>(given: T | undefined, current: T) => (given === undefined ? current : given);
    const after = {
      first_name: keep(input.first_name, user.first_name),
      last_name: keep(input.last_name, user.last_name),
      telephone: keep(input.telephone, user.telephone),
      company: keep(input.company, user.company),
      account_type: accountType,
    };
    const changed = changedFields(user, after);
    if (Object.keys(changed).length > 0) await q.setManagedFields(trx, { userId, ...after });
    if (emailChanges) {
      await startEmailChange(trx, { id: user.id, email: user.email, lang: user.lang, first_name: user.first_name }, newEmail, ctx);
    }
    if (Object.keys(changed).length === 0 && !emailChanges) return { user_id: userId, email_change_pending: false };
    await auditAdminAction(trx, actor, {
      action: "user.update_profile",
      entityType: "user",
      entityId: userId,
      details: {
        area: user.role,
        changedFields: changed,
        ...(emailChanges ? { emailChangePending: { before: user.email, after: newEmail } } : {}),
      },
    });
    return { user_id: userId, email_change_pending: emailChanges };
  });
}

export async function adminAccountView(db: Database, actor: Actor, userId: number): Promise<AdminAccountView> {
  requireAdmin(actor);
  const user = await q.findManagedAccount(db, { id: userId });
  if (!user || user.role === "admin") throw new NotFoundError();
  return {
    role: user.role,
    account_type: user.account_type,
    account_type_editable: user.role === "stocker" && (user.approval_status === null || user.approval_status === "approved"),
    active: user.active,
    erased_at: user.erased_at,
    user_id: user.id,
    sessions: await q.listUserSessions(db, { userId }),
  };
}

/**
 * Sends the account the recovery form's e-mail: a reset link (60 minutes; older links stop
 * working), or, to an invited person who never set a password, the invitation again, as the
 * recovery form does. The recovery's per-address limit applies (the inbox is the person's); an
 * account that may not log in (switched off, a stocker not approved) gets nothing (409).
 */
export async function sendUserPasswordReset(
  db: Database,
  actor: Actor,
  userId: number,
  ctx: Pick<AccountContext, "origin" | "secret">,
): Promise<{ user_id: number; sent: "reset_link" | "invitation" }> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const user = await managedAccount(trx, userId);
    if (!user.active) throw new ConflictError("user_inactive");
    if (user.role === "stocker" && user.approval_status !== null && user.approval_status !== "approved") throw new ConflictError("user_not_approved");
    await hit(trx, RECOVER_PER_EMAIL, [`email:${user.email.toLowerCase()}`]);
    const account = await q.findResetAccount(trx, { id: userId });
    let sent: "reset_link" | "invitation";
    if (!account.password_hash && account.created_by) {
      await sendInvitation(trx, actor, userId, ctx);
      sent = "invitation";
    } else {
      await queueResetLink(trx, account, ctx);
      sent = "reset_link";
    }
    await auditAdminAction(trx, actor, { action: "user.send_password_reset", entityType: "user", entityId: userId, details: { sent } });
    return { user_id: userId, sent };
  });
}

/** The account's current sessions, the most recently used first. */
export async function listUserSessions(db: Database, actor: Actor, userId: number): Promise<{ sessions: UserSessionRow[] }> {
  requireAdmin(actor);
  const user = await q.findManagedAccount(db, { id: userId });
  if (!user || user.role === "admin") throw new NotFoundError();
  return { sessions: await q.listUserSessions(db, { userId }) };
}

/**
 * Ends one session of the account (`sessionId`) or all of them: whoever used it is logged out at
 * their next request. A session that ended meanwhile (or is another user's) is not found (404).
 */
export async function endUserSessions(db: Database, actor: Actor, userId: number, sessionId: string | undefined): Promise<{ user_id: number; ended: number }> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    await managedAccount(trx, userId);
    const ended = sessionId ? await q.deleteUserSession(trx, { userId, sessionId }) : await q.deleteAllUserSessions(trx, { userId });
    if (sessionId && ended === 0) throw new NotFoundError();
    await auditAdminAction(trx, actor, {
      action: "user.end_sessions",
      entityType: "user",
      entityId: userId,
      // Never the session's id: the audit is read by every administrator.
      details: { scope: sessionId ? "one" : "all", ended },
    });
    return { user_id: userId, ended };
  });
}
