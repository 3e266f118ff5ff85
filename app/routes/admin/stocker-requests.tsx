// /admin/stocker-requests (Nuovi stocker): the stocker registrations waiting for a decision, or
// the refused ones (?status=refused), newest first, searchable (?search=, by business name, name,
// e-mail or VAT number), 20 a page (?page=). "Approva" opens a two-step popup (the account type,
// then an existing warehouse found with GET /api/admin/warehouses/search or a new one); "Rifiuta"
// one with the note. Both post to this page's action, the same service as
// POST /api/admin/users/{id}/update; the row leaves the list when the page data reloads and the
// focus goes to the confirmation. Only step 2's own button approves: "Avanti", where it will
// stand, never sends the form, however fast or often it is pressed.
import { Fragment, useEffect, useRef, useState, type FormEvent } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/stocker-requests";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "../../server/errors.ts";
import { decideStockerRequest, listStockerRequests, type WarehouseSearchItem } from "../../server/accounts/stocker-approval.service.ts";
import { approvalContext } from "../api/shared/approval-context.ts";
import { NEW_WAREHOUSE_FIELDS } from "../../lib/warehouse-form.ts";
import { decisionOf, stockerDecisionSchema, type StockerRequestFilter, type WarehouseSearchType } from "../../schemas/stocker-approval.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { listParams, STOCKER_REQUESTS_PAGE_SIZE } from "../../lib/list-params.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useWarehouseSearch } from "../../lib/warehouse-search.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { PopupDialog } from "../../components/ui/PopupDialog.tsx";
import { FormMessage, TextInput } from "../../components/ui/fields.tsx";
import { buttonClass, inputClass, labelClass } from "../../components/ui/styles.ts";
import { AdminTable, CardFact } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { FilterLinks } from "../../components/admin/FilterLinks.tsx";
import { SEARCH_DELAY_MS, SearchBox } from "../../components/admin/SearchBox.tsx";
import { WarehouseSearchInput } from "../../components/admin/WarehouseSearchInput.tsx";
import { WarehouseNameId } from "../../components/admin/WarehouseNameId.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";
import { displayName, fullName } from "../../lib/person-name.ts";


export async function loader({ request, context }: Route.LoaderArgs) {
  await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const url = new URL(request.url);
  const { search, page } = listParams(url);
  const status: StockerRequestFilter = url.searchParams.get("status") === "refused" ? "refused" : "pending";
  // The service counts pages from 0, like the JSON endpoint's offset; the URL from 1.
  const list = await listStockerRequests(context.get(servicesContext).db, { filters: { approved: status, search }, limit: STOCKER_REQUESTS_PAGE_SIZE, page: page - 1 });
  return { ...list, search, status, page, pages: pageCount(list.users_count, STOCKER_REQUESTS_PAGE_SIZE) };
}

export function meta() {
  return [{ title: m.page_title({ title: m.admst_title() }) }, { name: "robots", content: "noindex" }];
}

export type DecisionResult =
  | { ok: true; user_id: number; approved: boolean }
  | { ok: false; error: "required" | "not_pending" | "warehouse_owned" | "address_not_found" | "general" };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : null;
};

