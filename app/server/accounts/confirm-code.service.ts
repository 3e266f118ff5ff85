// The confirmation code of a self-registered stock hunter: 6 digits by e-mail, valid 15
// minutes, single use, dead after 5 wrong tries. Typing it with a new password confirms
// the address, sets the password and logs the person in. A new code (POST /send-code)
// retires the previous one.
import type { Database } from "../db/database.ts";
import type { Lang } from "../db/types.ts";
import { ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { hit, recordFailure, refuseAfterFailures } from "../security/rate-limit.ts";
import type { AccountContext } from "./account-context.ts";
import * as q from "./accounts.queries.ts";
import { SEND_CODE_PER_IP, SEND_CODE_PER_USER, TOKEN_FAILURES_PER_IP } from "./limits.ts";
import { hashPassword } from "./passwords.ts";
import { passwordProblem } from "./password-policy.ts";
import { startSession } from "./sessions.service.ts";
import { CONFIRM_CODE_MAX_ATTEMPTS, CONFIRM_CODE_TTL_MINUTES, confirmationCodeHash, minutesFromNow, newConfirmationCode, sameHash } from "./tokens.ts";

type CodeRecipient = { id: number; email: string; lang: Lang };

/**
 * Issue a new code (retiring earlier ones) and queue its e-mail. Call inside the transaction
 * of the change. The e-mail greets nobody by name: the address is not proven yet, and the
 * name was typed by whoever registered it.
 */
export async function issueConfirmationCode(trx: Database, user: CodeRecipient, ctx: Pick<AccountContext, "origin" | "secret">): Promise<void> {
  const code = newConfirmationCode();
  await q.retireTokens(trx, { userId: user.id, kind: "confirm_code" });
  await q.insertToken(trx, {
    userId: user.id,
    kind: "confirm_code",
    tokenHash: confirmationCodeHash(ctx.secret, user.id, code),
    expiresAt: minutesFromNow(CONFIRM_CODE_TTL_MINUTES),
  });
  await queueMail(trx, {
    to: user.email,
    lang: user.lang,
    template: "confirm_code",
    data: { firstName: null, code, minutes: CONFIRM_CODE_TTL_MINUTES, link: `${ctx.origin}/${user.lang}/confirm-code?email=${encodeURIComponent(user.email)}` },
    origin: ctx.origin,
  });
}

/** The account waiting for its code: by the browser's pending registration, else by the address typed. */
async function pendingAccount(db: Database, who: { userId: number | null; email: string | null }) {
  const user = who.userId ? await q.findAccountById(db, { id: who.userId }) : who.email ? await q.findAccountByEmail(db, { email: who.email }) : undefined;
  if (!user || !user.active || user.has_confirmed_code || user.role !== "stock_hunter") return null;
  return user;
}

/** Whether the browser's pending registration still waits for its code (for the confirm page). */
export async function pendingRegistration(db: Database, userId: number | null): Promise<{ id: number; email: string } | null> {
  if (!userId) return null;
  const user = await pendingAccount(db, { userId, email: null });
  return user ? { id: user.id, email: user.email } : null;
}

/** POST /send-code: a new code for the pending account. Returns its id, or null when there is none. */
export async function resendConfirmationCode(db: Database, who: { userId: number | null; email: string | null }, ctx: AccountContext): Promise<number | null> {
  if (!who.userId && !who.email) throw new ValidationError({ email: "required" });
  await hit(db, SEND_CODE_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
  await hit(db, SEND_CODE_PER_USER, [who.userId ? `user:${who.userId}` : null, who.email ? `email:${who.email}` : null]);
  const user = await pendingAccount(db, who);
  if (!user) return null;
  await db.transaction().execute((trx) => issueConfirmationCode(trx, user, ctx));
  return user.id;
}

type Outcome = { ok: true } | { ok: false; code: "invalid_code" | "code_expired" | "code_locked"; attemptsLeft?: number };

/**
 * POST /confirm-code: check the code, set the password, confirm the account and start a
 * session. A wrong code counts against the code (5 tries) and against the IP.
 */
export async function confirmRegistration(
  db: Database,
  who: { userId: number | null; email: string | null },
  input: { code: string; password: string },
  ctx: AccountContext,
): Promise<{ userId: number; role: string; token: string; maxAgeSeconds: number | null }> {
  await refuseAfterFailures(db, TOKEN_FAILURES_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
  if (!who.userId && !who.email) throw new ValidationError({ email: "required" });
  const problem = passwordProblem(input.password);
  if (problem) throw new ValidationError({ password: problem }, problem === "password_common" ? "password_common" : "invalid");

  const user = await pendingAccount(db, who);
  if (!user) {
    await recordFailure(db, TOKEN_FAILURES_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
    throw new ValidationError({ code: "invalid" }, "invalid_code");
  }
  const passwordHash = await hashPassword(input.password);

  // The attempt counter must survive a wrong code, so the transaction commits and the
  // outcome is thrown afterwards.
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const token = await q.lockLatestOpenToken(trx, { userId: user.id, kind: "confirm_code" });
    if (!token) return { ok: false, code: "invalid_code" };
    if (token.expires_at.getTime() <= Date.now()) return { ok: false, code: "code_expired" };
    if (token.attempts >= CONFIRM_CODE_MAX_ATTEMPTS) return { ok: false, code: "code_locked" };
    if (!sameHash(token.token_hash, confirmationCodeHash(ctx.secret, user.id, input.code))) {
      const { attempts } = await q.addTokenAttempt(trx, { id: token.id });
      return attempts >= CONFIRM_CODE_MAX_ATTEMPTS
        ? { ok: false, code: "code_locked" }
        : { ok: false, code: "invalid_code", attemptsLeft: CONFIRM_CODE_MAX_ATTEMPTS - attempts };
    }
    await q.markTokenUsed(trx, { id: token.id });
    await q.retireTokens(trx, { userId: user.id, kind: "confirm_code" });
    await q.setPassword(trx, { userId: user.id, passwordHash });
    return { ok: true };
  });
  if (!outcome.ok) {
    await recordFailure(db, TOKEN_FAILURES_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
    throw new ValidationError({ code: outcome.code === "invalid_code" ? "invalid" : outcome.code === "code_expired" ? "expired" : "locked" }, outcome.code);
  }
  const session = await startSession(db, { userId: user.id, remember: false, ip: ctx.ip, userAgent: ctx.userAgent });
  return { userId: user.id, role: user.role, ...session };
}
