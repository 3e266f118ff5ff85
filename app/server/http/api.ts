// The helper every JSON endpoint is written with: it reads the body and query, validates
// them with the endpoint's Zod schemas, applies the role guard, calls the handler and maps
// errors once. An endpoint is then a few lines:
//
//   export const action = apiAction({ roles: ["stock_hunter"], body: schema }, ({ actor, body, services }) =>
//     toggleFavourite(services.db, actor, body.id));
import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { actorContext, localeContext, requestInfoContext, servicesContext, type Actor, type AppServices, type RequestInfo } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { requireActor, requireRole, type Role } from "./guard.ts";
import { ForbiddenError } from "../errors.ts";
import { errorToResponse, InputError, jsonError } from "./respond.ts";
import { checkInput, formToObject, queryToObject } from "./input.ts";
import { idNumber } from "../../schemas/common.ts";

type Access = "public" | "user" | Role[];
type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

export type ApiArgs<B extends Schema, Q extends Schema, P extends Schema, A extends Access> = {
  request: Request;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  actor: A extends "public" ? Actor | null : Actor;
  services: AppServices;
  info: RequestInfo;
  locale: Locale;
  /** The request's contexts, for the rare endpoint that reads one the helper does not hand over. */
  context: Readonly<RouterContextProvider>;
};

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

type Options<B extends Schema, Q extends Schema, P extends Schema, A extends Access> = {
  /** Who may call: everyone, any logged-in user, or the listed roles. */
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * Other names the query's parameters are also read by (alias → the schema's name): the one
   * vocabulary of the lists (limit, offset, search_term, filters, order, format) beside a name
   * an earlier call or the spec gave the same thing. The schema's name wins when both are given.
   */
  queryAliases?: Record<string, string>;
  /**
   * The JSON of a 200 answer. Described in the API's document (app/server/openapi/openapi.ts); the
   * integration tests' calls (tests/support/endpoint.ts) check every answer against it, so the
   * description cannot drift from what the endpoint returns.
   */
  response?: z.ZodType;
  /**
   * Refused to a call made with a personal access token (403 token_not_allowed): what needs the
   * person at the keyboard, in their session (the tokens themselves, the password and e-mail).
   */
  sessionOnly?: true;
};

class BadBody extends Error {}

// Bodies arrive already read and bounded by the server (server/request-handler.ts); a body
// that is not what its Content-Type says is bad input (422), not a server error.
async function readBody(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") return {};
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new BadBody();
    }
    return formToObject(form.entries());
  }
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadBody();
  }
}

function withAliases(query: Record<string, unknown>, aliases: Record<string, string> | undefined): Record<string, unknown> {
  if (!aliases) return query;
  const out = { ...query };
  for (const [alias, name] of Object.entries(aliases)) {
    if (!(alias in out)) continue;
    if (!(name in out)) out[name] = out[alias];
    delete out[alias];
  }
  return out;
}

function parseWith(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(input);
  if (!result.success) throw new InputError(result.error, input);
  return result.data;
}

function make<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(
  opts: Options<B, Q, P, A>,
  handler: (args: ApiArgs<B, Q, P, A>) => Promise<unknown> | unknown,
) {
  const endpoint = async ({ request, params, context }: RouteArgs): Promise<Response> => {
    const services = context.get(servicesContext);
    const locale = context.get(localeContext);
    try {
      const actor = context.get(actorContext);
      if (opts.access === "user") requireActor(actor);
      else if (Array.isArray(opts.access)) requireRole(actor, ...(opts.access as Role[]));
      if (opts.sessionOnly && actor?.token) throw new ForbiddenError("token_not_allowed");

      let rawBody: unknown;
      try {
        rawBody = await readBody(request);
      } catch (err) {
        if (err instanceof BadBody) return jsonError(422, "invalid", locale, { errors: { body: "invalid" } });
        throw err;
      }
      const rawQuery = withAliases(queryToObject(new URL(request.url)), opts.queryAliases);
      // Every part of the input is checked before any schema or service sees it.
      for (const part of [rawBody, rawQuery, params]) checkInput(part);
      const body = parseWith(opts.body, rawBody);
      const query = parseWith(opts.query, rawQuery);
      const parsedParams = parseWith(opts.params, params);
      const result = await handler({
        request,
        body: body as Out<B>,
        query: query as Out<Q>,
        params: parsedParams as Out<P>,
        actor: actor as ApiArgs<B, Q, P, A>["actor"],
        services,
        info: context.get(requestInfoContext),
        locale,
        context,
      });
      return result instanceof Response ? result : Response.json(result ?? {});
    } catch (err) {
      return errorToResponse(err, locale, context.get(requestInfoContext).log ?? services.log);
    }
  };
  // Who may call and what it takes, readable by the tests (the role matrix, the hostile-input run).
  const contract: ApiContract = {
    access: opts.access,
    body: opts.body,
    query: opts.query,
    params: opts.params,
    sessionOnly: opts.sessionOnly ?? false,
    queryAliases: opts.queryAliases ?? {},
    response: opts.response,
  };
  return Object.assign(endpoint, { contract });
}

export type ApiContract = {
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  sessionOnly: boolean;
  queryAliases: Record<string, string>;
  response?: z.ZodType;
};

/** A state-changing endpoint (POST). CSRF was already checked by the root middleware. */
export const apiAction = make;
/** A read endpoint (GET). */
export const apiLoader = make;

/** Resource routes answer 405 for the method they do not take (instead of React Router's HTML error). */
export function methodNotAllowed({ context }: { context: Readonly<RouterContextProvider> }): Response {
  return jsonError(405, "method_not_allowed", context.get(localeContext));
}

/** An /api/… path no endpoint has: a JSON 404 whatever the method, before reading any body. */
export function apiNotFound({ context }: { context: Readonly<RouterContextProvider> }): Response {
  return jsonError(404, "not_found", context.get(localeContext));
}

/** Common param schemas. */
export const idParam = idNumber;
