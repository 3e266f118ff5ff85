// E-mail preferences and one-click unsubscribe (decision 038). Notification e-mails have a
// kind (TEMPLATE_KINDS in templates.ts); an address opts out of kinds (email_opt_outs, by
// lower-cased address), and queueMail sends nothing of a kind its address opted out of.
//
// - notificationLinks: what a message of a kind carries, fixed when it is queued: the
//   List-Unsubscribe value (the one-click link and a mailto to the sender) and the footer's two
//   links (the preferences: the data page of the recipient's area, or for an address without
//   an area the unsubscribe page; and the one-click page).
// - emailPreferences / updateEmailPreferences: a logged-in user's choice, from the data page
//   and its JSON twin, always about the user's own address (an administrator only reads it).
// - openUnsubscribeLink / changeByLink: the one-click page, by token (unsubscribe-token.ts):
//   no login, and only that address and that kind. Forged tokens count against the IP;
//   changes count against the address, so a link cannot be used to churn the table.
// - carryOptOuts: a login e-mail that changes takes its opt-outs along (profile.service.ts).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { EmailKind } from "../db/types.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { hit, recordFailure, refuseAfterFailures, type FailureLimit, type Limit } from "../security/rate-limit.ts";
import type { Locale } from "../../lib/locale.ts";
import { areaBase, areaPaths, type AreaRole } from "../../lib/area-paths.ts";
import { EMAIL_KINDS, EMAIL_PREFERENCES_ANCHOR, unsubscribePath, type EmailPreferences } from "../../lib/email-preferences.ts";
import { maskEmail } from "../../lib/mask-email.ts";
import * as q from "./email-preferences.queries.ts";
import {
  listUnsubscribeValue,
  optOutAddress,
  readUnsubscribeToken,
  signUnsubscribeToken,
  unsubscribeCheckSecret,
  unsubscribeSecret,
  type UnsubscribeSubject,
} from "./unsubscribe-token.ts";
import { mailSender } from "./sender.ts";
import type { MailFooterLinks } from "./templates.ts";

/**
 * Forged or broken unsubscribe links from one IP, over a sliding 15 minutes. A link the app made
 * never fails; one cut by a mail client's line wrap may, a few times, and an office behind one
 * address may hold several: 60 is far above that, and far below what scanning for tokens needs.
 */
export const UNSUBSCRIBE_FAILURES_PER_IP: FailureLimit = { name: "unsubscribe-fail:ip", max: 60, windowSeconds: 15 * 60 };
/**
 * Changes through one address's links in an hour: a person clicks a few times, a mail provider
 * posts once per click. Not per IP: a provider's few servers post for all its users.
 */
export const UNSUBSCRIBE_CHANGES_PER_ADDRESS: Limit = { name: "unsubscribe:address", max: 20, windowSeconds: 3600 };

const AREA_ROLES: readonly string[] = ["stocker", "referent", "stock_hunter"] satisfies AreaRole[];

/** Where an address chooses all its e-mails: the data page of its area, or null (no account, or one without an area). */
export function preferencesPath(account: { role: string | null; active: boolean | null } | undefined, locale: Locale): string | null {
  if (!account?.active || !account.role || !AREA_ROLES.includes(account.role)) return null;
  return `${areaPaths(areaBase(account.role as AreaRole, locale)).data}#${EMAIL_PREFERENCES_ANCHOR}`;
}

/**
 * What a message of `kind` to `to` carries, or null when the address opted out of the kind:
 * then nothing is sent. Read in the transaction that queues it.
 */
export async function notificationLinks(
  db: Database,
  args: { to: string; kind: EmailKind; lang: Locale; origin: string },
): Promise<{ footer: MailFooterLinks; listUnsubscribe: string } | null> {
  const email = optOutAddress(args.to);
  const recipient = await q.recipientFacts(db, { email, kind: args.kind });
  if (recipient.opted_out) return null;
  const token = signUnsubscribeToken(await unsubscribeSecret(db), email, args.kind);
  const unsubscribeUrl = `${args.origin}${unsubscribePath(args.lang, token)}`;
  const preferences = preferencesPath(recipient, args.lang);
  return {
    footer: { kind: args.kind, preferencesUrl: preferences ? `${args.origin}${preferences}` : unsubscribeUrl, unsubscribeUrl },
    listUnsubscribe: listUnsubscribeValue(unsubscribeUrl, mailSender(), token),
  };
}

function preferencesOf(optedOut: EmailKind[]): EmailPreferences {
  return Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, !optedOut.includes(kind)])) as EmailPreferences;
}

