// The registration popup (#register-ap). First the choice between stock hunter and stocker,
// then the chosen role's form. The forms live in ./register/ and receive everything they
// need as props (RegisterFormProps), so they can be replaced without touching this frame.
import { useEffect, useId, useState } from "react";
import { m } from "../../paraglide/messages.js";
import type { Locale } from "../../lib/locale.ts";
import { legalPages, paths } from "../../lib/paths.ts";
import { legalTitle } from "../legal/titles.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { RadioGroupInput, RadioOption } from "../ui/RadioGroupInput.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { SearchIcon, WarehouseIcon } from "../ui/icons.tsx";
import { usePopups, type RegisterRole } from "./PopupContext.tsx";
import { StockHunterRegistration } from "./register/StockHunterRegistration.tsx";
import { StockerRegistration } from "./register/StockerRegistration.tsx";
import type { RegisterFormProps } from "./register/types.ts";

export function RegisterDialog({ locale }: { locale: Locale }) {
  const { popup, close, openLogin, openSupport, setRegister, inviteCode } = usePopups();
  const register = popup.kind === "register" ? popup : null;
  const onForm = register?.step === "form" && register.role;
  // The stocker's done screen (step 2) needs neither the legal links nor the login switch.
  const [finished, setFinished] = useState(false);
  const [wasOpen, setWasOpen] = useState(!!register);
  if (wasOpen !== !!register) {
    setWasOpen(!!register);
    if (!register) setFinished(false);
  }

  // Each step opens at its top. The popup's scroller kept the last step's position: back from the
  // bottom of the stocker's long form, the next form opened halfway down, its title out of sight.
  const step = !register ? null : onForm ? register.role : "choice";
  useEffect(() => {
    if (step) document.getElementById("register-ap")?.scrollIntoView({ block: "start" });
  }, [step]);

  const title = !onForm ? m.register_title() : register.role === "stocker" ? m.register_form_title_stocker() : m.register_form_title_hunter();

  const formProps: RegisterFormProps | null = onForm
    ? {
        locale,
        inviteCode,
        warehouseId: register.warehouseId,
        onBack: () => setRegister({ step: "choice" }),
        onClose: close,
        openSupport,
        onFinished: () => setFinished(true),
      }
    : null;

  return (
    <PopupDialog
      id="register-ap"
      title={title}
      subtitle={!onForm ? m.register_intro() : undefined}
      isOpen={!!register}
      onClose={close}
      size="lg"
      footer={finished ? undefined : <RegisterFooter locale={locale} onLogin={openLogin} />}
    >
      {inviteCode && <p className="mb-4 rounded-lg bg-accent-300/30 px-3 py-2 text-sm text-slate-800">{m.register_invite_notice({ code: inviteCode })}</p>}
      {register && !onForm && (
        <RoleChoice role={register.role} onChange={(role) => setRegister({ role })} onContinue={() => register.role && setRegister({ step: "form" })} />
      )}
      {formProps && register?.role === "stocker" && <StockerRegistration {...formProps} />}
      {formProps && register?.role === "stock_hunter" && <StockHunterRegistration {...formProps} />}
    </PopupDialog>
  );
}

function RoleChoice({ role, onChange, onContinue }: { role: RegisterRole | null; onChange: (role: RegisterRole) => void; onContinue: () => void }) {
  const reasonId = useId();
  const options: { value: RegisterRole; title: string; role: string; text: string; icon: React.ReactNode }[] = [
    { value: "stock_hunter", title: m.register_hunter_title(), role: m.register_hunter_role(), text: m.register_hunter_text(), icon: <SearchIcon /> },
    { value: "stocker", title: m.register_stocker_title(), role: m.register_stocker_role(), text: m.register_stocker_text(), icon: <WarehouseIcon /> },
  ];
  return (
    <div className="space-y-5">
      <RadioGroupInput
        aria-label={m.register_choice_label()}
        value={role}
        onChange={(value) => onChange(value as RegisterRole)}
        className="grid gap-3 sm:grid-cols-2"
      >
        {options.map((option) => (
          <RadioOption
            key={option.value}
            value={option.value}
            className={({ isSelected }) =>
              `relative flex cursor-pointer flex-col gap-2 rounded-xl border-2 p-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 ${
                isSelected ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white hover:border-slate-300"
              }`
            }
          >
            {({ isSelected }) => (
              <>
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={`flex h-10 w-10 items-center justify-center rounded-lg ${isSelected ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600"}`}
                  >
                    {option.icon}
                  </span>
                  <span
                    aria-hidden="true"
                    className={`flex h-5 w-5 items-center justify-center rounded-full border-2 ${isSelected ? "border-brand-600" : "border-slate-300"}`}
                  >
                    {isSelected && <span className="h-2.5 w-2.5 rounded-full bg-brand-600" />}
                  </span>
                </span>
                <span className="text-base font-semibold text-slate-900">{option.title}</span>
                <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{option.role}</span>
                <span className="text-sm leading-relaxed text-slate-600">{option.text}</span>
              </>
            )}
          </RadioOption>
        ))}
      </RadioGroupInput>
      {/* The button says why it cannot be pressed yet (to screen readers too). */}
      <button
        type="button"
        onClick={onContinue}
        disabled={!role}
        aria-describedby={role ? undefined : reasonId}
        className={buttonClass("primary", "lg", "w-full")}
      >
        {m.register_continue()}
      </button>
      {!role && (
        <p id={reasonId} className="-mt-2 text-center text-sm text-slate-600">
          {m.a11y_register_choose_first()}
        </p>
      )}
    </div>
  );
}

function RegisterFooter({ locale, onLogin }: { locale: Locale; onLogin: () => void }) {
  return (
    <div className="space-y-3">
      <div>
        <p className="mb-1.5">{m.register_legal_intro()}</p>
        <ul className="flex flex-wrap gap-x-4 sm:gap-y-1">
          {legalPages.map((page) => (
            <li key={page}>
              {/* A new tab, so a half-filled registration is not lost. 44 px high on a phone. */}
              <a
                href={paths.legal(locale, page)}
                target="_blank"
                rel="noopener"
                className={`${linkClass} inline-flex min-h-11 items-center sm:inline sm:min-h-0`}
              >
                {legalTitle(page)}
                <span className="sr-only"> {m.opens_new_tab()}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p>
        {m.register_have_account()}{" "}
        <button type="button" onClick={onLogin} className={`${linkClass} cursor-pointer rounded`}>
          {m.register_to_login()}
        </button>
      </p>
    </div>
  );
}
