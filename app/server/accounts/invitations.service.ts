// Invited accounts: a user created by someone else (a referent created by a stocker or a
// referent, a stocker created or approved by an administrator). The account has no
// password; the invitation e-mail carries a link with a one-time token (u_token, valid
// 7 days) to the complete-account page, where the person fills in the profile and chooses a
// password (POST /api/users/{id}/complete-account).
//
// For the stocker and admin areas:
//   const { userId } = await inviteUser(trx, actor, { role: "referent", email, first_name, … }, ctx);
//   await sendInvitation(trx, actor, userId, ctx);   // again
// An approved stocker request gets no separate invitation: its approval e-mail carries the link
// (newInvitationLink), so the person is told once.
// Both run in the caller's transaction when given one, so the invitation e-mail is written
// with the change that caused it.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Lang } from "../db/types.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotifications } from "../notifications/notifications.service.ts";
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import { m } from "../../paraglide/messages.js";
import { hit, recordFailure, refuseAfterFailures } from "../security/rate-limit.ts";
import type { AccountContext } from "./account-context.ts";
import * as q from "./accounts.queries.ts";
import { hashPassword } from "./passwords.ts";
import { passwordProblem } from "./password-policy.ts";
import { emailTakenError, freshInviteCode, freshStockspaceCode, isEmailConflict } from "./registration.service.ts";
import { endAllSessions, startSession } from "./sessions.service.ts";
import { INVITATIONS_PER_INVITER_DAY, INVITATIONS_PER_INVITER_HOUR, TOKEN_FAILURES_PER_IP } from "./limits.ts";
import { INVITATION_TTL_DAYS, linkTokenHash, newLinkToken } from "./tokens.ts";
import { fullName } from "../../lib/person-name.ts";

export type InviteInput = {
  role: "referent" | "stocker";
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  telephone?: string | null;
  company?: string | null;
  /** Stockers only: 0 Stocker, 1 Stock Keeper. */
  account_type?: 0 | 1 | null;
  /** The invited person's language; by default the inviter's. */
  lang?: Lang | null;
};

type MailContext = Pick<AccountContext, "origin">;

function inTransaction<T>(db: Database, fn: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Who may invite whom: stockers and referents create referents; administrators create both. */
function mayInvite(actor: Actor, role: InviteInput["role"]): boolean {
  if (actor.role === "admin") return true;
  return role === "referent" && (actor.role === "stocker" || actor.role === "referent");
}

function inviterName(actor: Actor): string | null {
  if (actor.role === "admin") return null;
  const name = fullName({ first_name: actor.firstName, last_name: actor.lastName });
  return actor.company ? (name ? `${name} (${actor.company})` : actor.company) : name || null;
}

/**
 * Create an invited user and queue the invitation e-mail. errors.email "taken" when the
 * address has an account; 429 "too_many_invitations" past a stocker's or referent's limits
 * (limits.ts), and then nothing is written or sent.
 */
export async function inviteUser(db: Database, actor: Actor, input: InviteInput, ctx: MailContext): Promise<{ userId: number }> {
  if (!mayInvite(actor, input.role)) throw new ForbiddenError();
  const email = input.email.trim().toLowerCase();
  if (await q.emailTaken(db, { email })) throw emailTakenError();
  try {
    return await inTransaction(db, async (trx) => {
      // Counted in the invitation's transaction: a refused or failed one is not counted, and
      // two at once wait for each other on the counter's row.
      if (actor.role !== "admin") {
        await hit(trx, INVITATIONS_PER_INVITER_HOUR, [`user:${actor.id}`]);
        await hit(trx, INVITATIONS_PER_INVITER_DAY, [`user:${actor.id}`]);
      }
      const stocker = input.role === "stocker";
      const userId = await q.insertUser(trx, {
        email,
        role: input.role,
        password_hash: null,
        has_confirmed_code: false,
        first_name: input.first_name?.trim() || null,
        last_name: input.last_name?.trim() || null,
        telephone: input.telephone?.trim() || null,
        company: input.company?.trim() || null,
        lang: input.lang ?? actor.lang,
        invite_code: await freshInviteCode(trx),
        created_by: actor.id,
        ...(stocker
          ? {
              account_type: input.account_type ?? 0,
              approval_status: "approved" as const,
              approved_at: new Date(),
              stockspace_code: await freshStockspaceCode(trx),
            }
          : {}),
      });
      await queueInvitation(trx, actor, userId, ctx);
      return { userId };
    });
  } catch (err) {
    if (isEmailConflict(err)) throw emailTakenError();
    throw err;
  }
}

/**
 * Send (again) the invitation of an account that has no password yet: a new link, the old
 * ones stop working. Admins, or the account's creator.
 */
export async function sendInvitation(db: Database, actor: Actor | null, userId: number, ctx: MailContext): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await q.findAccountById(trx, { id: userId });
    if (!user) throw new NotFoundError();
    if (actor && actor.role !== "admin" && user.created_by !== actor.id) throw new ForbiddenError();
    if (user.password_hash) throw new ValidationError({ user_id: "already_completed" }, "account_completed");
    await queueInvitation(trx, actor, userId, ctx);
  });
}

