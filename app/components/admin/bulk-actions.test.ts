// "All N matching the filters" asks the list's GET …/ids with the list's JSON query, read from the
// page's URL through the page's own URL names: the filters go, the page does not.
import { describe, expect, it } from "vitest";
import { listQueryFromUrl } from "../../lib/admin-lists.ts";
import { URL_NAMES as WAREHOUSES } from "../../routes/admin/warehouses.tsx";
import { STOCKERS_URL_NAMES as STOCKERS } from "../../lib/list-params.ts";

describe("listQueryFromUrl", () => {
  it("maps the page's URL names to the JSON query's, nested names in brackets, without the page", () => {
    expect(listQueryFromUrl("?search_term=Milano&deactivated=deact&page=3", WAREHOUSES)).toEqual({ search_term: "Milano", "filters[deactivated]": "deact" });
    expect(listQueryFromUrl("?search=rossi&sub=expired&page=2", STOCKERS)).toEqual({ search_term: "rossi", "filters[sub_type]": "expired" });
    expect(listQueryFromUrl("?page=2&search=", STOCKERS)).toEqual({});
  });
});
