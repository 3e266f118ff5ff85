// Adding warehouses to a running subscription (decision 024). The stocker
// picks approved warehouses the subscription leaves out; its price is computed again over all of
// them by the terms it was bought with, and the difference for the rest of the current period is
// charged now (app/lib/pricing.ts, additionPrice):
// - a subscription Stripe holds is changed there at once (its item's new price, the proration
//   invoiced and charged on the saved card; a declined card changes nothing), and the warehouses
//   join it in the same transaction;
// - any other (paid by bank transfer) gets an addition waiting for its transfer, with the same
//   reason code and e-mails as a first transfer; an administrator confirms it on the Transfers
//   screen (audited) and only then do the warehouses join and go public.
// In a free trial nothing is charged: the warehouses join at once and the new price applies from
// the trial's end.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Lang } from "../db/types.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { additionPriceFor, type AdditionView, type AddWarehousesResponse } from "../../lib/billing.ts";
import { m } from "../../paraglide/messages.js";
import { BillingGatewayError } from "./stripe-gateway.ts";
import { subscriptionTerms } from "./plans.service.ts";
import { stockerPaths, type BillingContext } from "./subscriptions.service.ts";
import { ensureReasonCode, mailTransfer, transferView } from "./transfers.service.ts";
import {
  billableWarehouses,
  findLiveSubscription,
  insertSubscriptionWarehouses,
  lockUser,
  paymentFacts,
  RUNNING_STATUSES,
  subscriptionWarehouses,
  updateStockerBilling,
  updateSubscription,
} from "./subscriptions.queries.ts";
import {
  additionWarehouses,
  cancelWaitingAdditions,
  findWaitingAddition,
  insertAddition,
  lockAddition,
  updateAddition,
} from "./subscription-additions.queries.ts";

type LiveSubscription = NonNullable<Awaited<ReturnType<typeof findLiveSubscription>>>;

/** How an addition is paid: through Stripe when it holds the subscription, otherwise by transfer. */
function paymentRoute(live: LiveSubscription, ctx: Pick<BillingContext, "gateway">): "card" | "transfer" {
  return live.stripe_subscription_id && ctx.gateway ? "card" : "transfer";
}

/** A subscription warehouses can be added to: running (trialing or active), with its period's end. */
function isRunning(live: LiveSubscription | undefined): live is LiveSubscription {
  return live !== undefined && RUNNING_STATUSES.includes(live.stripe_status) && live.ends_at !== null;
}

/** A running subscription the stocker may add to now: not set to end. */
function assertExtendable(live: LiveSubscription | undefined): asserts live is LiveSubscription {
  if (!isRunning(live)) throw new ConflictError("no_running_subscription");
  // It ends at the period's end: the stocker resumes it first (a warehouse paid for nothing otherwise).
  if (live.has_canceled) throw new ConflictError("subscription_canceled");
}

/**
 * What the billing page offers for adding warehouses to the stocker's live subscription, or null
 * when it is not running (nothing to add to). `blocked` when it is set to end.
 */
export async function additionView(db: Database, userId: number, ctx: Pick<BillingContext, "config" | "gateway">): Promise<AdditionView | null> {
  const live = await findLiveSubscription(db, userId);
  if (!isRunning(live)) return null;
  const { config } = ctx;
  const [covered, user, waiting] = await Promise.all([subscriptionWarehouses(db, live.id), paymentFacts(db, userId), findWaitingAddition(db, live.id)]);
  const payment = paymentRoute(live, ctx);
  let pending: AdditionView["pending"] = null;
  if (waiting) {
    const names = await additionWarehouses(db, waiting.warehouse_ids);
    pending = {
      id: waiting.id,
      amount: waiting.amount,
      created_at: waiting.created_at,
      warehouses: names,
      transfer: transferView(config, {
        amount: waiting.amount,
        reason: user.stockspace_code ?? "",
        plan: live.plan,
        warehousesCount: waiting.warehouse_ids.length,
      }),
    };
  }
  return {
    payment,
    card_last_four: payment === "card" ? user.pm_last_four : null,
    blocked: live.has_canceled ? "canceled" : null,
    terms: subscriptionTerms(config, live, covered),
    pending,
    priced_at: new Date(),
  };
}

