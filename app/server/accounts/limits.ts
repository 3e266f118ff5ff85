// The abuse limits of the account calls, in one place. They live in PostgreSQL
// (app/server/security/rate-limit.ts), so they hold across app instances. Most are per
// address and per IP: the address limit protects one account or inbox, the IP limit stops
// one client from trying many. Login is finer (below): it must not lock out the owner.
import type { FailureLimit, Limit } from "../security/rate-limit.ts";

const MINUTE = 60;
const HOUR = 3600;

// Wrong logins, over a sliding 15 minutes; past a limit, 429 with Retry-After until the oldest
// counted failure ages out. Login follows OWASP's device cookies (device-cookie.ts): a browser
// that logged into an account before is a *trusted* client of that account, any other is
// *untrusted*. The numbers:
// - an untrusted client gets 5 wrong passwords per account from one IP: a person who forgot
//   the password has tried it by then (recovery is one click away), a guesser is slowed to
//   20 tries an hour per address it owns;
// - all untrusted clients together get 100 per account: a ceiling for a botnet rotating real
//   addresses (400 guesses an hour at most, then nothing more), set high enough that a few
//   addresses guessing (5 each) never reach it, so the owner logging in from anywhere else —
//   a new browser, another office — is not locked out by them. Past it, the owner's trusted
//   browser still logs in; a new one waits until the flood ages out (or uses recovery);
// - one IP gets 25 wrong logins across all accounts (credential stuffing), untrusted only, so
//   an attacker behind the owner's office NAT does not lock the owner's trusted browser;
// - a trusted device gets 10 wrong passwords of its own, counted by its id: a stolen device
//   cookie is locked like any source, and its owner's typos never touch anyone else's count.
const LOGIN_WINDOW = 15 * MINUTE;
export const LOGIN_FAILURES_PER_ACCOUNT_IP: FailureLimit = { name: "login-fail:account-ip", max: 5, windowSeconds: LOGIN_WINDOW };
export const LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED: FailureLimit = { name: "login-fail:account", max: 100, windowSeconds: LOGIN_WINDOW };
export const LOGIN_FAILURES_PER_IP: FailureLimit = { name: "login-fail:ip", max: 25, windowSeconds: LOGIN_WINDOW };
export const LOGIN_FAILURES_PER_DEVICE: FailureLimit = { name: "login-fail:device", max: 10, windowSeconds: LOGIN_WINDOW };

export const REGISTER_PER_IP: Limit = { name: "register:ip", max: 20, windowSeconds: HOUR };
export const REGISTER_PER_EMAIL: Limit = { name: "register:email", max: 5, windowSeconds: HOUR };

/** New codes: a person needs one or two; each one costs an e-mail. */
export const SEND_CODE_PER_IP: Limit = { name: "send-code:ip", max: 20, windowSeconds: HOUR };
export const SEND_CODE_PER_USER: Limit = { name: "send-code:user", max: 5, windowSeconds: HOUR };
/** Wrong codes and link tokens from one IP, across accounts (each code also dies after 5 wrong tries). */
export const TOKEN_FAILURES_PER_IP: FailureLimit = { name: "token-fail:ip", max: 30, windowSeconds: 15 * MINUTE };

export const RECOVER_PER_IP: Limit = { name: "recover:ip", max: 20, windowSeconds: HOUR };
export const RECOVER_PER_EMAIL: Limit = { name: "recover:email", max: 5, windowSeconds: HOUR };

/** Support from visitors: per IP and per address written. */
export const SUPPORT_PER_IP: Limit = { name: "support:ip", max: 10, windowSeconds: HOUR };
export const SUPPORT_PER_EMAIL: Limit = { name: "support:email", max: 5, windowSeconds: HOUR };
/** Support from a logged-in user: by account only, so visitors writing their address cannot use up their requests. */
export const SUPPORT_PER_USER: Limit = { name: "support:user", max: 10, windowSeconds: HOUR };

/**
 * Invitations a stocker or referent sends (each creates an account and e-mails an address
 * nobody proved): 10 an hour and 20 a day (a UTC calendar day) per inviter. A business sets
 * up its few referents in one sitting and assigns one referent to many warehouses; more than
 * that from one account is a relay. Administrators are not counted.
 */
export const INVITATIONS_PER_INVITER_HOUR: Limit = { name: "invite:hour", max: 10, windowSeconds: HOUR, code: "too_many_invitations" };
export const INVITATIONS_PER_INVITER_DAY: Limit = { name: "invite:day", max: 20, windowSeconds: 24 * HOUR, code: "too_many_invitations" };
