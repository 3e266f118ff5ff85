// Section 1: name, address, company data and the warehouse's own contact channels.
import type { TextField as TextFieldName } from "../../lib/warehouse-form.ts";
import { TextInput } from "../ui/fields.tsx";
import { m } from "../../paraglide/messages.js";
import { ADDRESS_FIELDS } from "./form-logic.ts";
import { FormSection } from "./FormParts.tsx";

type FieldSpec = {
  label: () => string;
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "url" | "numeric";
  placeholder?: string;
  wide?: boolean;
};

const FIELDS: Record<TextFieldName, FieldSpec> = {
  name: { label: () => m.wf_field_name(), autoComplete: "off", wide: true },
  country: { label: () => m.wf_field_country(), autoComplete: "country-name" },
  address: { label: () => m.wf_field_address(), autoComplete: "street-address" },
  cap: { label: () => m.wf_field_cap(), autoComplete: "postal-code", inputMode: "numeric" },
  city: { label: () => m.wf_field_city(), autoComplete: "address-level2" },
  province: { label: () => m.wf_field_province(), autoComplete: "address-level1" },
  vat: { label: () => m.wf_field_vat(), autoComplete: "off" },
  website: { label: () => m.wf_field_website(), type: "url", inputMode: "url", autoComplete: "url", placeholder: "www.example.com" },
  fb_link: { label: () => m.wf_field_fb_link(), type: "url", inputMode: "url", autoComplete: "off", placeholder: "https://www.facebook.com/…" },
  ln_link: { label: () => m.wf_field_ln_link(), type: "url", inputMode: "url", autoComplete: "off", placeholder: "https://www.linkedin.com/company/…" },
  telephone: { label: () => m.wf_field_telephone(), type: "tel", inputMode: "tel", autoComplete: "tel" },
  email: { label: () => m.wf_field_email(), type: "email", inputMode: "email", autoComplete: "email" },
};

/** The order of the fields on screen (the spec's). */
const ORDER: readonly TextFieldName[] = ["name", "country", "address", "cap", "city", "province", "vat", "website", "fb_link", "ln_link", "telephone", "email"];

export function BasicSection({
  data,
  required,
  emailReadOnly,
  onChange,
  onAddressBlur,
  errorOf,
}: {
  data: Record<TextFieldName, string>;
  required: readonly string[];
  emailReadOnly: boolean;
  onChange: (field: TextFieldName, value: string) => void;
  onAddressBlur: () => void;
  errorOf: (field: string) => string | null;
}) {
  const addressFields = new Set<string>(ADDRESS_FIELDS);
  return (
    <FormSection id="wf-basic" title={m.wf_section_basic()} testId="wf-section-basic">
      <div className="grid gap-4 sm:grid-cols-2">
        {ORDER.map((field) => {
          const spec = FIELDS[field];
          const readOnly = field === "email" && emailReadOnly;
          return (
            <TextInput
              key={field}
              name={field}
              label={spec.label()}
              value={data[field]}
              onChange={(v) => onChange(field, v)}
              onBlur={addressFields.has(field) ? onAddressBlur : undefined}
              type={spec.type}
              inputMode={spec.inputMode}
              autoComplete={spec.autoComplete}
              placeholder={spec.placeholder}
              isRequired={required.includes(field)}
              isDisabled={readOnly}
              description={readOnly ? m.wf_email_read_only() : undefined}
              error={readOnly ? null : errorOf(field)}
              className={spec.wide ? "sm:col-span-2" : ""}
            />
          );
        })}
      </div>
    </FormSection>
  );
}
