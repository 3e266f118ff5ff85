// The location box with place autocomplete: suggestions from GET /api/places once the text is
// longer than 3 characters and the typing has paused for 750 ms (spec §5). Any text may be
// searched; a chosen suggestion fills the box with its description.
import { useEffect, useRef, useState } from "react";
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { m } from "../../paraglide/messages.js";
import { getJson } from "../../lib/api-client.ts";
import { inputClass, labelClass } from "../ui/styles.ts";
import { PinIcon } from "../ui/icons.tsx";

export const AUTOCOMPLETE_MIN_CHARS = 3;
export const AUTOCOMPLETE_DELAY_MS = 750;

type Prediction = { id: string; description: string };

type Props = {
  value: string;
  onChange: (text: string) => void;
  /** A code from the server or the form's own check ("required", "not_found"…). */
  error: string | null;
};

export function LocationField({ value, onChange, error }: Props) {
  const [items, setItems] = useState<Prediction[]>([]);
  const chosen = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Text typed before the page was interactive is in the box but not yet in the state.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
    }, AUTOCOMPLETE_DELAY_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [value]);

  const message =
    error === "required" ? m.search_error_location_required() : error === "not_found" ? m.search_error_no_results() : error ? m.search_error_location_invalid() : null;

  return (
    <ComboBox
      className="group flex flex-col"
      allowsCustomValue
      // Suggestions arrive after the menu opened on typing: let it open empty (hidden below).
      allowsEmptyCollection
      menuTrigger="input"
      name="location"
      formValue="text"
      inputValue={value}
      onInputChange={(text) => {
        chosen.current = null;
        onChange(text);
      }}
      onSelectionChange={(key) => {
        const item = items.find((i) => i.id === key);
        if (!item) return;
        chosen.current = item.description;
        onChange(item.description);
        setItems([]);
      }}
      items={items}
      isInvalid={!!message}
      aria-describedby={undefined}
    >
      <Label className={labelClass}>{m.search_location_label()}</Label>
      <div className="relative">
        <PinIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-brand-600" />
        <Input ref={input} className={`${inputClass} pl-10`} placeholder={m.search_location_placeholder()} data-testid="search-location" maxLength={200} />
      </div>
      <Text slot="description" className="mt-1 text-xs text-slate-500">
        {m.search_location_hint()}
      </Text>
      {message && (
        <FieldError className="mt-1 text-sm font-medium text-red-700" data-testid="search-location-error">
          {message}
        </FieldError>
      )}
      <Popover className={`w-(--trigger-width) overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg ${items.length ? "" : "hidden"}`} offset={4}>
        <ListBox className="max-h-72 p-1 outline-none" data-testid="search-location-suggestions">
          {(item: Prediction) => (
            <ListBoxItem
              id={item.id}
              textValue={item.description}
              className="cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-900"
            >
              {item.description}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
