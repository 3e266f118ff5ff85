// Profile data and credentials of the three areas' users (decision 008).
//
// - Profile data (names, telephone, company, market, website): the user, or an administrator
//   in the user's area (/admin/{stocker|stock-hunter}/{id}/data), whose change is audited in
//   the same transaction ("user.update_profile" with the changed fields).
// - Credentials (login e-mail and password): only the user, proving the current password.
//   An administrator never uses this form for someone; the back office's tools
//   (admin-user-account.service.ts) ask for a new address through startEmailChange, which its
//   owner confirms the same way, and send a reset link. A wrong current password changes nothing and counts against
//   CREDENTIALS_FAILURES_PER_USER, so a stolen session cannot be used to guess the password.
//   * A new password is stored at once; every OTHER session of the user ends (the browser
//     that changed it stays logged in), reset links sent earlier stop working, and the
//     account's address is told.
//   * A new address does not replace the old one yet: a change_email token (24 hours, the
//     newest only) holds it, the new address gets a confirmation link to
//     /{lang}/confirm-email/{user_id}?token=…, and the old one is told a change was asked.
//     confirmEmailChange swaps the address when the link is followed, if it is still free.
//     Sessions are kept then: they belong to the user id, not to the address, and the person
//     following the link proved the new inbox; the old address is told the change took
//     effect (with whom to contact if it was not them), and reset links sent to it stop working.
//     The notification kinds the old address opted out of move to the new one (decision 038).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import type { Lang } from "../db/types.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { carryOptOuts } from "../mail/email-preferences.service.ts";
import { auditAdminAction, changedFields } from "../audit/audit.ts";
import { hit, recordFailure, refuseAfterFailures, type FailureLimit, type Limit } from "../security/rate-limit.ts";
import type { ProfileDataInput, CredentialsInput } from "../../schemas/profile.ts";
import * as q from "./accounts.queries.ts";
import { TOKEN_FAILURES_PER_IP } from "./limits.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { passwordProblem } from "./password-policy.ts";
import { emailTakenError, isEmailConflict } from "./registration.service.ts";
import { endOtherSessions } from "./sessions.service.ts";
import { linkTokenHash, newLinkToken } from "./tokens.ts";

/** A new address waits a day for its owner to open the link. */
export const CHANGE_EMAIL_TTL_HOURS = 24;
/** Wrong current passwords per user: a person's typos never reach it, a guesser gets 10 tries an hour. */
export const CREDENTIALS_FAILURES_PER_USER: FailureLimit = { name: "credentials-fail:user", max: 10, windowSeconds: 3600 };
/** Address changes asked per user: each one sends two e-mails, one of them to an address nobody proved. */
export const CHANGE_EMAIL_PER_USER: Limit = { name: "change-email:user", max: 5, windowSeconds: 3600 };

/** Whose profile, and who acts: the owner, or an administrator in the owner's area. */
export type ProfileAccess = { actor: Actor; owner: { id: number; role: AreaRole }; asAdmin: boolean };

export type CredentialsContext = {
  /** Where links in e-mails point. */
  origin: string;
  /** Named in the e-mails that say "if it was not you". */
  supportEmail: string;
  /** The session making the change: it stays open when the password changes. */
  currentSessionId: string;
};

