// A frame that scrolls sideways when its content is wider than the screen (a chart, a table on
// a phone). It is a named region in the tab order, so a keyboard user can reach it and scroll
// it with the arrow keys even when nothing inside can take the focus (WCAG 2.1.1).
import type { ReactNode } from "react";

export function ScrollRegion({ label, className = "", testId, children }: { label: string; className?: string; testId?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
