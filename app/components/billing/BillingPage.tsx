// {stocker_prefix}/billing: the subscription in three steps:
//   1. pick warehouses — the stocker's approved ones as checkable cards, at least one;
//   2. plan and promo code — each plan's price per warehouse without VAT and the selection's
//      running total (app/lib/pricing.ts, the server's rule), then POST /init-subscription and
//      the server's breakdown (its discounts, with and without VAT, the free-trial days);
//   3. payment — by card (Stripe's Payment Element, loaded only here: CardPayment.tsx) or by bank
//      transfer (POST /api/stocker/profile/update-payment-type, then to the data page, which keeps
//      showing the transfer details).
// With a live subscription there are no steps: its summary. An administrator's view is read-only:
// the summary, or that there is none, and the stocker's warehouses.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { useLocale } from "../../lib/root-data.ts";
import { formatArea } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import { PLAN_NAMES, type PlanName } from "../../lib/pricing.ts";
import {
  canLeaveWarehouseStep,
  preselectedWarehouses,
  selectionPrice,
  unitPriceExclVat,
  type BillingPageView,
  type BillingWarehouseView,
  type InitSubscriptionResponse,
  type TransferView,
} from "../../lib/billing.ts";
import { FormMessage, TextInput } from "../ui/fields.tsx";
import { CheckIcon } from "../ui/icons.tsx";
import { buttonClass, linkClass } from "../ui/styles.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { PageHeading, EmptyState } from "../ui/PageParts.tsx";
import { CardPayment } from "./CardPayment.tsx";
import { AddWarehouses } from "./AddWarehouses.tsx";
import { planLabel, price, PriceLines, SubscriptionSummary, TransferDetails, WarehouseChecklist } from "./BillingParts.tsx";

export type BillingStep = 1 | 2 | 3;

/** The sentence under the promo code field: the server's own (in the user's language) for a code it refused. */
export function promoErrorText(code: string | undefined, serverMessage?: string): string {
  if (code?.startsWith("promo_") && serverMessage) return serverMessage;
  return m.billp_promo_invalid();
}

export function BillingPage({ data, base, asAdmin }: { data: BillingPageView; base: string; asAdmin: boolean }) {
  const paths = areaPaths(base);
  // The approved warehouses a subscription leaves out, anonymised in the search: the stocker adds
  // them to it (decision 024). The section stays once shown, to say how adding the last ones went.
  const uncovered = data.warehouses.filter((w) => !w.covered);
  const [showAdd] = useState(() => uncovered.length > 0 || data.addition?.pending != null);
  return (
    <div className="space-y-5" data-testid="billing-page">
      <PageHeading title={m.billp_title()} intro={asAdmin ? m.billp_intro_admin() : data.current ? m.billp_intro_current() : m.billp_intro()} />
      {data.current ? (
        <>
          <SubscriptionSummary subscription={data.current} asAdmin={asAdmin}>
            {data.pending_transfer && (
              <div className="mt-5 space-y-3">
                <p className="text-sm text-slate-700">{m.billp_pending_transfer_text()}</p>
                <TransferDetails transfer={data.pending_transfer} />
              </div>
            )}
          </SubscriptionSummary>
          {asAdmin ? (
            <>
              {data.addition?.pending && (
                // Confirmed where every transfer is: the Transfers screen, found by the reason code.
                <FormMessage tone="info">
                  <span data-testid="billing-admin-addition">
                    {m.billp_admin_addition({ count: data.addition.pending.warehouses.length, amount: price(data.addition.pending.amount) })}{" "}
                    <Link
                      to={`/admin/transfers?search=${encodeURIComponent(data.addition.pending.transfer.reason)}`}
                      className="font-semibold underline underline-offset-2"
                    >
                      {m.billp_admin_addition_link()}
                    </Link>
                  </span>
                </FormMessage>
              )}
              <WarehouseList warehouses={data.warehouses} title={m.billp_admin_warehouses()} />
            </>
          ) : (
            (showAdd || uncovered.length > 0) && <AddWarehouses uncovered={uncovered} addition={data.addition} plan={data.current.plan} dataHref={paths.data} />
          )}
          <p className="text-sm">
            <Link to={paths.data} className={linkClass}>
              {asAdmin ? m.billp_go_to_data_admin() : m.billp_go_to_data()}
            </Link>
          </p>
        </>
      ) : asAdmin ? (
        <>
          <FormMessage tone="info">{m.billp_admin_none()}</FormMessage>
          <WarehouseList warehouses={data.warehouses} title={m.billp_admin_warehouses()} />
        </>
      ) : (
        <BillingFlow data={data} base={base} />
      )}
    </div>
  );
}