/** The kinds a user's address gets (a kind unsubscribed by one click is off too). */
export async function emailPreferences(db: Database, userId: number): Promise<{ email: string; email_preferences: EmailPreferences }> {
  const user = await q.userAddress(db, { userId });
  if (!user) throw new NotFoundError();
  return { email: user.email, email_preferences: preferencesOf(await q.optedOutKinds(db, { email: optOutAddress(user.email) })) };
}

/** Whose preferences, and who acts: only the user changes them; an administrator in the user's area reads them. */
export type PreferencesAccess = { actor: Actor; ownerId: number; asAdmin: boolean };

/** The kinds the user now gets: each kind off is an opt-out (via the preferences), each kind on removes one. */
export async function updateEmailPreferences(
  db: Database,
  access: PreferencesAccess,
  input: EmailPreferences,
): Promise<{ user_id: number; email_preferences: EmailPreferences }> {
  if (access.asAdmin || access.actor.id !== access.ownerId) throw new ForbiddenError();
  const run = async (trx: Database) => {
    const user = await q.userAddress(trx, { userId: access.ownerId });
    if (!user || !user.active) throw new NotFoundError();
    const email = optOutAddress(user.email);
    await q.addOptOuts(trx, { email, kinds: EMAIL_KINDS.filter((kind) => !input[kind]), via: "preferences" });
    await q.removeOptOuts(trx, { email, kinds: EMAIL_KINDS.filter((kind) => input[kind]) });
    return preferencesOf(await q.optedOutKinds(trx, { email }));
  };
  const email_preferences = db.isTransaction ? await run(db) : await db.transaction().execute(run);
  return { user_id: access.ownerId, email_preferences };
}

/** What the unsubscribe page shows of its link: the address masked (whoever holds the link sees it), the kind, its state. */
export type UnsubscribeLinkView = {
  email: string;
  kind: EmailKind;
  opted_out: boolean;
  /** The data page's preferences when the address has an area of its own; null otherwise. */
  preferences_path: string | null;
};

type LinkContext = { ip: string | null; locale: Locale };

/** The address and kind of a token; a forged or broken one is a 404 and counts against the IP. */
async function subjectOf(db: Database, token: string, ctx: LinkContext): Promise<UnsubscribeSubject> {
  const key = ctx.ip ? `ip:${ctx.ip}` : null;
  await refuseAfterFailures(db, UNSUBSCRIBE_FAILURES_PER_IP, [key]);
  const secret = await unsubscribeCheckSecret(db);
  const subject = secret ? readUnsubscribeToken(secret, token) : null;
  if (!subject) {
    await recordFailure(db, UNSUBSCRIBE_FAILURES_PER_IP, [key]);
    throw new NotFoundError();
  }
  return subject;
}

async function linkView(db: Database, subject: UnsubscribeSubject, locale: Locale): Promise<UnsubscribeLinkView> {
  const [kinds, account] = await Promise.all([q.optedOutKinds(db, { email: subject.email }), q.accountOfAddress(db, { email: subject.email })]);
  return { email: maskEmail(subject.email), kind: subject.kind, opted_out: kinds.includes(subject.kind), preferences_path: preferencesPath(account, locale) };
}

/** The unsubscribe page (GET): what the link is about. Changes nothing: mail scanners open links. */
export async function openUnsubscribeLink(db: Database, token: string, ctx: LinkContext): Promise<UnsubscribeLinkView> {
  return linkView(db, await subjectOf(db, token, ctx), ctx.locale);
}

/**
 * The link's POST: "unsubscribe" (the page's button, or a mail provider's one-click POST)
 * opts the address out of the kind; "resubscribe" (the page's undo) takes it back. Both are
 * idempotent: the same POST twice leaves the same state.
 */
export async function changeByLink(db: Database, token: string, change: "unsubscribe" | "resubscribe", ctx: LinkContext): Promise<UnsubscribeLinkView> {
  const subject = await subjectOf(db, token, ctx);
  await hit(db, UNSUBSCRIBE_CHANGES_PER_ADDRESS, [subject.email]);
  if (change === "unsubscribe") await q.addOptOuts(db, { email: subject.email, kinds: [subject.kind], via: "one_click" });
  else await q.removeOptOuts(db, { email: subject.email, kinds: [subject.kind] });
  return linkView(db, subject, ctx.locale);
}

/** A login e-mail that changes: its opt-outs follow it, in the change's transaction. */
export async function carryOptOuts(trx: Database, from: string, to: string): Promise<void> {
  const [source, target] = [optOutAddress(from), optOutAddress(to)];
  if (source !== target) await q.moveOptOuts(trx, { from: source, to: target });
}
