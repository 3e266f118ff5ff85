// The New stockers screen's two popups (/admin/stocker-requests): "Approva", in two steps (the
// account type, then an existing warehouse found with GET /api/admin/warehouses/search or a new
// one), and "Rifiuta" with the note. Both post to the page's action (routes/admin/
// stocker-requests.tsx) the body of POST /api/admin/users/{id}/update, in the schema's names
// (schemas/stocker-approval.ts); a failure keeps the popup open with what was typed. Only step
// 2's own button approves: "Avanti", where it will stand, never sends the form, however fast or
// often it is pressed.
import { Fragment, useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { StockerRequestItem, WarehouseSearchItem, WarehouseSearchType } from "../../schemas/stocker-approval.ts";
import { NEW_WAREHOUSE_FIELDS } from "../../lib/warehouse-form.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useWarehouseSearch } from "../../lib/warehouse-search.ts";
import { displayName } from "../../lib/person-name.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { buttonClass, inputClass, labelClass } from "../ui/styles.ts";
import { SEARCH_DELAY_MS } from "./SearchBox.tsx";
import { WarehouseSearchInput } from "./WarehouseSearchInput.tsx";
import { WarehouseNameId } from "./WarehouseNameId.tsx";

type Row = StockerRequestItem;

/** The name a request goes by (lib/person-name.ts): the one every screen gives a user. */
const nameOf = (r: Row) => displayName(r);

/** What the page's action answers a popup (its own type is DecisionResult, with the action). */
type Decision = PageActionResult<{ ok: true }>;

/** The sentence for a decision not taken, from the codes POST /api/admin/users/{id}/update answers. */
function errorText(failure: Exclude<Decision, { ok: true }>): string {
  // Decided meanwhile (by another administrator), or gone: the list is stale.
  if (failure.error === "not_found" || failure.error === "not_pending" || failure.error === "already_approved") return m.admst_error_not_pending();
  if (failure.error === "warehouse_owned") return m.admst_error_owned();
  if (failure.errors.city === "not_found") return m.admst_error_address();
  if (failure.error === "invalid") return m.admst_required();
  return m.admst_error_general();
}

/**
 * A popup's fetcher: the row stays on screen while the popup closes, and each answer is handled
 * once (the answer of the last row opened is not this one's).
 */
function useDecision(request: Row | null, onDone: (r: Row) => void) {
  const fetcher = useFetcher<Decision>();
  const [shown, setShown] = useState<Row | null>(request);
  const handled = useRef<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (request) {
      setShown(request);
      setError(null);
      handled.current = fetcher.data ?? null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another row is opened: the answer the fetcher holds then is the last row's
  }, [request]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data || !shown) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) onDone(shown);
    else setError(errorText(fetcher.data));
  }, [fetcher.state, fetcher.data, shown, onDone]);
  return { fetcher, shown, error, setError, pending: fetcher.state !== "idle" };
}

type NewWarehouse = Record<(typeof NEW_WAREHOUSE_FIELDS)[number], string>;

const newWarehouseFrom = (r: Row): NewWarehouse => ({
  name: r.request_business_name ?? r.company ?? "",
  country: r.request_country || "Italia",
  address: r.request_address ?? "",
  cap: r.request_cap ?? "",
  city: r.request_city ?? "",
  province: r.request_province ?? "",
});

const fieldLabel: Record<keyof NewWarehouse, () => string> = {
  name: m.admst_wh_name,
  country: m.admst_wh_country,
  address: m.admst_wh_address,
  cap: m.admst_wh_cap,
  city: m.admst_wh_city,
  province: m.admst_wh_province,
};

