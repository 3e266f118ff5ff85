// The modal popup of the areas, the back office and the public pages. React Aria's frame
// (focus trap, Esc and outside click to close, focus back to the opener, the page behind hidden
// from screen readers: PopupFrame.tsx) loads the first time a popup opens, not with the page: most
// visits open none, and it would keep React Aria in every page's first JavaScript (the budget,
// scripts/js-budget.ts). Once loaded it opens at once. A closed popup renders nothing, as
// React Aria's frame did; an open one renders nothing on the server either (React Aria draws
// its modals into document.body, in the browser only), so server pages are unchanged.
import { lazy, Suspense } from "react";
import type { PopupDialogProps } from "./PopupFrame.tsx";
import { CloseIcon } from "./icons.tsx";

const PopupFrame = lazy(() => import("./PopupFrame.tsx").then((module) => ({ default: module.PopupFrame })));

// The icon lives with the others, so the site header and the forms can draw it without React Aria.
export { CloseIcon };

export function PopupDialog(props: PopupDialogProps) {
  if (!props.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <PopupFrame {...props} />
    </Suspense>
  );
}
