// Helpers for the account tests: the e-mails a test database's outbox holds, the code or link
// inside them, and row counts to check that a refused call wrote nothing.
import type { Database } from "../../app/server/db/database.ts";

export function mailsTo(db: Database, to: string) {
  return db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id").execute();
}

export async function lastMailTo(db: Database, to: string) {
  const all = await mailsTo(db, to);
  const last = all.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  return last;
}

/** The confirmation code of a confirm_code e-mail (the line with 6 digits alone). */
export function codeIn(text: string): string {
  const match = /^(\d{6})$/m.exec(text);
  if (!match) throw new Error(`no code in:\n${text}`);
  return match[1]!;
}

/** The first link of the e-mail's plain text whose path matches `pattern`. */
export function linkIn(text: string, pattern: RegExp): URL {
  for (const raw of text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(raw);
    if (pattern.test(url.pathname)) return url;
  }
  throw new Error(`no link matching ${pattern} in:\n${text}`);
}

export async function tableCounts(db: Database) {
  const count = async (table: "users" | "user_tokens" | "sessions" | "mail_outbox" | "support_requests") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    users: await count("users"),
    tokens: await count("user_tokens"),
    sessions: await count("sessions"),
    mails: await count("mail_outbox"),
    support: await count("support_requests"),
  };
}

/** A cookie header from a response's cookies. */
export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("; ");
