// On a phone the list and the map take turns. Where the list was read to when the map took its
// place: the map opens at the page's top (a visitor far down the list would otherwise land in
// the footer, the map above the window), and "Show list" brings them back to the card they were
// at. At once, not smoothly (the page scrolls smoothly otherwise): the content itself changes at once.
import { useRef, useState } from "react";
import { flushSync } from "react-dom";

export function useListOrMap() {
  const [view, setView] = useState<"list" | "map">("list");
  const listScrollY = useRef(0);
  function toggleView() {
    if (view === "list") {
      listScrollY.current = window.scrollY;
      flushSync(() => setView("map"));
      window.scrollTo({ top: 0, behavior: "instant" });
    } else {
      flushSync(() => setView("list"));
      window.scrollTo({ top: listScrollY.current, behavior: "instant" });
    }
  }
  return { view, toggleView };
}
