// The helpers every page's server side is written with, the twins of apiAction and apiLoader
// (api.ts): the role check, the input parsed with the shared Zod schema (the one the JSON twin
// uses), the handler, and the errors mapped once to the same codes the JSON API answers. A
// page is then a few lines:
//
//   export const loader = pageLoader({ access: ["admin"], query: crmEntriesQuery }, ({ actor, query, services }) =>
//     listCrmEntries(services.db, actor, …));
//   export const action = pageAction({ access: ["admin"], body: crmSaveForm }, ({ actor, body, services }) =>
//     saveCrmEntry(services.db, actor, body));
//
// A loader's failure is the error page with its status (a role refused, a thing not found). An
// action's failure that the person can act on (bad input 422, a thing gone 404, a conflict 409,
// a limit 429) comes back to the form as a PageActionFailure (lib/page-action.ts: the code, the
// field codes, the sentence), with status 200 so the page's data is read again, and the page
// stays with what was typed; an access refused (401, 403, 419) brings its error page, and the
// database away its 503 page.
//
// A page of a logged-in area names its area instead of roles (`access: { area: "stocker" }`): the
// area is opened first (server/areas/area-access.ts: the role, or for an /admin/{area}/{userId}
// prefix an administrator and a user of that role, else 404), and the handler gets it as `area`
// (owner, actor, base path, language); `actor` is then who acts and `locale` the page's language.
// An administrator's view of an area page is written to the audit log once the page is shown.
//
// Path params that do not pass their schema are a 404 (a path that names nothing), on loaders
// and actions alike. A handler may throw or return redirect(…) (a save that goes to the list).
//
// A page's own schema (the shared one with the form's extra fields) is written inside the
// pageAction call, or in app/schemas/: the page's browser build drops the loader and action
// exports, but not a schema built at the route module's top level, which would bring Zod into
// the page.
import { z } from "zod";
import { data, type RouterContextProvider } from "react-router";
import {
  actorContext,
  afterShownContext,
  localeContext,
  requestInfoContext,
  requestMethodContext,
  servicesContext,
  type Actor,
  type AppServices,
  type RequestInfo,
} from "../context.ts";
import { auditAreaView, openAreaPage, type AreaPage } from "../areas/area-access.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import type { Locale } from "../../lib/locale.ts";
import type { PageActionFailure } from "../../lib/page-action.ts";
import { DomainError, NotFoundError, ValidationError } from "../errors.ts";
import { requireActor, requireRole, type Role } from "./guard.ts";
import { errorMessage, fieldErrors, InputError, pageWork } from "./respond.ts";
import { checkInput, formToObject, queryToObject, readFormData } from "./input.ts";
import { listParams } from "../../lib/list-params.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";

/** A page of a logged-in area: the area is opened first; `view: false` for a layout (its page is the view audited). */
export type AreaAccessOption = { area: AreaRole; view?: boolean };
type Access = "public" | "user" | Role[] | AreaAccessOption;
type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;
/** The path's params: parsed with the schema, or as the route has them when the page gives none. */
type Params<P extends Schema> = P extends z.ZodType ? z.infer<P> : Readonly<Record<string, string | undefined>>;
type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

export type PageArgs<Q extends Schema, P extends Schema, A extends Access> = {
  request: Request;
  url: URL;
  query: Out<Q>;
  /** A list page's URL values left out (urlNames), URL name → code, for its filter form. */
  queryErrors: Record<string, string>;
  params: Params<P>;
  actor: A extends "public" ? Actor | null : Actor;
  /** The area opened, for a page of a logged-in area (`access: { area }`). */
  area: A extends AreaAccessOption ? AreaPage : null;
  services: AppServices;
  info: RequestInfo;
  locale: Locale;
  context: Readonly<RouterContextProvider>;
};

export type PageActionArgs<B extends Schema, P extends Schema, A extends Access> = Omit<PageArgs<undefined, P, A>, "query" | "queryErrors"> & {
  body: Out<B>;
  /** The raw form, for what a schema does not carry (files). */
  form: FormData;
  /** The form's `intent` field, as posted. */
  intent: string | null;
};

type LoaderOptions<Q extends Schema, P extends Schema, A extends Access> = {
  /** Who may open the page: everyone, any logged-in user, the listed roles, or a logged-in area ({ area: role }). */
  access: A;
  /** The URL's query, read as the JSON twin reads it (bracketed names nest) and parsed with its schema. */
  query?: Q;
  /**
   * A list page whose URL has names of its own (?search=, ?page= from 1) for its JSON twin's
   * query (search_term, offset from 0): URL name → the query's path (`filters.date`). A value
   * that does not pass is left out (a hand-edited URL is no filter, never an error page).
   */
  urlNames?: Record<string, string>;
  params?: P;
};

