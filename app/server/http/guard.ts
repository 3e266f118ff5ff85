// The one guard for roles and ownership. Pages and endpoints call requireRole (or the
// api helper does it for them); the root middleware also applies the area rules below
// to every path under a protected prefix, whether or not a route exists there yet.
import type { Actor } from "../context.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../errors.ts";

export type Role = Actor["role"];

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function requireRole(actor: Actor | null, ...roles: Role[]): Actor {
  const who = requireActor(actor);
  if (!roles.includes(who.role)) throw new ForbiddenError();
  return who;
}

/** Ownership: the actor must be the given user (admins pass). */
export function requireSelfOrAdmin(actor: Actor | null, userId: number): Actor {
  const who = requireActor(actor);
  if (who.role !== "admin" && who.id !== userId) throw new NotFoundError();
  return who;
}

/**
 * Ownership of a thing (a warehouse, a request, a link): what is not yours answers the same
 * 404 as what does not exist, so ids cannot be probed. Roles are no secret: a wrong role is 403.
 */
export function requireOwned<T>(thing: T | null | undefined, isOwner: (thing: T) => boolean): T {
  if (thing === null || thing === undefined || !isOwner(thing)) throw new NotFoundError();
  return thing;
}

type AreaRule = { pattern: RegExp; roles: Role[] };

// Longest, most specific rules first: the first match decides.
const AREA_RULES: AreaRule[] = [
  { pattern: /^\/api\/admin(\/|$)/, roles: ["admin"] },
  { pattern: /^\/admin(\/|$)/, roles: ["admin"] },
  // The spec: stockers read their notifications through the stock-hunter call.
  { pattern: /^\/api\/stock-hunter\/notifications(\/|$)/, roles: ["stock_hunter", "stocker"] },
  { pattern: /^\/api\/stock-hunter(\/|$)/, roles: ["stock_hunter"] },
  { pattern: /^\/api\/stock_hunter(\/|$)/, roles: ["stock_hunter"] },
  { pattern: /^\/api\/stocker(\/|$)/, roles: ["stocker"] },
  { pattern: /^\/api\/referent(\/|$)/, roles: ["referent"] },
  { pattern: /^\/(it|en)\/stocker\/profile(\/|$)/, roles: ["stocker"] },
  { pattern: /^\/(it|en)\/referent\/profile(\/|$)/, roles: ["referent"] },
  { pattern: /^\/(it|en)\/stock-hunter\/profile(\/|$)/, roles: ["stock_hunter"] },
];

/**
 * The path as the router matches it: routes match case-insensitively and on decoded segments,
 * so the guard compares `/API/%61dmin//x/` as `/api/admin/x`. A segment that does not decode
 * is kept as it is (the router cannot match it to a route either).
 */
export function routedPath(pathname: string): string {
  const segments = pathname.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  return segments.join("/").toLowerCase().replace(/\/+/g, "/");
}

/** The roles a path is reserved to, or null when it is open to everyone. */
export function areaRoles(pathname: string): Role[] | null {
  const path = routedPath(pathname);
  return AREA_RULES.find((rule) => rule.pattern.test(path))?.roles ?? null;
}

/** Throws 401/403 when the path belongs to an area the actor may not enter. */
export function checkArea(pathname: string, actor: Actor | null): void {
  const roles = areaRoles(pathname);
  if (roles) requireRole(actor, ...roles);
}
