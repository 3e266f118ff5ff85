// The pieces of a page's body that the areas and the back office share: the page's heading
// (title, a line under it, actions on the right) and what a list shows when it is empty. Each
// frame (AreaShell, AdminShell) places them; neither loads the other's navigation for them.
import type { ReactNode } from "react";

/** A page's heading, with an optional line under the title and actions on its right. */
export function PageHeading({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** What a list shows when it has nothing in it: what is missing, and what to do about it. */
export function EmptyState({ title, children, testId, className = "" }: { title: ReactNode; children?: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={`rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center ${className}`} data-testid={testId}>
      <p className="font-semibold text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}
