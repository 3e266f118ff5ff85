// The notifications and the received reviews and reports render what their loaders give them:
// unread styling, the selected one's sanitized message and links, the tabs, averages out of 5,
// the 75-character excerpts, the ratings given, and the empty states. (Rendered in the base
// locale, English; dates stay Italian.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { NotificationList } from "./NotificationList.tsx";
import { ReceivedFeedback } from "./ReceivedFeedback.tsx";
import { RatingSummary } from "../warehouse/RatingSummary.tsx";
import type { NotificationView } from "../../lib/area-notifications.ts";
import type { ReceivedReport, ReceivedReview } from "../../lib/received-feedback.ts";

function render(element: ReactElement, path = "/en/stocker/profile/notifications"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

const notification = (id: number, read: boolean, overrides: Partial<NotificationView> = {}): NotificationView => ({
  id,
  type: "quote_request",
  title: `Title ${id}`,
  html: `Message <b>${id}</b>`,
  preview: `Message ${id}`,
  created_at: "2030-03-01T10:05:00Z",
  read_at: read ? "2030-03-02T10:00:00Z" : null,
  url: null,
  review_url: null,
  report_url: null,
  ...overrides,
});

describe("NotificationList", () => {
  it("lists them with the unread ones bold and dotted, dates as dd.mm.yyyy hh:mm, and links that keep the page", () => {
    const html = render(
      <NotificationList notifications={[notification(1, false), notification(2, true)]} page={2} pages={3} selected={null} asAdmin={false} />,
      "/en/stocker/profile/notifications?page=2",
    );
    expect(count(html, 'data-testid="notification-item"')).toBe(2);
    expect(html).toContain('data-read="false"');
    expect(html).toContain("font-bold");
    expect(html).toContain("01.03.2030 11:05");
    // Each with its message's first words, as text.
    expect(html).toMatch(/data-testid="notification-item"[\s\S]*?Title 1<\/span><span[^>]*>Message 1<\/span>/);
    expect(html).toContain('href="/en/stocker/profile/notifications?page=2&amp;selected=1"');
    expect(html).toContain("Select a notification to read it.");
    expect(html).toContain('data-testid="pagination"');
  });

  it("shows the selected one's sanitized message, its links and the mark-as-read form; an administrator gets no form", () => {
    const selected = notification(5, false, {
      html: '<p>Hello <a href="https://example.com" rel="noopener noreferrer">there</a></p>',
      url: "/en/stocker/profile/messages",
      review_url: "/en/warehouses/1/requests/2/review",
    });
    const html = render(<NotificationList notifications={[selected]} page={1} pages={1} selected={selected} asAdmin={false} />);
    expect(html).toContain('data-testid="notification-detail"');
    expect(html).toContain('<p>Hello <a href="https://example.com" rel="noopener noreferrer">there</a></p>');
    expect(html).toContain('href="/en/stocker/profile/messages"');
    expect(html).toContain('href="/en/warehouses/1/requests/2/review"');
    expect(html).toContain('name="intent" value="read"');
    expect(html).toContain("Back to the notifications");
    const admin = render(<NotificationList notifications={[selected]} page={1} pages={1} selected={selected} asAdmin />);
    expect(admin).not.toContain('name="intent"');
    expect(admin).toContain("it stays unread for the user");
  });

  it("has an empty state", () => {
    expect(render(<NotificationList notifications={[]} page={1} pages={0} selected={null} asAdmin={false} />)).toContain("No notifications yet");
  });
});

const author = { company: null, first_name: "Oscar", last_name: "Neri", full_name: "Oscar Neri" };
const review = (id: number, overrides: Partial<ReceivedReview> = {}): ReceivedReview => ({
  id,
  author,
  author_name: "Oscar Neri",
  warehouse: { id: 7, name: "Alfa" },
  warehouse_request_id: 42,
  description: "A very long comment about the warehouse, its staff, the docks and the way the goods were handled.",
  created_at: "2030-03-01T10:00:00Z",
  avg_value: 43,
  reliability_value: 4,
  communication_value: null,
  services_value: 5,
  structure_value: null,
  payments_value: null,
  goods_value: null,
  ratings: [
    { key: "reliability_value", value: 4 },
    { key: "services_value", value: 5 },
  ],
  ...overrides,
});
const report = (id: number): ReceivedReport => ({
  id,
  author,
  author_name: "Oscar Neri",
  warehouse: { id: 7, name: "Alfa" },
  warehouse_request_id: 42,
  created_at: "2030-03-01T10:00:00Z",
  subject: "Late answer",
  description: "Nobody answered for a week.",
});

describe("ReceivedFeedback", () => {
  it("lists reviews with the author, the average out of 5 and a 75-character excerpt, and the tabs as links", () => {
    const html = render(
      <ReceivedFeedback list={{ show: "reviews", items: [review(1)], selected: null }} reviewsCount={1} reportsCount={3} page={1} pages={1} role="stocker" />,
      "/en/stocker/profile/reviews",
    );
    expect(html).toContain("Oscar Neri");
    expect(html).toContain("4,3/5");
    expect(html).toContain("A very long comment about the warehouse, its staff, the docks and the way…");
    expect(html).toContain('href="/en/stocker/profile/reviews?show=reports"');
    expect(html).toMatch(/aria-current="page"[^>]*data-testid="feedback-tab-reviews"|data-testid="feedback-tab-reviews"[^>]*aria-current="page"/);
    expect(html).toContain("(3)");
  });

  it("details a review's given ratings with accessible text, the note and the average; a report's subject and note", () => {
    const html = render(
      <ReceivedFeedback
        list={{ show: "reviews", items: [review(1)], selected: review(1) }}
        reviewsCount={1}
        reportsCount={0}
        page={1}
        pages={1}
        role="referent"
      />,
    );
    expect(html).toContain('aria-label="Reliability: 4 of 5"');
    expect(html).toContain('aria-label="Services: 5 of 5"');
    expect(html).not.toContain("Communication");
    expect(html).toContain('data-testid="feedback-average"');
    const rep = render(
      <ReceivedFeedback
        list={{ show: "reports", items: [report(2)], selected: report(2) }}
        reviewsCount={0}
        reportsCount={1}
        page={1}
        pages={1}
        role="stock_hunter"
      />,
    );
    expect(rep).toContain("Late answer");
    expect(rep).toContain("Nobody answered for a week.");
    expect(rep).not.toContain("/5");
  });

  it("has empty states for each list", () => {
    expect(
      render(
        <ReceivedFeedback list={{ show: "reviews", items: [], selected: null }} reviewsCount={0} reportsCount={0} page={1} pages={0} role="stock_hunter" />,
      ),
    ).toContain("No reviews yet");
    expect(
      render(<ReceivedFeedback list={{ show: "reports", items: [], selected: null }} reviewsCount={0} reportsCount={0} page={1} pages={0} role="stocker" />),
    ).toContain("No reports");
  });
});

describe("RatingSummary", () => {
  it("shows the average out of 5 with the count, and nothing without reviews", () => {
    expect(renderToString(<RatingSummary rating={{ avg_value: 42, count: 12 }} />)).toContain("4,2 · 12 reviews");
    expect(renderToString(<RatingSummary rating={{ avg_value: 50, count: 1 }} />)).toContain("5,0 · 1 review");
    expect(renderToString(<RatingSummary rating={null} />)).toBe("");
  });
});