export function ApproveDialog({ request, onClose, onDone }: { request: Row | null; onClose: () => void; onDone: (r: Row) => void }) {
  const { fetcher, shown, error, setError, pending } = useDecision(request, onDone);
  const { csrfToken } = useRootData();
  const [step, setStep] = useState<1 | 2>(1);
  const [accountType, setAccountType] = useState<"0" | "1" | null>(null);
  const [mode, setMode] = useState<"existing" | "new">("existing");
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [fields, setFields] = useState<NewWarehouse>(() => newWarehouseFrom(request ?? ({} as Row)));
  const [missing, setMissing] = useState<Set<string>>(new Set());
  // The step's own box takes the focus when the step changes: the button pressed has gone, and
  // the focus must not wait where a second Enter would press what took its place.
  const stepBox = useRef<HTMLDivElement>(null);
  const stepChanged = useRef(false);
  const approveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    stepBox.current?.focus();
  }, [step]);

  // A new row opened: start again at step 1, with its requested warehouse picked when it is free.
  useEffect(() => {
    if (!request) return;
    setStep(1);
    setAccountType(null);
    const free = request.requested_warehouse && !request.requested_warehouse.owned ? request.requested_warehouse.id : null;
    setMode("existing");
    setWarehouseId(free);
    setFields(newWarehouseFrom(request));
    setMissing(new Set());
  }, [request]);

  const next = () => {
    if (accountType === null) {
      setMissing(new Set(["account_type"]));
      setError(m.admst_required());
      return;
    }
    goTo(2);
  };

  // Each step opens clean: what was missing on the other one is not this one's error.
  const goTo = (n: 1 | 2) => {
    setMissing(new Set());
    setError(null);
    stepChanged.current = true;
    setStep(n);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Only step 2's own button approves (Enter in one of its fields presses it too). Anything
    // else that sends the form (Enter on step 1's choices) goes on to step 2 at most.
    if (step !== 2 || (event.nativeEvent as SubmitEvent).submitter !== approveButton.current) {
      event.preventDefault();
      if (step === 1) next();
      return;
    }
    const empty = new Set<string>();
    if (accountType === null) empty.add("account_type");
    if (mode === "existing" && warehouseId === null) empty.add("warehouse_id");
    if (mode === "new") for (const f of NEW_WAREHOUSE_FIELDS) if (!fields[f].trim()) empty.add(f);
    if (empty.size > 0) {
      event.preventDefault();
      setMissing(empty);
      setError(m.admst_required());
    }
  };

  return (
    <PopupDialog
      id="approve-stocker"
      title={m.admst_approve_title()}
      subtitle={shown ? `${nameOf(shown)} · ${m.admst_step({ n: step })}` : undefined}
      isOpen={request !== null}
      onClose={onClose}
      size="lg"
    >
      {shown && (
        <fetcher.Form method="post" className="space-y-4" data-testid="approve-stocker-form" onSubmit={submit} noValidate>
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="user_id" value={shown.id} />
          <input type="hidden" name="user_data[approved]" value="1" />
          <input type="hidden" name="user_data[account_type]" value={accountType ?? ""} />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <div key={step} ref={stepBox} tabIndex={-1} role="group" aria-label={m.admst_step({ n: step })} className="space-y-4 outline-none">
            {step === 1 ? (
              <fieldset>
                <legend className={labelClass}>
                  {m.admst_account_type()}
                  <span className="ml-0.5 text-red-600" aria-hidden="true">
                    *
                  </span>
                </legend>
                <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-invalid={missing.has("account_type") || undefined}>
                  {(
                    [
                      ["0", m.admst_account_stocker()],
                      ["1", m.admst_account_keeper()],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className={`flex cursor-pointer items-center gap-3 rounded-xl border p-4 text-sm font-medium ${
                        accountType === value
                          ? "border-brand-500 bg-brand-50 text-brand-900"
                          : missing.has("account_type")
                            ? "border-red-400"
                            : "border-slate-300 text-slate-800"
                      }`}
                    >
                      <input
                        type="radio"
                        name="account_type_choice"
                        value={value}
                        checked={accountType === value}
                        onChange={() => setAccountType(value)}
                        className="h-4 w-4"
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <>
                {mode === "existing" && <input type="hidden" name="warehouse_id" value={warehouseId ?? ""} />}
                <fieldset>
                  <legend className={labelClass}>{m.admst_wh_choice()}</legend>
                  <div className="inline-flex gap-1 rounded-xl bg-slate-100 p-1 text-sm" role="radiogroup">
                    {(
                      [
                        ["existing", m.admst_wh_existing()],
                        ["new", m.admst_wh_new()],
                      ] as const
                    ).map(([value, label]) => (
                      <label
                        key={value}
                        className={`cursor-pointer rounded-lg px-3 py-1.5 font-medium ${mode === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
                      >
                        <input
                          type="radio"
                          className="sr-only"
                          name="warehouse_mode_choice"
                          value={value}
                          checked={mode === value}
                          onChange={() => setMode(value)}
                        />
                        {label}
                      </label>
                    ))}
                  </div>
                </fieldset>
                {mode === "existing" ? (
                  <WarehousePicker request={shown} value={warehouseId} onChange={setWarehouseId} invalid={missing.has("warehouse_id")} />
                ) : (
                  <div className="grid gap-4 sm:grid-cols-2">
                    {NEW_WAREHOUSE_FIELDS.map((f) => (
                      <TextInput
                        key={f}
                        name={`warehouse_data[${f}]`}
                        label={fieldLabel[f]()}
                        isRequired
                        value={fields[f]}
                        onChange={(v) => setFields((old) => ({ ...old, [f]: v }))}
                        error={missing.has(f) ? m.admst_required() : null}
                        className={f === "name" || f === "address" ? "sm:col-span-2" : ""}
                      />
                    ))}
                  </div>
                )}
              </>
            )}
          </div>
          {/*
            Each step has its own buttons (their keys): "Avanti" stands where "Approva" will, and
            were it the same DOM button, turned into a submit button during its own click, the
            press that leaves step 1 would also approve.
          */}
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            {step === 1 ? (
              <Fragment key="step-1">
                <button key="cancel" type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
                  {m.admst_cancel()}
                </button>
                <button key="next" type="button" onClick={next} className={buttonClass("primary", "md")}>
                  {m.admst_next()}
                </button>
              </Fragment>
            ) : (
              <Fragment key="step-2">
                <button key="back" type="button" onClick={() => goTo(1)} className={buttonClass("secondary", "md")}>
                  {m.admst_back()}
                </button>
                <button
                  key="approve"
                  ref={approveButton}
                  type="submit"
                  disabled={pending}
                  aria-busy={pending}
                  // The second press of a double click on "Avanti" lands here: it approves nothing.
                  onClick={(event) => {
                    if (event.detail > 1) event.preventDefault();
                  }}
                  className={buttonClass("primary", "md")}
                >
                  {pending ? m.form_sending() : m.admst_approve_submit()}
                </button>
              </Fragment>
            )}
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}

/** The approve popup's warehouse search (GET /api/admin/warehouses/search), fired 750 ms after typing. */
function WarehousePicker({
  request,
  value,
  onChange,
  invalid,
}: {
  request: Row;
  value: number | null;
  onChange: (id: number | null) => void;
  invalid: boolean;
}) {
  const [term, setTerm] = useState("");
  const [type, setType] = useState<WarehouseSearchType>("not_assigned");
  // The first search (no term) runs at once; typing waits for the pause.
  const { results, loading, failed } = useWarehouseSearch<WarehouseSearchItem>({
    url: "/api/admin/warehouses/search",
    query: { type, search_term: term.trim() || undefined },
    delayMs: term ? SEARCH_DELAY_MS : 0,
  });

  // The requested warehouse is offered first, even when the search does not find it.
  const requested = request.requested_warehouse;
  const list: WarehouseSearchItem[] = [
    ...(requested && !(results ?? []).some((w) => w.id === requested.id)
      ? [
          {
            id: requested.id,
            name: requested.name,
            city: requested.city,
            province: "",
            address: requested.address,
            status: "approved",
            deactivated: false,
            owner: requested.owned ? { id: 0, name: "—", email: "" } : null,
          },
        ]
      : []),
    ...(results ?? []),
  ];

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div>
          <WarehouseSearchInput
            id="approve-warehouse-search"
            label={m.admst_wh_search()}
            labelClassName="sr-only"
            placeholder={m.admst_wh_search()}
            value={term}
            onChange={setTerm}
          />
        </div>
        <div>
          <label htmlFor="approve-warehouse-type" className="sr-only">
            {m.admst_wh_type()}
          </label>
          <select
            id="approve-warehouse-type"
            className={inputClass}
            value={type}
            onChange={(e) => setType(e.currentTarget.value === "all" ? "all" : "not_assigned")}
          >
            <option value="not_assigned">{m.admst_wh_type_not_assigned()}</option>
            <option value="all">{m.admst_wh_type_all()}</option>
          </select>
        </div>
      </div>
      {failed && <FormMessage tone="error">{m.admst_error_general()}</FormMessage>}
      {loading && results === null ? (
        <p className="text-sm text-slate-600">{m.admst_wh_loading()}</p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600" data-testid="approve-warehouses-empty">
          {m.admst_wh_empty()}
        </p>
      ) : (
        // A radio group holding a list (a list that is itself the group would leave its items outside any list).
        <div
          className={`max-h-72 overflow-y-auto rounded-xl border ${invalid ? "border-red-400" : "border-slate-200"}`}
          role="radiogroup"
          aria-label={m.admst_wh_existing()}
          aria-busy={loading || undefined}
          aria-invalid={invalid || undefined}
          data-testid="approve-warehouses"
        >
          <ul className="divide-y divide-slate-100">
            {list.map((w) => {
              const owned = w.owner !== null;
              return (
                <li key={w.id}>
                  <label
                    className={`flex items-start gap-3 px-4 py-3 text-sm ${owned ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-slate-50"} ${value === w.id ? "bg-brand-50" : ""}`}
                  >
                    <input
                      type="radio"
                      name="warehouse_choice"
                      className="mt-0.5 h-4 w-4"
                      disabled={owned}
                      aria-describedby={owned ? `approve-warehouse-owner-${w.id}` : undefined}
                      checked={value === w.id}
                      onChange={() => onChange(w.id)}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">
                        <WarehouseNameId name={w.name} id={w.id} />
                      </span>
                      <span className="block text-slate-600">{[w.address, w.city, w.province ? `(${w.province})` : null].filter(Boolean).join(" ")}</span>
                      {requested?.id === w.id && <span className="block text-xs font-medium text-brand-700">{m.admst_wh_requested()}</span>}
                      {w.owner && (
                        <span id={`approve-warehouse-owner-${w.id}`} className="block text-xs text-slate-500">
                          {m.admst_wh_owned({ name: w.owner.name })}
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

export function RefuseDialog({ request, onClose, onDone }: { request: Row | null; onClose: () => void; onDone: (r: Row) => void }) {
  const { fetcher, shown, error, setError, pending } = useDecision(request, onDone);
  const { csrfToken } = useRootData();
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (request) {
      setNote("");
      setMissing(false);
    }
  }, [request]);

  return (
    <PopupDialog id="refuse-stocker" title={m.admst_refuse_title()} subtitle={shown ? nameOf(shown) : undefined} isOpen={request !== null} onClose={onClose}>
      {shown && (
        <fetcher.Form
          method="post"
          className="space-y-4"
          data-testid="refuse-stocker-form"
          noValidate
          onSubmit={(event) => {
            if (!note.trim()) {
              event.preventDefault();
              setMissing(true);
              setError(m.admst_required());
            }
          }}
        >
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value="refuse" />
          <input type="hidden" name="user_id" value={shown.id} />
          <input type="hidden" name="user_data[approved]" value="0" />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <TextInput
            name="user_data[note]"
            label={m.admst_refuse_note()}
            multiline
            rows={4}
            isRequired
            value={note}
            onChange={setNote}
            description={m.admst_refuse_note_hint()}
            error={missing && !note.trim() ? m.admst_required() : null}
          />
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
              {m.admst_cancel()}
            </button>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.admst_refuse_submit()}
            </button>
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}
