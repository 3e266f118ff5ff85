// The consents of both registration forms: the role's conditions with the general ones and
// the privacy policy (required), then the two optional ones (data_f news and offers, data_g
// sharing with partners). The legal pages open in a new tab.
import { m } from "../../../paraglide/messages.js";
import { paths } from "../../../lib/paths.ts";
import type { Locale } from "../../../lib/locale.ts";
import { CheckboxInput, LabelLink } from "../../ui/fields.tsx";
import { linkClass } from "../../ui/styles.ts";

export type Consents = { conditions: boolean; privacy: boolean; data_f: boolean; data_g: boolean };

export function ConsentFields({
  locale,
  role,
  values,
  onChange,
  errors,
}: {
  locale: Locale;
  role: "stock_hunter" | "stocker";
  values: Consents;
  onChange: (field: keyof Consents, value: boolean) => void;
  errors: { conditions?: string | null; privacy?: string | null };
}) {
  return (
    <fieldset className="space-y-3 rounded-xl bg-slate-50 p-4">
      <legend className="sr-only">{m.register_section_consents()}</legend>
      <CheckboxInput name="conditions" isSelected={values.conditions} onChange={(v) => onChange("conditions", v)} isRequired error={errors.conditions}>
        {m.register_conditions_before()}
        <LabelLink href={paths.legal(locale, role === "stocker" ? "stocker-conditions" : "stock-hunter-conditions")} className={linkClass}>
          {role === "stocker" ? m.register_conditions_stocker_link() : m.register_conditions_hunter_link()}
        </LabelLink>
        {m.register_conditions_and()}
        <LabelLink href={paths.legal(locale, "general-conditions")} className={linkClass}>
          {m.register_conditions_general_link()}
        </LabelLink>
        {m.register_conditions_after()}
      </CheckboxInput>
      <CheckboxInput name="privacy" isSelected={values.privacy} onChange={(v) => onChange("privacy", v)} isRequired error={errors.privacy}>
        {m.register_privacy_before()}
        <LabelLink href={paths.legal(locale, "privacy-policy")} className={linkClass}>
          {m.register_privacy_link()}
        </LabelLink>
        {m.register_privacy_after()}
      </CheckboxInput>
      <CheckboxInput name="data_f" isSelected={values.data_f} onChange={(v) => onChange("data_f", v)}>
        {m.register_data_f()}
      </CheckboxInput>
      <CheckboxInput name="data_g" isSelected={values.data_g} onChange={(v) => onChange("data_g", v)}>
        {m.register_data_g()}
      </CheckboxInput>
    </fieldset>
  );
}

/** A titled group of fields inside a form. */
export function FormSection({ title, optional, children }: { title: string; optional?: boolean; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {title}
        {optional && <span className="ml-1.5 font-normal tracking-normal normal-case">({m.register_optional()})</span>}
      </legend>
      {children}
    </fieldset>
  );
}
