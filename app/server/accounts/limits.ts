// The abuse limits of the account calls, in one place. They live in PostgreSQL
// (app/server/security/rate-limit.ts), so they hold across app instances. Each is per
// address and per IP: the address limit protects one account or inbox, the IP limit stops
// one client from trying many.
import type { FailureLimit, Limit } from "../security/rate-limit.ts";

const MINUTE = 60;
const HOUR = 3600;

/** Wrong logins in the last 15 minutes: 10 per address, 25 per IP; then 429 until they age out. */
export const LOGIN_FAILURES_PER_EMAIL: FailureLimit = { name: "login-fail:email", max: 10, windowSeconds: 15 * MINUTE };
export const LOGIN_FAILURES_PER_IP: FailureLimit = { name: "login-fail:ip", max: 25, windowSeconds: 15 * MINUTE };

export const REGISTER_PER_IP: Limit = { name: "register:ip", max: 20, windowSeconds: HOUR };
export const REGISTER_PER_EMAIL: Limit = { name: "register:email", max: 5, windowSeconds: HOUR };

/** New codes: a person needs one or two; each one costs an e-mail. */
export const SEND_CODE_PER_IP: Limit = { name: "send-code:ip", max: 20, windowSeconds: HOUR };
export const SEND_CODE_PER_USER: Limit = { name: "send-code:user", max: 5, windowSeconds: HOUR };
/** Wrong codes and link tokens from one IP, across accounts (each code also dies after 5 wrong tries). */
export const TOKEN_FAILURES_PER_IP: FailureLimit = { name: "token-fail:ip", max: 30, windowSeconds: 15 * MINUTE };

export const RECOVER_PER_IP: Limit = { name: "recover:ip", max: 20, windowSeconds: HOUR };
export const RECOVER_PER_EMAIL: Limit = { name: "recover:email", max: 5, windowSeconds: HOUR };

export const SUPPORT_PER_IP: Limit = { name: "support:ip", max: 10, windowSeconds: HOUR };
export const SUPPORT_PER_EMAIL: Limit = { name: "support:email", max: 5, windowSeconds: HOUR };
