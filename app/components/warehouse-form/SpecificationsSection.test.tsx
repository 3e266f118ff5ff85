// The form's specification groups: collapsed to their first 5 values, unless that would hide a
// value the warehouse has ticked.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { SpecGroup } from "./SpecificationsSection.tsx";

const group = { cat_id: 4, category: "Equipment", values: Array.from({ length: 8 }, (_, i) => ({ id: 400 + i, value: `Value ${i}`, description: null })) };
const render = (selected: number[]) => renderToStaticMarkup(<SpecGroup group={group} selected={selected} onToggle={() => {}} />);
const boxes = (html: string) => html.split('type="checkbox"').length - 1;

describe("SpecGroup", () => {
  it("shows its first 5 values when every ticked one is among them", () => {
    for (const selected of [[], [400, 404]]) {
      const html = render(selected);
      expect(boxes(html)).toBe(5);
      expect(html).toContain('aria-expanded="false"');
    }
  });

  it("opens in full when a ticked value is beyond the first 5, so none is hidden", () => {
    const html = render([401, 406]);
    expect(boxes(html)).toBe(8);
    expect(html).toContain('aria-expanded="true"');
    expect(html.split("checked").length - 1).toBe(2);
  });
});
