// The rows of a warehouse's free space, one card per space: unit (m² or pallet positions),
// quantity, from and until (day.month.year, until optional: open-ended), minimum term in months,
// an indicative price in euros per unit per month ("5,20", VAT excluded) and whether the price is
// public. Used by the warehouse form's section (SpacesSection, through FormSpaces) and by the
// warehouse page's availability panel (warehouse-manage/AvailabilityPanel), which give the inputs
// their names. Both load this module on demand (React.lazy): it is outside their pages' first
// load, so it imports no module of theirs but the shared fields (a shared module would be split
// into a chunk of its own, one more file on the pages' first load).
import { useEffect, useId, useRef } from "react";
import { m } from "../../paraglide/messages.js";
import { formatDate } from "../../lib/format.ts";
import {
  EMPTY_SPACE_ROW,
  MAX_MIN_TERM_MONTHS,
  MAX_SPACES,
  settledByEdit,
  spacePhase,
  withoutRowErrors,
  type SpaceFormRow,
  type SpaceUnit,
} from "../../lib/spaces.ts";
import { CheckboxInput, NumberInput } from "../ui/fields.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { buttonClass, inputClass, labelClass } from "../ui/styles.ts";

/** A row's field as the payload names it (the price is price_month, typed in euros). */
export type SpaceField = "m2_type" | "quantity" | "available_from" | "available_until" | "min_term_months" | "price_month" | "price_public";

/** The sentence under a space's field for the server's or the schema's code, in the page's language. */
export function spaceErrorText(field: SpaceField | "spaces", code: string | undefined | null): string | null {
  if (!code) return null;
  if (field === "spaces") return code === "too_big" ? m.sp_max({ max: MAX_SPACES }) : m.sp_error_invalid();
  if (code === "required") return m.sp_error_required();
  switch (field) {
    case "quantity":
      if (code === "over_surface") return m.sp_error_over_surface();
      return code === "too_big" ? m.sp_error_too_big() : m.sp_error_quantity();
    case "available_from":
      return m.sp_error_date();
    case "available_until":
      return code === "before_start_date" ? m.sp_error_until() : m.sp_error_date();
    case "min_term_months":
      return m.sp_error_min_term({ max: MAX_MIN_TERM_MONTHS });
    case "price_month":
      return code === "too_big" ? m.sp_error_too_big() : m.sp_error_price();
    default:
      return m.sp_error_invalid();
  }
}

function PhaseBadge({ row, today }: { row: SpaceFormRow; today: string }) {
  if (!row.available_from) return null;
  const phase = spacePhase({ available_from: row.available_from, available_until: row.available_until || null }, today);
  const tone =
    phase === "ended"
      ? "bg-slate-100 text-slate-600 ring-slate-300"
      : phase === "current"
        ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
        : "bg-sky-50 text-sky-800 ring-sky-200";
  const text =
    phase === "ended" ? m.sp_phase_ended() : phase === "current" ? m.sp_phase_current() : m.sp_phase_upcoming({ date: formatDate(row.available_from) });
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}>{text}</span>;
}

function UnitSelect({ name, value, onChange }: { name: string; value: SpaceUnit; onChange: (unit: SpaceUnit) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className={labelClass}>
        {m.sp_unit()}
      </label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value === "pallet" ? "pallet" : "m2")} className={inputClass}>
        <option value="m2">{m.sp_unit_m2()}</option>
        <option value="pallet">{m.sp_unit_pallet()}</option>
      </select>
    </div>
  );
}

