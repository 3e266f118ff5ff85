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
// A page's own schema (the shared one with the form's extra fields) is written inside the
// pageAction call, or in app/schemas/: the page's browser build drops the loader and action
// exports, but not a schema built at the route module's top level, which would bring Zod into
// the page.
import { z } from "zod";
import { data, type RouterContextProvider } from "react-router";
import { actorContext, localeContext, requestInfoContext, servicesContext, type Actor, type AppServices, type RequestInfo } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import type { PageActionFailure } from "../../lib/page-action.ts";
import { DomainError, ValidationError } from "../errors.ts";
import { requireActor, requireRole, type Role } from "./guard.ts";
import { errorMessage, fieldErrors, InputError, pageWork } from "./respond.ts";
import { checkInput, formToObject, queryToObject, readFormData } from "./input.ts";
import { listParams } from "../../lib/list-params.ts";

type Access = "public" | "user" | Role[];
type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;
type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

export type PageArgs<Q extends Schema, P extends Schema, A extends Access> = {
  request: Request;
  url: URL;
  query: Out<Q>;
  params: Out<P>;
  actor: A extends "public" ? Actor | null : Actor;
  services: AppServices;
  info: RequestInfo;
  locale: Locale;
  context: Readonly<RouterContextProvider>;
};

export type PageActionArgs<B extends Schema, P extends Schema, A extends Access> = Omit<PageArgs<undefined, P, A>, "query"> & {
  body: Out<B>;
  /** The raw form, for what a schema does not carry (files). */
  form: FormData;
  /** The form's `intent` field, as posted. */
  intent: string | null;
};

type LoaderOptions<Q extends Schema, P extends Schema, A extends Access> = {
  /** Who may open the page: everyone, any logged-in user, or the listed roles. */
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
};

function checkAccess(access: Access, actor: Actor | null): void {
  if (access === "user") requireActor(actor);
  else if (Array.isArray(access)) requireRole(actor, ...access);
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
export function pageLoader<Q extends Schema, P extends Schema, A extends Access, T>(opts: LoaderOptions<Q, P, A>, handler: (args: PageArgs<Q, P, A>) => Promise<T> | T) {
  return ({ request, params, context }: RouteArgs): Promise<T> =>
    pageWork(async () => {
      const { actor, ...rest } = common(context);
      checkAccess(opts.access, actor);
      const url = new URL(request.url);
      const query = (opts.urlNames ? listQuery(opts.query!, url, opts.urlNames) : parseWith(opts.query, queryToObject(url))) as Out<Q>;
      const parsedParams = parseWith(opts.params, params) as Out<P>;
      return handler({ request, url, query, params: parsedParams, actor: actor as PageArgs<Q, P, A>["actor"], context, ...rest });
    }).catch((err: unknown) => {
      // A query that does not pass is a bad request, answered by the error page (422), never 500.
      if (err instanceof InputError) throw data({ code: "invalid" }, { status: 422 });
      throw err;
    });
}

/**
 * A list page's URL read into its JSON twin's query: the search (?search=) trimmed and capped and ?page=
 * (from 1, junk is 1) as every list reads them (lib/list-params.ts), the page as the API's
 * offset (from 0), the other names as they are; then the API's schema, leaving out what fails.
 */
export function listQuery<S extends z.ZodType>(schema: S, url: URL, urlNames: Record<string, string>): z.infer<S> {
  const input: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(urlNames)) {
    const raw = path === "search_term" ? listParams(url, name).search : name === "page" ? listParams(url).page - 1 : url.searchParams.get(name);
    if (raw === null || raw === "") continue;
    const keys = path.split(".");
    let node = input;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = typeof raw === "number" ? String(raw) : raw;
  }
  checkInput(input);
  for (let tries = 0; tries < 10; tries++) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) dropPath(input, issue.path);
  }
  throw new InputError(schema.safeParse(input).error!, input);
}

function dropPath(input: Record<string, unknown>, path: PropertyKey[]): void {
  let node: unknown = input;
  for (const key of path.slice(0, -1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  const last = path.at(-1);
  if (last !== undefined && node && typeof node === "object") delete (node as Record<PropertyKey, unknown>)[last];
}

/** The statuses a form shows in place (what the person can act on); the others are error pages. */
const SHOWN_IN_FORM = new Set([404, 409, 422, 429]);

/** A failed save as its form receives it, from any error the handler or the parse threw; null when it is not one. */
export function pageFailure(err: unknown, intent: string | null, locale: Locale): PageActionFailure | null {
  if (err instanceof InputError) return { ok: false, intent, error: "invalid", errors: fieldErrors(err.zodError, err.input), message: errorMessage("invalid", locale, 422) };
  if (err instanceof ValidationError) return { ok: false, intent, error: err.code, errors: err.errors, message: errorMessage(err.code, locale, 422) };
  if (err instanceof DomainError && SHOWN_IN_FORM.has(err.status)) return { ok: false, intent, error: err.code, errors: {}, message: errorMessage(err.code, locale, err.status) };
  return null;
}

/**
 * A page's action (a POST to the page, from a form with or without JavaScript): access, the
 * form parsed with the schema, then the handler. Its result is the handler's, or the failure.
 */
export function pageAction<B extends Schema, P extends Schema, A extends Access, T>(opts: ActionOptions<B, P, A>, handler: (args: PageActionArgs<B, P, A>) => Promise<T> | T) {
  return async ({ request, params, context }: RouteArgs): Promise<T | PageActionFailure> => {
    const { actor, locale, ...rest } = common(context);
    await pageWork(() => checkAccess(opts.access, actor));
    // A body that is not a form, or names no form has, is a bad request: its error page.
    const form = await pageWork(() => readFormData(request));
    const rawIntent = form.get("intent");
    const intent = typeof rawIntent === "string" ? rawIntent : null;
    try {
      const body = parseWith(opts.body, formToObject(form.entries())) as Out<B>;
      const parsedParams = parseWith(opts.params, params) as Out<P>;
      return await handler({ request, url: new URL(request.url), body, form, intent, params: parsedParams, actor: actor as PageArgs<undefined, P, A>["actor"], locale, context, ...rest });
    } catch (err) {
      const failure = pageFailure(err, intent, locale);
      if (failure) return failure;
      return pageWork(() => Promise.reject(err));
    }
  };
}
