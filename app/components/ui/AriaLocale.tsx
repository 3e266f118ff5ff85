// React Aria's language for what it writes itself (a dialog's hidden "dismiss" button, a
// calendar's month names and what a screen reader hears of them): the page's, as Italian or
// British English so dates stay day-month-year. It wraps the overlays, which load on first use,
// and not the site's frame: React Aria works out the browser's locale when its i18n module
// loads, an Intl call that cost about 50 ms of a phone's main thread on every page before.
import type { ReactNode } from "react";
import { I18nProvider } from "react-aria-components";
import { useLocale } from "../../lib/root-data.ts";

export function AriaLocale({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return <I18nProvider locale={locale === "it" ? "it-IT" : "en-GB"}>{children}</I18nProvider>;
}
