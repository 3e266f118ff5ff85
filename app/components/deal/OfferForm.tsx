// The handler's offer form on a request link: unit, quantity, price per unit per month, handling
// in and out (pallet offers only), a one-off fee, the period, a minimum term, what is included,
// notes, the last day it can be accepted, and optionally the link's new state. A plain form
// posting to the page's action (intent "offer"), which parses it with the JSON call's schema
// (amounts typed in euros, "4,50", turned into cents there: offerPageForm); it works before the
// page's script runs. A failed save shows each field's error in the user's language and keeps
// what was typed (the action's `values`). No totals here: the server computes them, and the
// history shows them once the offer is saved.
import { useState } from "react";
import { Form } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatNumberInput } from "../../lib/format.ts";
import { euroTextFromCents } from "../../lib/spaces.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import type { RequestState } from "../../lib/warehouse-pages.ts";
import { DateInput } from "../ui/DateInput.tsx";
import { FormMessage, NumberInput, TextInput } from "../ui/fields.tsx";
import { FormActions } from "../ui/FormActions.tsx";
import { inputClass, labelClass } from "../ui/styles.ts";
import { stateLabel } from "../area/RequestState.tsx";
import type { OfferPrefill } from "../../lib/offers.ts";

/** The form's starting values, amounts in cents: the server's prefill. */
export type OfferFormValues = OfferPrefill;

/** A failed save as the page's action answers it: the field codes and what was typed, by field name. */
export type OfferFormFailure = { errors: Record<string, string>; values?: Record<string, string>; message: string };

type Field = keyof OfferFormValues;

/** A field's error code → its sentence. */
export function offerFieldError(code: string | undefined): string | null {
  if (!code) return null;
  switch (code) {
    case "required":
      return m.offer_error_required();
    case "pallet_only":
      return m.offer_error_pallet_only();
    case "before_start_date":
      return m.offer_error_end_before_start();
    case "past":
      return m.offer_error_valid_until_past();
    case "too_big":
      return m.offer_error_too_big();
    case "too_long":
      return m.offer_error_too_long();
    default:
      return m.offer_error_invalid();
  }
}

/** The values in the form's text: cents as euros ("4,50"), numbers in Italian notation. */
function startText(v: OfferFormValues): Record<Field, string> {
  const n = (x: number | null) => (x === null ? "" : formatNumberInput(x));
  return {
    m2_type: v.m2_type,
    quantity: n(v.quantity),
    price_month: euroTextFromCents(v.price_month),
    handling_in: euroTextFromCents(v.handling_in),
    handling_out: euroTextFromCents(v.handling_out),
    one_off_fee: euroTextFromCents(v.one_off_fee),
    start_date: v.start_date,
    end_date: v.end_date,
    min_term_months: v.min_term_months === null ? "" : String(v.min_term_months),
    included: v.included,
    notes: v.notes,
    valid_until: v.valid_until,
  };
}

type Props = {
  /** The starting values: the current offer's, or the prefill from the warehouse and the request. */
  initial: OfferFormValues;
  /** A revision (there is a current offer) or a first offer: the title and the button say which. */
  revising: boolean;
  /** The link's state now: a refused link is reopened by the offer (the state field starts at pending). */
  linkState: RequestState;
  csrfToken: string;
  pending: boolean;
  failure: OfferFormFailure | null;
};

export function OfferForm(props: Props) {
  // A new failure (or a saved offer's new starting values) gives the fields their new values.
  const key = props.failure ? JSON.stringify(props.failure.values ?? {}) : JSON.stringify(props.initial);
  return <OfferFormFields key={key} {...props} />;
}

