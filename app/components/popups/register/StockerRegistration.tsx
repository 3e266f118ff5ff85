// The stocker registration, two steps: (1) the request — the business (name, VAT, registered
// office), an optional contact person, the consents, and the unclaimed warehouse being
// claimed when the registration started from its card; (2) a done screen with a link home.
// The request waits for an administrator's approval; the approval e-mail lets the stocker
// complete the account and choose a password.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { m } from "../../../paraglide/messages.js";
import { paths } from "../../../lib/paths.ts";
import { TextInput } from "../../ui/fields.tsx";
import { buttonClass } from "../../ui/styles.ts";
import { WarehouseIcon } from "../../ui/icons.tsx";
import { ConsentFields, FormSection } from "./ConsentFields.tsx";
import { useRegistrationForm } from "./useRegistrationForm.ts";
import { RegisterBanner } from "./RegisterBanner.tsx";
import type { RegisterFormProps } from "./types.ts";
import { FormActions } from "../../ui/FormActions.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";

type Texts = {
  email: string;
  request_business_name: string;
  request_vat: string;
  request_country: string;
  request_address: string;
  request_cap: string;
  request_city: string;
  request_province: string;
  first_name: string;
  last_name: string;
  telephone: string;
};

export function StockerRegistration({ locale, inviteCode, warehouseId, onBack, onClose, onFinished }: RegisterFormProps) {
  const { texts, consents, setConsent, banner, emailTaken, pending, set, err, formRef, send } = useRegistrationForm<Texts>(
    {
      email: "",
      request_business_name: "",
      request_vat: "",
      request_country: m.register_default_country(),
      request_address: "",
      request_cap: "",
      request_city: "",
      request_province: "",
      first_name: "",
      last_name: "",
      telephone: "",
    },
    locale,
  );
  const [sent, setSent] = useState<{ business: string; email: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const registered = await send(
      {
        role: "stocker" as const,
        ...texts,
        email: texts.email.trim().toLowerCase(),
        ...consents,
        request_warehouse_id: warehouseId,
        reg_invite_code: inviteCode,
        lang: locale,
      },
      (outcome) => (outcome.fields.request_warehouse_id ? m.register_error_warehouse() : null),
    );
    if (!registered) return;
    setSent({ business: registered.request_business_name ?? "", email: registered.email });
    onFinished?.();
  }

  if (sent) {
    return (
      <div className="space-y-5 py-2 text-center" role="status" data-testid="register-stocker-done">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{m.register_step({ current: 2, total: 2 })}</p>
        <StatusBadge tone="success" />
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{m.register_done_title()}</h3>
          <p className="mx-auto mt-2 max-w-md text-slate-600">{m.register_done_text({ business: sent.business, email: sent.email })}</p>
        </div>
        <Link to={paths.home(locale)} onClick={onClose} className={buttonClass("primary", "lg")}>
          {m.register_done_home()}
        </Link>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" data-testid="register-stocker-form">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{m.register_step({ current: 1, total: 2 })}</p>
      {banner && <RegisterBanner text={banner} emailTaken={emailTaken} />}
      {warehouseId && (
        <p className="flex items-start gap-3 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-900">
          <WarehouseIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>{m.register_claiming({ name: `Stocker ${warehouseId}` })}</span>
        </p>
      )}
      <FormSection title={m.register_section_business()}>
        <TextInput
          name="email"
          type="email"
          label={m.register_email()}
          autoComplete="email"
          value={texts.email}
          onChange={set("email")}
          isRequired
          error={err("email")}
          autoFocus
        />
        <p className="-mt-2 text-xs text-slate-500">{m.register_email_hint_stocker()}</p>
        <div className="grid gap-4 sm:grid-cols-[3fr_2fr]">
          <TextInput
            name="request_business_name"
            label={m.register_business_name()}
            autoComplete="organization"
            value={texts.request_business_name}
            onChange={set("request_business_name")}
            isRequired
            error={err("request_business_name")}
          />
          <TextInput
            name="request_vat"
            label={m.register_vat()}
            value={texts.request_vat}
            onChange={set("request_vat")}
            isRequired
            error={err("request_vat")}
          />
        </div>
        <TextInput
          name="request_address"
          label={m.register_request_address()}
          autoComplete="street-address"
          value={texts.request_address}
          onChange={set("request_address")}
          isRequired
          error={err("request_address")}
        />
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-[1fr_2fr_1fr]">
          <TextInput
            name="request_cap"
            label={m.register_cap()}
            autoComplete="postal-code"
            value={texts.request_cap}
            onChange={set("request_cap")}
            isRequired
            error={err("request_cap")}
          />
          <TextInput
            name="request_city"
            label={m.register_city()}
            autoComplete="address-level2"
            value={texts.request_city}
            onChange={set("request_city")}
            isRequired
            error={err("request_city")}
            className="max-sm:order-first max-sm:col-span-2"
          />
          <TextInput
            name="request_province"
            label={m.register_province()}
            autoComplete="address-level1"
            value={texts.request_province}
            onChange={set("request_province")}
            isRequired
            error={err("request_province")}
          />
        </div>
        <TextInput
          name="request_country"
          label={m.register_country()}
          autoComplete="country-name"
          value={texts.request_country}
          onChange={set("request_country")}
          isRequired
          error={err("request_country")}
        />
      </FormSection>
      <FormSection title={m.register_section_contact()} optional>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput
            name="first_name"
            label={m.register_first_name()}
            autoComplete="given-name"
            value={texts.first_name}
            onChange={set("first_name")}
            error={err("first_name")}
          />
          <TextInput
            name="last_name"
            label={m.register_last_name()}
            autoComplete="family-name"
            value={texts.last_name}
            onChange={set("last_name")}
            error={err("last_name")}
          />
          <TextInput
            name="telephone"
            type="tel"
            label={m.register_telephone()}
            autoComplete="tel"
            value={texts.telephone}
            onChange={set("telephone")}
            error={err("telephone")}
          />
        </div>
      </FormSection>
      <ConsentFields
        locale={locale}
        role="stocker"
        values={consents}
        onChange={setConsent}
        errors={{ conditions: err("conditions"), privacy: err("privacy") }}
      />
      <FormActions submitLabel={m.register_submit_stocker()} pending={pending} back={{ label: m.register_back(), onPress: onBack }} />
    </form>
  );
}
