// The quote request popup itself (see QuoteRequestDialog.tsx, which loads it the first time
// it opens): a recap (the search and the chosen warehouses), the form, then a success message.
// It posts to POST /api/warehouses/send-requests; a logged-out visitor's page reloads
// 3 seconds after success (the spec), a logged-in user keeps the page.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { formatArea, formatKm, formatNumber, formatNumberInput, formatDate, todayInItaly, placeInItaly } from "../../lib/format.ts";
import { useCurrentUser, useLocale, type CurrentUser } from "../../lib/root-data.ts";
import { prepositionA } from "../../lib/italian.ts";
import { quoteRequestDataSchema, visitorQuoteErrors, QUOTE_DEFAULT_RADIUS, QUOTE_MESSAGE_MAX, type QuoteSource } from "../../schemas/quote.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { RadioGroupInput, RadioGroupLabel, RadioOption } from "../ui/RadioGroupInput.tsx";
import { CheckboxInput, FormMessage, LabelLink, NumberInput, RequiredMark, TextInput } from "../ui/fields.tsx";
import { buttonClass, inputClass, labelClass, linkClass } from "../ui/styles.ts";
import { usePopups } from "../popups/PopupContext.tsx";
import { issuesToCodes } from "../../lib/field-codes.ts";
import { DateInput } from "../ui/DateInput.tsx";
import { useFocusFirstInvalid } from "../ui/useFocusFirstInvalid.ts";
import { FormActions } from "../ui/FormActions.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import type { QuoteRequestDialogProps, QuoteSearchRecap } from "./QuoteRequestDialog.tsx";
import { parseItalianNumber, VISITOR_RELOAD_MS } from "./quote-request.ts";
import { fullName } from "../../lib/person-name.ts";

export function QuoteRequestPopup(props: QuoteRequestDialogProps) {
  const { isOpen, onClose } = props;
  // The warehouses as they were when the popup opened: the page may clear its selection in
  // onSent while the success message (which counts them) is still showing.
  const [warehouses, setWarehouses] = useState(props.warehouses);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setWarehouses(props.warehouses);
  }
  return (
    <PopupDialog
      id="quote-request-ap"
      title={m.quote_title()}
      subtitle={
        warehouses.length === 1
          ? m.quote_subtitle_one({ a: prepositionA(warehouses[0]!.name), name: warehouses[0]!.name })
          : m.quote_subtitle_search({ count: warehouses.length })
      }
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
    >
      {/* Mounted only while open: reopening starts from a clean form. */}
      {isOpen && <QuoteForm {...props} warehouses={warehouses} />}
    </PopupDialog>
  );
}

type Values = {
  business_name: string;
  contact: string;
  telephone: string;
  referent: string;
  message: string;
  start_date: string;
  end_date: string;
  m2_type: "m2" | "pallet";
  m2_value: string;
  conditions: boolean;
  privacy: boolean;
  data_f: boolean | null;
  data_g: boolean | null;
  hp: string;
};
type FieldName = Exclude<keyof Values, "hp">;
type Invalid = Partial<Record<FieldName, string>>;

function initialValues(user: CurrentUser | null, search: QuoteSearchRecap, source: QuoteSource): Values {
  return {
    business_name: user?.company ?? "",
    contact: user?.email ?? "",
    telephone: user?.telephone ?? "",
    referent: user ? fullName(user) : "",
    message: "",
    start_date: search.start_date ?? "",
    end_date: search.end_date ?? "",
    m2_type: search.m2_type ?? "m2",
    m2_value: search.m2_value != null ? formatNumberInput(search.m2_value) : "",
    conditions: false,
    privacy: false,
    // On the sheet the visitor answers yes or no; on the search page the ticks start empty.
    data_f: source === "sheet" ? null : false,
    data_g: source === "sheet" ? null : false,
    hp: "",
  };
}

function errorText(field: FieldName, code: string | undefined): string | null {
  if (!code) return null;
  if (code === "taken") return m.quote_error_email();
  if (code === "after_end") return m.quote_error_start_after_end();
  if (code === "before_start") return m.quote_error_end_before_start();
  if (code === "in_the_past") return m.quote_error_date_past();
  if (code === "too_long") return m.quote_error_too_long();
  if (code === "email") return m.field_email_invalid();
  if (code === "required") {
    if (field === "conditions") return m.quote_conditions_required();
    if (field === "privacy") return m.field_privacy_required();
    if (field === "data_f" || field === "data_g") return m.quote_consent_required();
    return m.field_required();
  }
  return m.quote_error_invalid();
}

