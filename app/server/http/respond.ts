// Domain errors → HTTP, in one place. Every JSON error carries a stable `error` code, a
// `message` in the user's language, and for bad input `errors: { field: code }`.
import { ZodError } from "zod";
import { data } from "react-router";
import type { Logger } from "pino";
import { DomainError, RateLimitError, ValidationError, type FieldErrors } from "../errors.ts";
import type { Locale } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { INVITATIONS_PER_INVITER_DAY, INVITATIONS_PER_INVITER_HOUR } from "../accounts/limits.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { MESSAGES_PER_AUTHOR_MINUTE, MESSAGES_PER_LINK_DAY } from "../deal/conversation-limits.ts";
import { SAVED_SEARCHES_PER_OWNER } from "../../lib/saved-searches.ts";
import { API_TOKENS_PER_OWNER } from "../../lib/api-tokens.ts";

const MESSAGES: Record<string, (locale: Locale) => string> = {
  unauthorized: (locale) => m.error_unauthorized({}, { locale }),
  forbidden: (locale) => m.error_forbidden({}, { locale }),
  not_found: (locale) => m.error_not_found({}, { locale }),
  invalid: (locale) => m.error_invalid({}, { locale }),
  conflict: (locale) => m.error_conflict({}, { locale }),
  csrf_token_mismatch: (locale) => m.error_csrf({}, { locale }),
  too_many_requests: (locale) => m.error_too_many_requests({}, { locale }),
  too_many_invitations: (locale) => m.error_too_many_invitations({ hour: INVITATIONS_PER_INVITER_HOUR.max, day: INVITATIONS_PER_INVITER_DAY.max }, { locale }),
  payload_too_large: (locale) => m.error_payload_too_large({}, { locale }),
  method_not_allowed: (locale) => m.error_method_not_allowed({}, { locale }),
  invalid_credentials: (locale) => m.login_error1({}, { locale }),
  server_error: (locale) => m.error_server({}, { locale }),
  service_unavailable: (locale) => m.error_service_unavailable({}, { locale }),
  // Accounts.
  email_taken: (locale) => m.register_error_email({}, { locale }),
  invalid_code: (locale) => m.confirm_error1({}, { locale }),
  code_expired: (locale) => m.confirm_error_expired({}, { locale }),
  code_locked: (locale) => m.confirm_error_locked({}, { locale }),
  token_invalid: (locale) => m.account_error_link_invalid({}, { locale }),
  token_expired: (locale) => m.account_error_link_expired({}, { locale }),
  password_common: (locale) => m.password_error_common({}, { locale }),
  account_pending: (locale) => m.login_error_pending({}, { locale }),
  account_suspended: (locale) => m.login_error_suspended({}, { locale }),
  already_logged_in: (locale) => m.account_error_logged_in({}, { locale }),
  account_completed: (locale) => m.account_error_completed({}, { locale }),
  no_pending_registration: (locale) => m.confirm_error_no_pending({}, { locale }),
  // Reports: one open report per author and request link.
  already_reported: (locale) => m.report_already_title({}, { locale }),
  // Photo uploads.
  image_type: (locale) => m.error_image_type({}, { locale }),
  image_too_large: (locale) => m.error_image_too_large({}, { locale }),
  image_too_many_pixels: (locale) => m.error_image_too_many_pixels({}, { locale }),
  image_invalid: (locale) => m.error_image_invalid({}, { locale }),
  too_many_images: (locale) => m.error_too_many_images({}, { locale }),
  image_storage_unavailable: (locale) => m.error_image_storage_unavailable({}, { locale }),
  // Billing.
  promo_unknown: (locale) => m.error_promo_unknown({}, { locale }),
  promo_expired: (locale) => m.error_promo_expired({}, { locale }),
  promo_used_up: (locale) => m.error_promo_used_up({}, { locale }),
  already_subscribed: (locale) => m.error_already_subscribed({}, { locale }),
  no_subscription: (locale) => m.error_no_subscription({}, { locale }),
  transfer_subscription: (locale) => m.error_transfer_subscription({}, { locale }),
  card_unavailable: (locale) => m.error_card_unavailable({}, { locale }),
  no_transfer_waiting: (locale) => m.error_no_transfer_waiting({}, { locale }),
  // The back office's undelivered e-mails: one sent again that is not failed (any more).
  email_not_failed: (locale) => m.error_email_not_failed({}, { locale }),
  no_running_subscription: (locale) => m.error_no_running_subscription({}, { locale }),
  subscription_canceled: (locale) => m.error_subscription_canceled({}, { locale }),
  card_declined: (locale) => m.error_card_declined({}, { locale }),
  // Warehouses.
  not_refused: (locale) => m.error_not_refused({}, { locale }),
  not_claimed: (locale) => m.error_not_claimed({}, { locale }),
  // Reviews.
  already_reviewed: (locale) => m.error_already_reviewed({}, { locale }),
  not_confirmed: (locale) => m.error_not_confirmed({}, { locale }),
  // The back office's decisions taken meanwhile by someone else.
  not_pending: (locale) => m.error_not_pending({}, { locale }),
  // The back office's corrections to an account that may not log in (admin-user-account.service.ts).
  user_inactive: (locale) => m.error_user_inactive({}, { locale }),
  user_not_approved: (locale) => m.error_user_not_approved({}, { locale }),
  // The GDPR erasure's refusals (user-data.service.ts).
  cannot_erase_self: (locale) => m.error_cannot_erase_self({}, { locale }),
  cannot_erase_admin: (locale) => m.error_cannot_erase_admin({}, { locale }),
  user_already_erased: (locale) => m.error_user_already_erased({}, { locale }),
  user_has_active_warehouses: (locale) => m.error_user_has_active_warehouses({}, { locale }),
  user_has_active_subscription: (locale) => m.error_user_has_active_subscription({}, { locale }),
  not_waiting: (locale) => m.error_not_waiting({}, { locale }),
  already_approved: (locale) => m.error_already_approved({}, { locale }),
  warehouse_owned: (locale) => m.error_warehouse_owned({}, { locale }),
  // The requester's answers to offers (app/server/deal/negotiation.service.ts).
  offer_not_open: (locale) => m.ans_error_offer_not_open({}, { locale }),
  offer_expired: (locale) => m.ans_error_offer_expired({}, { locale }),
  // The conversation on a request link: a message over its limits (decision 036).
  too_many_messages: (locale) => m.thr_error_too_many({ minute: MESSAGES_PER_AUTHOR_MINUTE.max, day: MESSAGES_PER_LINK_DAY.max }, { locale }),
  // The deal: a handler's offer the link's state or the requester's answer no longer allows.
  offer_accepted: (locale) => m.offer_error_accepted({}, { locale }),
  link_refused: (locale) => m.offer_error_link_refused({}, { locale }),
  // Saved searches (decision 038): the cap per owner, the visitor's save limited per client and address.
  saved_search_limit: (locale) => m.ss_error_limit({ max: SAVED_SEARCHES_PER_OWNER }, { locale }),
  saved_search_too_many: (locale) => m.ss_error_too_many({}, { locale }),
  // Personal access tokens (decision 059).
  invalid_token: (locale) => m.error_invalid_token({}, { locale }),
  token_read_only: (locale) => m.error_token_read_only({}, { locale }),
  token_not_allowed: (locale) => m.error_token_not_allowed({}, { locale }),
  api_token_limit: (locale) => m.error_api_token_limit({ max: API_TOKENS_PER_OWNER }, { locale }),
};

