// "Save search" on the search page (decision 038): for a stock hunter and for a visitor, not for
// the other roles (their accounts have no saved searches). The button (beside "Edit search" in
// the results' heading) opens a small dialog (SaveSearchPopup.tsx, a chunk of its own loaded the
// first time it opens: the JavaScript budget, scripts/js-budget.ts) that names the search and
// saves it; a visitor gives an address and the privacy consent too, and is asked to confirm it
// from the e-mail. Once saved, SaveSearchNotice under the heading links to the saved searches (a
// hunter) or says where to look (a visitor).
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { useCurrentUser, useLocale } from "../../lib/root-data.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import type { QuoteSearchRecap } from "../quote/QuoteRequestDialog.tsx";

const SaveSearchPopup = lazy(() => import("./SaveSearchPopup.tsx").then((module) => ({ default: module.SaveSearchPopup })));

/** The search to save, as the page holds it (the centre and radius the server searched). */
export type SearchToSave = QuoteSearchRecap & { lat: number; lng: number; radius: number };

/** What the server answered a save: a hunter's search is kept at once, a visitor's waits for its address. */
export type SavedNotice = { confirmed: boolean };

export type SaveSearchPopupProps = {
  isOpen: boolean;
  onClose: () => void;
  search: SearchToSave;
  /** Called once the server kept the search. */
  onSaved: (result: SavedNotice) => void;
};

/** Whether the current user may save a search: a visitor or a stock hunter. */
export function useCanSaveSearch(): boolean {
  const user = useCurrentUser();
  return !user || user.role === "stock_hunter";
}

export function SaveSearchButton({ search, onSaved }: { search: SearchToSave; onSaved: (result: SavedNotice) => void }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={buttonClass("secondary", "sm", "shrink-0 sm:min-h-9")}
        data-testid="save-search-open"
        aria-haspopup="dialog"
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4 text-brand-700" fill="currentColor" aria-hidden="true">
          <path d="M10 2a5 5 0 0 0-5 5v2.6c0 .7-.2 1.3-.6 1.9L3.2 13.3A1 1 0 0 0 4 15h12a1 1 0 0 0 .8-1.7l-1.2-1.8a3.4 3.4 0 0 1-.6-1.9V7a5 5 0 0 0-5-5zm-2 14a2 2 0 0 0 4 0H8z" />
        </svg>
        <span className="sm:hidden">{m.ss_button_short()}</span>
        <span className="hidden sm:inline">{m.ss_button()}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SaveSearchPopup isOpen={open} onClose={() => setOpen(false)} search={search} onSaved={onSaved} />
        </Suspense>
      )}
    </>
  );
}

export function SaveSearchNotice({ notice }: { notice: SavedNotice }) {
  const locale = useLocale();
  return (
    <div className="mb-3 sm:mb-4">
      <FormMessage tone="success">
        <span data-testid="save-search-notice">
          {notice.confirmed ? (
            <>
              {m.ss_notice_saved()}{" "}
              <Link to={areaPaths(areaBase("stock_hunter", locale)).savedSearches} className={linkClass}>
                {m.ss_done_link()}
              </Link>
            </>
          ) : (
            m.ss_notice_check()
          )}
        </span>
      </FormMessage>
    </div>
  );
}
