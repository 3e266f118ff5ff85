// The search filters: location (autocomplete, use-my-position), radius, dates that cap each
// other, area or pallets with a value, and the seven specification groups. A GET form to the
// page itself: without JavaScript the browser submits it; with it, the values go into the
// address (only those that are set), so a search can be shared, reloaded and gone back to.
// Radius and space show and take Italian notation ("1.234,5"); the address and the search get
// plain decimals (addressValues), and the server reads both, for the form sent without script.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { RadioGroupInput, RadioGroupLabel, RadioOption } from "../ui/RadioGroupInput.tsx";
import { m } from "../../paraglide/messages.js";
import { parseNumber, todayInItaly } from "../../lib/format.ts";
import { localityAt } from "../../lib/locality.ts";
import type { Locale } from "../../lib/locale.ts";
import {
  SPEC_GROUPS,
  DEFAULT_RADIUS_KM,
  DEFAULT_SORT,
  MAX_RADIUS_KM,
  addressValues,
  fieldValues,
  type SearchFormValues,
  type SpecGroup,
} from "../../lib/search-form.ts";
import { buttonClass, labelClass } from "../ui/styles.ts";
import { NumberInput } from "../ui/fields.tsx";
import { SearchIcon } from "../ui/icons.tsx";
import { LocationField } from "./LocationField.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { SpecMultiSelect } from "./SpecMultiSelect.tsx";
import { SwapLabel } from "../ui/SwapLabel.tsx";

export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_BADGE_MS = 5_000;

export type SpecGroupOptions = { key: SpecGroup; options: { id: number; label: string }[] }[];

type Errors = Record<string, string | undefined>;

type Props = {
  action: string;
  initial: SearchFormValues;
  groups: SpecGroupOptions;
  /** Codes from the server (invalid address) or "not_found" for a place that could not be geocoded. */
  serverErrors: Errors | null;
  onSearch: (values: SearchFormValues) => void;
  /** Reported 100 ms after a specification group changes (the recap of the quote uses it). */
  onSpecsChange?: (values: SearchFormValues) => void;
  /** A search from this form is on its way: the button says so (a new press starts over). */
  searching?: boolean;
};

/** A specification group's name, as the catalogue names it (specification_categories: a test holds the two together). */
export function groupLabel(group: SpecGroup, locale?: Locale): string {
  const options = locale ? { locale } : undefined;
  switch (group) {
    case "service":
      return m.search_group_service({}, options);
    case "material":
      return m.search_group_material({}, options);
    case "security":
      return m.search_group_security({}, options);
    case "equipment":
      return m.search_group_equipment({}, options);
    case "it":
      return m.search_group_it({}, options);
    case "lu":
      return m.search_group_lu({}, options);
    case "certification":
      return m.search_group_certification({}, options);
  }
}

type Coords = { latitude: number; longitude: number };

