// A frame that scrolls sideways when its content is wider than the screen (a chart, a table on
// a phone). It is a named region in the tab order, so a keyboard user can reach it and scroll
// it with the arrow keys even when nothing inside can take the focus (WCAG 2.1.1).
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";

export function ScrollRegion({
  label,
  className = "",
  testId,
  startAtEnd = false,
  frameRef,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  /** Opens scrolled to its right end: a time series shows its latest weeks first. */
  startAtEnd?: boolean;
  /** The scrolling frame, for a caller that follows its sideways scroll. */
  frameRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLDivElement>(null);
  const frame = frameRef ?? own;
  useLayoutEffect(() => {
    if (startAtEnd && frame.current) frame.current.scrollLeft = frame.current.scrollWidth;
  }, [startAtEnd, frame]);
  return (
    <div
      ref={frame}
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