/** The generic sentence of a status, for a code without its own ("invalid input" only for bad input). */
const BY_STATUS: Record<number, string> = {
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  429: "too_many_requests",
};

/** The user-facing sentence for an error code; unknown codes get the generic one for their status. */
export function errorMessage(code: string, locale: Locale, status = 400): string {
  const known = MESSAGES[code];
  if (known) return known(locale);
  if (status >= 500) return MESSAGES.server_error!(locale);
  return MESSAGES[BY_STATUS[status] ?? "invalid"]!(locale);
}

/** Zod issues → { field: code }, as the browser computes them too (lib/field-codes.ts). */
export function fieldErrors(error: ZodError, input?: unknown): FieldErrors {
  return issuesToCodes(error.issues, input);
}

/** A Zod failure together with the input it was about (to tell a missing field from a wrong one). */
export class InputError extends Error {
  readonly zodError: ZodError;
  readonly input: unknown;
  constructor(zodError: ZodError, input: unknown) {
    super("invalid input");
    this.zodError = zodError;
    this.input = input;
  }
}

export function jsonError(status: number, code: string, locale: Locale, extra: Record<string, unknown> = {}, headers?: HeadersInit): Response {
  return Response.json({ error: code, message: errorMessage(code, locale, status), ...extra }, { status, headers });
}

/** The database is away (app/server/db/unavailable.ts): what a request that needed it answers. */
export const SERVICE_UNAVAILABLE = { status: 503, code: "service_unavailable", headers: { "Retry-After": "5" } } as const;

/** The error page's answer while the database is away: 503, not 500. */
export function serviceUnavailablePage() {
  return data({ code: SERVICE_UNAVAILABLE.code }, { status: SERVICE_UNAVAILABLE.status, headers: SERVICE_UNAVAILABLE.headers });
}

/** One warning line for a request that met the database away (no stack: nothing to fix in the code). */
export function logDatabaseUnavailable(log: Pick<Logger, "warn"> | undefined, err: unknown) {
  log?.warn({ code: (err as { code?: unknown }).code }, `database unavailable: ${(err as Error).message}`);
}

/**
 * Runs a page loader's or action's work and turns a domain error into the error page with
 * its status (React Router would answer 500 for any other thrown value).
 */
export async function pageWork<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    if (isDatabaseUnavailable(err)) throw serviceUnavailablePage();
    throw err;
  }
}

/**
 * Any thrown value → a JSON error response. The database away answers 503; unexpected errors
 * are logged and answer 500 without details.
 */
export function errorToResponse(err: unknown, locale: Locale, log?: Logger): Response {
  if (err instanceof Response) return err;
  if (err instanceof ZodError) return jsonError(422, "invalid", locale, { errors: fieldErrors(err) });
  if (err instanceof InputError) return jsonError(422, "invalid", locale, { errors: fieldErrors(err.zodError, err.input) });
  if (err instanceof ValidationError) return jsonError(422, err.code, locale, { errors: err.errors });
  if (err instanceof RateLimitError) {
    return jsonError(429, err.code, locale, {}, { "Retry-After": String(err.retryAfterSeconds) });
  }
  if (err instanceof DomainError) return jsonError(err.status, err.code, locale);
  if (isDatabaseUnavailable(err)) {
    logDatabaseUnavailable(log, err);
    return jsonError(SERVICE_UNAVAILABLE.status, SERVICE_UNAVAILABLE.code, locale, {}, SERVICE_UNAVAILABLE.headers);
  }
  log?.error({ err }, "unhandled error in API route");
  return jsonError(500, "server_error", locale);
}
