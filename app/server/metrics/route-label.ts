// The `route` label of a request's metrics: the pattern of the React Router route that answers
// its path (`/:locale/stocks`, `/api/stocker/warehouses/:id/upload`), never the path itself, so
// the series stay a few hundred however many warehouses, tokens or mistyped addresses there are.
// Static files group under `/build/*` and `/uploads/*`; anything else no route names (the
// not-found routes' `*`, a path that does not decode) is `other`.
import type { ServerBuild } from "react-router";

/** A route as app/routes.ts declares it and React Router matches it: its own path part, or an index. */
export type RouteNode = { path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

export const OTHER_ROUTE = "other";

/** The tree of a build's route manifest (each route names its parent), as matchRoutes takes it. */
export function routeTreeOf(manifest: ServerBuild["routes"]): RouteNode[] {
  const children = new Map<string | undefined, RouteNode[]>();
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    nodes.set(route.id, { path: route.path, index: route.index, caseSensitive: route.caseSensitive });
  }
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(nodes.get(route.id)!);
    children.set(route.parentId, siblings);
  }
  for (const [id, node] of nodes) {
    const own = children.get(id);
    if (own) node.children = own;
  }
  return children.get(undefined) ?? [];
}

/**
 * The labeller of a route tree: path → the pattern of the route that answers it. `special`:
 * paths React Router answers itself (the route manifest's `/__manifest`), labelled as they are.
 *
 * React Router's own matchRoutes flattens and ranks the whole tree at every call (milliseconds for
 * our 190 routes, on every request); this does the same once: every route with a path (and
 * every index route) becomes one compiled pattern, ranked by React Router's score, and a path
 * gets the first that matches it whole, as React Router would choose.
 */
export function createRouteLabeller(routes: RouteNode[], special: string[] = []): (pathname: string) => string {
  const branches = rankedBranches(routes);
  return (pathname) => {
    if (pathname.startsWith("/build/")) return "/build/*";
    if (pathname.startsWith("/uploads/")) return "/uploads/*";
    if (special.includes(pathname)) return pathname;
    // A page's data request (single fetch) is the page's: /it/stocks.data, /_root.data.
    const path = decodedPath(pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, ""));
    if (path === null) return OTHER_ROUTE; // the request handler refuses it (404) before any route
    const pattern = branches.find((branch) => branch.regex.test(path))?.pattern;
    // The not-found routes (`*`) catch every path no other route names.
    return !pattern || pattern.endsWith("*") ? OTHER_ROUTE : pattern;
  };
}

type Branch = { pattern: string; regex: RegExp; score: number };

/** Every route that can answer a path by itself, highest score first (ties: React Router's order). */
function rankedBranches(routes: RouteNode[]): Branch[] {
  const branches: Branch[] = [];
  const walk = (nodes: RouteNode[], parent: string[]) => {
    for (const node of nodes) {
      const segments = [...parent, ...(node.path ?? "").split("/").filter(Boolean)];
      // Children first, as React Router lists them: a tie goes to the deeper route.
      if (node.children?.length) walk(node.children, segments);
      // A route without a path matches nothing by itself unless it is an index.
      if (node.path == null && !node.index) continue;
      branches.push({ pattern: `/${segments.join("/")}`, regex: compile(segments, node.caseSensitive ?? false), score: score(segments, node.index ?? false) });
    }
  };
  walk(routes, []);
  // Array.prototype.sort is stable: equal scores keep the order above.
  return branches.sort((a, b) => b.score - a.score);
}

// React Router's ranking (computeScore in react-router's router/utils): static segments beat
// parameters, which beat a splat; an index route a little more.
function score(segments: string[], index: boolean): number {
  const parts = segments.length ? ["", ...segments] : ["", ""]; // React Router's split of "/a/b", and of "/"
  let total = parts.length + (parts.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const part of parts) {
    if (part === "*") continue;
    total += /^:[\w-]+$/.test(part) ? 3 : part === "" ? 1 : 10;
  }
  return total;
}

function compile(segments: string[], caseSensitive: boolean): RegExp {
  let source = "^";
  for (const segment of segments) {
    if (segment === "*") source += "(?:\\/.+)?";
    else if (segment.startsWith(":")) source += "\\/[^\\/]+";
    else source += `\\/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(`${source}\\/*$`, caseSensitive ? "" : "i");
}

/** The path as React Router matches it: each segment decoded (an encoded slash stays one); null when one does not decode. */
function decodedPath(pathname: string): string | null {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
      .join("/");
  } catch {
    return null;
  }
}

/** The labeller of a server build: its routes and React Router's own manifest path. */
export function routeLabellerOf(build: ServerBuild): (pathname: string) => string {
  return createRouteLabeller(routeTreeOf(build.routes), [build.routeDiscovery?.manifestPath ?? "/__manifest"]);
}