type ActionOptions<B extends Schema, P extends Schema, A extends Access> = {
  access: A;
  /** The posted form (bracketed names nest), parsed with the JSON twin's schema. */
  body?: B;
  params?: P;
  /**
   * A form that works before the page's script runs (a plain POST that draws the page again):
   * a failure carries what was typed (`values`), so the form can show it again. Passwords and
   * the CSRF field never come back.
   */
  keepValues?: boolean;
};

/** The access check: the actor (or null for a public page) and the area opened for an area's page. */
async function checkAccess(
  access: Access,
  actor: Actor | null,
  params: RouteArgs["params"],
  context: Readonly<RouterContextProvider>,
): Promise<{ actor: Actor | null; area: AreaPage | null }> {
  if (access === "user") return { actor: requireActor(actor), area: null };
  if (Array.isArray(access)) return { actor: requireRole(actor, ...access), area: null };
  if (access === "public") return { actor, area: null };
  const area = await openAreaPage(context.get(servicesContext).db, actor, access.area, params.userId, context.get(localeContext));
  return { actor: area.actor, area };
}

/** Path params that do not pass: a path that names nothing, 404. */
function parseParams(schema: z.ZodType | undefined, params: RouteArgs["params"]): unknown {
  if (!schema) return params;
  try {
    return parseWith(schema, params);
  } catch (err) {
    if (err instanceof InputError) throw new NotFoundError();
    throw err;
  }
}

function parseWith(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  checkInput(input);
  const result = schema.safeParse(input);
  if (!result.success) throw new InputError(result.error, input);
  return result.data;
}

function common(context: Readonly<RouterContextProvider>) {
  return {
    actor: context.get(actorContext),
    services: context.get(servicesContext),
    info: context.get(requestInfoContext),
    locale: context.get(localeContext),
  };
}

/** A page's loader: access, the query and params parsed, then the handler; any domain error is its error page. */
export function pageLoader<Q extends Schema = undefined, P extends Schema = undefined, A extends Access = Access, T = unknown>(
  opts: LoaderOptions<Q, P, A>,
  handler: (args: PageArgs<Q, P, A>) => Promise<T> | T,
) {
  return ({ request, params, context }: RouteArgs): Promise<T> =>
    pageWork(async () => {
      const { actor: user, locale, ...rest } = common(context);
      const { actor, area } = await checkAccess(opts.access, user, params, context);
      if (area?.asAdmin && (opts.access as AreaAccessOption).view !== false) auditViewWhenShown(request, context, area);
      const url = new URL(request.url);
      const list = opts.urlNames ? readListQuery(opts.query!, url, opts.urlNames) : { query: parseWith(opts.query, queryToObject(url)), errors: {} };
      const parsedParams = parseParams(opts.params, params) as Params<P>;
      return handler({
        request,
        url,
        query: list.query as Out<Q>,
        queryErrors: list.errors,
        params: parsedParams,
        actor: actor as PageArgs<Q, P, A>["actor"],
        area: area as PageArgs<Q, P, A>["area"],
        context,
        locale: area?.locale ?? locale,
        ...rest,
      });
    }).catch((err: unknown) => {
      // A query that does not pass is a bad request, answered by the error page (422), never 500.
      if (err instanceof InputError) throw data({ code: "invalid" }, { status: 422 });
      throw err;
    });
}

/**
 * An administrator's view of an area page is audited when the administrator opens it (GET), once
 * the page is shown (afterShownContext): a page that then refuses (404) writes nothing. The page
 * drawn again with a submission's answer is not another view: a submission that changes
 * something writes its own row, and one refused writes nothing.
 */
function auditViewWhenShown(request: Request, context: Readonly<RouterContextProvider>, area: AreaPage): void {
  if (context.get(requestMethodContext) !== "GET") return;
  // A client-side navigation asks for the page's data at "{path}.data" (React Router's single fetch).
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const db = context.get(servicesContext).db;
  context.get(afterShownContext).push(() => auditAreaView(db, area, path.slice(area.base.length) || "/"));
}

/**
 * A list page's URL read into its JSON twin's query: the search (?search=) trimmed and capped and ?page=
 * (from 1, junk is 1) as every list reads them (lib/list-params.ts), the page as the API's
 * offset (from 0), the other names as they are; then the API's schema, leaving out what fails.
 */
export function listQuery<S extends z.ZodType>(schema: S, url: URL, urlNames: Record<string, string>): z.infer<S> {
  return readListQuery(schema, url, urlNames).query;
}

