import { describe, expect, it } from "vitest";
import { askedUnits, daysBetween, offerTotals, type OfferTerms } from "./offer-totals.ts";

const offer: OfferTerms = {
  m2_type: "m2",
  quantity: 1000,
  price_month: 450,
  handling_in: null,
  handling_out: null,
  one_off_fee: null,
  start_date: "2027-01-01",
  end_date: "2027-06-30",
};

describe("offerTotals", () => {
  it("counts the request's quantity and dates", () => {
    const t = offerTotals(offer, { m2_type: "m2", m2_value: "800.00", start_date: "2027-01-01", end_date: "2027-03-31" }, 22);
    // 90 days; 450 × 800 = 360,000 a month; 360,000 × 90 / 30 = 1,080,000; × 1.22 = 1,317,600
    expect(t).toMatchObject({ quantity: 800, capped: false, days: 90, monthly: 360_000, period: 1_080_000, vat_included: 1_317_600, dates_cover: true });
  });

  it("caps the quantity at the offer's and says so", () => {
    const t = offerTotals({ ...offer, quantity: 300 }, { m2_type: "m2", m2_value: 800, start_date: null, end_date: null }, 22);
    expect(t).toMatchObject({ quantity: 300, asked_quantity: 800, capped: true, start_date: "2027-01-01", end_date: "2027-06-30", days: 181 });
    expect(t.period).toBe(Math.round((450 * 300 * 181) / 30));
  });

  it("takes the offer's quantity when none was asked or another unit was", () => {
    expect(offerTotals(offer, { m2_type: "m2", m2_value: null, start_date: null, end_date: null }, 22).quantity).toBe(1000);
    expect(offerTotals(offer, { m2_type: "pallet", m2_value: 50, start_date: null, end_date: null }, 22)).toMatchObject({
      quantity: 1000,
      asked_quantity: null,
    });
  });

  it("adds handling per unit and the one-off fee, and rounds once per step", () => {
    const pallets: OfferTerms = { ...offer, m2_type: "pallet", quantity: 120, price_month: 333, handling_in: 250, handling_out: 275, one_off_fee: 15_000 };
    const t = offerTotals(pallets, { m2_type: "pallet", m2_value: "100.5", start_date: "2027-02-01", end_date: "2027-02-17" }, 22);
    // 101 pallets (100.5 rounded up), 17 days
    const monthly = 333 * 101;
    const period = Math.round((monthly * 17) / 30) + (250 + 275) * 101 + 15_000;
    expect(t).toMatchObject({ quantity: 101, days: 17, monthly, period, vat_included: Math.round(period * 1.22) });
  });

  it("follows the configured VAT rate", () => {
    const t = offerTotals(offer, { m2_type: "m2", m2_value: 10, start_date: "2027-01-01", end_date: "2027-01-30" }, 10);
    expect(t.period).toBe(4500);
    expect(t.vat_included).toBe(4950);
  });

  it("says when the offer's dates do not cover the request's", () => {
    expect(offerTotals(offer, { m2_type: "m2", m2_value: 1, start_date: "2026-12-15", end_date: "2027-02-01" }, 22).dates_cover).toBe(false);
    expect(offerTotals(offer, { m2_type: "m2", m2_value: 1, start_date: "2027-03-01", end_date: "2027-09-01" }, 22).dates_cover).toBe(false);
    expect(offerTotals(offer, { m2_type: "m2", m2_value: 1, start_date: "2027-03-01", end_date: null }, 22)).toMatchObject({
      dates_cover: true,
      end_date: "2027-06-30",
    });
  });

  it("falls back to the offer's period when a half-open request falls outside it", () => {
    const t = offerTotals(offer, { m2_type: "m2", m2_value: 1, start_date: "2027-08-01", end_date: null }, 22);
    expect(t).toMatchObject({ start_date: "2027-01-01", end_date: "2027-06-30", dates_cover: false });
  });
});

describe("helpers", () => {
  it("counts days across a clock change", () => {
    expect(daysBetween("2027-03-27", "2027-03-29")).toBe(2);
  });
  it("reads the asked quantity as whole units", () => {
    expect(askedUnits("0.00")).toBeNull();
    expect(askedUnits(null)).toBeNull();
    expect(askedUnits("799.01")).toBe(800);
  });
});

describe("offerView", () => {
  it("marks an open offer past valid_until as expired and carries its totals", async () => {
    const { offerView } = await import("./offers.ts");
    const row = {
      ...offer,
      id: 7,
      link_id: 3,
      revision: 2,
      state: "open" as const,
      min_term_months: 3,
      included: "",
      notes: "",
      valid_until: "2027-01-10",
      decline_reason: null,
      created_at: new Date("2026-12-01T10:00:00Z"),
    };
    const asked = { m2_type: "m2" as const, m2_value: 800, start_date: null, end_date: null };
    expect(offerView(row, asked, 22, "2027-01-10")).toMatchObject({
      offer_id: 7,
      status: "open",
      created_at: "2026-12-01T10:00:00.000Z",
      totals: { quantity: 800 },
    });
    expect(offerView(row, asked, 22, "2027-01-11").status).toBe("expired");
    expect(offerView({ ...row, state: "accepted" }, asked, 22, "2027-02-01").status).toBe("accepted");
  });
});
