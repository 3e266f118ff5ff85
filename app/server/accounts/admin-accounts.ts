// The first administrator of a production install is created from the command line
// (server/cli.ts create-admin); later ones can be created the same way.
import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import { hashPassword } from "./passwords.ts";
import { findAccountByEmail, insertUser, promoteToAdmin } from "./accounts.queries.ts";
import { deleteUserSessions } from "./sessions.queries.ts";
import { email as emailSchema } from "../../schemas/common.ts";

export function newInviteCode(): string {
  // 8 characters from an alphabet without look-alikes (0/O, 1/I).
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** Create an administrator, or promote and reset the password of an existing account with that e-mail. */
export async function createAdmin(db: Database, args: { email: string; password: string; firstName: string | null; lastName: string | null }): Promise<number> {
  const parsed = emailSchema.safeParse(args.email);
  if (!parsed.success) throw new ValidationError({ email: "email" });
  if (args.password.length < 8 || args.password.length > 128) throw new ValidationError({ password: "too_short" });
  const passwordHash = await hashPassword(args.password);
  return db.transaction().execute(async (trx) => {
    const existing = await findAccountByEmail(trx, { email: parsed.data });
    if (existing) {
      await promoteToAdmin(trx, { userId: existing.id, passwordHash });
      await deleteUserSessions(trx, { userId: existing.id });
      return existing.id;
    }
    return insertUser(trx, {
      email: parsed.data,
      password_hash: passwordHash,
      role: "admin",
      first_name: args.firstName,
      last_name: args.lastName,
      lang: "it",
      active: true,
      has_confirmed_code: true,
      invite_code: newInviteCode(),
    });
  });
}
