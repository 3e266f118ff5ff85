// The handler's offer pieces render what the server gives them, in both languages: the form's
// starting values in Italian notation (euros as typed, "6,50"), handling only for pallets, the
// errors of a failed save in the user's language with what was typed kept; the history with each
// revision's status, the server's totals in Italian format, the decline reason, the withdraw
// button only on the open offer; the page's banner asking to confirm once an offer is accepted.
import { afterAll, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import type { Locale } from "../../lib/locale.ts";
import { offerTotals } from "../../lib/offer-totals.ts";
import type { OfferView } from "../../lib/offers.ts";
import type { RequestDetails } from "../../lib/area-requests.ts";
import { OfferForm, type OfferFormValues } from "./OfferForm.tsx";
import { OfferHistory } from "./OfferHistory.tsx";
import { HandlerLinkPage, type HandlerLinkPageData } from "./HandlerLinkPage.tsx";
import { HandlerRequests } from "../area/HandlerRequests.tsx";
import { renderAll } from "../../../tests/support/render.ts";

let locale: Locale = "it";
overwriteGetLocale(() => locale);
afterAll(() => overwriteGetLocale(() => "en"));

function render(element: ReactElement): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/it/stocker/profile/messages/7"]} />);
}

/** The whole page, its lazy offer form included. */
function renderPage(element: ReactElement): Promise<string> {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderAll(<Stub initialEntries={["/it/stocker/profile/messages/7"]} />);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

const prefill: OfferFormValues = {
  m2_type: "pallet",
  quantity: 1500,
  price_month: 650,
  handling_in: 250,
  handling_out: 300,
  one_off_fee: null,
  start_date: "2031-03-01",
  end_date: "2031-05-31",
  min_term_months: 3,
  included: "",
  notes: "",
  valid_until: "2031-01-15",
};

const asked = { m2_type: "pallet" as const, m2_value: 800, start_date: "2031-03-01", end_date: "2031-05-31" };

function offer(revision: number, over: Partial<OfferView> = {}): OfferView {
  const terms = {
    m2_type: "pallet" as const,
    quantity: 300,
    price_month: 650,
    handling_in: 250,
    handling_out: 300,
    one_off_fee: 10_000,
    start_date: "2031-03-01",
    end_date: "2031-05-31",
    ...over,
  };
  return {
    offer_id: revision * 10,
    link_id: 7,
    revision,
    status: "open",
    min_term_months: 3,
    included: "Assicurazione <b>inclusa</b>",
    notes: "",
    valid_until: "2031-01-15",
    decline_reason: null,
    created_at: "2030-12-01T10:00:00Z",
    ...terms,
    ...over,
    totals: offerTotals(terms, asked, 22),
  };
}

const request: RequestDetails = {
  id: 42,
  business_name: "Logistica Test srl",
  referent: "Mario Rossi",
  contact: "mario@test.example",
  telephone: null,
  message: "Cerchiamo 800 posti pallet.",
  location: "Milano",
  radius: 25,
  m2_type: "pallet",
  m2_value: 800,
  start_date: "2031-03-01",
  end_date: "2031-05-31",
  created_at: "2030-11-30T10:00:00Z",
  specifications: [],
};

const page = (over: Partial<HandlerLinkPageData> = {}): HandlerLinkPageData => ({
  link: {
    id: 7,
    state: "pending",
    created_at: "2030-11-30T10:00:00Z",
    warehouse: { id: 3, name: "Deposito Alfa", city: "Monza" },
    request,
    review_url: null,
    report_url: "/it/warehouses/3/requests/42/report",
  },
  offers: [],
  current: null,
  messages: [],
  prefill,
  frame: { base: "/it/stocker/profile", asAdmin: false },
  ...over,
});

describe("OfferForm", () => {
  it("starts from the values given, euros and numbers in Italian notation, handling for pallets", () => {
    locale = "it";
    const html = render(<OfferForm initial={prefill} revising={false} linkState="pending" csrfToken="t" pending={false} failure={null} />);
    expect(html).toContain('name="offer_data[price_month]"');
    expect(html).toContain('value="6,50"');
    expect(html).toContain('value="1.500"');
    expect(html).toContain('name="offer_data[handling_in]"');
    expect(html).toContain('value="2,50"');
    expect(html).toContain('value="3,00"');
    expect(html).toContain('name="intent" value="offer"');
    expect(html).toContain("Invia l&#x27;offerta");
    // No totals in the browser: the server computes them.
    expect(html).not.toContain("IVA inclusa");

    const m2 = render(<OfferForm initial={{ ...prefill, m2_type: "m2" }} revising linkState="pending" csrfToken="t" pending={false} failure={null} />);
    expect(m2).not.toContain("offer_data[handling_in]");
    expect(m2).toContain("Invia l&#x27;offerta aggiornata");
  });

  it("shows a failed save's errors in the user's language and keeps what was typed", () => {
    const failure = {
      message: "x",
      errors: { price_month: "too_small", end_date: "before_start_date", valid_until: "past" },
      values: { m2_type: "pallet", price_month: "-4", end_date: "2031-01-01", notes: "Typed note" },
    };
    locale = "en";
    const en = render(<OfferForm initial={prefill} revising={false} linkState="pending" csrfToken="t" pending={false} failure={failure} />);
    expect(en).toContain('value="-4"');
    expect(en).toContain("Typed note");
    expect(en).toContain("The end must be on or after the start.");
    expect(en).toContain("The offer cannot be valid until a day already past.");
    expect(en).toContain("Invalid value.");
    locale = "it";
    const it = render(<OfferForm initial={prefill} revising={false} linkState="pending" csrfToken="t" pending={false} failure={failure} />);
    expect(it).toContain("La fine deve essere uguale o successiva all&#x27;inizio.");
  });

  it("on a refused link starts the state at pending, to reopen it", () => {
    locale = "it";
    const html = render(<OfferForm initial={prefill} revising={false} linkState="refused" csrfToken="t" pending={false} failure={null} />);
    expect(html).toContain("inviando un&#x27;offerta la riapri");
    expect(html).not.toContain("Lascia com");
  });
});

describe("OfferHistory", () => {
  it("lists the revisions newest first with status, Italian totals and the withdraw button on the open one only", () => {
    locale = "it";
    const offers = [offer(2), offer(1, { status: "superseded", price_month: 700 })];
    const html = render(<OfferHistory offers={offers} withdraw={{ csrfToken: "t", pending: false }} />);
    expect(html.indexOf("Offerta 2")).toBeLessThan(html.indexOf("Offerta 1"));
    expect(html).toContain("In corso");
    expect(html).toContain("Sostituita");
    // 773.000 cents VAT excluded, 943.060 included; the same in English.
    expect(html).toContain("€\u00a07.730,00");
    expect(html).toContain("€\u00a09.430,60");
    expect(html).toContain("Copre 300 su 800 richiesti.");
    expect(count(html, 'data-testid="offer-withdraw"')).toBe(1);
    // Text the handler typed is text.
    expect(html).toContain("Assicurazione &lt;b&gt;inclusa&lt;/b&gt;");
    locale = "en";
    const en = render(<OfferHistory offers={offers} />);
    expect(en).toContain("€\u00a09.430,60");
    expect(en).toContain("Covers 300 of the 800 asked.");
    expect(en).not.toContain("offer-withdraw");
  });

  it("marks an expired offer, a declined one with its reason, and says when there is none", () => {
    locale = "en";
    const html = render(
      <OfferHistory
        offers={[offer(2, { status: "expired" }), offer(1, { status: "declined", decline_reason: "Too far" })]}
        withdraw={{ csrfToken: "t", pending: false }}
      />,
    );
    expect(html).toContain("Expired");
    expect(html).toContain("Declined");
    expect(html).toContain("Too far");
    expect(render(<OfferHistory offers={[]} />)).toContain("You have not sent an offer for this request yet.");
  });
});

describe("HandlerLinkPage", () => {
  it("asks to confirm the request once the current offer is accepted, and closes the form", async () => {
    locale = "it";
    const accepted = offer(1, { status: "accepted" });
    const html = await renderPage(<HandlerLinkPage data={page({ offers: [accepted], current: accepted })} actionData={undefined} csrfToken="t" />);
    expect(html).toContain('data-testid="offer-accepted-banner"');
    expect(html).toContain("Conferma la richiesta");
    expect(html).not.toContain('data-testid="offer-form"');
    expect(html).toContain("Logistica Test srl");
  });

  it("shows the form and the empty history before any offer, with the saved message after a save", async () => {
    locale = "en";
    const html = await renderPage(<HandlerLinkPage data={page()} actionData={{ ok: true, intent: "offer", offer_id: 1 }} csrfToken="t" />);
    expect(html).toContain('data-testid="offer-form"');
    expect(html).toContain("Send an offer");
    expect(html).toContain("Offer sent: the requester has been told.");
    expect(html).not.toContain("offer-accepted-banner");
    expect(html).toContain('href="/it/stocker/profile/messages"');
  });
});

describe("the requests list", () => {
  it("links each card to its link's page: answer with an offer, or open it with the current offer's status", () => {
    locale = "it";
    const item = (id: number) => ({
      id,
      warehouse_id: 3,
      warehouse_request_id: 42,
      state: "pending" as const,
      created_at: "2030-11-30T10:00:00Z",
      warehouse: { id: 3, name: "Deposito Alfa", city: "Monza" },
      warehouse_request: request,
      review_url: null,
      report_url: "/it/warehouses/3/requests/42/report",
      reviewed: false,
      review: null,
    });
    const html = render(
      <HandlerRequests
        data={{
          filters: {},
          filtered: false,
          filterErrors: {},
          page: 1,
          pages: 1,
          warehouses: [],
          warehouse_requests: [item(7), item(8)],
          warehouse_requests_count: 2,
          offer_statuses: { 8: "expired" },
        }}
        base="/it/stocker/profile"
        asAdmin={false}
      />,
    );
    expect(html).toContain('href="/it/stocker/profile/messages/7"');
    expect(html).toContain("Rispondi con un&#x27;offerta");
    expect(html).toContain('href="/it/stocker/profile/messages/8"');
    expect(html).toContain("Offerta: Scaduta");
  });
});
