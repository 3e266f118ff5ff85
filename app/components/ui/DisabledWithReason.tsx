// An action that cannot be taken yet, which still says why: it stays in the tab order, is
// described by its reason (read by screen readers) and shows the reason on hover and focus,
// where a disabled button would be skipped and a title= seen by mouse users only.
import { useId } from "react";

export function DisabledWithReason({
  label,
  reason,
  className,
  testId,
  placement = "above",
  align = "start",
}: {
  label: React.ReactNode;
  reason: string;
  /** The look of the enabled action (it is shown faded). */
  className: string;
  testId?: string;
  placement?: "above" | "below";
  /** Which edge of the action the reason lines up with (end: for actions at the right of the screen). */
  align?: "start" | "end";
}) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <span role="link" aria-disabled="true" tabIndex={0} aria-describedby={id} className={`${className} cursor-not-allowed opacity-50`} data-testid={testId}>
        {label}
      </span>
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute hidden ${align === "end" ? "right-0" : "left-0"} z-40 w-60 rounded-lg bg-slate-900 px-3 py-2 text-left text-xs leading-snug font-normal text-white shadow-lg group-focus-within:block group-hover:block ${
          placement === "above" ? "bottom-full mb-2" : "top-full mt-2"
        }`}
      >
        {reason}
      </span>
    </span>
  );
}
