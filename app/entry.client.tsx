// The browser's entry: React Router's default (hydrate the server's HTML in a transition, so
// the work yields to the browser), started after the browser has painted that HTML. The page's
// scripts often arrive before the first paint (cached, or a fast network), and hydrating then
// would keep the server's HTML off the screen for the length of the hydration: on a phone's
// CPU, a few hundred milliseconds of a page the visitor could already be reading.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A hidden tab gets no animation frames: it hydrates at once (nothing is painted there anyway).
if (document.visibilityState === "hidden") hydrate();
else requestAnimationFrame(() => setTimeout(hydrate, 0));
