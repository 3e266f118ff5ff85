// OfferAnswer as the server draws it (before any script): three forms posting to the page with
// their intent, the box that declines the other offers ticked by default, no accept button on an
// expired offer, the answer of a post without JavaScript shown on its own offer only.
// (Rendered in the base locale, English; dates stay Italian.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { OfferAnswer } from "./OfferAnswer.tsx";
import type { OfferView } from "../../lib/offers.ts";

function render(element: ReactElement): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element, action: () => null }]);
  return renderToString(<Stub initialEntries={["/it/stock-hunter/profile/messages/7"]} />);
}

const offer = (overrides: Partial<OfferView> = {}): OfferView => ({
  offer_id: 41,
  link_id: 9,
  revision: 2,
  status: "open",
  m2_type: "m2",
  quantity: 300,
  price_month: 450,
  handling_in: null,
  handling_out: null,
  one_off_fee: null,
  start_date: "2031-01-01",
  end_date: "2031-06-30",
  min_term_months: 3,
  included: "",
  notes: "",
  valid_until: "2031-01-15",
  decline_reason: null,
  created_at: "2030-12-01T10:00:00Z",
  totals: {
    quantity: 300,
    asked_quantity: 800,
    capped: true,
    start_date: "2031-01-01",
    end_date: "2031-06-30",
    days: 181,
    monthly: 135_000,
    period: 814_500,
    vat_included: 993_690,
    dates_cover: true,
  },
  ...overrides,
});

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("OfferAnswer", () => {
  it("draws accept, decline and ask-changes as forms posting their intent, the other offers' box ticked", () => {
    const html = render(<OfferAnswer offer={offer()} linkId={9} otherOpenOffers={3} />);
    expect(count(html, 'method="post"')).toBe(3);
    for (const intent of ["accept", "decline", "ask_changes"]) expect(html).toContain(`name="intent" value="${intent}"`);
    expect(count(html, 'name="offer_id" value="41"')).toBe(2);
    expect(html).toContain('name="link_id" value="9"');
    expect(html).toMatch(/<input type="checkbox"[^>]*name="decline_others" checked=""/);
    expect(html).toContain("Politely decline the other 3 offers");
    expect(html).toContain("15.01.2031");
    expect(html).toContain("<textarea");
    expect(html).toContain('name="message"');
    expect(html).toContain('name="reason"');
    // The disclosures open without a script.
    expect(count(html, "<details")).toBe(2);
  });

  it("names the one other offer, and offers no box without others", () => {
    expect(render(<OfferAnswer offer={offer()} linkId={9} otherOpenOffers={1} />)).toContain("Politely decline the other offer of this request");
    expect(render(<OfferAnswer offer={offer()} linkId={9} otherOpenOffers={0} />)).not.toContain("decline_others");
  });

  it("cannot accept an expired offer: no accept form, Expired shown; declining and asking stay", () => {
    const html = render(<OfferAnswer offer={offer({ status: "expired" })} linkId={9} otherOpenOffers={2} />);
    expect(html).not.toContain('value="accept"');
    expect(html).not.toContain("decline_others");
    expect(html).toContain("Expired");
    expect(html).toContain('value="decline"');
    expect(html).toContain('value="ask_changes"');
  });

  it("shows an answered offer's state, and nothing for a superseded one", () => {
    expect(render(<OfferAnswer offer={offer({ status: "accepted" })} linkId={9} otherOpenOffers={0} />)).toContain("the warehouse now has to confirm");
    const declined = render(<OfferAnswer offer={offer({ status: "declined", decline_reason: "Troppo caro <b>" })} linkId={9} otherOpenOffers={0} />);
    expect(declined).toContain("Reason: Troppo caro &lt;b&gt;");
    expect(render(<OfferAnswer offer={offer({ status: "superseded" })} linkId={9} otherOpenOffers={0} />)).not.toContain("<form");
  });

  it("shows the page's answer on its own offer only, failures at their form with what was typed", () => {
    const failure = {
      ok: false as const,
      intent: "ask_changes",
      error: "invalid",
      errors: { message: "required" },
      message: "Invalid input",
      values: { intent: "ask_changes", link_id: "9", message: "" },
    };
    const html = render(<OfferAnswer offer={offer()} linkId={9} otherOpenOffers={0} lastResult={failure} />);
    expect(html).toContain("Write what you would like to change.");
    expect(html).toMatch(/<details[^>]*open=""/);
    expect(render(<OfferAnswer offer={offer()} linkId={10} otherOpenOffers={0} lastResult={failure} />)).not.toContain("Write what you would like");

    const expired = { ok: false as const, intent: "accept", error: "offer_expired", errors: {}, message: "This offer has expired", values: { offer_id: "41" } };
    expect(render(<OfferAnswer offer={offer()} linkId={9} otherOpenOffers={0} lastResult={expired} />)).toContain("This offer has expired");

    const done = { ok: true as const, intent: "accept" as const, offer_id: 41, link_id: 9, declined_offer_ids: [5, 6] };
    expect(render(<OfferAnswer offer={offer({ status: "accepted" })} linkId={9} otherOpenOffers={0} lastResult={done} />)).toContain(
      "politely declined the other offers (2)",
    );
    expect(render(<OfferAnswer offer={offer({ offer_id: 42 })} linkId={8} otherOpenOffers={0} lastResult={done} />)).not.toContain("Offer accepted");
  });
});