/** listQuery, with the code of each value left out, by its URL name (a filter form shows it at its field). */
export function readListQuery<S extends z.ZodType>(
  schema: S,
  url: URL,
  urlNames: Record<string, string>,
): { query: z.infer<S>; errors: Record<string, string> } {
  const input: Record<string, unknown> = {};
  const nameOf = new Map<string, string>();
  for (const [name, path] of Object.entries(urlNames)) {
    nameOf.set(path, name);
    const raw = path === "search_term" ? listParams(url, name).search : name === "page" ? listParams(url).page - 1 : url.searchParams.get(name);
    if (raw === null || raw === "") continue;
    const keys = path.split(".");
    let node = input;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = typeof raw === "number" ? String(raw) : raw;
  }
  checkInput(input);
  const errors: Record<string, string> = {};
  for (let tries = 0; tries < 10; tries++) {
    const result = schema.safeParse(input);
    if (result.success) return { query: result.data, errors };
    for (const issue of result.error.issues) {
      const name = nameOf.get(issue.path.map(String).join("."));
      // A refinement's own code ("after_end"), else "invalid".
      if (name !== undefined) errors[name] ??= /^[a-z_]+$/.test(issue.message) ? issue.message : "invalid";
      dropPath(input, issue.path);
    }
  }
  throw new InputError(schema.safeParse(input).error!, input);
}

function dropPath(input: Record<string, unknown>, path: PropertyKey[]): void {
  let node: unknown = input;
  for (const key of path.slice(0, -1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  const last = path.at(-1);
  if (last !== undefined && node && typeof node === "object") delete (node as Record<PropertyKey, unknown>)[last];
}

/**
 * What was typed in a form, by field name as the form's failure names its fields: a name wrapped
 * in the JSON body's object (specification_data[value]) by its own name (value), like fieldName.
 */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name === XSRF_FIELD_NAME || /password/i.test(name)) continue;
    values[name.replace(/^[a-z_]+_data\[([^\]]+)\]$/, "$1")] ??= value;
  }
  return values;
}

/** The statuses a form shows in place (what the person can act on); the others are error pages. */
const SHOWN_IN_FORM = new Set([404, 409, 422, 429]);

/** A failed save as its form receives it, from any error the handler or the parse threw; null when it is not one. */
export function pageFailure(err: unknown, intent: string | null, locale: Locale): PageActionFailure | null {
  if (err instanceof InputError)
    return { ok: false, intent, error: "invalid", errors: fieldErrors(err.zodError, err.input), message: errorMessage("invalid", locale, 422) };
  if (err instanceof ValidationError) return { ok: false, intent, error: err.code, errors: err.errors, message: errorMessage(err.code, locale, 422) };
  if (err instanceof DomainError && SHOWN_IN_FORM.has(err.status))
    return { ok: false, intent, error: err.code, errors: {}, message: errorMessage(err.code, locale, err.status) };
  return null;
}

/**
 * A page's action (a POST to the page, from a form with or without JavaScript): access, the
 * form parsed with the schema, then the handler. Its result is the handler's, or the failure.
 */
export function pageAction<B extends Schema = undefined, P extends Schema = undefined, A extends Access = Access, T = unknown>(
  opts: ActionOptions<B, P, A>,
  handler: (args: PageActionArgs<B, P, A>) => Promise<T> | T,
) {
  return async ({ request, params, context }: RouteArgs): Promise<T | PageActionFailure> => {
    const { actor: user, locale: siteLocale, ...rest } = common(context);
    const { actor, area } = await pageWork(() => checkAccess(opts.access, user, params, context));
    const locale = area?.locale ?? siteLocale;
    const parsedParams = (await pageWork(() => parseParams(opts.params, params))) as Params<P>;
    // A body that is not a form, or names no form has, is a bad request: its error page.
    const form = await pageWork(() => readFormData(request));
    const rawIntent = form.get("intent");
    const intent = typeof rawIntent === "string" ? rawIntent : null;
    try {
      const body = parseWith(opts.body, formToObject(form.entries())) as Out<B>;
      return await handler({
        request,
        url: new URL(request.url),
        body,
        form,
        intent,
        params: parsedParams,
        actor: actor as PageArgs<undefined, P, A>["actor"],
        area: area as PageArgs<undefined, P, A>["area"],
        locale,
        context,
        ...rest,
      });
    } catch (err) {
      const failure = pageFailure(err, intent, locale);
      if (failure) return opts.keepValues ? { ...failure, values: typedValues(form) } : failure;
      return pageWork(() => Promise.reject(err));
    }
  };
}
