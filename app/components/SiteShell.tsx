// The frame of every /{locale} page: header, main content, footer and the global popups,
// with the popup state around them. React Aria's language is set by the overlays themselves
// (ui/AriaLocale.tsx), which load on first use.
import { useEffect, type ReactNode } from "react";
import { useRootData } from "../lib/root-data.ts";
import { setCsrfFallback } from "../lib/api-client.ts";
import { PopupProvider } from "./popups/PopupContext.tsx";
import { GlobalPopups } from "./popups/GlobalPopups.tsx";
import { SiteHeader } from "./SiteHeader.tsx";
import { SiteFooter } from "./SiteFooter.tsx";

export function SiteShell({ children }: { children: ReactNode }) {
  const { locale, user, csrfToken } = useRootData();

  // The first page of a visit sets the XSRF-TOKEN cookie in its own response; until the
  // browser has it, API calls use the token the page was rendered with.
  useEffect(() => setCsrfFallback(csrfToken), [csrfToken]);

  return (
    <PopupProvider loggedIn={!!user}>
      <div className="flex min-h-screen flex-col">
        <SiteHeader locale={locale} user={user} csrfToken={csrfToken} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter locale={locale} />
      </div>
      <GlobalPopups locale={locale} user={user} />
    </PopupProvider>
  );
}