/**
 * The stocker adds warehouses to their running subscription: their own approved, active ones it
 * does not cover yet, at least one. Paid by card through Stripe at once, or by bank transfer
 * later (a waiting addition replaces an earlier one). See the module's comment.
 */
export async function addSubscriptionWarehouses(db: Database, actor: Actor, input: { w_ids: number[] }, ctx: BillingContext): Promise<AddWarehousesResponse> {
  if (actor.role !== "stocker") throw new ForbiddenError();
  const ids = [...new Set(input.w_ids)];
  if (ids.length === 0) throw new ValidationError({ w_ids: "required" }, "required");
  const { config } = ctx;

  return db.transaction().execute(async (trx) => {
    // One change at a time per stocker (the same lock as init-subscription's).
    const user = await lockUser(trx, actor.id);
    if (!user) throw new NotFoundError();
    const live = await findLiveSubscription(trx, actor.id);
    assertExtendable(live);

    const [own, covered] = await Promise.all([billableWarehouses(trx, actor.id), subscriptionWarehouses(trx, live.id)]);
    const coveredIds = new Set(covered.map((w) => w.id));
    const byId = new Map(own.map((w) => [w.id, w]));
    // Someone else's, unknown, pending, deactivated or already covered: refused as a whole.
    if (ids.some((id) => !byId.has(id) || coveredIds.has(id))) throw new ValidationError({ w_ids: "invalid" }, "invalid");
    const addHubs = ids.filter((id) => byId.get(id)!.is_hub).length;

    const terms = subscriptionTerms(config, live, covered);
    const price = additionPriceFor(terms, { warehouses: ids.length, hubs: addHubs }, new Date());
    const route = paymentRoute(live, ctx);

    // An earlier addition still waiting for its transfer is replaced by this one.
    await cancelWaitingAdditions(trx, live.id);

    // By card, or with nothing to pay now (a transfer subscription's addition fully discounted):
    // the warehouses join at once.
    if (route === "card" || price.now === 0) {
      const additionId = await insertAddition(trx, {
        subscription_id: live.id,
        user_id: actor.id,
        warehouse_ids: ids,
        hubs_count: addHubs,
        payment_type: route,
        status: "confirmed",
        amount: price.now,
        new_amount: price.newAmount,
        confirmed_at: new Date(),
      });
      let charged = price.now;
      if (route === "card") {
        // Last, so that a refusal rolls everything back; the idempotency key makes the SDK's
        // retries of this very call safe.
        try {
          const result = await ctx.gateway!.updateSubscriptionAmount({
            id: live.stripe_subscription_id!,
            amountCents: price.newAmount,
            plan: live.plan,
            idempotencyKey: `stockspace-addition-${additionId}`,
          });
          charged = result.chargedCents;
        } catch (err) {
          if (err instanceof BillingGatewayError && err.statusCode === 402) throw new ConflictError("card_declined");
          ctx.log?.error({ err, subscriptionId: live.id }, "stripe: could not add warehouses to the subscription");
          throw new ConflictError("card_unavailable");
        }
        await updateAddition(trx, additionId, { amount: charged });
      }
      await joinSubscription(trx, { subscriptionId: live.id, ids, newAmount: price.newAmount, hubs: terms.hubs + addHubs });
      await announceAddition(trx, { ...user, count: ids.length }, ctx);
      return { user_id: actor.id, status: "confirmed", amount: charged, warehouses_count: ids.length, transfer: null };
    }

    await insertAddition(trx, {
      subscription_id: live.id,
      user_id: actor.id,
      warehouse_ids: ids,
      hubs_count: addHubs,
      payment_type: "transfer",
      status: "pending_transfer",
      amount: price.now,
      new_amount: price.newAmount,
    });
    const reason = await ensureReasonCode(trx, user);
    await updateStockerBilling(trx, actor.id, { transfer_requested_at: new Date() });
    const transfer = transferView(config, { amount: price.now, reason, plan: live.plan, warehousesCount: ids.length });
    await mailTransfer(trx, user, transfer, { addition: true, path: (lang) => stockerPaths(lang).billing }, ctx);
    return { user_id: actor.id, status: "pending_transfer", amount: price.now, warehouses_count: ids.length, transfer };
  });
}

