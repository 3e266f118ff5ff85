// A part of a server-rendered page that React makes interactive after the rest, in short
// slices. Hydration of the page outside such parts is one task; React leaves a server-rendered
// Suspense boundary as it is during that task and hydrates it afterwards at a low priority, in
// slices of a few milliseconds, letting the browser paint and answer input in between (a click
// on a part not hydrated yet hydrates that part at once and is then handled). So the long lists
// and below-the-fold sections of the public pages do not hold a phone's main thread in one
// block (Lighthouse's total blocking time). The part's HTML is the server's from the start: it
// shows nothing different, it only answers later.
//
// <html data-hydrated> (set once the whole page is interactive, the browser tests wait for it)
// waits for these parts too: each one is counted from the page's first commit until it has
// hydrated.
import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";

/** One entry per part still waiting, from the page's commit until the part has hydrated. */
type Pending = { readonly part: true };
const pending = new Set<Pending>();
let pageCommitted = false;

function markWhenDone() {
  if (pageCommitted && pending.size === 0) document.documentElement.setAttribute("data-hydrated", "");
}

/** Called once by the root layout after the page's first commit. */
export function pageHydrated(): void {
  pageCommitted = true;
  markWhenDone();
}

export function HydrateLater({ children }: { children: ReactNode }) {
  const mark = useRef<Pending | null>(null);
  useLayoutEffect(() => {
    const entry: Pending = { part: true };
    mark.current = entry;
    pending.add(entry);
    return () => {
      pending.delete(entry);
      markWhenDone();
    };
  }, []);
  return (
    <Suspense fallback={null}>
      <Hydrated mark={mark}>{children}</Hydrated>
    </Suspense>
  );
}

function Hydrated({ mark, children }: { mark: { current: Pending | null }; children: ReactNode }) {
  // Runs when the part has hydrated (after the outer layout effect, which ran at the page's commit).
  useEffect(() => {
    if (mark.current) pending.delete(mark.current);
    markWhenDone();
  }, [mark]);
  return children;
}
