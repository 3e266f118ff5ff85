// A button that copies a text (an invite code or link, a bank transfer's reason code): "Copied"
// shows next to it for COPIED_MS, in a live region that is always in the page so screen readers
// announce it. A failure to copy is only logged, never shown.
import { useEffect, useRef, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { buttonClass } from "./styles.ts";
import { CheckIcon } from "./icons.tsx";

/** How long the "Copied" confirmation stays. */
export const COPIED_MS = 2000;

export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch (err) {
      console.error("copy failed", err);
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => {
      setCopied(false);
      timer.current = null;
    }, COPIED_MS);
  }

  return (
    <span className="inline-flex items-center gap-3">
      <button type="button" onClick={() => void copy()} className={buttonClass("secondary", "sm")} data-testid={testId}>
        {label}
      </button>
      <span aria-live="polite" role="status" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700" data-testid={`${testId}-status`}>
        {copied && (
          <>
            <CheckIcon />
            {m.ainv_copied()}
          </>
        )}
      </span>
    </span>
  );
}