function QuoteForm({ onClose, source, warehouses, search, onSent }: QuoteRequestDialogProps) {
  const user = useCurrentUser();
  const locale = useLocale();
  const { openLogin } = usePopups();
  const [values, setValues] = useState<Values>(() => initialValues(user, search, source));
  const [invalid, setInvalid] = useState<Invalid>({});
  const [banner, setBanner] = useState<ReactNode>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ email: string } | null>(null);

  // After a refused submit, the first wrong field (or the message) comes into view.
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  // A visitor's page reloads 3 s after success, so the next search starts clean.
  useEffect(() => {
    if (!sent || user) return;
    const timer = window.setTimeout(() => window.location.reload(), VISITOR_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [sent, user]);

  function set<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== "hp" && invalid[field as FieldName]) {
      setInvalid((s) => {
        const next = { ...s, [field]: undefined };
        // The two dates are judged together.
        if (field === "start_date" || field === "end_date") {
          if (next.start_date === "after_end") next.start_date = undefined;
          if (next.end_date === "before_start") next.end_date = undefined;
        }
        return next;
      });
    }
    if (field === "contact") setEmailTaken(false);
  }

  function requestData() {
    return {
      business_name: values.business_name,
      contact: values.contact,
      telephone: values.telephone,
      referent: values.referent,
      message: values.message,
      location: search.location,
      radius: search.radius ?? QUOTE_DEFAULT_RADIUS,
      lat: search.lat ?? null,
      lng: search.lng ?? null,
      m2_type: values.m2_type,
      m2_value: parseItalianNumber(values.m2_value),
      start_date: values.start_date || null,
      end_date: values.end_date || null,
      conditions: user ? false : values.conditions,
      privacy: user ? false : values.privacy,
      data_f: user ? null : values.data_f,
      data_g: user ? null : values.data_g,
      to_notify: 1,
      source,
    };
  }

  function showInvalid(found: Invalid) {
    setInvalid(found);
    focusFirstInvalid();
    const codes = Object.values(found);
    setBanner(codes.includes("required") ? m.quote_error_required() : m.quote_error_check());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = requestData();
    const parsed = quoteRequestDataSchema.safeParse(data);
    const found: Invalid = parsed.success ? {} : (issuesToCodes(parsed.error.issues, data as Record<string, unknown>) as Invalid);
    if (!user) {
      // A visitor's ticks are reported together with the other fields.
      const visitor = visitorQuoteErrors({ conditions: values.conditions, privacy: values.privacy, data_f: values.data_f, data_g: values.data_g, source });
      for (const [field, code] of Object.entries(visitor)) found[field as FieldName] ??= code;
    }
    if (Object.keys(found).length > 0) {
      showInvalid(found);
      return;
    }
    setBanner(null);
    setEmailTaken(false);
    setPending(true);
    const result = await postJson<{ warehouse_request_id?: number | null }>("/api/warehouses/send-requests", {
      request_data: data,
      warehouse_ids: warehouses.map((w) => w.id),
      specification_ids: search.specification_ids ?? [],
      hp: values.hp,
    });
    setPending(false);
    if (result.ok && !result.data.error) {
      setSent({ email: values.contact.trim().toLowerCase() });
      onSent?.({ warehouseRequestId: result.data.warehouse_request_id ?? null });
      return;
    }
    const errors = result.data.errors ?? {};
    if (errors.email) {
      setEmailTaken(true);
      setInvalid({ contact: "taken" });
      setBanner(null);
      focusFirstInvalid();
      return;
    }
    if (result.status === 422 && Object.keys(errors).length > 0) {
      if (errors.warehouse_ids) {
        setBanner(m.quote_error_unavailable());
        focusFirstInvalid();
        return;
      }
      showInvalid(errors as Invalid);
      return;
    }
    setBanner(result.status === 429 ? m.error_too_many_requests() : m.quote_error_general());
    focusFirstInvalid();
  }

  if (sent) {
    return (
      <div className="space-y-5 text-center" role="status" data-testid="quote-success">
        <StatusBadge tone="success" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{m.quote_success_title()}</p>
          <p className="mt-1 text-slate-600">
            {warehouses.length === 1
              ? m.quote_success_text_one({ a: prepositionA(warehouses[0]!.name), name: warehouses[0]!.name, email: sent.email })
              : m.quote_success_text({ count: warehouses.length, email: sent.email })}
          </p>
          {!user && <p className="mt-3 text-sm text-slate-500">{m.quote_success_reload()}</p>}
        </div>
        {user && (
          <button type="button" onClick={onClose} autoFocus className={buttonClass("primary", "md")}>
            {m.popup_close()}
          </button>
        )}
      </div>
    );
  }

  const err = (field: FieldName) => errorText(field, invalid[field]);

  return (
    <div className="space-y-5">
      <Recap source={source} warehouses={warehouses} search={search} />
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label={m.quote_title()}>
        {banner && <FormMessage tone="error">{banner}</FormMessage>}
        {emailTaken && (
          <FormMessage tone="error">
            <span className="font-semibold">{m.quote_error_email()}</span>. {m.quote_login_invite()}{" "}
            <button
              type="button"
              onClick={() => {
                onClose();
                openLogin();
              }}
              className={`${linkClass} font-semibold`}
            >
              {m.quote_login_action()}
            </button>
          </FormMessage>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="business_name"
            label={m.quote_business_name()}
            autoComplete="organization"
            value={values.business_name}
            onChange={(v) => set("business_name", v)}
            isRequired
            error={err("business_name")}
          />
          <TextInput
            name="referent"
            label={m.quote_referent()}
            autoComplete="name"
            value={values.referent}
            onChange={(v) => set("referent", v)}
            isRequired
            error={err("referent")}
          />
          <TextInput
            name="contact"
            type="email"
            label={m.quote_contact()}
            autoComplete="email"
            value={values.contact}
            onChange={(v) => set("contact", v)}
            isRequired
            error={err("contact")}
          />
          <TextInput
            name="telephone"
            type="tel"
            label={m.quote_telephone()}
            autoComplete="tel"
            value={values.telephone}
            onChange={(v) => set("telephone", v)}
            isRequired={source === "sheet"}
            error={err("telephone")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput
            name="start_date"
            label={m.quote_start_date()}
            value={values.start_date}
            min={todayInItaly()}
            max={values.end_date || undefined}
            onChange={(v) => set("start_date", v)}
            error={err("start_date")}
          />
          <DateInput
            name="end_date"
            label={m.quote_end_date()}
            value={values.end_date}
            min={values.start_date || todayInItaly()}
            onChange={(v) => set("end_date", v)}
            error={err("end_date")}
          />
        </div>
        <SpaceInput values={values} set={set} error={err("m2_value")} />
        <TextInput
          name="message"
          label={m.quote_message()}
          multiline
          rows={4}
          value={values.message}
          onChange={(v) => set("message", v)}
          isRequired
          error={err("message")}
          placeholder={m.quote_message_placeholder()}
        />
        <p className="-mt-3 text-right text-xs text-slate-500">
          {values.message.length > QUOTE_MESSAGE_MAX * 0.8 ? m.quote_message_count({ count: values.message.length, max: QUOTE_MESSAGE_MAX }) : null}
        </p>

        {/* A field people never see or reach; robots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            Website
            <input type="text" name="hp" tabIndex={-1} autoComplete="off" value={values.hp} onChange={(e) => set("hp", e.target.value)} />
          </label>
        </div>

        {!user && (
          <div className="space-y-3 rounded-xl bg-slate-50 p-4">
            <CheckboxInput name="conditions" isSelected={values.conditions} onChange={(v) => set("conditions", v)} isRequired error={err("conditions")}>
              {m.quote_conditions_before()}
              <LabelLink href={paths.legal(locale, "stock-hunter-conditions")} className={linkClass}>
                {m.quote_conditions_link()}
              </LabelLink>
            </CheckboxInput>
            <CheckboxInput name="privacy" isSelected={values.privacy} onChange={(v) => set("privacy", v)} isRequired error={err("privacy")}>
              {m.quote_privacy_before()}
              <LabelLink href={paths.legal(locale, "privacy-policy")} className={linkClass}>
                {m.quote_privacy_link()}
              </LabelLink>
            </CheckboxInput>
            {source === "sheet" ? (
              <>
                <ConsentChoice name="data_f" label={m.quote_data_f()} value={values.data_f} onChange={(v) => set("data_f", v)} error={err("data_f")} />
                <ConsentChoice name="data_g" label={m.quote_data_g()} value={values.data_g} onChange={(v) => set("data_g", v)} error={err("data_g")} />
              </>
            ) : (
              <>
                <CheckboxInput name="data_f" isSelected={values.data_f === true} onChange={(v) => set("data_f", v)}>
                  {m.quote_data_f()}
                </CheckboxInput>
                <CheckboxInput name="data_g" isSelected={values.data_g === true} onChange={(v) => set("data_g", v)}>
                  {m.quote_data_g()}
                </CheckboxInput>
              </>
            )}
          </div>
        )}

        <FormActions submitLabel={warehouses.length === 1 ? m.quote_submit_one() : m.quote_submit({ count: warehouses.length })} pending={pending} />
      </form>
    </div>
  );
}

function Recap({ source, warehouses, search }: Pick<QuoteRequestDialogProps, "source" | "warehouses" | "search">) {
  const radius = search.radius ?? QUOTE_DEFAULT_RADIUS;
  const one = warehouses.length === 1;
  const warehousesLabel = one ? m.quote_recap_warehouse_one() : m.quote_recap_warehouses({ count: warehouses.length });
  const items: { label: string; value: string }[] = [];
  // From the sheet the request goes to that one warehouse: the zone it is filed under (its town,
  // 10 km, as the spec sends it) is not something the hunter chose, so the recap leaves it out.
  if (source === "search") {
    if (search.location) items.push({ label: m.quote_recap_location(), value: `${placeInItaly(search.location)} · ${formatKm(radius)} km` });
    if (search.start_date || search.end_date) {
      items.push({
        label: m.quote_recap_period(),
        value: `${search.start_date ? formatDate(search.start_date) : "…"} – ${search.end_date ? formatDate(search.end_date) : "…"}`,
      });
    }
    if (search.m2_value != null) {
      items.push({
        label: m.quote_recap_space(),
        value: search.m2_type === "pallet" ? `${formatNumber(search.m2_value)} ${m.quote_unit_pallet()}` : formatArea(search.m2_value),
      });
    }
  }
  return (
    <section className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 text-sm" aria-label={m.quote_recap_title()} data-testid="quote-recap">
      {items.length > 0 && (
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          {items.map((item) => (
            <div key={item.label}>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{item.label}</dt>
              <dd className="mt-0.5 font-medium text-slate-900">{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {search.specification_labels && search.specification_labels.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.quote_recap_specifications()}</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {search.specification_labels.map((label) => (
              <li key={label} className="rounded-full bg-white px-2.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200">
                {label}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={items.length > 0 ? "mt-3 border-t border-slate-200 pt-3" : ""}>
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{warehousesLabel}</p>
        {/* A list that may scroll: focusable, so it scrolls from the keyboard too. */}
        <ul
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a list that may scroll takes the focus, so the keyboard scrolls it
          tabIndex={0}
          aria-label={warehousesLabel}
          className="mt-1.5 max-h-60 space-y-1.5 overflow-y-auto rounded pr-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:max-h-32 sm:space-y-1"
          data-testid="quote-recap-warehouses"
        >
          {warehouses.map((w) => (
            // One line each where there is room; on a phone the name takes a line of its own (beside
            // its address it kept only the company prefix that many names share). Five fit either way.
            // A warehouse alone has the room to say its whole name and address.
            <li key={w.id} className={`min-w-0 ${one ? "" : "sm:flex sm:items-baseline sm:gap-2"}`}>
              <span className={`block font-medium text-slate-900 ${one ? "" : "truncate sm:max-w-[65%] sm:shrink-0"}`}>{w.name}</span>
              {(w.address || w.city) && (
                <span className={`block min-w-0 text-slate-500 ${one ? "" : "truncate"}`}>{[w.address, w.city].filter(Boolean).join(", ")}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SpaceInput({ values, set, error }: { values: Values; set: <K extends keyof Values>(field: K, value: Values[K]) => void; error: string | null }) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col">
        <label htmlFor={`${id}-type`} className={labelClass}>
          {m.quote_m2_type()}
        </label>
        <select
          id={`${id}-type`}
          name="m2_type"
          value={values.m2_type}
          onChange={(e) => set("m2_type", e.target.value as Values["m2_type"])}
          className={inputClass}
        >
          <option value="m2">{m.quote_m2_type_m2()}</option>
          <option value="pallet">{m.quote_m2_type_pallet()}</option>
        </select>
      </div>
      <NumberInput
        name="m2_value"
        label={values.m2_type === "pallet" ? m.quote_m2_value_pallet() : m.quote_m2_value_m2()}
        value={values.m2_value}
        onChange={(v) => set("m2_value", v)}
        error={error}
      />
    </div>
  );
}

/** A yes/no answer to a consent (the sheet form asks visitors for both). */
function ConsentChoice({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: boolean | null;
  onChange: (v: boolean) => void;
  error: string | null;
}) {
  return (
    <RadioGroupInput
      name={name}
      value={value === null ? null : value ? "1" : "0"}
      onChange={(v) => onChange(v === "1")}
      isRequired
      error={error}
      className="text-sm text-slate-700"
    >
      <RadioGroupLabel className="block">
        {label}
        <RequiredMark />
      </RadioGroupLabel>
      {/* Each answer a 44 px target on a phone. */}
      <div className="flex gap-5 sm:mt-1.5">
        {[
          { value: "1", text: m.quote_yes() },
          { value: "0", text: m.quote_no() },
        ].map((option) => (
          <RadioOption key={option.value} value={option.value} className="group flex min-h-11 min-w-16 cursor-pointer items-center gap-2 sm:min-h-0 sm:min-w-0">
            {({ isSelected, isInvalid }) => (
              <>
                <span
                  className={`flex h-5 w-5 items-center justify-center rounded-full border-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
                    isSelected ? "border-brand-600" : isInvalid ? "border-red-500" : "border-slate-400"
                  } bg-white`}
                >
                  {isSelected && <span className="h-2.5 w-2.5 rounded-full bg-brand-600" />}
                </span>
                {option.text}
              </>
            )}
          </RadioOption>
        ))}
      </div>
    </RadioGroupInput>
  );
}
