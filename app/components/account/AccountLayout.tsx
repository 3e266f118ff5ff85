// The frame of the account pages (confirm code, complete account, forgot and reset
// password): one card in the middle of the page, with a title, an intro and the form.
import type { ReactNode } from "react";
import { LockIcon } from "../ui/icons.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";

export function AccountLayout({ title, intro, children, wide }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:py-16">
      <div className={`mx-auto ${wide ? "max-w-2xl" : "max-w-lg"}`}>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <div className="mb-6 flex items-start gap-4">
            <span aria-hidden="true" className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white sm:flex">
              <LockIcon className="h-5 w-5" />
            </span>
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
              {intro && <p className="mt-1.5 text-slate-600">{intro}</p>}
            </div>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}

/** A result or a dead end inside the card: an icon, a title, a text and actions. */
export function AccountNotice({ tone, title, text, children }: { tone: "success" | "warning"; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="space-y-5 py-2 text-center" role={tone === "success" ? "status" : "alert"} data-testid={`account-notice-${tone}`}>
      <StatusBadge tone={tone} />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mx-auto mt-1.5 max-w-sm text-slate-600">{text}</p>
      </div>
      {children && <div className="flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
    </div>
  );
}
