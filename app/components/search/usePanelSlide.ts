// The filter panel's slide. A page that opens on results does not render the (closed) filters
// until they are asked for: less to hydrate on a phone. Once rendered they stay, so they can
// slide away after a search. The panel clips its content while it slides (its grid row grows
// from 0), and lets it out once open, so a filter's drop-down list is not cut off at the
// panel's bottom edge.
import { useEffect, useState } from "react";

export const PANEL_SLIDE_MS = 500;

export function usePanelSlide(open: boolean) {
  const [rendered, setRendered] = useState(open);
  useEffect(() => {
    if (open) setRendered(true);
  }, [open]);
  const [settled, setSettled] = useState(open);
  useEffect(() => {
    if (!open) {
      setSettled(false);
      return;
    }
    const timer = window.setTimeout(() => setSettled(true), PANEL_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  return { rendered: rendered || open, settled: open && settled };
}
