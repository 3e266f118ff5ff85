// The pieces of an area page's body: its heading and the empty state of its lists. Apart from
// the area's frame (AreaShell.tsx), so that the back office's pages, which use them in their own
// frame, do not load the areas' navigation.
import type { ReactNode } from "react";

/** The heading of an area page, with an optional action on its right. */
export function AreaPageHeading({ title, intro, action }: { title: string; intro?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      </div>
      {action}
    </div>
  );
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}
