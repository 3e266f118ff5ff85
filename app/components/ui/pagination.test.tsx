// The page links: every number of the window from sm up; on a phone the first, the current and
// the last, with "…" for the ones between, so the row fits 375 px at 44 px a link.
import { afterEach, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { Pagination } from "./Pagination.tsx";
import { overwriteGetLocale } from "../../paraglide/runtime.js";

function render(page: number, pages: number): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => <Pagination page={page} pages={pages} /> }]);
  return renderToString(<Stub initialEntries={[`/it/stocker/profile/messages?page=${page}`]} />);
}

/** The page numbers a phone shows and those it leaves out, in order. */
function numbers(html: string): { shown: number[]; hidden: number[]; gaps: number } {
  const shown: number[] = [];
  const hidden: number[] = [];
  for (const match of html.matchAll(/<(?:a|span)[^>]*class="([^"]*)"[^>]*>(\d+)<\/(?:a|span)>/g)) {
    (match[1]!.includes("max-sm:hidden") ? hidden : shown).push(Number(match[2]));
  }
  return { shown, hidden, gaps: html.split("…").length - 1 };
}

describe("Pagination on a phone", () => {
  it("keeps the first, current and last page, with a gap mark each side of the current one", () => {
    const html = render(4, 7);
    expect(numbers(html)).toEqual({ shown: [1, 4, 7], hidden: [2, 3, 5, 6], gaps: 2 });
    expect(html).toContain('aria-current="page"');
  });

  it("has one gap mark at an end, and none when every page fits", () => {
    expect(numbers(render(1, 7))).toEqual({ shown: [1, 7], hidden: [2, 3, 4, 5, 6], gaps: 1 });
    expect(numbers(render(2, 3))).toEqual({ shown: [1, 2, 3], hidden: [], gaps: 0 });
  });
});

describe("Pagination's position", () => {
  afterEach(() => overwriteGetLocale(() => "en"));

  it("says which page of how many beside the links, in the page's language", () => {
    overwriteGetLocale(() => "it");
    expect(render(4, 7)).toMatch(/data-testid="pagination-position"[^>]*>Pagina 4 di 7</);
    expect(render(1, 2)).toContain("Pagina 1 di 2");
    overwriteGetLocale(() => "en");
    expect(render(4, 7)).toMatch(/data-testid="pagination-position"[^>]*>Page 4 of 7</);
  });

  it("is not shown with a single page", () => {
    expect(render(1, 1)).not.toContain("pagination-position");
  });
});
