// What the legal pages state about this installation, read on the server: the operator's
// identity and the optional services from the configuration, the prices and the trial from the
// billing settings, and the limits and lifetimes from the constants the code enforces. The
// texts (app/components/legal/content/) are functions of these facts, so changing a setting or
// a constant changes what the pages say.
import type { Config } from "../../server/config.ts";
import type { LegalFacts, LegalOperator, LegalText, LegalTextOf } from "../../components/legal/types.ts";
import type { LegalPage } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import { pageLoader } from "../../server/http/page.ts";
import { privacyPolicyIt } from "../../components/legal/content/privacy-policy.it.ts";
import { privacyPolicyEn } from "../../components/legal/content/privacy-policy.en.ts";
import { generalConditionsIt } from "../../components/legal/content/general-conditions.it.ts";
import { generalConditionsEn } from "../../components/legal/content/general-conditions.en.ts";
import { stockerConditionsIt } from "../../components/legal/content/stocker-conditions.it.ts";
import { stockerConditionsEn } from "../../components/legal/content/stocker-conditions.en.ts";
import { stockHunterConditionsIt } from "../../components/legal/content/stock-hunter-conditions.it.ts";
import { stockHunterConditionsEn } from "../../components/legal/content/stock-hunter-conditions.en.ts";
import { BROWSER_SESSION_MAX_MS, IDLE_MS, MAX_SESSIONS_PER_USER, REMEMBER_MS } from "../../server/accounts/sessions.service.ts";
import { CONFIRM_CODE_TTL_MINUTES, INVITATION_TTL_DAYS, RESET_TOKEN_TTL_MINUTES } from "../../server/accounts/tokens.ts";
import { CHANGE_EMAIL_TTL_HOURS } from "../../server/accounts/profile.service.ts";
import { PENDING_TTL_SECONDS } from "../../server/accounts/pending-registration.ts";
import { DEVICE_TTL_SECONDS } from "../../server/accounts/device-cookie.ts";
import { QUOTE_LIMIT_PER_ACCOUNT, QUOTE_LIMIT_PER_VISITOR_CONTACT, QUOTE_LIMIT_PER_VISITOR_IP } from "../../server/requests/requests.service.ts";
import { REPORT_LIMIT } from "../../server/reviews/reviews.service.ts";
import { MAX_QUOTE_WAREHOUSES } from "../../lib/quote-limits.ts";

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

// The two background jobs' defaults (app/server/jobs/workers.ts calls them without arguments):
// deleteOldTokens(db, 30) in app/server/accounts/accounts.queries.ts and
// deleteOldWindows(db, 24 h) in app/server/security/rate-limit.queries.ts.
const TOKENS_KEPT_DAYS = 30;
const RATE_LIMIT_KEPT_HOURS = 24;
// localeCookie() in app/server/http/cookies.ts: a year.
const LOCALE_COOKIE_DAYS = 365;

/** Per hour, from a limit of `max` per `windowSeconds`. */
function perHour(limit: { max: number; windowSeconds: number }): number {
  return Math.floor((limit.max * 3600) / limit.windowSeconds);
}

export function legalFacts(config: Config): LegalFacts {
  let mapHost: string;
  try {
    mapHost = new URL(config.mapStyleUrl).host;
  } catch {
    // A relative style URL: the map is served by the site itself.
    mapHost = new URL(config.origin).host;
  }
  return {
    operator: config.operator,
    cardPayments: config.stripe !== null,
    s3Images: config.s3 !== null,
    onlineGeocoder: Boolean(config.geocoderUrl),
    mapHost,
    prices: { yearly: config.billing.plans.yearly.unitAmount, sixMonths: config.billing.plans.six_months.unitAmount },
    trialDays: config.billing.trialDays,
    vatRate: config.billing.vatRate,
    transferReminderDays: config.billing.transfer.reminderDays,
    maxQuoteWarehouses: MAX_QUOTE_WAREHOUSES,
    quoteLimits: {
      account: perHour(QUOTE_LIMIT_PER_ACCOUNT),
      visitorIp: perHour(QUOTE_LIMIT_PER_VISITOR_IP),
      visitorContact: perHour(QUOTE_LIMIT_PER_VISITOR_CONTACT),
    },
    reportsPerHour: perHour(REPORT_LIMIT),
    sessions: {
      rememberDays: REMEMBER_MS / DAY_MS,
      browserMaxDays: BROWSER_SESSION_MAX_MS / DAY_MS,
      idleHours: IDLE_MS / HOUR_MS,
      maxPerUser: MAX_SESSIONS_PER_USER,
    },
    tokens: {
      confirmCodeMinutes: CONFIRM_CODE_TTL_MINUTES,
      resetMinutes: RESET_TOKEN_TTL_MINUTES,
      invitationDays: INVITATION_TTL_DAYS,
      changeEmailHours: CHANGE_EMAIL_TTL_HOURS,
      keptDays: TOKENS_KEPT_DAYS,
    },
    rateLimitHours: RATE_LIMIT_KEPT_HOURS,
    cookies: {
      pendingRegistrationHours: PENDING_TTL_SECONDS / 3600,
      deviceDays: DEVICE_TTL_SECONDS / (24 * 3600),
      localeDays: LOCALE_COOKIE_DAYS,
    },
  };
}

const TEXTS: Record<LegalPage, Record<Locale, LegalTextOf>> = {
  "privacy-policy": { it: privacyPolicyIt, en: privacyPolicyEn },
  "general-conditions": { it: generalConditionsIt, en: generalConditionsEn },
  "stocker-conditions": { it: stockerConditionsIt, en: stockerConditionsEn },
  "stock-hunter-conditions": { it: stockHunterConditionsIt, en: stockHunterConditionsEn },
};

export type LegalPageData = { text: LegalText; operator: LegalOperator };

/**
 * A legal page's loader: the document in the request's language, filled with this installation's
 * facts. Built on the server, so the page carries one language's text as data and no text
 * module reaches the browser's JavaScript.
 */
export const legalPageLoader = (page: LegalPage) =>
  pageLoader({ access: "public" }, ({ services, locale }): LegalPageData => {
    const facts = legalFacts(services.config);
    return { text: TEXTS[page][locale](facts), operator: facts.operator };
  });
