// The routes of app/routes.ts as a flat list, for the tests that must cover every one of
// them (the endpoint-by-role matrix, the hostile-input run).
import fs from "node:fs";
import path from "node:path";
import routes from "../../app/routes.ts";
import { ROOT } from "./app-process.ts";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
export type FlatRoute = { route: string; file: string; methods: ("GET" | "POST")[] };

function flatten(entries: RouteEntry[], parent = ""): { route: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ route: `/${own}`.replace(/\/+/g, "/"), file: entry.file }, ...flatten(entry.children ?? [], own)];
  });
}

/** The methods a route module answers: GET for a loader, POST for an action (read from its source). */
function methodsOf(file: string): ("GET" | "POST")[] {
  const source = fs.readFileSync(path.join(ROOT, "app", file), "utf8");
  const out: ("GET" | "POST")[] = [];
  if (/export (const|async function|function) loader\b/.test(source)) out.push("GET");
  if (/export (const|async function|function) action\b/.test(source)) out.push("POST");
  return out;
}

/** Every route of app/routes.ts: "/full/:path", its module (relative to app/) and its methods. */
export function routeTable(): FlatRoute[] {
  return flatten(routes as RouteEntry[]).map((r) => ({ ...r, methods: methodsOf(r.file) }));
}