/** The warehouses join the subscription (and go public: migration 0008's triggers), at its new price. */
async function joinSubscription(trx: Database, args: { subscriptionId: number; ids: number[]; newAmount: number; hubs: number }): Promise<void> {
  await insertSubscriptionWarehouses(trx, { subscriptionId: args.subscriptionId, warehouseIds: args.ids });
  await updateSubscription(trx, args.subscriptionId, { amount: args.newAmount, hubs_count: args.hubs });
}

/** The stocker hears that warehouses joined their subscription: a notification and an e-mail. */
async function announceAddition(
  trx: Database,
  s: { id: number; email: string; first_name: string | null; lang: Lang; count: number },
  ctx: Pick<BillingContext, "origin">,
): Promise<void> {
  const path = stockerPaths(s.lang).billing;
  await createNotification(trx, {
    userId: s.id,
    type: "subscription_extended",
    title: (locale) => m.bill_notif_extended_title({}, { locale }),
    message: (locale) => m.bill_notif_extended_message({ count: s.count }, { locale }),
    data: { url: path },
  });
  await queueMail(trx, {
    to: s.email,
    lang: s.lang,
    template: "subscription_extended",
    data: { firstName: s.first_name, count: s.count, link: `${ctx.origin}${path}` },
    origin: ctx.origin,
  });
}

/**
 * An administrator confirms that the transfer for an addition arrived: the warehouses still
 * billable join the subscription at its new price (computed again over what it really covers),
 * the stocker is told, in one transaction with the audit entry.
 */
export async function confirmAdditionTransfer(
  db: Database,
  actor: Actor,
  additionId: number,
  input: { transfer_info?: string | null },
  ctx: BillingContext,
): Promise<{ user_id: number; addition_id: number }> {
  if (actor.role !== "admin") throw new ForbiddenError();
  const notes = input.transfer_info?.trim() || null;
  return db.transaction().execute(async (trx) => {
    const addition = await lockAddition(trx, additionId);
    if (!addition) throw new NotFoundError();
    if (addition.status !== "pending_transfer") throw new ConflictError("no_transfer_waiting");
    const user = await lockUser(trx, addition.user_id);
    if (!user) throw new NotFoundError();
    const live = await findLiveSubscription(trx, addition.user_id);
    // The subscription ended or was replaced meanwhile: there is nothing left to add to.
    if (!live || live.id !== addition.subscription_id || !RUNNING_STATUSES.includes(live.stripe_status)) throw new ConflictError("no_transfer_waiting");

    const [own, covered] = await Promise.all([billableWarehouses(trx, addition.user_id), subscriptionWarehouses(trx, live.id)]);
    const coveredIds = new Set(covered.map((w) => w.id));
    const joining = own.filter((w) => addition.warehouse_ids.includes(w.id) && !coveredIds.has(w.id));
    const hubs = [...covered, ...joining].filter((w) => w.is_hub).length;
    const terms = subscriptionTerms(ctx.config, live, covered);
    const newAmount =
      joining.length === 0
        ? terms.current_amount
        : additionPriceFor(terms, { warehouses: joining.length, hubs: joining.filter((w) => w.is_hub).length }, new Date()).newAmount;
    if (joining.length > 0) await joinSubscription(trx, { subscriptionId: live.id, ids: joining.map((w) => w.id), newAmount, hubs });
    await updateAddition(trx, addition.id, {
      status: "confirmed",
      confirmed_by: actor.id,
      confirmed_at: new Date(),
      transfer_info: notes,
      new_amount: newAmount,
    });
    await auditAdminAction(trx, actor, {
      action: "subscription.extend",
      entityType: "user",
      entityId: addition.user_id,
      details: {
        subscription_id: live.id,
        addition_id: addition.id,
        amount: addition.amount,
        reason: user.stockspace_code,
        transfer_info: notes,
        warehouse_ids: joining.map((w) => w.id),
        before: { amount: terms.current_amount, warehouses: covered.length },
        after: { amount: newAmount, warehouses: covered.length + joining.length },
      },
    });
    if (joining.length > 0) await announceAddition(trx, { ...user, count: joining.length }, ctx);
    return { user_id: addition.user_id, addition_id: addition.id };
  });
}