/**
 * A new link to the complete-account page, where an account without a password gets one (valid
 * INVITATION_TTL_DAYS days, once); the older links stop working. Pass the caller's transaction:
 * the e-mail that carries the link is queued in it. The invitation's, and the approval e-mail of
 * a stocker request (stocker-approval.service.ts), which is the invitation of that account.
 */
export async function newInvitationLink(trx: Database, user: { id: number; lang: Lang }, ctx: MailContext): Promise<string> {
  const token = newLinkToken();
  await q.retireTokens(trx, { userId: user.id, kind: "complete_account" });
  await q.insertToken(trx, {
    userId: user.id,
    kind: "complete_account",
    tokenHash: linkTokenHash(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600 * 1000),
  });
  return `${ctx.origin}/${user.lang}/complete-account/${user.id}?u_token=${token}`;
}

async function queueInvitation(trx: Database, actor: Actor | null, userId: number, ctx: MailContext) {
  const user = await q.findAccountById(trx, { id: userId });
  if (!user) throw new NotFoundError();
  const link = await newInvitationLink(trx, user, ctx);
  await queueMail(trx, {
    to: user.email,
    lang: user.lang,
    template: "invitation",
    data: {
      invitedBy: actor ? inviterName(actor) : null,
      role: user.role === "stocker" ? "stocker" : "referent",
      link,
      days: INVITATION_TTL_DAYS,
    },
    origin: ctx.origin,
  });
}

/** A referent (an account only an invitation creates) who never completed the account: no password. */
export function isPendingInvitation(account: { role: string; password_hash: string | null }): boolean {
  return account.role === "referent" && account.password_hash === null;
}

/**
 * A referent invitation never completed (no password) yields to the address owner's own
 * registration (decision 015). Call in the registration's transaction, before the new account
 * is written: the invited account is deleted, so its invitation link stops working and the
 * warehouses it was the referent of have none again (their owner handles their requests, as
 * for any warehouse without a referent). Whoever sent the invitation and the owners of those
 * warehouses are told in their notifications. Returns false, changing nothing, when the
 * account is not (or no longer) a pending invitation: then the address is taken.
 */
export async function withdrawPendingInvitation(trx: Database, userId: number): Promise<boolean> {
  const invited = await q.lockInvitedAccount(trx, { id: userId });
  if (!invited || !isPendingInvitation(invited)) return false;
  const warehouses = await q.warehousesReferredBy(trx, { userId });
  await q.deleteUser(trx, { id: userId });

  const concerned = [invited.created_by, ...warehouses.map((w) => w.user_id)].filter((id): id is number => id !== null);
  const recipients = await q.activeAreaUsers(trx, { ids: [...new Set(concerned)] });
  const email = escapeForMarkup(invited.email);
  await createNotifications(
    trx,
    recipients.map((recipient) => {
      // Each one hears of their own warehouses only.
      const theirs = warehouses.filter((w) => w.user_id === recipient.id);
      const list = theirs.map((w) => `${escapeForMarkup(w.name)} (${escapeForMarkup(w.city)})`).join(", ");
      return {
        userId: recipient.id,
        type: "invitation_withdrawn",
        title: (locale) => m.notif_invitation_withdrawn_title({}, { locale }),
        message: (locale) =>
          [
            m.notif_invitation_withdrawn_message({ email }, { locale }),
            ...(theirs.length ? [m.notif_invitation_withdrawn_warehouses({ warehouses: list }, { locale })] : []),
          ].join(" "),
        data: { warehouse_ids: theirs.map((w) => w.id) },
      };
    }),
  );
  return true;
}

