// The stock hunter registration (one step): who you are, your company (optional), the
// consents. The same schema as POST /register checks it first (required fields trimmed,
// e-mail lowercased, conditions and privacy ticked). On success the browser holds the
// pending registration and goes to the confirm-code page, where the e-mailed code and a
// new password finish the account.
import { useState, type FormEvent } from "react";
import { m } from "../../../paraglide/messages.js";
import { FormMessage, TextInput } from "../../ui/fields.tsx";
import { SelectInput } from "../../ui/SelectInput.tsx";
import { useMarkets } from "../../account/useMarkets.ts";
import { paths } from "../../../lib/paths.ts";
import { ConsentFields, FormSection } from "./ConsentFields.tsx";
import { useRegistrationForm } from "./useRegistrationForm.ts";
import { RegisterBanner } from "./RegisterBanner.tsx";
import type { RegisterFormProps } from "./types.ts";
import { FormActions } from "../../ui/FormActions.tsx";

type Texts = {
  first_name: string;
  last_name: string;
  email: string;
  telephone: string;
  country: string;
  address: string;
  company: string;
  market_id: string;
  website: string;
};

export function StockHunterRegistration({ locale, inviteCode, onBack }: RegisterFormProps) {
  const markets = useMarkets(locale);
  const { texts, consents, setConsent, banner, emailTaken, pending, set, err, formRef, send } = useRegistrationForm<Texts>(
    {
      first_name: "",
      last_name: "",
      email: "",
      telephone: "",
      country: m.register_default_country(),
      address: "",
      company: "",
      market_id: "",
      website: "",
    },
    locale,
  );
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const registered = await send({
      role: "stock_hunter" as const,
      ...texts,
      email: texts.email.trim().toLowerCase(),
      ...consents,
      reg_invite_code: inviteCode,
      lang: locale,
    });
    if (!registered) return;
    setDone(true);
    // A full load: the confirm page reads the pending registration the answer set.
    window.location.assign(paths.confirmCode(locale));
  }

  if (done) return <FormMessage tone="success">{m.register_sending_code()}</FormMessage>;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" data-testid="register-hunter-form">
      {banner && <RegisterBanner text={banner} emailTaken={emailTaken} />}
      <FormSection title={m.register_section_you()}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="first_name"
            label={m.register_first_name()}
            autoComplete="given-name"
            value={texts.first_name}
            onChange={set("first_name")}
            isRequired
            error={err("first_name")}
            autoFocus
          />
          <TextInput
            name="last_name"
            label={m.register_last_name()}
            autoComplete="family-name"
            value={texts.last_name}
            onChange={set("last_name")}
            isRequired
            error={err("last_name")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextInput
              name="email"
              type="email"
              label={m.register_email()}
              autoComplete="email"
              value={texts.email}
              onChange={set("email")}
              isRequired
              error={err("email")}
            />
            <p className="mt-1 text-xs text-slate-500">{m.register_email_hint_hunter()}</p>
          </div>
          <TextInput
            name="telephone"
            type="tel"
            label={m.register_telephone()}
            autoComplete="tel"
            value={texts.telephone}
            onChange={set("telephone")}
            isRequired
            error={err("telephone")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
          <TextInput
            name="country"
            label={m.register_country()}
            autoComplete="country-name"
            value={texts.country}
            onChange={set("country")}
            isRequired
            error={err("country")}
          />
          <TextInput
            name="address"
            label={m.register_address()}
            autoComplete="street-address"
            value={texts.address}
            onChange={set("address")}
            isRequired
            error={err("address")}
          />
        </div>
      </FormSection>
      <FormSection title={m.register_section_company()} optional>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="company"
            label={m.register_company()}
            autoComplete="organization"
            value={texts.company}
            onChange={set("company")}
            error={err("company")}
          />
          <SelectInput
            name="market_id"
            label={m.register_market()}
            value={texts.market_id}
            onChange={set("market_id")}
            options={markets}
            placeholder={m.register_market_none()}
            error={err("market_id")}
          />
        </div>
        <TextInput
          name="website"
          type="url"
          label={m.register_website()}
          autoComplete="url"
          placeholder="www.example.com"
          value={texts.website}
          onChange={set("website")}
          error={err("website")}
        />
      </FormSection>
      <ConsentFields
        locale={locale}
        role="stock_hunter"
        values={consents}
        onChange={setConsent}
        errors={{ conditions: err("conditions"), privacy: err("privacy") }}
      />
      <FormActions submitLabel={m.register_submit_hunter()} pending={pending} back={{ label: m.register_back(), onPress: onBack }} />
    </form>
  );
}
