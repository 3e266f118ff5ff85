// Password recovery. POST /api/recover-password answers the same whether or not the address
// has an account; when it has one, an e-mail carries a link with a one-time token
// (rpt_token, valid 60 minutes) to the reset page. POST /api/users/{id}/reset-password sets
// the new password and ends every session of the account.
import type { Database } from "../db/database.ts";
import type { Lang } from "../db/types.ts";
import { ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { hit, recordFailure, refuseAfterFailures } from "../security/rate-limit.ts";
import type { AccountContext } from "./account-context.ts";
import * as q from "./accounts.queries.ts";
import { RECOVER_PER_EMAIL, RECOVER_PER_IP, TOKEN_FAILURES_PER_IP } from "./limits.ts";
import { hashPassword } from "./passwords.ts";
import { passwordProblem } from "./password-policy.ts";
import { endAllSessions } from "./sessions.service.ts";
import { sendInvitation, type TokenStatus } from "./invitations.service.ts";
import { linkTokenHash, minutesFromNow, newLinkToken, RESET_TOKEN_TTL_MINUTES } from "./tokens.ts";

export type RecoverOutcome = "reset_link" | "invitation" | "none";

/**
 * Send a reset link if the address belongs to an active account that may log in. An
 * invited person who never completed the account gets the invitation again instead; a
 * stocker whose request is not approved gets nothing (they cannot log in yet).
 * The caller answers the same in every case; the outcome is for tests and logs.
 */
export async function requestPasswordReset(db: Database, email: string, ctx: AccountContext): Promise<RecoverOutcome> {
  await hit(db, RECOVER_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
  await hit(db, RECOVER_PER_EMAIL, [`email:${email}`]);
  const user = await q.findAccountByEmail(db, { email });
  if (!user || !user.active) return "none";
  if (user.role === "stocker" && user.approval_status && user.approval_status !== "approved") return "none";
  if (!user.password_hash && user.created_by) {
    await sendInvitation(db, null, user.id, ctx);
    return "invitation";
  }
  await db.transaction().execute((trx) => queueResetLink(trx, user, ctx));
  return "reset_link";
}

/**
 * A new reset link (the older ones stop working) and its e-mail, queued in the caller's
 * transaction: the recovery form's, and the back office's "send a password reset".
 */
export async function queueResetLink(
  trx: Database,
  user: { id: number; email: string; lang: Lang; first_name: string | null; has_confirmed_code: boolean },
  ctx: Pick<AccountContext, "origin">,
): Promise<void> {
  const token = newLinkToken();
  const expiresAt = minutesFromNow(RESET_TOKEN_TTL_MINUTES);
  await q.retireTokens(trx, { userId: user.id, kind: "reset_password" });
  await q.insertToken(trx, { userId: user.id, kind: "reset_password", tokenHash: linkTokenHash(token), expiresAt });
  await queueMail(trx, {
    to: user.email,
    lang: user.lang,
    template: "password_reset",
    // An unconfirmed account's name was typed by whoever registered the address: not shown.
    data: {
      firstName: user.has_confirmed_code ? user.first_name : null,
      link: `${ctx.origin}/${user.lang}/reset-password/${user.id}?rpt_token=${token}`,
      minutes: RESET_TOKEN_TTL_MINUTES,
    },
    origin: ctx.origin,
  });
}

function statusOf(token: { expires_at: Date; used_at: Date | null } | undefined): TokenStatus {
  if (!token) return "invalid";
  if (token.used_at) return "used";
  if (token.expires_at.getTime() <= Date.now()) return "expired";
  return "valid";
}

/** For the reset page: whether the link still works. */
export async function resetLinkStatus(db: Database, userId: number, token: string | null): Promise<TokenStatus> {
  if (!token || token.length > 200) return "invalid";
  return statusOf(await q.findToken(db, { userId, kind: "reset_password", tokenHash: linkTokenHash(token) }));
}

/** POST /api/users/{id}/reset-password: the token must be this user's, unused and current. */
export async function resetPassword(
  db: Database,
  userId: number,
  input: { token: string; password: string },
  ctx: Pick<AccountContext, "ip">,
): Promise<{ userId: number }> {
  const ip = ctx.ip ? `ip:${ctx.ip}` : null;
  await refuseAfterFailures(db, TOKEN_FAILURES_PER_IP, [ip]);
  const problem = passwordProblem(input.password);
  if (problem) throw new ValidationError({ password: problem }, problem === "password_common" ? "password_common" : "invalid");
  const passwordHash = await hashPassword(input.password);

  const status = await db.transaction().execute(async (trx) => {
    const token = await q.findToken(trx, { userId, kind: "reset_password", tokenHash: linkTokenHash(input.token), lock: true });
    const status = statusOf(token);
    if (status !== "valid") return status;
    const user = await q.findAccountById(trx, { id: userId });
    if (!user || !user.active) return "invalid";
    await q.markTokenUsed(trx, { id: token!.id });
    await q.retireTokens(trx, { userId, kind: "reset_password" });
    await q.setPassword(trx, { userId, passwordHash });
    await endAllSessions(trx, userId);
    return "valid";
  });
  if (status !== "valid") {
    await recordFailure(db, TOKEN_FAILURES_PER_IP, [ip]);
    throw new ValidationError({ rpt_token: status === "expired" ? "expired" : "invalid" }, status === "expired" ? "token_expired" : "token_invalid");
  }
  return { userId };
}