export function FilterPanel({ action, initial, groups, serverErrors, onSearch, onSpecsChange, searching = false }: Props) {
  const [values, setValues] = useState<SearchFormValues>(() => fieldValues(initial));
  const [errors, setErrors] = useState<Errors>(serverErrors ?? {});
  const [locating, setLocating] = useState(false);
  const [badge, setBadge] = useState(false);
  const badgeTimer = useRef<number | undefined>(undefined);

  // A new address (search, back button) resets the form to what it holds.
  useEffect(() => setValues(fieldValues(initial)), [initial]);
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors]);
  useEffect(() => () => window.clearTimeout(badgeTimer.current), []);

  // Fields filled before the page was interactive hold text the state has not seen yet (the
  // date fields read their own and report it as ISO days).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<SearchFormValues> = {};
    for (const key of ["radius", "m2_value"] as const) {
      const el = form.elements.namedItem(key);
      if (el instanceof HTMLInputElement && el.value !== values[key]) typed[key] = el.value;
    }
    if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  const set = <K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as string]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function showFailureBadge() {
    setBadge(true);
    window.clearTimeout(badgeTimer.current);
    badgeTimer.current = window.setTimeout(() => setBadge(false), GEOLOCATION_BADGE_MS);
  }

  function useMyPosition() {
    if (typeof navigator === "undefined" || !("geolocation" in navigator) || !navigator.geolocation) {
      window.alert(m.search_geolocation_unsupported());
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }: { coords: Coords }) => {
        const lat = coords.latitude.toFixed(6);
        const lng = coords.longitude.toFixed(6);
        const locality = await localityAt(lat, lng);
        setLocating(false);
        setValues((v) => ({ ...v, location: locality ?? `${lat}, ${lng}`, lat, lng }));
        setErrors((e) => ({ ...e, location: undefined }));
      },
      (err) => {
        console.warn("geolocation failed", err.code, err.message);
        setLocating(false);
        showFailureBadge();
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A group reports its change 100 ms after the last tick: read its ticked checkboxes now,
    // so a tick just before pressing Search is not lost.
    const current = { ...values };
    for (const group of SPEC_GROUPS) {
      const boxes = [...event.currentTarget.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${group}"]`)];
      if (boxes.length)
        current[group] = boxes
          .filter((box) => box.checked)
          .map((box) => Number(box.value))
          .filter((n) => Number.isInteger(n) && n > 0);
    }
    const found: Errors = {};
    if (!values.location.trim() && !(values.lat && values.lng)) found.location = "required";
    if (values.start_date && values.end_date && values.start_date > values.end_date) {
      found.start_date = "after_end_date";
      found.end_date = "before_start_date";
    }
    const radius = values.radius.trim() === "" ? DEFAULT_RADIUS_KM : parseNumber(values.radius);
    if (!(radius !== null && radius > 0 && radius <= MAX_RADIUS_KM)) found.radius = "invalid";
    const space = parseNumber(values.m2_value);
    if (values.m2_value.trim() !== "" && !(space !== null && space >= 0)) found.m2_value = "invalid";
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      const first = event.currentTarget.querySelector<HTMLElement>(found.location ? "[data-testid=search-location]" : "[aria-invalid=true]");
      first?.focus();
      return;
    }
    onSearch(addressValues(current));
  }

  const dateError = (code: string | undefined) => (code ? (code === "invalid" ? m.search_error_date_invalid() : m.search_error_dates_order()) : null);

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      onSubmit={submit}
      noValidate
      role="search"
      aria-label={m.search_filters_title()}
      className="space-y-6"
      data-testid="search-filters"
    >
      <div className="grid gap-4 md:grid-cols-[1fr_auto] md:items-start">
        <LocationField
          value={values.location}
          onChange={(text) => {
            // Typing a place replaces the position found by use-my-position.
            setValues((v) => ({ ...v, location: text, lat: "", lng: "" }));
            if (errors.location) setErrors((e) => ({ ...e, location: undefined }));
          }}
          error={errors.location ?? null}
        />
        <div className="relative md:pt-7">
          <button
            type="button"
            onClick={useMyPosition}
            disabled={locating}
            className={buttonClass("secondary", "md", "w-full whitespace-nowrap md:w-auto")}
            data-testid="search-my-position"
          >
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <circle cx="12" cy="12" r="3" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
            </svg>
            {locating ? m.search_locating() : m.search_use_my_position()}
          </button>
          {badge && (
            <p
              role="status"
              className="mt-2 rounded-md bg-amber-100 px-2.5 py-1.5 text-xs font-medium text-amber-900 md:absolute md:right-0 md:w-64"
              data-testid="search-geolocation-failed"
            >
              {m.search_geolocation_failed()}
            </p>
          )}
        </div>
      </div>
      {/* The position found by use-my-position travels with the form. */}
      <input type="hidden" name="lat" value={values.lat} />
      <input type="hidden" name="lng" value={values.lng} />
      {values.sort !== DEFAULT_SORT && <input type="hidden" name="sort" value={values.sort} />}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <NumberInput
          name="radius"
          label={m.search_radius_label()}
          unit="km"
          placeholder={String(DEFAULT_RADIUS_KM)}
          value={values.radius}
          onChange={(v) => set("radius", v)}
          error={errors.radius ? m.search_error_radius() : null}
          testId="search-radius"
        />
        <div data-testid="search-start-date">
          <DateInput
            name="start_date"
            label={m.search_start_date_label()}
            value={values.start_date}
            min={todayInItaly()}
            max={values.end_date || undefined}
            onChange={(v) => {
              set("start_date", v);
              setErrors((er) => ({ ...er, start_date: undefined, end_date: undefined }));
            }}
            error={dateError(errors.start_date)}
          />
        </div>
        <div data-testid="search-end-date">
          <DateInput
            name="end_date"
            label={m.search_end_date_label()}
            value={values.end_date}
            min={values.start_date || todayInItaly()}
            onChange={(v) => {
              set("end_date", v);
              setErrors((er) => ({ ...er, start_date: undefined, end_date: undefined }));
            }}
            error={dateError(errors.end_date)}
          />
        </div>
        <div>
          <RadioGroupInput name="m2_type" value={values.m2_type} onChange={(v) => set("m2_type", v === "pallet" ? "pallet" : "m2")} className="flex flex-col">
            <RadioGroupLabel className={labelClass}>{m.search_space_label()}</RadioGroupLabel>
            <div className="flex gap-2">
              <div className="flex shrink-0 rounded-lg border border-slate-300 bg-white shadow-sm sm:p-0.5">
                {(["m2", "pallet"] as const).map((type) => (
                  <RadioOption
                    key={type}
                    value={type}
                    className="flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm text-slate-700 sm:min-h-0 sm:px-2.5 sm:py-1.5 outline-none has-focus-visible:ring-2 has-focus-visible:ring-brand-500 data-[selected]:bg-brand-600 data-[selected]:font-semibold data-[selected]:text-white"
                  >
                    {type === "m2" ? m.search_space_m2() : m.search_space_pallet()}
                  </RadioOption>
                ))}
              </div>
              <NumberInput
                name="m2_value"
                label={values.m2_type === "m2" ? m.search_space_value_m2() : m.search_space_value_pallet()}
                hideLabel
                placeholder={values.m2_type === "m2" ? "m²" : m.search_space_pallet()}
                value={values.m2_value}
                onChange={(v) => set("m2_value", v)}
                error={errors.m2_value ? m.fmt_search_error_space() : null}
                className="min-w-0 flex-1"
                testId="search-m2-value"
              />
            </div>
          </RadioGroupInput>
        </div>
      </div>
      {/* What the dates and the space do: they filter on the spaces owners declare free (decision 033). */}
      <ul className="-mt-2 space-y-0.5 text-xs text-slate-600" data-testid="search-filter-hints">
        <li>
          <span className="font-medium text-slate-700">
            {m.search_start_date_label()} / {m.search_end_date_label().toLowerCase()}:
          </span>{" "}
          {m.search_dates_hint()}
        </li>
        <li>
          <span className="font-medium text-slate-700">
            {m.search_space_label()} ({values.m2_type === "m2" ? m.search_space_m2() : m.search_space_pallet().toLowerCase()}):
          </span>{" "}
          {values.m2_type === "m2" ? m.search_space_hint_m2() : m.search_space_hint_pallet()}
        </li>
      </ul>

      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-slate-900">{m.search_specifications_title()}</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SPEC_GROUPS.map((group) => (
            <SpecMultiSelect
              key={group}
              name={group}
              label={groupLabel(group)}
              options={groups.find((g) => g.key === group)?.options ?? []}
              value={values[group]}
              onChange={(ids) => {
                setValues((v) => {
                  const next = { ...v, [group]: ids };
                  onSpecsChange?.(addressValues(next));
                  return next;
                });
              }}
            />
          ))}
        </div>
      </fieldset>

      {/* On a phone the form is a long column (place, dates, space, seven groups of services):
          the search button stays at the window's bottom edge until the form's end is in sight,
          as a popup form's submit does (the panel's card has p-4 below sm). */}
      <div className="flex justify-end max-sm:sticky max-sm:bottom-0 max-sm:z-20 max-sm:-mx-4 max-sm:-mb-4 max-sm:rounded-b-2xl max-sm:border-t max-sm:border-slate-100 max-sm:bg-white max-sm:px-4 max-sm:py-3">
        <button type="submit" aria-busy={searching || undefined} className={buttonClass("primary", "lg", "w-full sm:w-auto")} data-testid="search-submit">
          {searching ? (
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none" />
          ) : (
            <SearchIcon />
          )}
          <SwapLabel showSecond={searching} first={m.search_submit()} second={m.search_searching()} />
        </button>
      </div>
    </Form>
  );
}
