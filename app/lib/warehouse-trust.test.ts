import { describe, expect, it } from "vitest";
import { answerTimeUnit, NO_TRUST, TRUST_MIN_ANSWERED, warehouseTrust, type TrustRow } from "./warehouse-trust.ts";

const row = (fields: Partial<TrustRow> = {}): TrustRow => ({
  redeemed: true,
  review_count: 12,
  rating_avg: 43,
  requests_received: 10,
  requests_answered: 9,
  answer_seconds_median: 3 * 3600 + 1,
  owner_approved: true,
  ...fields,
});

describe("warehouseTrust", () => {
  it("rounds the answer time up to whole hours and the share of answers down", () => {
    expect(warehouseTrust(row())).toEqual({ rating_avg: 43, review_count: 12, answer_hours: 4, answer_rate: 90, verified: true });
    expect(warehouseTrust(row({ answer_seconds_median: 60 })).answer_hours).toBe(1);
    expect(warehouseTrust(row({ answer_seconds_median: 0 })).answer_hours).toBe(1);
    // 199 of 200 is not "100%".
    expect(warehouseTrust(row({ requests_received: 200, requests_answered: 199 })).answer_rate).toBe(99);
  });

  it("says nothing of answers below the minimum, nor of a rating without reviews", () => {
    expect(warehouseTrust(row({ requests_answered: TRUST_MIN_ANSWERED - 1 }))).toMatchObject({ answer_hours: null, answer_rate: null });
    expect(warehouseTrust(row({ requests_answered: TRUST_MIN_ANSWERED, requests_received: 3 }))).toMatchObject({ answer_rate: 100 });
    expect(warehouseTrust(row({ review_count: 0, rating_avg: null }))).toMatchObject({ rating_avg: null, review_count: 0 });
  });

  it("is verified only with an approved, active owner, and empty for an unredeemed warehouse", () => {
    expect(warehouseTrust(row({ owner_approved: false })).verified).toBe(false);
    expect(warehouseTrust(row({ owner_approved: null })).verified).toBe(false);
    expect(warehouseTrust(row({ redeemed: false }))).toEqual(NO_TRUST);
  });
});

describe("answerTimeUnit", () => {
  it("speaks in hours up to a day, then in days rounded up", () => {
    expect(answerTimeUnit(1)).toEqual({ unit: "hour" });
    expect(answerTimeUnit(2)).toEqual({ unit: "hours", hours: 2 });
    expect(answerTimeUnit(24)).toEqual({ unit: "hours", hours: 24 });
    expect(answerTimeUnit(25)).toEqual({ unit: "days", days: 2 });
    expect(answerTimeUnit(48)).toEqual({ unit: "days", days: 2 });
    expect(answerTimeUnit(49)).toEqual({ unit: "days", days: 3 });
  });
});
