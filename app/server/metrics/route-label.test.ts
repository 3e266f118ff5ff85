import { describe, expect, it } from "vitest";
import { matchRoutes, type ServerBuild } from "react-router";
import routes from "../../routes.ts";
import { createRouteLabeller, OTHER_ROUTE, routeTreeOf, type RouteNode } from "./route-label.ts";

type Entry = RouteNode & { id?: string; file: string; children?: Entry[] };
const table = routes as Entry[];

/** Every route of app/routes.ts as its full pattern (an index route has its parent's). */
function patterns(entries: Entry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [`/${own}`, ...patterns(entry.children ?? [], own)];
  });
}

/** An address the pattern answers: each parameter filled in with a value no static route has. */
function exampleOf(pattern: string): string {
  return pattern.replace(/:locale\b/, "en").replace(/:[A-Za-z]+/g, "4711");
}

/** The manifest React Router's build holds: every route by id, naming its parent, under the root. */
function manifestOf(entries: Entry[]): ServerBuild["routes"] {
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = { root: { id: "root", path: "" } };
  let n = 0;
  const add = (list: Entry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? `route-${n++}`;
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      add(entry.children ?? [], id);
    }
  };
  add(entries, "root");
  return manifest as unknown as ServerBuild["routes"];
}

describe("the route label of a request's metrics", () => {
  const label = createRouteLabeller(routeTreeOf(manifestOf(table)), ["/__manifest"]);

  it("is the pattern of the route that answers the path, for every route of app/routes.ts", () => {
    const all = [...new Set(patterns(table))];
    expect(all.length).toBeGreaterThan(100);
    for (const pattern of all) {
      if (pattern.endsWith("*")) continue;
      expect(label(exampleOf(pattern)), pattern).toBe(pattern);
    }
  });

  it("chooses the route React Router chooses", () => {
    const tree = routeTreeOf(manifestOf(table));
    const paths = [...new Set(patterns(table))]
      .map(exampleOf)
      .concat(["/", "/it/stocker", "/admin", "/admin/stocker/1", "/it/requests/new-link", "/it/warehouses/new"]);
    for (const path of paths) {
      const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], path) ?? [];
      const pattern = `/${matches
        .map((m) => (m.route as RouteNode).path ?? "")
        .filter(Boolean)
        .join("/")}`;
      expect(label(path), path).toBe(pattern.endsWith("*") ? OTHER_ROUTE : pattern);
    }
  });

  it("never carries the path's own values: ids, tokens and locales become the pattern's parameters", () => {
    expect(label("/it/stocks")).toBe("/:locale/stocks");
    expect(label("/en/warehouses/123456")).toBe("/:locale/warehouses/:id");
    expect(label("/it/unsubscribe/eyJhbGciOi.secret-token")).toBe("/:locale/unsubscribe/:token");
    expect(label("/api/stocker/warehouses/99/upload")).toBe("/api/stocker/warehouses/:id/upload");
    expect(label("/admin/stocker/7/warehouses/8/edit")).toBe("/admin/stocker/:userId/warehouses/:id/edit");
    expect(label("/it")).toBe("/:locale");
  });

  it("labels a page's data request as the page", () => {
    expect(label("/it/stocks.data")).toBe("/:locale/stocks");
    expect(label("/_root.data")).toBe(label("/"));
    expect(label("/__manifest")).toBe("/__manifest");
  });

  it("groups static files and labels whatever no route names `other`", () => {
    expect(label("/build/assets/entry.client-Bx1.js")).toBe("/build/*");
    expect(label("/uploads/warehouses/12/large-abc.webp")).toBe("/uploads/*");
    // The not-found routes catch the rest: one label, however many addresses are tried.
    expect(label("/it/no/such/page")).toBe(OTHER_ROUTE);
    expect(label("/api/no-such-call")).toBe(OTHER_ROUTE);
    expect(label("/admin/no-such-screen")).toBe(OTHER_ROUTE);
    expect(label("/wp-login.php/x")).toBe(OTHER_ROUTE);
    expect(label("/%E0%A4%A")).toBe(OTHER_ROUTE);
    expect(createRouteLabeller([{ path: "only" }])("/elsewhere")).toBe(OTHER_ROUTE);
  });
});
