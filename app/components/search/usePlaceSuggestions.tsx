// Place autocomplete for a location box: suggestions from GET /api/places once the text is
// longer than 3 characters and the typing has paused for 750 ms. Any text may be
// searched; a chosen suggestion fills the box with its description. One piece for every
// location box (the search's filter panel, the home page's hero, the back office's search),
// each of which draws its own box and places the list under it.
//
// A combobox as the WAI-ARIA pattern draws it (role=combobox on the box, the suggestions a
// listbox, the highlighted one named by aria-activedescendant, so focus stays in the box),
// written out rather than React Aria's ComboBox: that one hides the whole rest of the page
// from assistive technology while its list is open (aria-hidden around focusable content).
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { getJson } from "../../lib/api-client.ts";

export const AUTOCOMPLETE_MIN_CHARS = 3;
export const AUTOCOMPLETE_DELAY_MS = 750;

type Prediction = { id: string; description: string };

/**
 * The box's combobox attributes and handlers (spread them on the <input>, with its own id,
 * name, class and value) and the suggestions' list (render it in the box's positioned wrapper).
 */
export function usePlaceSuggestions({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  const [items, setItems] = useState<Prediction[]>([]);
  // The list shows while the box has focus and there are suggestions, until Esc or a choice.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the box starts with (the searched place) counts as chosen: no suggestions are
  // fetched for it until the visitor changes it (they cost a request and a render at hydration).
  const chosen = useRef<string | null>(value);
  const input = useRef<HTMLInputElement>(null);

  // Text typed before the page was interactive is in the box but not yet in the state.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) {
      chosen.current = null;
      onChange(typed);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  useEffect(() => {
    const text = value.trim();
    // Nothing to fetch for a short text, or right after a suggestion was chosen.
    if (text.length <= AUTOCOMPLETE_MIN_CHARS || chosen.current === value) {
      if (text.length <= AUTOCOMPLETE_MIN_CHARS) setItems([]);
      return;
    }
    let stale = false;
    const timer = window.setTimeout(async () => {
      const res = await getJson<{ status: string; predictions?: { description: string; place_id: string }[] }>("/api/places", { location: text });
      if (stale) return;
      if (!res.ok) {
        console.warn("place suggestions failed", res.status);
        return;
      }
      setItems((res.data.predictions ?? []).map((p) => ({ id: p.place_id || p.description, description: p.description })));
      setActive(-1);
    }, AUTOCOMPLETE_DELAY_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [value]);

  const expanded = open && items.length > 0;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${listId}-${index}`;

  function choose(item: Prediction) {
    chosen.current = item.description;
    onChange(item.description);
    setItems([]);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (expanded ? (current + step + items.length) % items.length : step > 0 ? 0 : items.length - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      // Enter on a highlighted suggestion chooses it; otherwise the form is sent as typed.
      event.preventDefault();
      choose(items[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  const inputProps = {
    ref: input,
    role: "combobox",
    autoComplete: "off",
    "aria-autocomplete": "list",
    "aria-expanded": expanded,
    "aria-controls": listId,
    "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      chosen.current = null;
      onChange(event.target.value);
      setOpen(true);
      setActive(-1);
    },
    onFocus: () => setOpen(true),
    onBlur: () => {
      setOpen(false);
      setActive(-1);
    },
    onKeyDown,
  } as const;

  const listbox: ReactNode = (
    <ul
      id={listId}
      role="listbox"
      aria-label={m.search_location_label()}
      hidden={!expanded}
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white p-1 text-left shadow-lg"
      data-testid="search-location-suggestions"
    >
      {expanded &&
        items.map((item, index) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox's: the box keeps the focus and names the active option
          <li
            key={item.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // The box keeps focus (and the list stays open) while a suggestion is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
            onMouseMove={() => setActive(index)}
            className={`flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 text-sm text-slate-800 sm:min-h-0 ${index === active ? "bg-brand-50 text-brand-900" : ""}`}
          >
            {item.description}
          </li>
        ))}
    </ul>
  );

  return { inputProps, listbox };
}
