// The change-referent popup of a warehouse's page (stocker and referent areas), in the spec's
// three steps: initial (the current referent, and the two ways on), create (a new referent:
// first and last name, e-mail, telephone, all required; the invitation e-mail goes out and the
// warehouse is theirs at once) and select (one of the referents the owner already has).
import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import type { ReferentSummary } from "../../lib/warehouse-pages.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { RadioGroupInput, RadioGroupLabel, RadioOption } from "../ui/RadioGroupInput.tsx";
import { buttonClass } from "../ui/styles.ts";
import { personName } from "../../lib/person-name.ts";
import { accountFieldError } from "../account/field-errors.ts";
import { EmailText } from "../ui/EmailText.tsx";

type Step = "initial" | "create" | "select";
type Fields = { first_name: string; last_name: string; email: string; telephone: string };
const EMPTY: Fields = { first_name: "", last_name: "", email: "", telephone: "" };

type Props = {
  isOpen: boolean;
  onClose: () => void;
  warehouse: { id: number; name: string };
  current: ReferentSummary | null;
  referents: ReferentSummary[];
  /** The area's warehouse calls: `${api}/{id}/create-referent`, `${api}/{id}/update-referent`. */
  api: string;
};

export function ChangeReferentDialog({ isOpen, onClose, warehouse, current, referents, api }: Props) {
  const [step, setStep] = useState<Step>("initial");
  const noChoicesId = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const choices = referents.filter((r) => r.id !== current?.id);
  const [chosen, setChosen] = useState<string>("");
  const revalidator = useRevalidator();

  // On close, the popup starts over (the spec: loading and error states reset).
  const close = () => {
    setStep("initial");
    setFields(EMPTY);
    setErrors({});
    setMessage(null);
    setPending(false);
    setChosen("");
    onClose();
  };

  const done = async () => {
    await revalidator.revalidate();
    close();
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    // The schema loads on the first submit: the validation library is not part of the page's first load.
    const { createReferentSchema } = await import("../../schemas/warehouse.ts");
    const parsed = createReferentSchema.shape.user_data.safeParse(fields);
    if (!parsed.success) {
      const codes: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const value = fields[key as keyof Fields] ?? "";
        codes[key] ??= value.trim() === "" ? "required" : issue.code === "invalid_format" ? "email" : "invalid";
      }
      setErrors(codes);
      setMessage(m.wm_ref_dialog_error_required());
      return;
    }
    setPending(true);
    setMessage(null);
    const res = await postJson<{ user_id?: number }>(`${api}/${warehouse.id}/create-referent`, { user_data: { ...parsed.data, role: "referent" } });
    setPending(false);
    if (res.ok && res.data.user_id) return done();
    if (res.data.errors?.email) {
      setErrors({ email: "taken" });
      setMessage(m.wm_ref_dialog_error_email());
      return;
    }
    // Past the invitation limits the server says how many may be sent, in the user's language.
    if (res.status === 429 && res.data.message) return setMessage(res.data.message);
    setErrors(res.data.errors ?? {});
    setMessage(m.wm_ref_dialog_error_general());
  };

  const select = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMessage(m.wm_ref_dialog_error_required());
      return;
    }
    setPending(true);
    setMessage(null);
    const res = await postJson<{ warehouse_id?: number }>(`${api}/${warehouse.id}/update-referent`, { warehouse_data: { referent_id: Number(chosen) } });
    setPending(false);
    if (res.ok && res.data.warehouse_id) return done();
    setMessage(m.wm_ref_dialog_error_general());
  };

  const set = (key: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const back = (
    <button type="button" onClick={() => (setStep("initial"), setMessage(null), setErrors({}))} className={buttonClass("secondary", "md")}>
      {m.wm_ref_dialog_back()}
    </button>
  );

  return (
    <PopupDialog id="change-referent" isOpen={isOpen} onClose={close} title={m.wm_ref_dialog_title({ name: warehouse.name })}>
      {step === "initial" && (
        <div className="space-y-5" data-step="initial">
          <div className="rounded-xl bg-slate-50 p-4 text-sm">
            <p className="font-semibold text-slate-700">{m.wm_ref_dialog_current()}</p>
            <p className="mt-1 text-slate-900">{current ? `${personName(current)} · ${current.email}` : m.wm_referent_none()}</p>
          </div>
          <div className="flex flex-col gap-3">
            <button type="button" onClick={() => setStep("create")} className={buttonClass("primary", "md", "w-full")}>
              {m.wm_ref_dialog_create()}
            </button>
            <button
              type="button"
              onClick={() => setStep("select")}
              disabled={choices.length === 0}
              aria-describedby={choices.length === 0 ? noChoicesId : undefined}
              className={buttonClass("secondary", "md", "w-full")}
            >
              {m.wm_ref_dialog_select()}
            </button>
            {choices.length === 0 && (
              <p id={noChoicesId} className="text-sm text-slate-600">
                {m.wm_ref_dialog_select_none()}
              </p>
            )}
          </div>
        </div>
      )}

      {step === "create" && (
        <form onSubmit={create} noValidate className="space-y-4" data-step="create">
          <p className="text-sm text-slate-600">{m.wm_ref_dialog_create_hint()}</p>
          {message && <FormMessage tone="error">{message}</FormMessage>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              name="first_name"
              label={m.wm_ref_first_name()}
              value={fields.first_name}
              onChange={set("first_name")}
              isRequired
              autoFocus
              autoComplete="off"
              error={accountFieldError("first_name", errors.first_name)}
            />
            <TextInput
              name="last_name"
              label={m.wm_ref_last_name()}
              value={fields.last_name}
              onChange={set("last_name")}
              isRequired
              autoComplete="off"
              error={accountFieldError("last_name", errors.last_name)}
            />
          </div>
          <TextInput
            name="email"
            type="email"
            label={m.wm_ref_email()}
            value={fields.email}
            onChange={set("email")}
            isRequired
            autoComplete="off"
            error={accountFieldError("email", errors.email)}
          />
          <TextInput
            name="telephone"
            type="tel"
            label={m.wm_ref_telephone()}
            value={fields.telephone}
            onChange={set("telephone")}
            isRequired
            autoComplete="off"
            error={accountFieldError("telephone", errors.telephone)}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {back}
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.wm_ref_dialog_save_create()}
            </button>
          </div>
        </form>
      )}

      {step === "select" && (
        <form onSubmit={select} className="space-y-4" data-step="select">
          {message && <FormMessage tone="error">{message}</FormMessage>}
          <RadioGroupInput value={chosen} onChange={setChosen} className="flex flex-col gap-2">
            <RadioGroupLabel className="text-sm font-medium text-slate-800">{m.wm_ref_dialog_pick()}</RadioGroupLabel>
            {choices.map((r) => (
              <RadioOption
                key={r.id}
                value={String(r.id)}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600 data-[selected]:border-brand-500 data-[selected]:bg-brand-50"
              >
                {({ isSelected }) => (
                  <>
                    <span
                      aria-hidden="true"
                      className={`mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border-2 ${isSelected ? "border-brand-600" : "border-slate-400"}`}
                    >
                      {isSelected && <span className="h-2 w-2 rounded-full bg-brand-600" />}
                    </span>
                    <span>
                      <span className="block font-semibold text-slate-900">{personName(r)}</span>
                      <span className="block text-slate-600">
                        <EmailText email={r.email} />
                      </span>
                      {!r.completed && <span className="mt-1 block text-xs text-amber-700">{m.wm_referent_invited()}</span>}
                    </span>
                  </>
                )}
              </RadioOption>
            ))}
          </RadioGroupInput>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {back}
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.wm_ref_dialog_save_select()}
            </button>
          </div>
        </form>
      )}
    </PopupDialog>
  );
}