function inTransaction<T>(db: Database, fn: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** The owner acting in their own area (the actor is that user, with that role). */
function isSelf(access: ProfileAccess): boolean {
  return !access.asAdmin && access.actor.id === access.owner.id && access.actor.role === access.owner.role;
}

/** Profile data: the owner, or an administrator in the owner's area (audited). Nobody else. */
export async function updateProfileData(db: Database, access: ProfileAccess, input: ProfileDataInput): Promise<{ user_id: number }> {
  const byAdmin = access.asAdmin && access.actor.role === "admin";
  if (!isSelf(access) && !byAdmin) throw new ForbiddenError();
  if (input.market_id !== null && !(await q.marketExists(db, { id: input.market_id }))) throw new ValidationError({ market_id: "invalid" });
  const after: q.EditableProfile = {
    first_name: input.first_name,
    last_name: input.last_name,
    telephone: input.telephone,
    company: input.company,
    market_id: input.market_id,
    website: input.website,
  };
  await inTransaction(db, async (trx) => {
    const before = await q.lockProfileFields(trx, { id: access.owner.id });
    if (!before || before.role !== access.owner.role || (!byAdmin && !before.active)) throw new NotFoundError();
    const changed = changedFields(before, after);
    if (Object.keys(changed).length === 0) return;
    await q.updateProfileFields(trx, { userId: access.owner.id, ...after });
    await auditAdminAction(trx, access.actor, {
      action: "user.update_profile",
      entityType: "user",
      entityId: access.owner.id,
      details: { area: access.owner.role, changedFields: changed },
    });
  });
  return { user_id: access.owner.id };
}

/**
 * The login e-mail and the password: only the user, with the current password. Returns
 * whether a new address now waits for its confirmation link.
 */
export async function updateCredentials(
  db: Database,
  access: ProfileAccess,
  input: CredentialsInput,
  ctx: CredentialsContext,
): Promise<{ user_id: number; email_change_pending: boolean }> {
  if (!isSelf(access)) throw new ForbiddenError();
  const userId = access.owner.id;
  const user = await q.findAccountById(db, { id: userId });
  if (!user || !user.active) throw new NotFoundError();

  const newEmail = input.email.trim().toLowerCase();
  const emailChanges = newEmail !== user.email.toLowerCase();
  const newPassword = input.password ?? null;
  if (!emailChanges && !newPassword) return { user_id: userId, email_change_pending: false };
  if (!input.current_password) throw new ValidationError({ current_password: "required" });

  // The new password's rules first: a refused one spends no try of the current password.
  if (newPassword) {
    const problem = passwordProblem(newPassword);
    if (problem) throw new ValidationError({ password: problem }, problem === "password_common" ? "password_common" : "invalid");
  }
  const limitKey = [`user:${userId}`];
  await refuseAfterFailures(db, CREDENTIALS_FAILURES_PER_USER, limitKey);
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    await recordFailure(db, CREDENTIALS_FAILURES_PER_USER, limitKey);
    throw new ValidationError({ current_password: "invalid" });
  }
  // Only after the password: a session alone cannot probe which addresses have accounts.
  if (emailChanges) {
    if (await q.emailTakenByOther(db, { email: newEmail, userId })) throw emailTakenError();
    await hit(db, CHANGE_EMAIL_PER_USER, limitKey);
  }
  const passwordHash = newPassword ? await hashPassword(newPassword) : null;

  await inTransaction(db, async (trx) => {
    const locked = await q.lockCredentials(trx, { id: userId });
    // The password was verified outside the transaction (argon2 is slow): if it changed in
    // between, the check no longer holds.
    if (!locked || !locked.active || locked.password_hash !== user.password_hash) throw new ConflictError();
    if (passwordHash) {
      await q.setPassword(trx, { userId, passwordHash });
      await endOtherSessions(trx, userId, ctx.currentSessionId);
      await q.retireTokens(trx, { userId, kind: "reset_password" });
      await queueMail(trx, {
        to: locked.email,
        lang: user.lang,
        template: "password_changed",
        data: { firstName: user.first_name, supportEmail: ctx.supportEmail },
        origin: ctx.origin,
      });
    }
    if (emailChanges) await startEmailChange(trx, { id: userId, email: locked.email, lang: user.lang, first_name: user.first_name }, newEmail, ctx);
  });
  return { user_id: userId, email_change_pending: emailChanges };
}

/**
 * A new login address waits for its owner: a change_email token (the newest only) holds it, the
 * new address gets the confirmation link and the current one is told a change was asked. The
 * user's own credentials form and the back office's correction both start it here; the caller
 * has checked the address is free and counted CHANGE_EMAIL_PER_USER.
 */
export async function startEmailChange(
  trx: Database,
  user: { id: number; email: string; lang: Lang; first_name: string | null },
  newEmail: string,
  ctx: { origin: string; supportEmail: string },
): Promise<void> {
  const token = newLinkToken();
  await q.retireTokens(trx, { userId: user.id, kind: "change_email" });
  await q.insertChangeEmailToken(trx, {
    userId: user.id,
    tokenHash: linkTokenHash(token),
    newEmail,
    expiresAt: new Date(Date.now() + CHANGE_EMAIL_TTL_HOURS * 3600_000),
  });
  await queueMail(trx, {
    to: newEmail,
    lang: user.lang,
    template: "email_change_confirm",
    data: { link: `${ctx.origin}/${user.lang}/confirm-email/${user.id}?token=${token}`, hours: CHANGE_EMAIL_TTL_HOURS },
    origin: ctx.origin,
  });
  await queueMail(trx, {
    to: user.email,
    lang: user.lang,
    template: "email_change_requested_old",
    data: { firstName: user.first_name, newEmail, supportEmail: ctx.supportEmail },
    origin: ctx.origin,
  });
}