/** A read-only list of the stocker's approved warehouses and which ones are covered: the administrator's view. */
function WarehouseList({ warehouses, title }: { warehouses: BillingWarehouseView[]; title: string }) {
  return (
    <section aria-labelledby="billing-warehouses-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="billing-warehouses-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {warehouses.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{m.billp_no_warehouses_admin()}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="billing-admin-warehouses">
          {warehouses.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{w.name}</span> {w.is_hub && <HubBadge className="ml-1" />}
                <span className="block text-slate-500">
                  {w.city}
                  {w.province ? ` (${w.province})` : ""}
                  {w.total_m2 !== null ? ` · ${formatArea(w.total_m2)}` : ""}
                </span>
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${w.covered ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
              >
                {w.covered ? m.billp_covered() : m.billp_not_covered()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- the three steps

/** The steps' state; what the server answered to init-subscription, until something changes. */
type FlowState = { step: BillingStep; selected: Set<number>; plan: PlanName; promo: string; init: InitSubscriptionResponse | null };

function BillingFlow({ data, base }: { data: BillingPageView; base: string }) {
  const [params] = useSearchParams();
  const [state, setState] = useState<FlowState>(() => ({ step: 1, selected: preselectedWarehouses(data, params), plan: "yearly", promo: "", init: null }));
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Each step's heading takes the focus when the step changes (keyboard and screen reader users).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [state.step]);

  const go = (step: BillingStep) => setState((s) => ({ ...s, step }));
  // Changing the choice makes an earlier init stale: the next Continue starts it again.
  const change = (patch: Partial<FlowState>) => setState((s) => ({ ...s, ...patch, init: null }));

  const titles: Record<BillingStep, string> = { 1: m.billp_step1(), 2: m.billp_step2(), 3: m.billp_step3() };

  return (
    <div className="space-y-5">
      <Stepper step={state.step} titles={titles} onGo={go} reachable={(s) => s < state.step} />
      <section
        aria-labelledby="billing-step-title"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        data-testid={`billing-step-${state.step}`}
      >
        <h2 id="billing-step-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          <span className="text-brand-700">{m.billp_step_of({ step: state.step, total: 3 })}</span> {titles[state.step]}
        </h2>
        {state.step === 1 && (
          <WarehouseStep
            warehouses={data.warehouses}
            selected={state.selected}
            newWarehouseHref={areaPaths(base).warehouseNew}
            onChange={(selected) => change({ selected })}
            onNext={() => go(2)}
          />
        )}
        {state.step === 2 && (
          <PlanStep
            data={data}
            selected={state.selected}
            plan={state.plan}
            promo={state.promo}
            onPlan={(plan) => change({ plan })}
            onPromo={(promo) => change({ promo })}
            onBack={() => go(1)}
            onInitialised={(init) => setState((s) => ({ ...s, init, step: 3 }))}
          />
        )}
        {state.step === 3 && state.init && <PaymentStep data={data} init={state.init} plan={state.plan} base={base} onBack={() => go(2)} />}
      </section>
    </div>
  );
}

/** The three steps, the current one marked; the ones already done can be gone back to. */
export function Stepper({
  step,
  titles,
  onGo,
  reachable,
}: {
  step: BillingStep;
  titles: Record<BillingStep, string>;
  onGo: (step: BillingStep) => void;
  reachable: (step: BillingStep) => boolean;
}) {
  return (
    <ol aria-label={m.billp_steps_label()} className="grid grid-cols-3 gap-2" data-testid="billing-stepper">
      {([1, 2, 3] as const).map((n) => {
        const done = n < step;
        const current = n === step;
        const body = (
          <>
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                current ? "bg-brand-600 text-white" : done ? "bg-emerald-600 text-white" : "bg-slate-200 text-slate-600"
              }`}
            >
              {done ? <CheckIcon /> : n}
            </span>
            <span className={`text-xs leading-tight sm:text-sm ${current ? "font-semibold text-slate-900" : "text-slate-600"}`}>
              <span className="sr-only">{m.billp_step_of({ step: n, total: 3 })} </span>
              {titles[n]}
              {done && <span className="sr-only"> ({m.billp_step_done()})</span>}
            </span>
          </>
        );
        const box = `flex w-full flex-col items-start gap-1.5 rounded-lg border px-2 py-2 text-left sm:flex-row sm:items-center sm:gap-2 sm:px-3 ${
          current ? "border-brand-300 bg-brand-50" : "border-slate-200 bg-white"
        }`;
        return (
          <li key={n} aria-current={current ? "step" : undefined}>
            {reachable(n) ? (
              <button type="button" onClick={() => onGo(n)} className={`${box} hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600`}>
                {body}
              </button>
            ) : (
              <div className={box}>{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

// ---------------------------------------------------------------- 1. warehouses

export function WarehouseStep({
  warehouses,
  selected,
  newWarehouseHref,
  onChange,
  onNext,
}: {
  warehouses: BillingWarehouseView[];
  selected: ReadonlySet<number>;
  newWarehouseHref: string;
  onChange: (selected: Set<number>) => void;
  onNext: () => void;
}) {
  const hintId = useId();
  if (warehouses.length === 0) {
    return (
      <div className="mt-4">
        <EmptyState title={m.billp_no_warehouses()}>
          <p>{m.billp_no_warehouses_text()}</p>
          <Link to={newWarehouseHref} className={buttonClass("primary", "md", "mt-4")}>
            {m.billp_add_warehouse()}
          </Link>
        </EmptyState>
      </div>
    );
  }
  const ready = canLeaveWarehouseStep(selected);
  return (
    <div className="mt-2">
      <p className="text-sm text-slate-600">{m.billp_step1_intro()}</p>
      <WarehouseChecklist warehouses={warehouses} selected={selected} onChange={onChange} legend={m.billp_step1()} />
      <div className="mt-5 flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
        {!ready && (
          <p id={hintId} className="text-sm text-slate-600" data-testid="billing-next-hint">
            {m.billp_select_one_hint()}
          </p>
        )}
        <button
          type="button"
          onClick={onNext}
          disabled={!ready}
          aria-describedby={ready ? undefined : hintId}
          className={buttonClass("primary", "lg", "w-full sm:w-auto")}
          data-testid="billing-next"
        >
          {m.billp_next()}
        </button>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- 2. plan and promo code

export function PlanStep({
  data,
  selected,
  plan,
  promo,
  onPlan,
  onPromo,
  onBack,
  onInitialised,
}: {
  data: BillingPageView;
  selected: ReadonlySet<number>;
  plan: PlanName;
  promo: string;
  onPlan: (plan: PlanName) => void;
  onPromo: (promo: string) => void;
  onBack: () => void;
  onInitialised: (init: InitSubscriptionResponse) => void;
}) {
  const [pending, setPending] = useState(false);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  const live = selectionPrice(data, plan, selected);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setPromoError(null);
    const res = await postJson<InitSubscriptionResponse>("/init-subscription", { subscription: plan, promo_code: promo.trim() || null, w_ids: [...selected] });
    setPending(false);
    if (res.ok) return onInitialised(res.data);
    const promoCode = res.data.errors?.promo_code;
    if (res.status === 422 && promoCode) return setPromoError(promoErrorText(promoCode, res.data.message));
    if (res.status === 409 && res.data.error === "already_subscribed") {
      return setError(
        <>
          {m.error_already_subscribed()}{" "}
          <button type="button" onClick={() => window.location.reload()} className="font-semibold underline underline-offset-2">
            {m.billp_reload()}
          </button>
        </>,
      );
    }
    if (res.status === 422 && res.data.errors?.w_ids) return setError(m.billp_warehouses_changed());
    setError(res.data.message || m.billp_error_general());
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-2 space-y-5">
      <p className="text-sm text-slate-600">{m.billp_step2_intro()}</p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{m.billp_plan_label()}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLAN_NAMES.map((name) => {
            const p = data.plans[name];
            const checked = plan === name;
            return (
              <label
                key={name}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                  checked ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 bg-white hover:border-brand-300"
                }`}
                data-testid={`billing-plan-${name}`}
              >
                <input
                  type="radio"
                  name="subscription"
                  value={name}
                  checked={checked}
                  onChange={() => onPlan(name)}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{planLabel(name)}</span>
                  <span className="block text-sm text-slate-600">{m.billp_plan_months({ months: p.months })}</span>
                  <span className="mt-2 block text-xl font-bold text-slate-900" data-testid={`billing-plan-${name}-price`}>
                    {price(unitPriceExclVat(p.unit_amount, data.vat_rate))}
                  </span>
                  <span className="block text-xs text-slate-500">{m.billp_per_warehouse_excl_vat()}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="rounded-xl bg-slate-50 p-4" aria-live="polite" data-testid="billing-running-total">
        <p className="text-sm text-slate-700">
          {m.billp_selection_summary({ count: live.warehouses, hubs: live.hubs })} · {planLabel(plan)}
        </p>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-slate-600">{m.billp_total_excl_vat()}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums" data-testid="billing-live-excl">
              {price(live.totalExclVat)}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-slate-600">{m.billp_total_incl_vat()}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums" data-testid="billing-live-total">
              {price(live.total)}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-500">{m.billp_promo_applied_next()}</p>
      </div>

      <TextInput
        name="promo_code"
        label={m.billp_promo_label()}
        value={promo}
        onChange={(value) => {
          setPromoError(null);
          onPromo(value);
        }}
        autoComplete="off"
        description={m.billp_promo_hint()}
        error={promoError}
        className="sm:max-w-xs"
      />

      {data.trial_days > 0 && <p className="text-sm text-slate-700">{m.billp_trial_note({ days: data.trial_days })}</p>}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <button type="button" onClick={onBack} className={buttonClass("secondary", "md")}>
          {m.billp_back()}
        </button>
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending}
          className={buttonClass("primary", "lg", "w-full sm:w-auto")}
          data-testid="billing-continue"
        >
          {pending ? m.billp_preparing() : m.billp_continue()}
        </button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------- 3. payment

/** The server's breakdown of the initialised subscription, and its free trial. */
export function InitSummary({
  init,
  plan,
  vatRate,
  cardUsable = true,
}: {
  init: InitSubscriptionResponse;
  plan: PlanName;
  vatRate: number;
  cardUsable?: boolean;
}) {
  return (
    <div className="rounded-xl bg-slate-50 p-4" data-testid="billing-breakdown">
      <p className="text-sm font-semibold text-slate-800">
        {planLabel(plan)} · {m.billp_selection_summary({ count: init.warehouses_count, hubs: init.hubs_count })}
      </p>
      <PriceLines
        breakdown={init.price}
        unitAmount={init.price_unit_amount}
        warehouses={init.warehouses_count}
        percentOff={init.percent_off}
        hubPercentOff={init.hub_percent_off}
        vatRate={vatRate}
      />
      {/* The free trial comes with the card only: not announced when the card cannot be used. */}
      {init.trial_days > 0 && cardUsable && (
        <p className="mt-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="billing-trial">
          {m.billp_trial_included({ days: init.trial_days })}
        </p>
      )}
    </div>
  );
}

type Method = "card" | "transfer";

export function PaymentStep({
  data,
  init,
  plan,
  base,
  onBack,
}: {
  data: BillingPageView;
  init: InitSubscriptionResponse;
  plan: PlanName;
  base: string;
  onBack: () => void;
}) {
  const locale = useLocale();
  const navigate = useNavigate();
  const cardReady = data.publishable_key !== null && init.client_secret !== null && init.intent !== null;
  const [method, setMethod] = useState<Method>(cardReady ? "card" : "transfer");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<TransferView | null>(null);
  const dataHref = areaPaths(base).data;

  async function chooseTransfer() {
    if (pending) return;
    setPending(true);
    setError(null);
    const res = await postJson<{ user_id: number; transfer: TransferView }>("/api/stocker/profile/update-payment-type", { payment_type: "transfer" });
    setPending(false);
    if (!res.ok || !res.data.transfer) return setError(res.data.message || m.billp_error_general());
    setTransfer(res.data.transfer);
    // The spec: after choosing transfer it goes to the data page, which keeps showing these details.
    void navigate(dataHref, { state: { billing: "transfer" } });
  }

  if (transfer) {
    return (
      <div className="mt-4 space-y-4" data-testid="billing-transfer-done">
        <FormMessage tone="success">{m.billp_transfer_chosen()}</FormMessage>
        <TransferDetails transfer={transfer} />
        <Link to={dataHref} state={{ billing: "transfer" }} className={buttonClass("primary", "md")}>
          {m.billp_go_to_data()}
        </Link>
      </div>
    );
  }

  const unavailable = data.publishable_key === null ? m.billp_card_unavailable_config() : m.billp_card_unavailable_now();
  const option = (value: Method, title: string, text: string, disabled = false) => (
    <label
      className={`flex items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
        disabled
          ? "cursor-not-allowed border-slate-200 bg-slate-50 opacity-80"
          : method === value
            ? "cursor-pointer border-brand-500 bg-brand-50 ring-1 ring-brand-500"
            : "cursor-pointer border-slate-200 bg-white hover:border-brand-300"
      }`}
      data-testid={`billing-method-${value}`}
    >
      <input
        type="radio"
        name="payment_method"
        value={value}
        checked={method === value}
        disabled={disabled}
        onChange={() => setMethod(value)}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
      />
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
    </label>
  );

  return (
    <div className="mt-3 space-y-5">
      <InitSummary init={init} plan={plan} vatRate={data.vat_rate} cardUsable={cardReady} />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{m.billp_method_label()}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {option("card", m.billp_pm_card(), cardReady ? m.billp_method_card_text() : m.billp_card_unavailable_short(), !cardReady)}
          {option("transfer", m.billp_pm_transfer(), m.billp_method_transfer_text())}
        </div>
      </fieldset>

      {method === "card" && cardReady ? (
        <CardPayment
          publishableKey={data.publishable_key!}
          clientSecret={init.client_secret!}
          intent={init.intent!}
          returnUrl={init.url}
          locale={locale}
          payLabel={init.intent === "setup" ? m.billp_start_trial() : m.billp_pay_amount({ amount: price(init.price.total) })}
          onChooseTransfer={() => setMethod("transfer")}
        />
      ) : (
        <div className="space-y-3" data-testid="billing-transfer">
          {!cardReady && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="billing-card-unavailable">
              {unavailable}
            </p>
          )}
          <p className="text-sm text-slate-700">{m.billp_transfer_explained({ beneficiary: data.transfer.beneficiary })}</p>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <button
            type="button"
            onClick={() => void chooseTransfer()}
            disabled={pending}
            aria-busy={pending}
            className={buttonClass("primary", "lg", "w-full sm:w-auto")}
            data-testid="billing-choose-transfer"
          >
            {pending ? m.form_sending() : m.billp_choose_transfer({ amount: price(init.price.total) })}
          </button>
        </div>
      )}

      <div className="border-t border-slate-100 pt-4">
        <button type="button" onClick={onBack} className={buttonClass("secondary", "md")}>
          {m.billp_back()}
        </button>
      </div>
    </div>
  );
}