function OfferFormFields({ initial, revising, linkState, csrfToken, pending, failure }: Props) {
  const typed = failure?.values ?? {};
  const start = startText(initial);
  const value = (field: Field) => typed[field] ?? start[field];
  const err = (field: Field) => offerFieldError(failure?.errors[field]);

  const [unit, setUnit] = useState<string>(value("m2_type"));
  const [startDate, setStartDate] = useState(value("start_date"));
  const [endDate, setEndDate] = useState(value("end_date"));
  const [validUntil, setValidUntil] = useState(value("valid_until"));
  const pallet = unit === "pallet";
  const name = (field: Field) => `offer_data[${field}]`;
  const stateStart = typed.state ?? (linkState === "refused" ? "pending" : "");

  return (
    <Form method="post" className="space-y-5" data-testid="offer-form" noValidate>
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value="offer" />
      {failure && <FormMessage tone="error">{failure.message}</FormMessage>}
      <p className="text-sm text-slate-600">{revising ? m.offer_form_revise_intro() : m.offer_form_intro()}</p>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col">
          <label htmlFor="offer-unit" className={labelClass}>
            {m.offer_field_unit()}
          </label>
          <select id="offer-unit" name={name("m2_type")} value={unit} onChange={(e) => setUnit(e.target.value)} className={inputClass}>
            <option value="m2">{m.offer_unit_m2()}</option>
            <option value="pallet">{m.offer_unit_pallet()}</option>
          </select>
        </div>
        <NumberInput name={name("quantity")} label={m.offer_field_quantity()} defaultValue={value("quantity")} integer isRequired error={err("quantity")} />
        <NumberInput
          name={name("price_month")}
          label={pallet ? m.offer_field_price_month_pallet() : m.offer_field_price_month_m2()}
          defaultValue={value("price_month")}
          minDecimals={2}
          unit="€"
          isRequired
          error={err("price_month")}
          description={m.offer_vat_excluded()}
        />
        <NumberInput
          name={name("one_off_fee")}
          label={m.offer_field_one_off_fee()}
          defaultValue={value("one_off_fee")}
          minDecimals={2}
          unit="€"
          error={err("one_off_fee")}
        />
        {pallet && (
          <>
            <NumberInput
              name={name("handling_in")}
              label={m.offer_field_handling_in()}
              defaultValue={value("handling_in")}
              minDecimals={2}
              unit="€"
              error={err("handling_in")}
              description={m.offer_handling_hint()}
            />
            <NumberInput
              name={name("handling_out")}
              label={m.offer_field_handling_out()}
              defaultValue={value("handling_out")}
              minDecimals={2}
              unit="€"
              error={err("handling_out")}
              description={m.offer_handling_hint()}
            />
          </>
        )}
        {/* Handling sent on an m² offer (a form posted before its script ran): the field's error still shows. */}
        {!pallet && (failure?.errors.handling_in || failure?.errors.handling_out) && (
          <p className="text-sm text-red-700 sm:col-span-2">{m.offer_error_pallet_only()}</p>
        )}
        <DateInput
          name={name("start_date")}
          label={m.offer_field_start_date()}
          value={startDate}
          onChange={setStartDate}
          error={err("start_date")}
          isRequired
        />
        <DateInput
          name={name("end_date")}
          label={m.offer_field_end_date()}
          value={endDate}
          onChange={setEndDate}
          min={startDate || undefined}
          error={err("end_date")}
          isRequired
        />
        <NumberInput
          name={name("min_term_months")}
          label={m.offer_field_min_term_months()}
          defaultValue={value("min_term_months")}
          integer
          error={err("min_term_months")}
        />
        <DateInput
          name={name("valid_until")}
          label={m.offer_field_valid_until()}
          value={validUntil}
          onChange={setValidUntil}
          error={err("valid_until")}
          isRequired
        />
      </div>
      <TextInput name={name("included")} label={m.offer_field_included()} defaultValue={value("included")} multiline rows={3} error={err("included")} />
      <TextInput name={name("notes")} label={m.offer_field_notes()} defaultValue={value("notes")} multiline rows={3} error={err("notes")} />
      <div className="flex flex-col sm:w-80">
        <label htmlFor="offer-state" className={labelClass}>
          {m.offer_field_state()}
        </label>
        <select id="offer-state" name="state" defaultValue={stateStart} className={inputClass} aria-describedby="offer-state-hint">
          {linkState !== "refused" && <option value="">{m.offer_state_unchanged({ state: stateLabel(linkState) })}</option>}
          <option value="pending">{stateLabel("pending")}</option>
          <option value="confirmed">{stateLabel("confirmed")}</option>
        </select>
        <span id="offer-state-hint" className="mt-1 text-xs text-slate-500">
          {linkState === "refused" ? m.offer_state_reopen_hint() : m.offer_state_hint()}
        </span>
      </div>
      <FormActions submitLabel={revising ? m.offer_submit_revision() : m.offer_submit()} pending={pending} />
    </Form>
  );
}
