import { describe, it, expect } from "vitest";
import {
  decimalText,
  placeInItaly,
  excerpt,
  formatArea,
  formatDate,
  formatDateTime,
  formatKm,
  formatNumber,
  formatNumberInput,
  formatPrice,
  keepHouseNumber,
  parseNumber,
  settledNumberText,
  requestNumber,
  reviewAverage,
  stkId,
  subscriptionLabel,
} from "./format.ts";

describe("formatPrice", () => {
  it("shows euros with a sign, a space, Italian separators and two decimals", () => {
    expect(formatPrice(1234.5)).toBe("€\u00a01.234,50");
    expect(formatPrice(0)).toBe("€\u00a00,00");
    expect(formatPrice(1234567.891)).toBe("€\u00a01.234.567,89");
    expect(formatPrice(999)).toBe("€\u00a0999,00");
  });

  it("rounds half away from zero without binary errors", () => {
    expect(formatPrice(1.005)).toBe("€\u00a01,01");
    expect(formatPrice(2.675)).toBe("€\u00a02,68");
    expect(formatPrice(-1.005)).toBe("€\u00a0-1,01");
  });

  it("keeps the minus sign for negative amounts, but never shows -0", () => {
    expect(formatPrice(-1234.5)).toBe("€\u00a0-1.234,50");
    expect(formatPrice(-0.001)).toBe("€\u00a00,00");
  });

  it("accepts numeric strings (database decimals) and shows nothing for missing values", () => {
    expect(formatPrice("99.9")).toBe("€\u00a099,90");
    expect(formatPrice(null)).toBe("");
    expect(formatPrice(undefined)).toBe("");
    expect(formatPrice("abc")).toBe("");
    expect(formatPrice(Number.NaN)).toBe("");
  });
});

describe("formatNumber", () => {
  it("groups thousands with dots, including four-digit numbers", () => {
    expect(formatNumber(1234)).toBe("1.234");
    expect(formatNumber(12)).toBe("12");
    expect(formatNumber(1000000)).toBe("1.000.000");
    expect(formatNumber(-45000)).toBe("-45.000");
  });

  it("uses exactly the requested decimals, or up to two without trailing zeros", () => {
    expect(formatNumber(1234.5, 2)).toBe("1.234,50");
    expect(formatNumber(1234.5)).toBe("1.234,5");
    expect(formatNumber(10.5, 0)).toBe("11");
    expect(formatNumber(3.14159)).toBe("3,14");
    expect(formatNumber(7.0)).toBe("7");
  });
});

describe("formatArea", () => {
  it("shows square metres", () => {
    expect(formatArea(1234)).toBe("1.234\u00a0m²");
    expect(formatArea(85.25)).toBe("85,25\u00a0m²");
    expect(formatArea(null)).toBe("");
  });
});

