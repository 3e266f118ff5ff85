// The navigation marks the screen a page belongs to (aria-current): the longest path it lies
// under, the dashboard only for /admin itself.
import { describe, expect, it } from "vitest";
import { currentNavPath } from "./AdminShell.tsx";

describe("currentNavPath", () => {
  it("picks the screen of each back-office page", () => {
    expect(currentNavPath("/admin")).toBe("/admin");
    expect(currentNavPath("/admin/")).toBe("/admin");
    expect(currentNavPath("/admin/warehouses")).toBe("/admin/warehouses");
    expect(currentNavPath("/admin/warehouses/new")).toBe("/admin/warehouses/new");
    expect(currentNavPath("/admin/warehouses/12/edit")).toBe("/admin/warehouses");
    expect(currentNavPath("/admin/stocker/5/billing")).toBe("/admin/stockers");
    expect(currentNavPath("/admin/stock-hunter/5")).toBe("/admin/stock-hunters");
    expect(currentNavPath("/admin/specifications/3/edit")).toBe("/admin/specifications");
    expect(currentNavPath("/admin/audit")).toBe("/admin/audit");
    expect(currentNavPath("/admin/emails")).toBe("/admin/emails");
    expect(currentNavPath("/admin/no-such-page")).toBeNull();
  });
});