/** The address waiting for its link, if any (the data page's note). */
export async function pendingEmailChange(db: Database, userId: number): Promise<{ newEmail: string; expiresAt: Date } | null> {
  const row = await q.pendingEmailChange(db, { userId });
  return row?.new_email ? { newEmail: row.new_email, expiresAt: row.expires_at } : null;
}

export type ChangeLinkStatus = "valid" | "invalid" | "expired" | "used";

function statusOf(token: { expires_at: Date; used_at: Date | null } | undefined): ChangeLinkStatus {
  if (!token) return "invalid";
  if (token.used_at) return "used";
  if (token.expires_at.getTime() <= Date.now()) return "expired";
  return "valid";
}

/** For the confirmation page (GET): whether the link still works and the address it confirms. Changes nothing. */
export async function emailChangeLinkStatus(
  db: Database,
  userId: number,
  token: string | null,
): Promise<{ status: ChangeLinkStatus; newEmail: string | null }> {
  if (!token || token.length > 200) return { status: "invalid", newEmail: null };
  const found = await q.findChangeEmailToken(db, { userId, tokenHash: linkTokenHash(token) });
  const status = statusOf(found);
  return { status, newEmail: status === "valid" ? (found?.new_email ?? null) : null };
}

const linkError = (status: Exclude<ChangeLinkStatus, "valid">) =>
  status === "expired" ? new ValidationError({ token: "expired" }, "token_expired") : new ValidationError({ token: status }, "token_invalid");

/**
 * The link of the confirmation e-mail was followed (the page's POST, never its GET: mail
 * scanners open links). The token must be this user's, unused and current, and the address
 * still free; then it replaces the old one, which is told.
 */
export async function confirmEmailChange(
  db: Database,
  userId: number,
  token: string,
  ctx: { origin: string; supportEmail: string; ip: string | null },
): Promise<{ user_id: number; email: string }> {
  const ip = ctx.ip ? `ip:${ctx.ip}` : null;
  await refuseAfterFailures(db, TOKEN_FAILURES_PER_IP, [ip]);
  let outcome: { status: ChangeLinkStatus | "taken"; email?: string };
  try {
    outcome = await inTransaction(db, async (trx) => {
      const found = await q.findChangeEmailToken(trx, { userId, tokenHash: linkTokenHash(token), lock: true });
      const status = statusOf(found);
      if (status !== "valid" || !found?.new_email) return { status: status === "valid" ? "invalid" : status };
      const user = await q.findAccountById(trx, { id: userId });
      if (!user || !user.active) return { status: "invalid" };
      // The address found an owner since the link was sent: this link can never work, so it is retired.
      if (await q.emailTakenByOther(trx, { email: found.new_email, userId })) {
        await q.markTokenUsed(trx, { id: found.id });
        return { status: "taken" };
      }
      await q.setEmail(trx, { userId, email: found.new_email });
      // The e-mails the user turned off stay off at the new address (decision 038).
      await carryOptOuts(trx, user.email, found.new_email);
      await q.markTokenUsed(trx, { id: found.id });
      await q.retireTokens(trx, { userId, kind: "change_email" });
      // Reset links went to the former address: they must not open the account any more.
      await q.retireTokens(trx, { userId, kind: "reset_password" });
      await queueMail(trx, {
        to: user.email,
        lang: user.lang,
        template: "email_changed",
        data: { firstName: user.first_name, newEmail: found.new_email, supportEmail: ctx.supportEmail },
        origin: ctx.origin,
      });
      return { status: "valid", email: found.new_email };
    });
  } catch (err) {
    // Someone registered the address between the check and the write (the unique index).
    if (isEmailConflict(err)) throw new ValidationError({ email: "taken" }, "email_taken");
    throw err;
  }
  if (outcome.status === "taken") throw new ValidationError({ email: "taken" }, "email_taken");
  if (outcome.status !== "valid") {
    await recordFailure(db, TOKEN_FAILURES_PER_IP, [ip]);
    throw linkError(outcome.status);
  }
  return { user_id: userId, email: outcome.email! };
}