describe("formatDate", () => {
  it("shows calendar dates as written, day.month.year, zero padded", () => {
    expect(formatDate("2026-11-21")).toBe("21.11.2026");
    expect(formatDate("2026-01-05")).toBe("05.01.2026");
  });

  it("does not move a calendar date across midnight in any time zone", () => {
    // new Date('2026-01-01') is midnight UTC, which is still 31.12 west of Greenwich.
    expect(formatDate("2026-01-01")).toBe("01.01.2026");
  });

  it("shows instants in Italian time", () => {
    expect(formatDate(new Date("2026-11-21T10:00:00Z"))).toBe("21.11.2026");
    // 23:30 UTC is already the next day in Rome (UTC+1 in winter).
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("22.11.2026");
  });

  it("shows nothing for missing or invalid values", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("formatDateTime", () => {
  it("adds the time in 24-hour Italian time", () => {
    expect(formatDateTime("2026-11-21T13:05:00Z")).toBe("21.11.2026 14:05");
    expect(formatDateTime("2026-07-01T22:15:00Z")).toBe("02.07.2026 00:15"); // summer time, UTC+2
    expect(formatDateTime(undefined)).toBe("");
  });
});

describe("stkId and requestNumber", () => {
  it("shows a user id as STK plus seven digits", () => {
    expect(stkId(42)).toBe("STK0000042");
    expect(stkId("7")).toBe("STK0000007");
    expect(stkId(12345678)).toBe("STK12345678");
    expect(stkId(null)).toBe("");
  });

  it("pads a request number to ten digits", () => {
    expect(requestNumber(42)).toBe("0000000042");
    expect(requestNumber(1234567890)).toBe("1234567890");
    expect(requestNumber(undefined)).toBe("");
  });
});

describe("excerpt", () => {
  const long = "Magazzino coperto con ribalte di carico, scaffalature porta pallet e sorveglianza attiva ventiquattro ore su ventiquattro.";

  it("returns short texts whole", () => {
    expect(excerpt("Magazzino a Milano")).toBe("Magazzino a Milano");
    expect(excerpt("x".repeat(75))).toBe("x".repeat(75));
  });

  it("cuts long texts to 75 characters on a word boundary, with an ellipsis", () => {
    const out = excerpt(long);
    expect(out.endsWith("…")).toBe(true);
    const body = out.slice(0, -1);
    expect(body.length).toBeLessThanOrEqual(75);
    expect(long.startsWith(body)).toBe(true);
    expect(long[body.length]).toBe(" ");
  });

  it("cuts a single long word hard", () => {
    expect(excerpt("a".repeat(100))).toBe(`${"a".repeat(75)}…`);
  });

  it("collapses whitespace, drops trailing punctuation and takes a length", () => {
    expect(excerpt("uno  due\n\ntre quattro, cinque", 14)).toBe("uno due tre…");
    expect(excerpt(null)).toBe("");
  });
});

describe("reviewAverage", () => {
  it("divides by ten and shows one decimal with a comma", () => {
    expect(reviewAverage(43)).toBe("4,3");
    expect(reviewAverage(50)).toBe("5,0");
    expect(reviewAverage(0)).toBe("0,0");
    expect(reviewAverage(null)).toBe("0,0");
  });
});

describe("subscriptionLabel", () => {
  it("names a trialing subscription a free trial, anything else a subscription", () => {
    expect(subscriptionLabel("trialing")).toBe("subscription_free_trial");
    expect(subscriptionLabel("active")).toBe("subscription_subscription");
    expect(subscriptionLabel(null)).toBe("subscription_subscription");
  });

  it("translates with the given function", () => {
    const it_ = { subscription_free_trial: "prova gratuita", subscription_subscription: "abbonamento" };
    expect(subscriptionLabel("trialing", (key) => it_[key])).toBe("prova gratuita");
  });
});

describe("formatKm", () => {
  it("shows kilometres with one decimal at most, Italian separators", () => {
    expect(formatKm(1.234)).toBe("1,2");
    expect(formatKm(12)).toBe("12");
    expect(formatKm(11.96)).toBe("12");
    expect(formatKm(0.05)).toBe("0,1");
    expect(formatKm(1250.25)).toBe("1.250,3");
    expect(formatKm("7.5")).toBe("7,5");
    expect(formatKm(null)).toBe("");
  });
});

describe("parseNumber and decimalText (numbers typed in fields)", () => {
  it("reads Italian notation: dots group thousands, the comma is the decimal mark", () => {
    expect(parseNumber("1.234,5")).toBe(1234.5);
    expect(parseNumber("1.234")).toBe(1234);
    expect(parseNumber("1.234.567")).toBe(1234567);
    expect(parseNumber("1234,50")).toBe(1234.5);
    expect(parseNumber(",5")).toBe(0.5);
    expect(parseNumber(" 1 234,5 ")).toBe(1234.5);
    expect(parseNumber("1\u00a0234")).toBe(1234);
  });

  it("reads a plain decimal point too, where it cannot be Italian thousands", () => {
    expect(parseNumber("1234.5")).toBe(1234.5);
    expect(parseNumber("7.5")).toBe(7.5);
    expect(parseNumber("12.50")).toBe(12.5);
    expect(parseNumber("1500.00")).toBe(1500);
    expect(parseNumber("-3,5")).toBe(-3.5);
  });

  it("refuses what is no number in either notation", () => {
    for (const text of ["", "  ", "abc", "1.2.3", "1,2,3", "12.34,5", "1.234.5", "1e3", "0x10", "Infinity", "--1", "1,234.5"]) {
      expect(parseNumber(text), text).toBeNull();
    }
    expect(parseNumber(null)).toBeNull();
  });

  it("gives schemas plain decimal text, blank as blank and other text as typed", () => {
    expect(decimalText("1.234,5")).toBe("1234.5");
    expect(decimalText("1.200")).toBe("1200");
    expect(decimalText(" 48,50 ")).toBe("48.50");
    expect(decimalText("12.5")).toBe("12.5");
    expect(decimalText("  ")).toBe("");
    expect(decimalText(undefined)).toBe("");
    expect(decimalText(" abc ")).toBe("abc");
    expect(decimalText("-3e2")).toBe("-3e2");
  });
});

describe("formatNumberInput and settledNumberText (a field's text)", () => {
  it("writes numbers in Italian notation, keeping every decimal", () => {
    expect(formatNumberInput(1500.5)).toBe("1.500,5");
    expect(formatNumberInput("1500.00")).toBe("1.500");
    expect(formatNumberInput("7.25")).toBe("7,25");
    expect(formatNumberInput(0.125)).toBe("0,125");
    expect(formatNumberInput(1234567)).toBe("1.234.567");
    expect(formatNumberInput("1.234,5")).toBe("1.234,5");
    expect(formatNumberInput(-0)).toBe("0");
    expect(formatNumberInput(-12.5)).toBe("-12,5");
  });

  it("pads to the decimals a field always shows (euros)", () => {
    expect(formatNumberInput("48.5", 2)).toBe("48,50");
    expect(formatNumberInput(4, 2)).toBe("4,00");
    expect(formatNumberInput("1500.00", 2)).toBe("1.500,00");
  });

  it("shows nothing for what is no number", () => {
    expect(formatNumberInput(null)).toBe("");
    expect(formatNumberInput("")).toBe("");
    expect(formatNumberInput("abc")).toBe("");
  });

  it("settles a left field's text, leaving what is no number (or no whole number) as typed", () => {
    expect(settledNumberText("1500,5")).toBe("1.500,5");
    expect(settledNumberText("2400")).toBe("2.400");
    expect(settledNumberText("48,5", { minDecimals: 2 })).toBe("48,50");
    expect(settledNumberText("12,5", { integer: true })).toBe("12,5");
    expect(settledNumberText("12000", { integer: true })).toBe("12.000");
    expect(settledNumberText("abc")).toBe("abc");
    expect(settledNumberText("")).toBe("");
  });

  it("round-trips: what a field shows reads back as the same number", () => {
    for (const n of [0, 0.5, 7.25, 999, 1000, 1234.5, 1500, 12345.67, 1000000]) {
      expect(parseNumber(formatNumberInput(n))).toBe(n);
      expect(Number(decimalText(formatNumberInput(n, 2)))).toBe(n);
    }
  });
});

describe("keepHouseNumber", () => {
  it("binds the house number to the word before it, and nothing else", () => {
    expect(keepHouseNumber("Via Guglielmo Marconi 46")).toBe("Via Guglielmo Marconi\u00a046");
    expect(keepHouseNumber("Viale Europa 48/B")).toBe("Viale Europa\u00a048/B");
    expect(keepHouseNumber("Strada Statale 9 km 12")).toBe("Strada Statale 9 km\u00a012");
    expect(keepHouseNumber("Località Cascina Nuova")).toBe("Località Cascina Nuova");
  });
});

describe("placeInItaly", () => {
  it("leaves out Italy, never another country", () => {
    expect(placeInItaly("Milano (MI), Italia")).toBe("Milano (MI)");
    expect(placeInItaly("Reggio Emilia, Italy")).toBe("Reggio Emilia");
    expect(placeInItaly("Lugano, Svizzera")).toBe("Lugano, Svizzera");
    expect(placeInItaly("Italia")).toBe("Italia");
    expect(placeInItaly("Via Italia 4, Torino")).toBe("Via Italia 4, Torino");
  });
});
