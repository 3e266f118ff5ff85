// What the account services need to know about the request besides its input.
import type { AppServices, RequestInfo } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";

export type AccountContext = {
  ip: string;
  userAgent: string;
  /** The interface language of the request: the default language of a new account. */
  locale: Locale;
  /** Where links in e-mails point. */
  origin: string;
  /** Keys the confirmation-code hashes. */
  secret: string;
  /** The operator's inbox (new stocker requests, support requests). */
  supportEmail: string;
};

export function accountContext(services: AppServices, info: RequestInfo, locale: Locale): AccountContext {
  return {
    ip: info.ip,
    userAgent: info.userAgent,
    locale,
    origin: services.config.origin,
    secret: services.secret,
    supportEmail: services.config.supportEmail,
  };
}