export type TokenStatus = "valid" | "invalid" | "expired" | "used";

function statusOf(token: { expires_at: Date; used_at: Date | null } | undefined): TokenStatus {
  if (!token) return "invalid";
  if (token.used_at) return "used";
  if (token.expires_at.getTime() <= Date.now()) return "expired";
  return "valid";
}

/** For the complete-account page: the invited account's details when the link is good. */
export async function invitationFor(db: Database, userId: number, token: string | null) {
  if (!token || token.length > 200) return { status: "invalid" as const, user: null };
  const found = await q.findToken(db, { userId, kind: "complete_account", tokenHash: linkTokenHash(token) });
  const status = statusOf(found);
  if (status !== "valid") return { status, user: null };
  const user = await q.findAccountById(db, { id: userId });
  if (!user || !user.active) return { status: "invalid" as const, user: null };
  const { email, role, first_name, last_name, telephone, company, market_id, website } = user;
  return { status, user: { email, role, first_name, last_name, telephone, company, market_id, website } };
}

export type CompleteAccountInput = q.ProfileFields & { password: string };

const tokenError = (status: TokenStatus) =>
  new ValidationError({ u_token: status === "expired" ? "expired" : "invalid" }, status === "expired" ? "token_expired" : "token_invalid");

/**
 * POST /api/users/{id}/complete-account: with the invitation's token, fill in the profile,
 * set the password and log in. Returns where the person goes next (a stocker: the latest
 * warehouse they own).
 */
export async function completeAccount(
  db: Database,
  userId: number,
  token: string,
  input: CompleteAccountInput,
  ctx: Pick<AccountContext, "ip" | "userAgent">,
): Promise<{ userId: number; role: string; warehouseId: number | null; token: string; maxAgeSeconds: number | null }> {
  const ip = ctx.ip ? `ip:${ctx.ip}` : null;
  await refuseAfterFailures(db, TOKEN_FAILURES_PER_IP, [ip]);
  const problem = passwordProblem(input.password);
  if (problem) throw new ValidationError({ password: problem }, problem === "password_common" ? "password_common" : "invalid");
  if (input.market_id && !(await q.marketExists(db, { id: input.market_id }))) throw new ValidationError({ market_id: "invalid" });
  const passwordHash = await hashPassword(input.password);

  const result = await db.transaction().execute(async (trx) => {
    const found = await q.findToken(trx, { userId, kind: "complete_account", tokenHash: linkTokenHash(token), lock: true });
    const status = statusOf(found);
    if (status !== "valid") return { status };
    const user = await q.findAccountById(trx, { id: userId });
    if (!user || !user.active) return { status: "invalid" as const };
    await q.markTokenUsed(trx, { id: found!.id });
    await q.retireTokens(trx, { userId, kind: "complete_account" });
    const { password: _typed, ...profile } = input;
    await q.completeProfile(trx, { userId, passwordHash, ...profile });
    await endAllSessions(trx, userId);
    const warehouse = user.role === "stocker" ? await q.latestOwnedWarehouse(trx, { userId }) : undefined;
    return { status: "valid" as const, role: user.role, warehouseId: warehouse?.id ?? null };
  });
  if (result.status !== "valid") {
    await recordFailure(db, TOKEN_FAILURES_PER_IP, [ip]);
    throw tokenError(result.status);
  }
  const session = await startSession(db, { userId, remember: false, ip: ctx.ip, userAgent: ctx.userAgent });
  return { userId, role: result.role!, warehouseId: result.warehouseId ?? null, ...session };
}