export async function action({ request, context }: Route.ActionArgs): Promise<DecisionResult> {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const form = await pageWork(() => readFormData(request));
  const userId = idNumber.safeParse(form.get("user_id"));
  const approve = text(form, "intent") === "approve";
  const newWarehouse = text(form, "warehouse_mode") === "new";
  const body = stockerDecisionSchema.safeParse(
    approve
      ? {
          user_data: { approved: 1, account_type: text(form, "account_type") },
          ...(newWarehouse
            ? { warehouse_data: Object.fromEntries(NEW_WAREHOUSE_FIELDS.map((f) => [f, text(form, f) ?? ""])) }
            : { warehouse_id: text(form, "warehouse_id") || null }),
        }
      : { user_data: { approved: 0, note: text(form, "note") } },
  );
  if (!userId.success || !body.success) return { ok: false, error: "required" };
  const services = context.get(servicesContext);
  try {
    await decideStockerRequest(approvalContext(services, "it"), actor, userId.data, decisionOf(body.data));
    return { ok: true, user_id: userId.data, approved: approve };
  } catch (err) {
    // Decided meanwhile (by another administrator), or gone: the list is stale.
    if (err instanceof NotFoundError || (err instanceof ConflictError && err.code !== "warehouse_owned")) return { ok: false, error: "not_pending" };
    if (err instanceof ConflictError) return { ok: false, error: "warehouse_owned" };
    if (err instanceof ValidationError) return { ok: false, error: err.errors.city === "not_found" ? "address_not_found" : "required" };
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}

type Row = Route.ComponentProps["loaderData"]["users"][number];

/** The name a request goes by: its business, else the person, else the address. */
const nameOf = (r: Row) => displayName(r);
const placeOf = (r: Row) =>
  [r.request_address, [r.request_cap, r.request_city, r.request_province ? `(${r.request_province})` : null].filter(Boolean).join(" "), r.request_country].filter(Boolean).join(", ");

export default function AdminStockerRequests({ loaderData }: Route.ComponentProps) {
  const { users, users_count, search, status, page, pages } = loaderData;
  const [approving, setApproving] = useState<Row | null>(null);
  const [refusing, setRefusing] = useState<Row | null>(null);
  // A new object each time, so the same text said twice still takes the focus.
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  // The decided row has left the list and its popup has closed: the focus goes to the
  // confirmation (the next row's buttons are the next stop), not back to the page's top.
  const noticeBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);
  const open = (row: Row, which: "approve" | "refuse") => {
    setNotice(null);
    if (which === "approve") setApproving(row);
    else setRefusing(row);
  };
  const count = formatNumber(users_count);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admst_title()}
        intro={`${status === "refused" ? m.admst_intro_refused({ count }) : m.admst_intro_pending({ count })} · ${m.admst_intro()}`}
      />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <SearchBox name="search" value={search ?? ""} label={m.admst_search()} buttonLabel={m.admst_search_button()} keep={{ status: status === "refused" ? "refused" : null }} />
        <FilterLinks
          name="status"
          value={status}
          defaultValue="pending"
          label={m.admst_filter_label()}
          options={[
            { value: "pending", label: m.admst_filter_pending() },
            { value: "refused", label: m.admst_filter_refused() },
          ]}
        />
      </div>
      {notice && (
        <div ref={noticeBox} tabIndex={-1} className="mt-6 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500" data-testid="stocker-decided">
          <FormMessage tone="success">{notice.text}</FormMessage>
        </div>
      )}
      {users.length === 0 ? (
        <EmptyState title={search ? m.admst_empty_search() : status === "refused" ? m.admst_empty_refused() : m.admst_empty_pending()} testId="stocker-requests-empty" className="mt-8" />
      ) : (
        <>
          <AdminTable
            className="mt-6 hidden lg:block"
            testId="admin-stocker-requests"
            columns={[
              { label: m.admst_col_business() },
              { label: m.admst_col_address() },
              { label: m.admst_col_contact() },
              { label: m.admst_col_warehouse() },
              { label: m.admst_col_date() },
              { label: m.admst_col_actions(), srOnly: true },
            ]}
          >
            {users.map((r) => (
              <tr key={r.id} className="align-top hover:bg-slate-50" data-testid="stocker-request-row">
                <td className="px-4 py-3">
                  <div className="font-semibold text-slate-900">{nameOf(r)}</div>
                  {r.request_vat && <div className="text-xs text-slate-600">{m.admst_vat({ vat: r.request_vat })}</div>}
                  {r.approval_note && <div className="mt-1 text-xs text-red-700">{m.admst_note({ note: r.approval_note })}</div>}
                </td>
                <td className="px-4 py-3 text-slate-700">{placeOf(r) || "—"}</td>
                <td className="px-4 py-3">
                  {fullName(r) && <div className="text-slate-800">{fullName(r)}</div>}
                  <div className="text-slate-600"><EmailText email={r.email} /></div>
                  {r.telephone && <div className="text-xs text-slate-500">{r.telephone}</div>}
                </td>
                <td className="px-4 py-3 text-slate-700">{r.requested_warehouse ? `${r.requested_warehouse.name} – ${r.requested_warehouse.city}` : "—"}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(r.created_at)}</td>
                <td className="px-4 py-3 text-right">
                  <RowActions row={r} onApprove={() => open(r, "approve")} onRefuse={() => open(r, "refuse")} />
                </td>
              </tr>
            ))}
          </AdminTable>
          {/* Below 1024 px the columns do not fit: one card a request. */}
          <ul className="mt-6 space-y-3 lg:hidden" data-testid="admin-stocker-requests-cards">
            {users.map((r) => (
              <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <div className="font-semibold text-slate-900">{nameOf(r)}</div>
                    {r.request_vat && <div className="text-xs text-slate-600">{m.admst_vat({ vat: r.request_vat })}</div>}
                    <div className="text-sm text-slate-600"><EmailText email={r.email} /></div>
                  </div>
                  <RowActions row={r} onApprove={() => open(r, "approve")} onRefuse={() => open(r, "refuse")} />
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-3">
                  <CardFact label={m.admst_col_address()}>{placeOf(r) || "—"}</CardFact>
                  <CardFact label={m.admst_col_warehouse()}>{r.requested_warehouse ? `${r.requested_warehouse.name} – ${r.requested_warehouse.city}` : "—"}</CardFact>
                  <CardFact label={m.admst_col_date()}>{formatDate(r.created_at)}</CardFact>
                </dl>
                {r.approval_note && <p className="mt-2 text-xs text-red-700">{m.admst_note({ note: r.approval_note })}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pages={pages} />
      <ApproveDialog
        request={approving}
        onClose={() => setApproving(null)}
        onDone={(r) => {
          setApproving(null);
          setNotice({ text: m.admst_approved_notice({ name: nameOf(r) }) });
        }}
      />
      <RefuseDialog
        request={refusing}
        onClose={() => setRefusing(null)}
        onDone={(r) => {
          setRefusing(null);
          setNotice({ text: m.admst_refused_notice({ name: nameOf(r) }) });
        }}
      />
    </div>
  );
}

function RowActions({ row, onApprove, onRefuse }: { row: Row; onApprove: () => void; onRefuse: () => void }) {
  const name = nameOf(row);
  return (
    <div className="flex justify-end gap-2">
      <button type="button" onClick={onApprove} aria-label={m.admst_approve_label({ name })} className={buttonClass("primary", "sm", "whitespace-nowrap")}>
        {m.admst_approve()}
      </button>
      {/* A refused request can be reconsidered (approved), not refused again. */}
      {row.approval_status === "pending" && (
        <button type="button" onClick={onRefuse} aria-label={m.admst_refuse_label({ name })} className={buttonClass("secondary", "sm", "whitespace-nowrap")}>
          {m.admst_refuse()}
        </button>
      )}
    </div>
  );
}

const errorText = (error: Exclude<DecisionResult, { ok: true }>["error"]) =>
  ({
    required: m.admst_required(),
    not_pending: m.admst_error_not_pending(),
    warehouse_owned: m.admst_error_owned(),
    address_not_found: m.admst_error_address(),
    general: m.admst_error_general(),
  })[error];

/**
 * A popup's fetcher: the row stays on screen while the popup closes, and each answer is handled
 * once (the answer of the last row opened is not this one's).
 */
function useDecision(request: Row | null, onDone: (r: Row) => void) {
  const fetcher = useFetcher<DecisionResult>();
  const [shown, setShown] = useState<Row | null>(request);
  const handled = useRef<DecisionResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (request) {
      setShown(request);
      setError(null);
      handled.current = fetcher.data ?? null;
    }
  }, [request]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data || !shown) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) onDone(shown);
    else setError(errorText(fetcher.data.error));
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

function ApproveDialog({ request, onClose, onDone }: { request: Row | null; onClose: () => void; onDone: (r: Row) => void }) {
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
    <PopupDialog id="approve-stocker" title={m.admst_approve_title()} subtitle={shown ? `${nameOf(shown)} · ${m.admst_step({ n: step })}` : undefined} isOpen={request !== null} onClose={onClose} size="lg">
      {shown && (
        <fetcher.Form method="post" className="space-y-4" data-testid="approve-stocker-form" onSubmit={submit} noValidate>
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="user_id" value={shown.id} />
          <input type="hidden" name="account_type" value={accountType ?? ""} />
          <input type="hidden" name="warehouse_mode" value={mode} />
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
                        accountType === value ? "border-brand-500 bg-brand-50 text-brand-900" : missing.has("account_type") ? "border-red-400" : "border-slate-300 text-slate-800"
                      }`}
                    >
                      <input type="radio" name="account_type_choice" value={value} checked={accountType === value} onChange={() => setAccountType(value)} className="h-4 w-4" />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <>
                <input type="hidden" name="warehouse_id" value={mode === "existing" && warehouseId !== null ? warehouseId : ""} />
                <fieldset>
                  <legend className={labelClass}>{m.admst_wh_choice()}</legend>
                  <div className="inline-flex gap-1 rounded-xl bg-slate-100 p-1 text-sm" role="radiogroup">
                    {(
                      [
                        ["existing", m.admst_wh_existing()],
                        ["new", m.admst_wh_new()],
                      ] as const
                    ).map(([value, label]) => (
                      <label key={value} className={`cursor-pointer rounded-lg px-3 py-1.5 font-medium ${mode === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}>
                        <input type="radio" className="sr-only" name="warehouse_mode_choice" value={value} checked={mode === value} onChange={() => setMode(value)} />
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
                        name={f}
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
function WarehousePicker({ request, value, onChange, invalid }: { request: Row; value: number | null; onChange: (id: number | null) => void; invalid: boolean }) {
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
      ? [{ id: requested.id, name: requested.name, city: requested.city, province: "", address: requested.address, status: "approved", deactivated: false, owner: requested.owned ? { id: 0, name: "—", email: "" } : null }]
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
          <select id="approve-warehouse-type" className={inputClass} value={type} onChange={(e) => setType(e.currentTarget.value === "all" ? "all" : "not_assigned")}>
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
                  <label className={`flex items-start gap-3 px-4 py-3 text-sm ${owned ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-slate-50"} ${value === w.id ? "bg-brand-50" : ""}`}>
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

function RefuseDialog({ request, onClose, onDone }: { request: Row | null; onClose: () => void; onDone: (r: Row) => void }) {
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
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <TextInput
            name="note"
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
