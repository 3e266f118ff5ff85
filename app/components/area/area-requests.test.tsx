// The request views render what the loaders give them: cards closed, the legend, the counts,
// anonymised warehouses, links inside the area's prefix, the review link only when confirmed
// and not yet reviewed (the review itself once written), and the empty states. (Rendered in the base locale, English; dates and numbers stay Italian.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { HandlerRequests } from "./HandlerRequests.tsx";
import { HunterRequests } from "./HunterRequests.tsx";
import { HunterWarehouseDetail } from "./HunterWarehouseDetail.tsx";
import type { HandlerRequestsPageData, HunterRequestsPageData, HunterWarehouseDetail as Detail, LinkReview, RequestDetails } from "../../lib/area-requests.ts";

function render(element: ReactElement, path = "/it/stocker/profile/messages"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

const request = (id: number, overrides: Partial<RequestDetails> = {}): RequestDetails => ({
  id,
  business_name: `Logistica ${id} srl`,
  referent: "Mario Rossi",
  contact: "mario@test.example",
  telephone: "+39 333 1234567",
  message: "Cerchiamo 500 m2.",
  location: "Milano",
  radius: 25,
  m2_type: "m2",
  m2_value: 1500,
  start_date: "2031-06-01",
  end_date: "2031-09-30",
  created_at: "2030-03-01T10:00:00Z",
  specifications: [{ id: 1, value: "Picking", category: "Servizi", cat_id: 1 }],
  ...overrides,
});

const review: LinkReview = {
  id: 5,
  avg_value: 43,
  description: "Puntuali e disponibili.",
  reliability_value: 4,
  communication_value: 4,
  services_value: 5,
  structure_value: null,
  payments_value: null,
  goods_value: null,
  created_at: "2030-04-02T10:00:00Z",
};

const filters = { filters: { warehouse_id: "", from: "", to: "", state: "" }, filtered: false, filterErrors: {} };

describe("HandlerRequests", () => {
  const data: HandlerRequestsPageData = {
    ...filters,
    page: 1,
    pages: 2,
    warehouse_requests_count: 9,
    warehouses: [{ id: 7, name: "Alfa", city: "Milano" }],
    warehouse_requests: (["pending", "confirmed", "refused"] as const).map((state, i) => ({
      id: 100 + i,
      warehouse_id: 7,
      warehouse_request_id: 42 + i,
      state,
      created_at: "2030-03-01T10:00:00Z",
      warehouse: { id: 7, name: "Alfa", city: "Milano" },
      warehouse_request: request(42 + i),
      review_url: state === "confirmed" ? `/it/warehouses/7/requests/${42 + i}/review` : null,
      report_url: `/it/warehouses/7/requests/${42 + i}/report`,
      reviewed: false,
      review: null,
    })),
  };

  it("shows the filters, the legend, the count and one closed card per link, coloured by state", () => {
    const html = render(<HandlerRequests data={data} base="/it/stocker/profile" asAdmin={false} />);
    expect(html).toContain('data-testid="request-filters"');
    expect(html).toContain("Requests found: 9");
    const list = html.slice(html.indexOf('data-testid="handler-requests"'));
    expect(count(list, 'aria-expanded="false"')).toBe(3);
    expect(html).not.toContain('aria-expanded="true"');
    for (const state of ["pending", "confirmed", "refused"]) expect(html).toContain(`data-state="${state}"`);
    expect(html).toContain("Logistica 42 srl");
    expect(html).toContain("Request no. 0000000042");
    expect(html).toContain("01.03.2030");
    // The filter offers the owner's warehouses and the three states.
    expect(html).toContain("Alfa (Milano)");
    expect(html).toContain("Confirmed");
    expect(html).toContain('data-testid="pagination"');
  });

  it("has an empty state, another one for filters that match nothing, and one past the last page", () => {
    const empty = { ...data, warehouse_requests: [], warehouse_requests_count: 0, pages: 0 };
    expect(render(<HandlerRequests data={empty} base="/it/stocker/profile" asAdmin={false} />)).toContain("No quote requests yet");
    expect(render(<HandlerRequests data={{ ...empty, filtered: true }} base="/it/stocker/profile" asAdmin={false} />)).toContain(
      "No requests match these filters",
    );
    expect(
      render(
        <HandlerRequests data={{ ...empty, warehouse_requests_count: 9 }} base="/it/stocker/profile" asAdmin={false} />,
        "/it/stocker/profile/messages?page=5",
      ),
    ).toContain("Go to the first page");
    // With no request at all there is nothing to filter: no filters, no count, no legend; with a
    // filter in play (or a refused one) they stay, so it can be changed.
    const none = render(<HandlerRequests data={empty} base="/it/stocker/profile" asAdmin={false} />);
    expect(none).not.toContain('data-testid="request-filters"');
    expect(none).not.toContain('data-testid="requests-count"');
    expect(render(<HandlerRequests data={{ ...empty, filtered: true }} base="/it/stocker/profile" asAdmin={false} />)).toContain(
      'data-testid="request-filters"',
    );
    expect(render(<HandlerRequests data={{ ...empty, filterErrors: { from: "invalid_date" } }} base="/it/stocker/profile" asAdmin={false} />)).toContain(
      'data-testid="request-filters"',
    );
  });

  it("explains a filter the page ignored", () => {
    const html = render(
      <HandlerRequests
        data={{ ...data, filters: { ...data.filters, from: "2030-03-02", to: "2030-03-01" }, filterErrors: { from: "after_end", to: "before_start" } }}
        base="/it/stocker/profile"
        asAdmin={false}
      />,
    );
    expect(html).toContain("The start date comes after the end date");
    expect(html).toContain("Clear filters");
  });
});

describe("HunterRequests", () => {
  const data: HunterRequestsPageData = {
    ...filters,
    page: 1,
    pages: 1,
    selected: 43,
    user_requests_count: 2,
    user_requests: [
      {
        ...request(43),
        warehouses: [
          {
            link_id: 1,
            id: 7,
            name: "Alfa",
            city: "Milano",
            address: "Via Roma 1",
            state: "confirmed",
            is_hub: true,
            redeemed: true,
            referent: { name: "Rita Rossi", email: "rita@test.example" },
            review_url: "/it/warehouses/7/requests/43/review",
            report_url: "/it/warehouses/7/requests/43/report",
            detail_url: "/it/warehouses/7",
            reviewed: false,
            review: null,
          },
          {
            link_id: 2,
            id: 9,
            name: "Stocker 9",
            city: "Bergamo",
            address: null,
            state: "pending",
            is_hub: false,
            redeemed: false,
            referent: null,
            review_url: null,
            report_url: "/it/warehouses/9/requests/43/report",
            detail_url: null,
            reviewed: false,
            review: null,
          },
        ],
      },
      { ...request(41), warehouses: [] },
    ],
  };

  it("opens the selected request with its warehouses, their states and actions; detail in a new tab only when redeemed", () => {
    const html = render(<HunterRequests data={data} base="/admin/stock-hunter/5" asAdmin={false} />, "/it/stock-hunter/profile/messages");
    expect(count(html, 'aria-expanded="true"')).toBe(1);
    expect(html).toContain("Stocker 9");
    expect(html).toContain('href="/admin/stock-hunter/5/warehouses/9"');
    expect(count(html, 'target="_blank"')).toBe(1);
    expect(html).toContain('href="/it/warehouses/7"');
    expect(count(html, "/review")).toBe(1);
    expect(count(html, "/report")).toBe(2);
    expect(html).toContain("rita@test.example");
  });

  it("shows a reviewed link as Reviewed, with the review's average, marks and note, and no review link", () => {
    const [first] = data.user_requests;
    const reviewedData = {
      ...data,
      user_requests: [{ ...first!, warehouses: first!.warehouses.map((w) => (w.link_id === 1 ? { ...w, review_url: null, reviewed: true, review } : w)) }],
    };
    const html = render(<HunterRequests data={reviewedData} base="/it/stock-hunter/profile" asAdmin={false} />, "/it/stock-hunter/profile/messages");
    expect(html).not.toContain("/review");
    expect(html).not.toContain("Write a review");
    expect(count(html, 'data-testid="link-reviewed"')).toBe(1);
    expect(html).toContain("Reviewed");
    expect(html).toContain("Average 4,3 out of 5");
    expect(html).toContain("Reliability 4/5");
    expect(html).toContain("Puntuali e disponibili.");
    expect(html).toContain("02.04.2030");
    // Not reviewed: no such block.
    expect(render(<HunterRequests data={data} base="/it/stock-hunter/profile" asAdmin={false} />, "/it/stock-hunter/profile/messages")).not.toContain(
      'data-testid="link-reviewed"',
    );
  });

  it("offers no review or report links in an administrator's view", () => {
    const html = render(<HunterRequests data={data} base="/admin/stock-hunter/5" asAdmin={true} />, "/admin/stock-hunter/5/messages");
    expect(html).not.toContain("/review");
    expect(html).not.toContain("/report");
  });

  it("shows each warehouse's conversation of the selected request, open where there are messages, with a box", () => {
    const said = {
      message_id: 3,
      side: "handler" as const,
      kind: "message" as const,
      body: "<i>Disponibili</i>",
      author: "Rita",
      mine: false,
      created_at: "2030-03-02T08:00:00Z",
    };
    const html = render(
      <HunterRequests data={{ ...data, conversations: { "1": [said], "2": [] } }} base="/it/stock-hunter/profile" asAdmin={false} />,
      "/it/stock-hunter/profile/messages?selected=43",
    );
    expect(count(html, 'data-testid="link-conversation"')).toBe(2);
    expect(count(html, "<details")).toBe(2);
    expect(html.match(/<details[^>]* open=""/g)).toHaveLength(1);
    expect(html).toContain("Conversation (1)");
    expect(html).toContain("&lt;i&gt;Disponibili&lt;/i&gt;");
    expect(count(html, 'name="link_id"')).toBe(2);
    expect(html).not.toContain('data-testid="show-conversations"');
    // An administrator's view reads them, with no box.
    const admin = render(
      <HunterRequests data={{ ...data, conversations: { "1": [said], "2": [] } }} base="/admin/stock-hunter/5" asAdmin={true} />,
      "/admin/stock-hunter/5/messages?selected=43",
    );
    expect(admin).not.toContain("<textarea");
  });

  it("offers a card whose conversations were not loaded a link that loads them, keeping the page", () => {
    const html = render(<HunterRequests data={data} base="/it/stock-hunter/profile" asAdmin={false} />, "/it/stock-hunter/profile/messages?page=2");
    expect(html).toContain('data-testid="show-conversations"');
    expect(html).toContain('href="/it/stock-hunter/profile/messages?page=2&amp;selected=43"');
    expect(html).not.toContain('data-testid="link-conversation"');
  });

  it("has an empty state with a way to the search", () => {
    const html = render(
      <HunterRequests data={{ ...data, user_requests: [], user_requests_count: 0, selected: null }} base="/it/stock-hunter/profile" asAdmin={false} />,
      "/it/stock-hunter/profile/messages",
    );
    expect(html).toContain("You have not sent any quote requests yet");
    expect(html).toContain("/stocks");
    expect(html).not.toContain('data-testid="request-filters"');
  });
});

describe("HunterWarehouseDetail", () => {
  const detail: Detail = {
    warehouse: {
      id: 9,
      name: "Stocker 9",
      city: "Bergamo",
      province: "BG",
      address: null,
      cap: null,
      total_m2: 1200,
      is_hub: true,
      redeemed: false,
      img: null,
      referent: null,
      rating: { avg_value: 43, count: 2 },
      detail_url: null,
      quote_position: { lat: 45.69, lng: 9.67 },
    },
    favourite: true,
    requests: [
      {
        link_id: 1,
        request_id: 43,
        created_at: "2030-03-01T10:00:00Z",
        state: "confirmed",
        business_name: "Logistica srl",
        review_url: "/it/warehouses/9/requests/43/review",
        report_url: "/it/warehouses/9/requests/43/report",
        reviewed: false,
        review: null,
      },
    ],
  };

  it("shows the anonymised card, the rating and the history with links inside the area", () => {
    const html = render(<HunterWarehouseDetail detail={detail} base="/it/stock-hunter/profile" asAdmin={false} />, "/it/stock-hunter/profile/warehouses/9");
    expect(html).toContain("Stocker 9");
    expect(html).toContain("4,3 · 2 reviews");
    expect(html).toContain('href="/it/stock-hunter/profile/messages?selected=43"');
    expect(html).toContain("/review");
    expect(html).not.toContain('target="_blank"');
    expect(html).toContain("Hub");
  });

  it("shows a reviewed request as Reviewed, with the review, instead of the review link", () => {
    const reviewed = { ...detail, requests: detail.requests.map((r) => ({ ...r, review_url: null, reviewed: true, review })) };
    const html = render(<HunterWarehouseDetail detail={reviewed} base="/it/stock-hunter/profile" asAdmin={false} />, "/it/stock-hunter/profile/warehouses/9");
    expect(html).not.toContain("/review");
    expect(html).toContain('data-testid="link-reviewed"');
    expect(html).toContain("Average 4,3 out of 5");
    expect(html).toContain("Puntuali e disponibili.");
  });

  it("offers a quote request while the warehouse takes them, never in an administrator's view", () => {
    const page = (d: Detail, asAdmin: boolean) =>
      render(<HunterWarehouseDetail detail={d} base="/it/stock-hunter/profile" asAdmin={asAdmin} />, "/it/stock-hunter/profile/warehouses/9");
    expect(page(detail, false)).toMatch(/<button[^>]*data-testid="hunter-warehouse-quote"[^>]*>Request a quote<\/button>/);
    expect(page(detail, true)).not.toContain('data-testid="hunter-warehouse-quote"');
    expect(page({ ...detail, warehouse: { ...detail.warehouse, quote_position: null } }, false)).not.toContain('data-testid="hunter-warehouse-quote"');
  });

  it("lets the hunter keep or drop it among favourites; an administrator sees the state only", () => {
    const page = (d: Detail, asAdmin: boolean) =>
      render(<HunterWarehouseDetail detail={d} base="/it/stock-hunter/profile" asAdmin={asAdmin} />, "/it/stock-hunter/profile/warehouses/9");
    expect(page(detail, false)).toMatch(/data-testid="hunter-warehouse-favourite"[^>]*>.*In favourites<\/button>/);
    const admin = page(detail, true);
    expect(admin).not.toContain('data-testid="hunter-warehouse-favourite"');
    expect(admin).toContain(">In your favourites<");
    // A requested warehouse that is not a favourite: a redeemed one can be saved, an anonymised one not.
    const redeemed = { ...detail, favourite: false, warehouse: { ...detail.warehouse, redeemed: true, name: "Deposito Nord" } };
    expect(page(redeemed, false)).toMatch(/data-testid="hunter-warehouse-favourite"[^>]*>.*Save to favourites<\/button>/);
    expect(page({ ...detail, favourite: false }, false)).not.toContain("hunter-warehouse-favourite");
  });
});
