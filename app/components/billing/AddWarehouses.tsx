// The billing page with a running subscription: the approved warehouses it leaves out (shown
// anonymised in the search), and adding them to it (decision 024). The price is computed in the
// browser by the rule the server charges by (additionSelectionPrice): the difference for the rest
// of the period, now, and the subscription's new price from the renewal. Paid on the
// subscription's card at once, or by bank transfer (the details shown, and e-mailed, at once; the
// warehouses join when an administrator confirms the money). Nothing to pay in a free trial.
import { useId, useState, type FormEvent } from "react";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";
import { formatDate } from "../../lib/format.ts";
import { additionSelectionPrice, preselectedWarehouses, type AddWarehousesResponse, type AdditionView, type BillingWarehouseView } from "../../lib/billing.ts";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";
import { planLabel, price, TransferDetails, WarehouseChecklist } from "./BillingParts.tsx";
import type { PlanName } from "../../lib/pricing.ts";

type Props = {
  /** The approved warehouses the subscription does not cover. */
  uncovered: BillingWarehouseView[];
  addition: AdditionView | null;
  plan: PlanName;
  /** The profile's data page, where a cancelled subscription is resumed. */
  dataHref: string;
};

export function AddWarehouses({ uncovered, addition, plan, dataHref }: Props) {
  return (
    <section aria-labelledby="billing-add-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="billing-uncovered">
      <h2 id="billing-add-title" className="text-lg font-semibold text-slate-900">
        {addition && !addition.blocked ? m.billp_add_title() : m.billp_uncovered_title({ count: uncovered.length })}
      </h2>
      {uncovered.length > 0 && <p className="mt-1 text-sm text-slate-600">{m.billp_uncovered_text()}</p>}
      {addition?.pending && <PendingAddition pending={addition.pending} />}
      {!addition ? (
        // A subscription waiting to start, or whose payment failed: nothing to add to yet.
        <p className="mt-3 text-sm text-slate-700" data-testid="billing-add-later">
          {m.billp_add_later()}
        </p>
      ) : addition.blocked ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="billing-add-blocked">
          {m.billp_add_blocked()}{" "}
          <Link to={dataHref} className="font-semibold underline underline-offset-2">
            {m.billp_go_to_data()}
          </Link>
        </p>
      ) : (
        <AddForm uncovered={uncovered} addition={addition} plan={plan} />
      )}
    </section>
  );
}

function PendingAddition({ pending }: { pending: NonNullable<AdditionView["pending"]> }) {
  return (
    <div className="mt-4 space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4" data-testid="billing-add-pending">
      <h3 className="font-semibold text-slate-900">{m.billp_add_pending_title()}</h3>
      <p className="text-sm text-slate-700">
        {m.billp_add_pending_text({ date: formatDate(pending.created_at) })} {pending.warehouses.map((w) => w.name).join(", ")}.
      </p>
      <TransferDetails transfer={pending.transfer} />
      <p className="text-xs text-slate-600">{m.billp_add_pending_replace()}</p>
    </div>
  );
}

type Outcome = { kind: "added"; count: number } | { kind: "transfer" };

function AddForm({ uncovered, addition, plan }: { uncovered: BillingWarehouseView[]; addition: AdditionView; plan: PlanName }) {
  const [params] = useSearchParams();
  // A warehouse's page links here with ?w={id}: that warehouse starts ticked.
  const [selected, setSelected] = useState<Set<number>>(() => preselectedWarehouses({ warehouses: uncovered }, params));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const revalidator = useRevalidator();
  const hintId = useId();
  const { terms } = addition;
  const live = additionSelectionPrice({ warehouses: uncovered }, terms, selected, new Date(addition.priced_at));
  const until = formatDate(terms.period_end);
  const next = m.billp_add_next({ amount: price(live.newAmount), plan: planLabel(plan) });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || selected.size === 0) return;
    setPending(true);
    setError(null);
    const res = await postJson<AddWarehousesResponse>("/api/stocker/profile/add-subscription-warehouses", { w_ids: [...selected] });
    setPending(false);
    if (!res.ok) {
      if (res.status === 422 && res.data.errors?.w_ids) return setError(m.billp_warehouses_changed());
      return setError(res.data.message || m.billp_error_general());
    }
    setSelected(new Set());
    setOutcome(res.data.status === "confirmed" ? { kind: "added", count: res.data.warehouses_count } : { kind: "transfer" });
    // The summary above, the covered list and the pending transfer come from the server again.
    void revalidator.revalidate();
  }

  // The amount only once there is one: nothing picked, or a trial, says what the button does.
  const payLabel =
    terms.trialing || selected.size === 0
      ? m.billp_add_submit()
      : addition.payment === "card"
        ? m.billp_add_submit_card({ amount: price(live.now) })
        : m.billp_add_submit_transfer({ amount: price(live.now) });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-2 space-y-4">
      {outcome && (
        <div data-testid={outcome.kind === "added" ? "billing-add-done" : "billing-add-transfer-done"}>
          <FormMessage tone="success">{outcome.kind === "added" ? m.billp_add_done({ count: outcome.count }) : m.billp_add_transfer_done()}</FormMessage>
        </div>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {uncovered.length > 0 && (
        <>
          <WarehouseChecklist warehouses={uncovered} selected={selected} onChange={setSelected} legend={m.billp_add_title()} />
          <div className="rounded-xl bg-slate-50 p-4 text-sm" aria-live="polite" data-testid="billing-add-price">
            {selected.size === 0 ? (
              <p id={hintId} className="text-slate-600">
                {m.billp_add_pick()}
              </p>
            ) : (
              <>
                <dl className="space-y-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                    <dt className="text-slate-700">
                      {terms.trialing
                        ? m.billp_add_trial({ date: until })
                        : addition.payment === "card"
                          ? addition.card_last_four
                            ? m.billp_add_now_card({ last4: addition.card_last_four, date: until })
                            : m.billp_add_now_card_plain({ date: until })
                          : m.billp_add_now_transfer({ date: until })}
                    </dt>
                    <dd className="text-lg font-bold text-slate-900 tabular-nums" data-testid="billing-add-now">
                      {price(live.now)}
                    </dd>
                  </div>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                    <dt className="text-slate-600">{terms.trialing ? m.billp_add_next_trial() : m.billp_add_next_label()}</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums" data-testid="billing-add-next">
                      {next}
                    </dd>
                  </div>
                </dl>
                <p className="pt-1 text-xs text-slate-600">{m.billp_add_vat_note({ amount: price(live.nowExclVat) })}</p>
              </>
            )}
          </div>
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <button
              type="submit"
              disabled={pending || selected.size === 0}
              aria-busy={pending}
              aria-describedby={selected.size === 0 ? hintId : undefined}
              className={buttonClass("primary", "lg", "w-full sm:w-auto")}
              data-testid="billing-add-submit"
            >
              {pending ? m.form_sending() : payLabel}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
