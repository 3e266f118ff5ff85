// What the requester's pages mount under each row's offer: the answers under an open or expired
// offer, what was answered under an accepted or declined one (so the accept's confirmation and
// "the warehouse now has to confirm" show, with and without JavaScript), nothing under a
// superseded or withdrawn offer, a refused link's or an administrator's view; and the
// conversation under every row.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import { requesterRowParts } from "./requester-row-parts.tsx";
import { EarlierOffers } from "./EarlierOffers.tsx";
import type { ComparisonRow, RequestComparison } from "../../lib/offer-comparison.ts";
import type { OfferStatus, OfferView } from "../../lib/offers.ts";

function offer(linkId: number, status: OfferStatus): OfferView {
  return {
    offer_id: linkId * 10,
    link_id: linkId,
    revision: 1,
    status,
    m2_type: "m2",
    quantity: 800,
    price_month: 450,
    handling_in: null,
    handling_out: null,
    one_off_fee: null,
    start_date: "2027-01-01",
    end_date: "2027-03-31",
    min_term_months: null,
    included: "",
    notes: "",
    valid_until: "2026-12-31",
    decline_reason: null,
    created_at: "2026-11-20T10:00:00.000Z",
    totals: {
      quantity: 800,
      asked_quantity: 800,
      capped: false,
      start_date: "2027-01-01",
      end_date: "2027-03-31",
      days: 90,
      monthly: 360_000,
      period: 1_080_000,
      vat_included: 1_317_600,
      dates_cover: true,
    },
  };
}

function row(linkId: number, status: OfferStatus | null, state: ComparisonRow["state"] = "pending"): ComparisonRow {
  return {
    link_id: linkId,
    warehouse: { id: linkId + 100, name: `Deposito ${linkId}`, city: "Lodi", redeemed: true, is_hub: false, detail_url: null },
    state,
    offer: status ? offer(linkId, status) : null,
    earlier_offers: [],
    revisions: status ? 1 : 0,
    availability: { status: "not_asked", space: null, unmet: [] },
    min_term_months: null,
    distance_km: null,
    distance_approx: false,
    rating: null,
    answer_seconds: status ? 3600 : null,
    not_answered: status === null,
    marks: { cheapest: false, best_rated: false },
  };
}

const rows = [
  row(1, "open"),
  row(2, "open"),
  row(3, "expired"),
  row(4, "accepted", "confirmed"),
  row(5, "declined"),
  row(6, "superseded"),
  row(7, "withdrawn"),
  row(8, "open", "refused"),
  row(9, null),
];

const comparison = { request: {}, rows, counts: { contacted: rows.length, offers: 8, not_answered: 1 } } as unknown as RequestComparison;

/** The answers' props under a row's offer, or null when nothing is mounted there. */
function actionsUnder(linkId: number, readOnly = false) {
  const parts = requesterRowParts({ comparison, conversations: {}, readOnly });
  const element = parts.renderActions(rows.find((r) => r.link_id === linkId)!) as ReactElement<{ offer: OfferView; otherOpenOffers: number }> | null;
  return element ? { status: element.props.offer.status, otherOpenOffers: element.props.otherOpenOffers } : null;
}

describe("requesterRowParts", () => {
  it("mounts the answers under an open or expired offer, counting the other open offers", () => {
    // Three open offers: 1, 2 and the refused link's 8.
    expect(actionsUnder(1)).toEqual({ status: "open", otherOpenOffers: 2 });
    expect(actionsUnder(3)).toEqual({ status: "expired", otherOpenOffers: 3 });
  });

  it("says what the requester answered under an accepted or a declined offer", () => {
    expect(actionsUnder(4)).toMatchObject({ status: "accepted" });
    expect(actionsUnder(5)).toMatchObject({ status: "declined" });
  });

  it("mounts nothing under a superseded or withdrawn offer, a refused link, no offer, or for an administrator", () => {
    for (const linkId of [6, 7, 8, 9]) expect(actionsUnder(linkId)).toBeNull();
    for (const linkId of [1, 4]) expect(actionsUnder(linkId, true)).toBeNull();
  });

  it("lists a link's earlier offers under its row, for an administrator too", () => {
    const earlier = [{ ...offer(1, "superseded"), offer_id: 99, revision: 1, decline_reason: null }];
    const withHistory = { ...rows[0]!, offer: null, earlier_offers: earlier };
    for (const readOnly of [false, true]) {
      const element = requesterRowParts({ comparison, conversations: {}, readOnly }).renderActions(withHistory) as ReactElement<{ offers: OfferView[] }>;
      expect(element.props.offers).toEqual(earlier);
    }
    const html = renderToStaticMarkup(<EarlierOffers offers={earlier} />);
    expect(html).toContain('data-testid="cmp-earlier-offers"');
    expect(html).toMatch(/Offer 1|Offerta 1/);
    expect(html).toMatch(/€\s[0-9.]+,[0-9]{2} /);
  });

  it("mounts the conversation under every row, read-only for an administrator, folded while empty", () => {
    /** The LinkConversation element inside what renderConversation returns (a <details> around it). */
    const threadOf = (element: ReactElement): ReactElement<{ linkId: number; canWrite: boolean; viewer: string }> => {
      const kids = (element.props as { children?: unknown }).children;
      for (const kid of [kids].flat() as ReactElement[]) {
        if (kid && typeof kid === "object" && "props" in kid) {
          if ("linkId" in (kid.props as object)) return kid as ReactElement<{ linkId: number; canWrite: boolean; viewer: string }>;
          const inner = (kid.props as { children?: unknown }).children;
          if (inner && typeof inner === "object" && "props" in (inner as object) && "linkId" in ((inner as ReactElement).props as object))
            return inner as ReactElement<{ linkId: number; canWrite: boolean; viewer: string }>;
        }
      }
      throw new Error("no LinkConversation under the row");
    };
    const parts = requesterRowParts({ comparison, conversations: {}, readOnly: true });
    for (const r of rows) {
      const element = parts.renderConversation(r) as ReactElement<{ open: boolean }>;
      expect(element.props.open).toBe(false);
      expect(threadOf(element).props).toMatchObject({ linkId: r.link_id, canWrite: false, viewer: "admin" });
    }
    const withMessages = requesterRowParts({
      comparison,
      conversations: {
        "1": { messages: [{ message_id: 1, side: "handler", kind: "message", body: "Ciao", author: "Luca", mine: false, created_at: "2030-01-01" }] },
      },
      readOnly: false,
    });
    expect((withMessages.renderConversation(rows[0]!) as ReactElement<{ open: boolean }>).props.open).toBe(true);
  });
});
