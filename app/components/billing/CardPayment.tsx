// The card step of the billing page. Stripe.js is loaded here and nowhere else: the module is
// imported on demand (import("@stripe/stripe-js") injects js.stripe.com's script only then), so
// no other page talks to Stripe. The Payment Element confirms the subscription's client secret —
// a payment now, or a card set-up when the subscription starts with a free trial — and Stripe
// sends the browser to the confirm page (return_url). When Stripe.js cannot load (no network to
// js.stripe.com, a blocker) the stocker hears it within STRIPE_LOAD_TIMEOUT_MS and is offered the
// bank transfer instead.
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Appearance, Stripe, StripeElements, StripePaymentElement } from "@stripe/stripe-js";
import { m } from "../../paraglide/messages.js";
import type { Locale } from "../../lib/locale.ts";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";

/** How long the card form may take to appear before the page says it cannot load. */
export const STRIPE_LOAD_TIMEOUT_MS = 8000;

const APPEARANCE: Appearance = {
  theme: "stripe",
  variables: { colorPrimary: "#1a5fd0", borderRadius: "8px", fontFamily: "system-ui, sans-serif" },
};

type Props = {
  publishableKey: string;
  clientSecret: string;
  intent: "payment" | "setup";
  returnUrl: string;
  locale: Locale;
  /** What the pay button says, e.g. the amount. */
  payLabel: string;
  onChooseTransfer: () => void;
};

type LoadState = "loading" | "ready" | "failed";

export function CardPayment({ publishableKey, clientSecret, intent, returnUrl, locale, payLabel, onChooseTransfer }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const loaded = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<LoadState>("loading");
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let ready = false;
    let element: StripePaymentElement | null = null;
    setState("loading");
    loaded.current = null;
    const fail = (err: unknown) => {
      if (cancelled || ready) return;
      console.error("billing: the card form could not load", err);
      setState("failed");
    };
    // Script, Elements and the form's iframe must all be there in time, whatever hangs.
    const timer = setTimeout(() => fail(new Error("timeout")), STRIPE_LOAD_TIMEOUT_MS);
    (async () => {
      const { loadStripe } = await import("@stripe/stripe-js");
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error("Stripe.js unavailable");
      if (cancelled || !container.current) return;
      const elements = stripe.elements({ clientSecret, appearance: APPEARANCE, locale });
      element = elements.create("payment", { layout: "tabs" });
      element.on("ready", () => {
        if (cancelled) return;
        ready = true;
        clearTimeout(timer);
        loaded.current = { stripe, elements };
        setState("ready");
      });
      element.on("loaderror", (event) => fail(event.error));
      element.mount(container.current);
    })().catch(fail);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      element?.destroy();
    };
  }, [publishableKey, clientSecret, locale, attempt]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const s = loaded.current;
    if (!s || submitting) return;
    setSubmitting(true);
    setError(null);
    const confirmParams = { return_url: returnUrl };
    const result =
      intent === "setup"
        ? await s.stripe.confirmSetup({ elements: s.elements, confirmParams })
        : await s.stripe.confirmPayment({ elements: s.elements, confirmParams });
    // Reached only when the card was refused or the form is incomplete: success leaves the page.
    setSubmitting(false);
    setError(result.error?.message ?? m.billp_card_error());
  }

  return (
    <form onSubmit={(e) => void pay(e)} className="space-y-4" data-testid="card-payment" aria-busy={state === "loading"}>
      {state === "loading" && (
        <p role="status" className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700" data-testid="card-loading">
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none" />
          {m.billp_card_loading()}
        </p>
      )}
      {state === "failed" && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="card-failed">
          <p className="font-semibold">{m.billp_card_failed_title()}</p>
          <p className="mt-1">{m.billp_card_failed_text()}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" onClick={onChooseTransfer} className={buttonClass("primary", "sm")}>
              {m.billp_pay_by_transfer_instead()}
            </button>
            <button type="button" onClick={() => setAttempt((n) => n + 1)} className={buttonClass("secondary", "sm")}>
              {m.billp_try_again()}
            </button>
          </div>
        </div>
      )}
      {/* Stripe mounts its iframe here; it stays in the page while loading so the mount can happen. */}
      <div ref={container} className={state === "ready" ? "" : "hidden"} />
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {state === "ready" && (
        <>
          {intent === "setup" && <p className="text-sm text-slate-600">{m.billp_card_setup_note()}</p>}
          <button type="submit" disabled={submitting} aria-busy={submitting} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
            {submitting ? m.billp_paying() : payLabel}
          </button>
        </>
      )}
    </form>
  );
}
