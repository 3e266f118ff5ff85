// After a refused submit, the first field in error (or else the form's message) comes into view
// and takes the focus, so keyboard and screen-reader users land where the problem is instead of
// staying on the submit button.
import { useCallback, useEffect, useRef, useState } from "react";

export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick === 0) return;
    const root = ref.current;
    const target = root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('[role="alert"]');
    target?.scrollIntoView?.({ block: "center" });
    if (target && target.matches("input, textarea, select")) target.focus({ preventScroll: true });
  }, [tick]);
  // Runs after the render that shows the errors (a state change, then the effect above).
  const focusFirstInvalid = useCallback(() => setTick((n) => n + 1), []);
  return { ref, focusFirstInvalid };
}
