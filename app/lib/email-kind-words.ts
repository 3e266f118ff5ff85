// The words of each notification kind (decision 038): its name and what it covers on the
// preferences, the topic a sentence names ("Stop e-mails about {topic}") on the unsubscribe
// page and in the mail footer. Each message is imported by name (never m[key]), so a page
// carries only these. `locale`: the mail's language on the server; the page's own without it.
import { m } from "../paraglide/messages.js";
import type { EmailKindName } from "./email-preferences.ts";
import type { Locale } from "./locale.ts";

const options = (locale?: Locale) => (locale ? { locale } : undefined);

export function emailKindLabel(kind: EmailKindName, locale?: Locale): string {
  const o = options(locale);
  switch (kind) {
    case "requests":
      return m.eprefs_kind_requests({}, o);
    case "deal":
      return m.eprefs_kind_deal({}, o);
    case "reminders":
      return m.eprefs_kind_reminders({}, o);
    case "alerts":
      return m.eprefs_kind_alerts({}, o);
    case "news":
      return m.eprefs_kind_news({}, o);
  }
}

export function emailKindHint(kind: EmailKindName, locale?: Locale): string {
  const o = options(locale);
  switch (kind) {
    case "requests":
      return m.eprefs_kind_requests_hint({}, o);
    case "deal":
      return m.eprefs_kind_deal_hint({}, o);
    case "reminders":
      return m.eprefs_kind_reminders_hint({}, o);
    case "alerts":
      return m.eprefs_kind_alerts_hint({}, o);
    case "news":
      return m.eprefs_kind_news_hint({}, o);
  }
}

export function emailKindTopic(kind: EmailKindName, locale?: Locale): string {
  const o = options(locale);
  switch (kind) {
    case "requests":
      return m.eprefs_topic_requests({}, o);
    case "deal":
      return m.eprefs_topic_deal({}, o);
    case "reminders":
      return m.eprefs_topic_reminders({}, o);
    case "alerts":
      return m.eprefs_topic_alerts({}, o);
    case "news":
      return m.eprefs_topic_news({}, o);
  }
}
