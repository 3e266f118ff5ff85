// Section 4: surfaces, height and bays, then the costs, which are never shown publicly.
// Numbers are typed and shown in Italian notation ("1.500,50"; "1500.5" is read too); the
// payload normalises them. Costs are euros: two decimals once a field is left.
import type { NumericField } from "../../lib/warehouse-form.ts";
import { AREA_FIELDS, COST_FIELDS } from "../../lib/warehouse-form.ts";
import { NumberInput } from "../ui/fields.tsx";
import { m } from "../../paraglide/messages.js";
import { LockIcon } from "../ui/icons.tsx";
import { FormSection } from "./FormParts.tsx";

const LABELS: Record<NumericField, () => string> = {
  total_m2: () => m.wf_field_total_m2(),
  m2: () => m.wf_field_m2(),
  m2_external: () => m.wf_field_m2_external(),
  m2_office: () => m.wf_field_m2_office(),
  height: () => m.wf_field_height(),
  bays_number: () => m.wf_field_bays_number(),
  m2_cost: () => m.wf_field_m2_cost(),
  m2_month: () => m.wf_field_m2_month(),
  m2_pallet: () => m.wf_field_m2_pallet(),
  handling_cost: () => m.wf_field_handling_cost(),
};

export function DetailsSection({
  data,
  required,
  onChange,
  errorOf,
}: {
  data: Record<NumericField, string>;
  required: readonly string[];
  onChange: (field: NumericField, value: string) => void;
  errorOf: (field: string) => string | null;
}) {
  const field = (name: NumericField) => (
    <NumberInput
      key={name}
      name={name}
      label={LABELS[name]()}
      value={data[name]}
      onChange={(v) => onChange(name, v)}
      integer={name === "bays_number"}
      minDecimals={(COST_FIELDS as readonly string[]).includes(name) ? 2 : 0}
      isRequired={required.includes(name)}
      error={errorOf(name)}
    />
  );
  return (
    <FormSection id="wf-details" title={m.wf_section_details()} description={m.wf_details_hint()} testId="wf-section-details">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{AREA_FIELDS.map(field)}</div>
      <div role="group" aria-labelledby="wf-costs-title" className="mt-6 rounded-xl border border-slate-200 bg-slate-50/70 p-4" data-testid="wf-costs">
        <h3 id="wf-costs-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <LockIcon className="h-5 w-5 text-slate-600" />
          {m.wf_costs_title()}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{m.wf_costs_private()}</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">{COST_FIELDS.map(field)}</div>
      </div>
    </FormSection>
  );
}