export function SpacesFields({
  rows,
  onEdit,
  onAdd,
  onRemove,
  errorOf,
  nameOf,
  today,
  testId = "spaces",
}: {
  rows: SpaceFormRow[];
  onEdit: (index: number, patch: Partial<SpaceFormRow>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The code of a row's field ("spaces.0.quantity") or of the list ("spaces"). */
  errorOf: (field: string) => string | undefined;
  /** An input's name: `spaces.0.quantity` in the JSON form, `spaces[0][quantity]` in a posted one. */
  nameOf: (index: number, field: SpaceField) => string;
  /** Italy's today, ISO: which rows have ended, are current or upcoming. */
  today: string;
  testId?: string;
}) {
  const full = rows.length >= MAX_SPACES;
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // After adding, the new row's quantity takes the focus; after removing, the add button does.
  const focusAfter = useRef<"added" | "removed" | null>(null);
  useEffect(() => {
    const what = focusAfter.current;
    focusAfter.current = null;
    if (what === "added") listRef.current?.querySelector<HTMLInputElement>(`[data-space-row="${rows.length - 1}"] [data-testid="space-quantity"]`)?.focus();
    else if (what === "removed") addRef.current?.focus();
  }, [rows.length]);
  const error = (i: number, field: SpaceField) => spaceErrorText(field, errorOf(`spaces.${i}.${field}`));

  return (
    <div data-testid={testId}>
      {rows.length === 0 && <p className="text-sm text-slate-600">{m.sp_none()}</p>}
      <ol ref={listRef} className="space-y-3">
        {rows.map((row, i) => {
          const pallet = row.m2_type === "pallet";
          return (
            // Rows have no id of their own; the index is their identity while the form lives.
            <li
              key={i}
              className="rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4"
              aria-label={m.sp_row({ number: i + 1 })}
              data-space-row={i}
              data-testid="space-row"
            >
              <div className="mb-2 flex items-center justify-between gap-3">
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-700">
                  {m.sp_row({ number: i + 1 })}
                  <PhaseBadge row={row} today={today} />
                </p>
                <button
                  type="button"
                  aria-label={m.sp_remove({ number: i + 1 })}
                  onClick={() => ((focusAfter.current = "removed"), onRemove(i))}
                  className={buttonClass("ghost", "sm", "-mr-2 min-w-11 text-slate-600")}
                >
                  <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M5 5l10 10M15 5L5 15" />
                  </svg>
                  <span className="hidden sm:inline" aria-hidden="true">
                    {m.wf_remove()}
                  </span>
                </button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                <UnitSelect name={nameOf(i, "m2_type")} value={row.m2_type} onChange={(unit) => onEdit(i, { m2_type: unit })} />
                <NumberInput
                  testId="space-quantity"
                  name={nameOf(i, "quantity")}
                  label={m.sp_quantity()}
                  unit={pallet ? m.sp_unit_pallet_short() : "m²"}
                  value={row.quantity}
                  onChange={(v) => onEdit(i, { quantity: v })}
                  integer
                  isRequired
                  error={error(i, "quantity")}
                />
                <NumberInput
                  name={nameOf(i, "min_term_months")}
                  label={m.sp_min_term()}
                  unit={m.sp_months_unit()}
                  value={row.min_term_months}
                  onChange={(v) => onEdit(i, { min_term_months: v })}
                  integer
                  placeholder="0"
                  error={error(i, "min_term_months")}
                />
                <DateInput
                  name={nameOf(i, "available_from")}
                  label={m.sp_from()}
                  value={row.available_from}
                  onChange={(v) => onEdit(i, { available_from: v })}
                  isRequired
                  error={error(i, "available_from")}
                />
                <DateInput
                  name={nameOf(i, "available_until")}
                  label={m.sp_until()}
                  value={row.available_until}
                  onChange={(v) => onEdit(i, { available_until: v })}
                  min={row.available_from || undefined}
                  error={error(i, "available_until")}
                />
                <NumberInput
                  name={nameOf(i, "price_month")}
                  label={m.sp_price()}
                  unit={pallet ? m.sp_price_unit_pallet() : m.sp_price_unit_m2()}
                  value={row.price}
                  onChange={(v) => onEdit(i, { price: v })}
                  minDecimals={2}
                  description={pallet ? m.sp_price_hint_pallet() : m.sp_price_hint_m2()}
                  error={error(i, "price_month")}
                />
              </div>
              <div className="mt-3">
                <CheckboxInput name={nameOf(i, "price_public")} isSelected={row.price_public} onChange={(on) => onEdit(i, { price_public: on })}>
                  {m.sp_price_public()}
                </CheckboxInput>
                <p className="mt-1 pl-8 text-xs text-slate-600">{m.sp_price_private()}</p>
              </div>
            </li>
          );
        })}
      </ol>
      {rows.length > 0 && <p className="mt-2 text-xs text-slate-600">{m.sp_until_hint()}</p>}
      {errorOf("spaces") && (
        <p id={`${testId}-error`} className="mt-2 text-sm text-red-700">
          {spaceErrorText("spaces", errorOf("spaces"))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          ref={addRef}
          onClick={() => ((focusAfter.current = "added"), onAdd())}
          disabled={full}
          className={buttonClass("secondary", "sm")}
          data-testid={`${testId}-add`}
        >
          <span aria-hidden="true">+</span>
          {m.sp_add()}
        </button>
        {full && <p className="text-sm text-slate-600">{m.sp_max({ max: MAX_SPACES })}</p>}
      </div>
    </div>
  );
}

type Errors = Record<string, string>;

/** The rows as the warehouse form edits them: its values and errors, changed through its setters. */
export function FormSpaces({
  rows,
  errors,
  today,
  onRows,
  onErrors,
}: {
  rows: SpaceFormRow[];
  errors: Errors;
  today: string;
  onRows: (update: (rows: SpaceFormRow[]) => SpaceFormRow[]) => void;
  onErrors: (update: (errors: Errors) => Errors) => void;
}) {
  const drop = (fields: string[]) => (e: Errors) =>
    fields.some((f) => f in e) ? Object.fromEntries(Object.entries(e).filter(([f]) => !fields.includes(f))) : e;
  return (
    <SpacesFields
      rows={rows}
      today={today}
      testId="wf-spaces"
      errorOf={(field) => errors[field]}
      nameOf={(i, field) => `spaces.${i}.${field}`}
      onEdit={(index, patch) => {
        onRows((list) => list.map((row, i) => (i === index ? { ...row, ...patch } : row)));
        onErrors(drop(settledByEdit(index, patch)));
      }}
      onAdd={() => onRows((list) => [...list, { ...EMPTY_SPACE_ROW, available_from: today }])}
      onRemove={(index) => {
        onRows((list) => list.filter((_, i) => i !== index));
        onErrors((e) => drop(["spaces"])(withoutRowErrors(e, "spaces", index)));
      }}
    />
  );
}
